"""``read_yaml`` parses a file once while it is unchanged, yet every caller gets its own copy."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest

from narrator.storyteller.data import DataError, read_yaml


def test_each_call_gets_its_own_copy(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("scenes:\n  - id: a\n    lines: [one, two]\n", encoding="utf-8")
    first = read_yaml(path)
    first["scenes"][0]["lines"].append("three")  # a caller that changes what it was given
    assert read_yaml(path) == {"scenes": [{"id": "a", "lines": ["one", "two"]}]}


def test_a_changed_file_is_read_anew(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("n: 1\n", encoding="utf-8")
    assert read_yaml(path) == {"n": 1}
    stat = path.stat()
    path.write_text("n: 2\n", encoding="utf-8")  # same size: the time tells them apart
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000))
    assert read_yaml(path) == {"n": 2}


def test_a_value_marshal_cannot_carry_is_still_read(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("day: 2026-12-07\n", encoding="utf-8")
    assert read_yaml(path) == {"day": datetime.date(2026, 12, 7)}


def test_errors_still_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no such file"):
        read_yaml(tmp_path / "missing.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid YAML"):
        read_yaml(bad)

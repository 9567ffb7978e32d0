"""The lanes' sweeps: a few spread-out values stay in the fast lane, every other one is marked slow."""

from __future__ import annotations

import pytest

from tests.lanes import spread, sweep


def test_spread_keeps_the_ends_and_the_middle():
    assert spread(12, 3) == {0, 6, 11}
    assert spread(3, 5) == {0, 1, 2} and spread(4, 1) == {0} and spread(4, 0) == set()


def test_sweep_marks_all_but_the_fast_values_slow():
    params = sweep(range(6, 18))
    fast = [p.values[0] for p in params if not any(m.name == "slow" for m in p.marks)]
    assert fast == [6, 12, 17] and len(params) == 12


def test_sweep_unpacks_tuples_and_keeps_ids_and_marks():
    params = sweep([("a", 1), ("b", 2), pytest.param("c", 3, marks=pytest.mark.browser)], fast=2, unpack=True,
                   ids=["first", "second", "third"])
    assert [p.values for p in params] == [("a", 1), ("b", 2), ("c", 3)]
    assert [p.id for p in params] == ["first", "second", "third"]
    assert [m.name for m in params[1].marks] == ["slow"] and [m.name for m in params[2].marks] == ["browser"]


def test_every_costly_case_entry_names_a_test_function_of_its_file():
    """``tests/slow_cases.py`` names files and functions that exist (collection checks the kept ids)."""
    import ast
    from pathlib import Path

    from tests.slow_cases import SLOW_CASES

    root = Path(__file__).resolve().parent.parent
    missing = []
    for path, functions in SLOW_CASES.items():
        source = root / path
        defined = ({node.name for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
                    if isinstance(node, ast.FunctionDef)} if source.exists() else set())
        missing += [f"{path}::{name}" for name in functions if name not in defined]
    assert missing == []

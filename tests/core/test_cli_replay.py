"""``narrator replay``: exit codes, the divergent line, ``--json``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from narrator.cli.main import app
from tests.core.test_session import play

runner = CliRunner()


def flat(text: str) -> str:
    """The output with rich's line wrapping undone."""
    return " ".join(text.split())


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_replay_ok(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(write(tmp_path / "g.jsonl", play(4).lines()))])
    assert result.exit_code == 0, result.output
    assert "every event reproduced" in flat(result.output) and "finished" in flat(result.output)


def test_replay_json_prints_the_final_state(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", "--json", str(write(tmp_path / "g.jsonl", play(4).lines()))])
    assert result.exit_code == 0
    assert max(json.loads(result.output)["scores"]) >= 20


def test_replay_names_the_divergent_line(tmp_path: Path) -> None:
    lines = play(4).lines()
    record = json.loads(lines[3])
    record["data"] = {"face": 42}
    lines[3] = json.dumps(record)
    result = runner.invoke(app, ["replay", str(write(tmp_path / "bad.jsonl", lines))])
    assert result.exit_code == 1
    assert "line 4" in flat(result.output)


def test_replay_of_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nope.jsonl")])
    assert result.exit_code == 2 and "no such file" in flat(result.output)

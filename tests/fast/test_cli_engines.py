"""``narrator simulate --engine native`` and ``--engine python`` write the same per-game CSV.

The end-to-end form of the native engines' promise: a designer gets the same report whichever
engine played, only sooner. The report says which one did.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli.main import app
from tests.lanes import sweep

RUNS = {
    "battaglia": ["--players", "6-8", "--games", "6", "--seed", "4"],
    "ten-candles": ["--players", "2-4", "--games", "6", "--seed", "4"],
}


def _simulate(game: str, engine: str, out: Path) -> str:
    result = CliRunner().invoke(app, ["simulate", game, *RUNS[game], "--engine", engine, "--no-progress",
                                      "--no-plots", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return (out / "report.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sweep(sorted(RUNS, reverse=True), fast=1))
def test_both_engines_write_the_same_games_csv(game: str, tmp_path: Path) -> None:
    native = _simulate(game, "native", tmp_path / "native")
    python = _simulate(game, "python", tmp_path / "python")
    assert "Played by the native playout engine; 3 of the games" in native
    assert "Played by the Python rules kernel." in python
    games_native = (tmp_path / "native" / "games.csv").read_text(encoding="utf-8")
    assert games_native == (tmp_path / "python" / "games.csv").read_text(encoding="utf-8")
    assert games_native.count("\n") == 1 + 18


def test_verify_zero_skips_the_check_and_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["simulate", "battaglia", "--players", "6", "--games", "3", "--verify", "0",
                                      "--no-progress", "--no-plots", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Played by the native playout engine, unchecked (--verify 0)." in (tmp_path / "report.md").read_text(
        encoding="utf-8")

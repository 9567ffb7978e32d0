"""Golden battaglia transcripts (``transcripts/battaglia/``): they replay, and the bots still play them.

If a deliberate change to the kernel or the bots changes these games, regenerate the files with
``BATTAGLIA_REGOLD=1 python -m pytest tests/battaglia/test_simulate_golden.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from narrator.rules.replay import replay

from narrator.battaglia.simulate import play_one
from narrator.playtest import GameJob

GOLDEN = Path(__file__).resolve().parents[2] / "transcripts" / "battaglia"
GAMES = {"sim-6p-seed-101.jsonl": (6, 101), "sim-12p-seed-202.jsonl": (12, 202), "sim-17p-seed-303.jsonl": (17, 303)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_transcript_replays_and_is_reproduced(name: str, tmp_path: Path) -> None:
    players, seed = GAMES[name]
    fresh = tmp_path / name
    play_one(GameJob(0, players, seed, {}, str(fresh)))
    path = GOLDEN / name
    if os.environ.get("BATTAGLIA_REGOLD") or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(fresh.read_bytes())
    result = replay(path.read_text(encoding="utf-8").splitlines())
    assert result.outcome is not None and not result.truncated
    assert result.header["config"]["players"] == players
    assert fresh.read_bytes() == path.read_bytes(), "bots or kernel changed: regenerate the golden files"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.jsonl")), ids=lambda p: p.name)
def test_every_recorded_game_replays(path: Path) -> None:
    """Every recorded game (simulated, or played at the terminal with scripted input) replays exactly."""
    result = replay(path.read_text(encoding="utf-8").splitlines())
    assert result.outcome is not None and result.moves > 50

"""Golden battaglia transcripts (``transcripts/battaglia/``): they replay, and the bots still play them.

The fresh game must equal the recorded one record for record; the headers are compared with only
the config fields that differ from their defaults, and the lines without their chain hashes (a new
rules option, left at its default, changes no recorded game). If a deliberate change to the kernel or the bots changes these games, regenerate the
files with ``BATTAGLIA_REGOLD=1 python -m pytest tests/battaglia/test_simulate_golden.py`` and review
the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from narrator.rules.battaglia import GAME
from narrator.rules.replay import decode_config, replay

from narrator.battaglia.simulate import play_one
from narrator.playtest import GameJob
from tests.golden_lines import SHOW, non_default_config

GOLDEN = Path(__file__).resolve().parents[2] / "transcripts" / "battaglia"
GAMES = {"sim-6p-seed-101.jsonl": (6, 101), "sim-12p-seed-202.jsonl": (12, 202), "sim-17p-seed-303.jsonl": (17, 303)}


def comparable(text: str) -> list[str]:
    """A transcript's records without their chain hashes, the header's config reduced to the fields that
    differ from their defaults (each line's hash chains to the header, so one new option would change them all;
    replaying checks the chain)."""
    records = [json.loads(line) for line in text.splitlines()]
    records[0]["config"] = non_default_config(decode_config(GAME, records[0]["config"]))
    records[0].pop("fairness", None)  # its commitment binds the kernel's code digest: a refactor changes it, not a move
    for record in records:
        record.pop("hash", None)
    return [json.dumps(record, ensure_ascii=False, separators=(",", ":")) for record in records]


def first_difference(recorded: list[str], fresh: list[str]) -> str | None:
    """``None`` when equal, else the first differing line of both."""
    for number, (old, new) in enumerate(zip(recorded, fresh), start=1):
        if old != new:
            return f"line {number} differs:\n  recorded: {old[:SHOW]}\n  now:      {new[:SHOW]}"
    if len(recorded) != len(fresh):
        return f"the recorded game has {len(recorded)} lines, the fresh one {len(fresh)}"
    return None


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
    difference = first_difference(comparable(path.read_text(encoding="utf-8")),
                                  comparable(fresh.read_text(encoding="utf-8")))
    assert difference is None, f"bots or kernel changed {name} (regenerate the golden files if meant): {difference}"


def test_a_header_without_a_default_valued_option_compares_equal_but_a_changed_option_does_not() -> None:
    """A transcript recorded before an option existed (so without it) still equals a fresh one."""
    text = (GOLDEN / "sim-6p-seed-101.jsonl").read_text(encoding="utf-8")
    header, rest = json.loads(text.splitlines()[0]), text.splitlines()[1:]
    at_default = sorted(set(header["config"]) - set(non_default_config(decode_config(GAME, header["config"]))))
    assert "max_days" in header["config"] and at_default
    older = {**header, "config": {k: v for k, v in header["config"].items() if k not in at_default}}
    changed = {**header, "config": {**header["config"], "max_days": 99}}
    base = comparable(text)
    assert first_difference(base, comparable("\n".join([json.dumps(older), *rest]))) is None
    difference = first_difference(base, comparable("\n".join([json.dumps(changed), *rest])))
    assert difference is not None and difference.startswith("line 1 differs") and '"max_days":99' in difference


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.jsonl")), ids=lambda p: p.name)
def test_every_recorded_game_replays(path: Path) -> None:
    """Every recorded game (simulated, or played at the terminal with scripted input) replays exactly."""
    result = replay(path.read_text(encoding="utf-8").splitlines())
    assert result.outcome is not None and result.moves > 50

"""Ten Candles' typed events (``rules/ten_candles/events.py``): every kind the kernel emits has a class, and every
event of the golden games and of the kept transcripts reads into its class and writes back the same JSON, byte
for byte; ``game_over``, a kind both kernels emit, is told apart by its shape."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from narrator.rules.battaglia.events import GameOver as BattagliaGameOver
from narrator.rules.core import PUBLIC, Event
from narrator.rules.ten_candles.events import KINDS, GameOver

from tests.ten_candles.golden import game_lines

ROOT = Path(__file__).resolve().parents[2]


def test_every_kind_the_kernel_emits_has_a_class() -> None:
    found = set()
    for path in (ROOT / "rules" / "ten_candles").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("public", "private", "host_only")
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
    assert len(found) > 40 and found == KINDS


def round_trips(kind: str, data: dict) -> bool:
    payload = Event(kind, PUBLIC, data).payload
    return payload is not None and payload.kind == kind and \
        json.dumps(payload.to_data(), ensure_ascii=False) == json.dumps(data, ensure_ascii=False)


def test_the_golden_games_events_round_trip() -> None:
    seen = set()
    for index in range(0, 200, 13):
        for line in game_lines(index):
            if line.startswith("{") and (record := json.loads(line)).get("kind") == "event":
                assert round_trips(record["event"], record["data"]), record
                seen.add(record["event"])
    assert len(seen) >= 30, KINDS - seen


@pytest.mark.parametrize("path", sorted((ROOT / "transcripts" / "ten_candles").glob("*.jsonl")), ids=lambda p: p.name)
def test_a_kept_transcripts_events_round_trip(path: Path) -> None:
    events = [r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if r.get("kind") == "event"]
    assert events and all(round_trips(r["event"], r.get("data") or {}) for r in events)


def test_game_over_is_read_by_its_shape() -> None:
    ours = Event("game_over", PUBLIC, {"termination": "last_candle", "scenes": 3, "deaths": [0, 1]}).payload
    theirs = Event("game_over", PUBLIC, {"termination": "one_force_left", "force": "light", "winners": [0],
                                         "cards": ["NIKOR"], "first_cards": ["NIKOR"], "scores": [1]}).payload
    assert isinstance(ours, GameOver) and ours.deaths == (0, 1)
    assert isinstance(theirs, BattagliaGameOver) and theirs.winners == (0,)

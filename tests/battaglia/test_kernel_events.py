"""Battaglia's typed events (``rules/battaglia/events.py``): every kind the kernel emits has a class, and every
event reads into its class and writes back to the same JSON, byte for byte (games played here and the
transcripts kept in ``transcripts/battaglia``), so transcripts keep their form and old ones still read."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest
from narrator.rules.battaglia import GAME, BattagliaConfig
from narrator.rules.battaglia.events import CLASSES, KINDS, Ballots, Fallen, Morning
from narrator.rules.chance import sample
from narrator.rules.core import CHANCE, PUBLIC, ChanceAction, Event

ROOT = Path(__file__).resolve().parents[2]
EMITTERS = ("public", "private", "host_only")


def emitted_kinds() -> set[str]:
    """The kinds named in the kernel's source: the first argument of every public/private/host_only call."""
    found = set()
    for path in (ROOT / "rules" / "battaglia").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in EMITTERS
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
    return found


def test_every_kind_the_kernel_emits_has_a_class() -> None:
    kinds = emitted_kinds()
    assert len(kinds) > 40
    assert kinds == KINDS
    assert len({(cls.kind, frozenset(cls._keys)) for cls in CLASSES}) == len(CLASSES)


def same_json(event: Any) -> bool:
    payload = event.payload
    return payload is not None and json.dumps(payload.to_data()) == json.dumps(event.data)


CONFIGS = [{}, {"accusation_order": "random", "speech_rounds": 1}, {"accusation_order": "declare_draw"},
           {"forced_outcome_players": 3, "acquaintance_reveals_cards": True, "cat_sees_tiir_card": True}]


def random_games(games: int) -> list[list[Event]]:
    """The events of seeded games of random legal moves, over the configs above."""
    played = []
    for i in range(games):
        config = BattagliaConfig(players=6 + (3 * i) % 12, **CONFIGS[i % len(CONFIGS)])
        state, rng, events = GAME.initial_state(config), random.Random(i), []
        for _ in range(3000):
            if state.result is not None:
                break
            active = GAME.active_players(state)
            if CHANCE in active:
                action = ChanceAction(values=sample(GAME.chance_spec(state), rng))
            else:
                action = rng.choice(list(GAME.legal_actions(state, min(active))))
            step = GAME.apply(state, action)
            state, events = step.state, events + list(step.events)
        played.append(events)
    return played


def test_every_event_of_random_games_round_trips_through_its_class() -> None:
    seen: set[str] = set()
    for events in random_games(16):
        for event in events:
            assert same_json(event), (event.kind, event.data, event.payload)
            assert type(event.payload).kind == event.kind
            seen.add(event.kind)
    assert len(seen) >= 38, KINDS - seen  # the rest are asserted by the source scan above


@pytest.mark.parametrize("path", sorted((ROOT / "transcripts" / "battaglia").glob("*.jsonl")), ids=lambda p: p.name)
def test_every_event_of_a_kept_transcript_round_trips(path: Path) -> None:
    """A transcript's event line reads into its class and writes back the very same JSON."""
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    events = [line for line in lines if line.get("kind") == "event"]
    assert events
    for line in events:
        event = Event(line["event"], PUBLIC, line.get("data") or {})
        assert event.payload is not None, line
        assert json.dumps(event.payload.to_data(), ensure_ascii=False) == json.dumps(line["data"], ensure_ascii=False)


def test_typed_fields_are_typed_and_matchable() -> None:
    event = Event("morning", PUBLIC, {"night": 2, "deaths": [{"seat": 3, "card": "LUN", "life": 1}], "shadows": [5]})
    match event.payload:
        case Morning(night=2, deaths=(Fallen(seat=3, card=card, life=1),), shadows=(5,)):
            assert card.name == "LUN"
        case other:
            pytest.fail(f"not read as a morning: {other!r}")
    assert event.payload is event.payload  # read once
    assert Event("ballots", PUBLIC, {"day": 1}).payload is None  # not of the shape: untyped, not a crash
    assert Event("no_such_kind", PUBLIC, {}).payload is None
    assert isinstance(Event("ballots", PUBLIC, {"day": 1, "revote": False, "ballots": [[0, [2]]],
                                                "tally": [[2, 1]]}).payload, Ballots)

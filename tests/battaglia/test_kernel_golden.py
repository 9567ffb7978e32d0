"""Golden games: the kernel's behaviour, frozen as SHA-256 digests of whole recorded games.

Each golden game is a seeded random-legal-move game played through :class:`narrator.session.Session`
with a :class:`narrator.transcript.MemoryRecorder`. Its digest covers the transcript (every action,
every event with its audience and data, the result), what each seat was shown when asked (its view,
and the legal moves in the kernel's order), and every seat's final view with its full log and notes.
Speed work on the kernel must keep every digest: the rules (seeds/004_55ac8a5a86b5c135.txt) are
unchanged only if all 200 games are byte-identical.

Regenerate (only after a deliberate, documented change of an event's form)::

    python -m tests.battaglia.test_kernel_golden --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from narrator.rules.battaglia import GAME, BattagliaConfig
from narrator.rules.core import Viewer

from narrator.session import Session
from narrator.transcript import MemoryRecorder

GOLDEN = Path(__file__).with_name("golden_hashes.json")
SIMULATION = {"speech_rounds": 0, "objection_window": "eligible", "shadow_talk_rounds": 0, "darkness_rounds": 1}
HOUSE = {"deck_size": 14, "rainmaker_force": "by_night_group", "darkness_productivity": "participant",
         "dying_shot_gate": "on_condemnation", "scoring_cumulative": True}
VARIANT = {"soul_pool": "undealt_and_dead", "soul_own_previous_card": False, "acquaintance_reveals_cards": True,
           "cat_sees_tiir_card": True, "koldunya_in_shadow_meetings": False, "koldunya_revealed_by_target": False,
           "bishop_points_at_koldunya": False, "domovik_multi_host": "any_alive_saves",
           "lord_guest_protected": False, "domovik_self": True, "tiir_self": True, "corrigan_self": True,
           "heir_keeps_shot_after_death": True, "lord_revote": False, "koldun_executed": False,
           "curse_gate": "on_execution", "n_includes_gloom": True, "n_includes_koldunya": True,
           "votes_per_player": 2, "scoring_clan_by": "any_soul", "shadow_talk_rounds": 2, "speech_rounds": 2}
SUITES: dict[str, tuple[dict[str, Any], tuple[int, ...], int]] = {
    # name: (options, player counts, games per count)
    "default": ({}, (6, 9, 12, 17), 10),
    "simulation": (SIMULATION, (6, 8, 12, 14, 17), 16),
    "house": (HOUSE, (11,), 40),
    "variant": (VARIANT, (7, 13), 10),
    "undealt": ({"soul_pool": "undealt", "objection_window": "eligible", "stalemate_cycles": 0, "max_days": 12},
                (6, 15), 10),
}
"""200 games in all: the spec's defaults, the simulation profile, the house profile and every other option."""


def _plain(value: Any) -> Any:
    """Sets in sorted order (their iteration order is an accident of construction); the rest as is."""
    if isinstance(value, (frozenset, set)):
        return sorted(value)
    return value


def _event(event: Any) -> str:
    return repr((event.kind, _plain(event.audience), event.data))


def _view_digest(view: Any, full: bool) -> str:
    """A view as text: every field, with the log and notes in full or as (length, last entry)."""
    parts = []
    for name in view.__slots__:
        value = getattr(view, name)
        if name in ("log", "notes"):
            value = [_event(e) for e in value] if full else (len(value), _event(value[-1]) if value else None)
        elif name == "truth":
            value = value is not None
        parts.append(f"{name}={_plain(value)!r}")
    return ";".join(parts)


class RandomAgent:
    """Picks a legal move with its own seeded generator, folding what it was shown into a digest."""

    name = "random"

    def __init__(self, seed: int, digest: Any) -> None:
        self.rng, self.digest = random.Random(seed), digest

    def act(self, request: Any) -> Any:
        self.digest.update(_view_digest(request.view, full=False).encode())
        self.digest.update(repr(list(request.legal)).encode())
        return self.rng.choice(list(request.legal))


def game_digest(options: dict[str, Any], players: int, seed: int) -> str:
    """The SHA-256 of one golden game (see the module docstring for what it covers)."""
    digest = hashlib.sha256()
    recorder = MemoryRecorder()
    config = BattagliaConfig(players=players, **options)
    agents = {s: RandomAgent(seed * 100 + s, digest) for s in range(players)}
    session = Session(GAME, config, agents, seed=seed, recorder=recorder)
    session.write_header()
    session.run()
    for line in recorder.lines():
        digest.update(line.encode())
    for viewer in (*range(players), None, Viewer.PUBLIC):
        digest.update(_view_digest(GAME.view(session.state, viewer), full=True).encode())
    return digest.hexdigest()


def golden_games() -> list[tuple[str, dict[str, Any], int, int]]:
    """(id, options, players, seed) of every golden game."""
    return [(f"{name}-{players}p-{seed}", options, players, seed)
            for name, (options, counts, games) in SUITES.items() for players in counts for seed in range(games)]


def compute_all() -> dict[str, str]:
    return {key: game_digest(options, players, seed) for key, options, players, seed in golden_games()}


def test_golden_games_are_byte_identical():
    """All 200 golden games replay to the recorded digests (transcripts, views and legal moves unchanged)."""
    if not GOLDEN.exists():
        pytest.fail(f"{GOLDEN} is missing: run python -m tests.battaglia.test_kernel_golden --write")
    expected = json.loads(GOLDEN.read_text())
    actual = compute_all()
    assert len(actual) == 200
    changed = sorted(k for k in expected if actual.get(k) != expected[k])
    assert set(actual) == set(expected) and not changed, f"{len(changed)} golden games differ: {changed[:10]}"


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.battaglia.test_kernel_golden --write")
    GOLDEN.write_text(json.dumps(compute_all(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")

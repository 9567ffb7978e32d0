"""Golden bot decisions: 100 seeded 6..17-player games, every scripted move hashed.

Speed work on the bots (``agents/battaglia``) must keep each digest: a bot is unchanged only if it
picks the same move (texts included) from the same view. The digests also move when the kernel
changes what a seat is shown or offered; then check first that the bot code alone leaves them
alone (run this file on the kernel's previous commit), and regenerate after a deliberate change::

    python -m tests.battaglia.test_bots_golden --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest
from narrator.agents.base import Request
from narrator.agents.battaglia import BattagliaBot
from narrator.agents.battaglia.texts import Table
from narrator.rules.battaglia import GAME, BattagliaConfig
from narrator.rules.chance import sample
from narrator.rules.core import CHANCE, ChanceAction

from narrator.battaglia.simulate import SIMULATION_DEFAULTS

GOLDEN = Path(__file__).with_name("bot_golden_hashes.json")
GAMES = 100
"""Game ``i`` has ``6 + i % 12`` players and seed ``7000 + i``; every fifth game talks (texts in English)."""


def game_digest(players: int, seed: int, talk: bool) -> str:
    """SHA-256 over every bot move of one game (the simulation's table options), in order."""
    config = BattagliaConfig(players=players, **SIMULATION_DEFAULTS)
    table = Table.for_game(seed, players, "en") if talk else None
    bots = {s: BattagliaBot(seed, s, table, talk=talk) for s in range(players)}
    state, rng, digest = GAME.initial_state(config), random.Random(seed), hashlib.sha256()
    while state.result is None:
        active = GAME.active_players(state)
        if CHANCE in active:
            action = ChanceAction(values=sample(GAME.chance_spec(state), rng))
        else:
            seat = min(active)
            action = bots[seat].act(Request(GAME.name, seat, GAME.view(state, seat), GAME.legal_actions(state, seat)))
            digest.update(repr(action).encode())
        state = GAME.apply(state, action).state
    digest.update(repr(state.result).encode())
    return digest.hexdigest()


def golden_games() -> list[tuple[str, int, int, bool]]:
    """(name, players, seed, talk) of every golden game."""
    return [(f"{6 + i % 12}p-{7000 + i}{'-talk' if i % 5 == 0 else ''}", 6 + i % 12, 7000 + i, i % 5 == 0)
            for i in range(GAMES)]


def compute_all() -> dict[str, str]:
    """The digest of every golden game, by name."""
    return {name: game_digest(players, seed, talk) for name, players, seed, talk in golden_games()}


def test_bot_decisions_are_byte_identical() -> None:
    """Every scripted move of 100 seeded games is what the recorded bots chose."""
    if not GOLDEN.exists():
        pytest.skip("no golden file yet: python -m tests.battaglia.test_bots_golden --write")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    actual = compute_all()
    changed = sorted(name for name in expected if actual.get(name) != expected[name])
    assert set(actual) == set(expected)
    assert not changed, f"{len(changed)} of {len(expected)} games changed, e.g. {changed[:5]}"


if __name__ == "__main__":
    if "--write" in sys.argv:
        GOLDEN.write_text(json.dumps(compute_all(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN}")

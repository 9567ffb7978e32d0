"""Golden bot decisions: 100 seeded 6..17-player games, every scripted move kept as a line hash.

Speed work on the bots (``agents/battaglia``) must keep each digest: a bot is unchanged only if it
picks the same move (texts included) from the same view. The digests also move when the kernel
changes what a seat is shown or offered; then check first that the bot code alone leaves them
alone (run this file on the kernel's previous commit), and regenerate after a deliberate change::

    python -m tests.battaglia.test_bots_golden --write
"""

from __future__ import annotations

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
from tests import golden_lines
from tests.lanes import sweep

GOLDEN = Path(__file__).with_name("bot_golden_lines.json")
GAMES = 100
"""Game ``i`` has ``6 + i % 12`` players and seed ``7000 + i``; every fifth game talks (texts in English)."""


def game_lines(players: int, seed: int, talk: bool) -> list[str]:
    """Every bot move of one game (the simulation's table options), in order, then the result."""
    config = BattagliaConfig(players=players, **SIMULATION_DEFAULTS)
    table = Table.for_game(seed, players, "en") if talk else None
    bots = {s: BattagliaBot(seed, s, table, talk=talk) for s in range(players)}
    state, rng, lines = GAME.initial_state(config), random.Random(seed), []
    while state.result is None:
        active = GAME.active_players(state)
        if CHANCE in active:
            action = ChanceAction(values=sample(GAME.chance_spec(state), rng))
        else:
            seat = min(active)
            answer = bots[seat].act(Request(GAME.name, seat, GAME.view(state, seat), GAME.legal_actions(state, seat)))
            action = getattr(answer, "action", answer)  # a talking bot's Decision carries its claims
            lines.append(repr(action))
        state = GAME.apply(state, action).state
    lines.append(repr(state.result))
    return lines


def golden_games() -> list[tuple[str, int, int, bool]]:
    """(name, players, seed, talk) of every golden game."""
    return [(f"{6 + i % 12}p-{7000 + i}{'-talk' if i % 5 == 0 else ''}", 6 + i % 12, 7000 + i, i % 5 == 0)
            for i in range(GAMES)]


def test_the_golden_file_holds_exactly_the_golden_games() -> None:
    assert set(golden_lines.read(GOLDEN)) == {name for name, *_ in golden_games()}


BLOCK = 13
"""Games a case checks: 13 in a row have every player count, 6 to 17, and two or three talking games."""


@pytest.mark.parametrize("block", sweep(range(-(-GAMES // BLOCK)), fast=1))  # one block fast, all eight in CI
def test_bot_decisions_are_move_for_move_identical(block: int) -> None:
    """Every scripted move of games ``13*block ..`` is what the recorded bots chose; a failure names the first."""
    games = golden_games()[block * BLOCK:][:BLOCK]
    golden_lines.check(golden_lines.read(GOLDEN), ((name, game_lines(players, seed, talk))
                                                   for name, players, seed, talk in games))


if __name__ == "__main__":
    if "--write" in sys.argv:
        golden_lines.write(GOLDEN, {name: golden_lines.encode(game_lines(players, seed, talk))
                                    for name, players, seed, talk in golden_games()})
        print(f"wrote {GOLDEN}")

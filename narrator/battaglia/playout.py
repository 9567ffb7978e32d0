"""Drive a battaglia game without a session: chance from a seeded ``random.Random``, seats from a callback.

The lean loop of benchmarks and bot tests: the lowest active seat moves (as in
:mod:`narrator.battaglia.simulate`), chance is drawn with :func:`rules.chance.sample` in the same
order every time, and every move goes through ``GAME.apply``, so an illegal one raises.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from narrator.agents.base import Decision, Request
from narrator.rules.battaglia import GAME, BattagliaState
from narrator.rules.chance import sample
from narrator.rules.core import CHANCE, Action, ChanceAction

Decide = Callable[[BattagliaState, int], Action | Decision]
"""``decide(state, seat)``: the move of ``seat`` (the lowest active one) in ``state``; a :class:`Decision`
(a talking bot's move with its claims in the notes) plays its action."""


def seat_request(state: BattagliaState, seat: int) -> Request:
    """What an agent in ``seat`` is asked: its view and its legal actions."""
    return Request(GAME.name, seat, GAME.view(state, seat), GAME.legal_actions(state, seat))


def play_out(state: BattagliaState, rng: random.Random, decide: Decide, *,
             until: Callable[[BattagliaState], bool] | None = None,
             max_moves: int | None = None) -> tuple[BattagliaState, int]:
    """Play from ``state`` until the game ends, ``until(state)`` holds or ``max_moves`` moves were made.

    Args:
        state: Where to start.
        rng: Draws every chance step (the same seed gives the same draws).
        decide: Chooses the move of the lowest active seat.
        until: Stop early once this holds of the current state.
        max_moves: Stop after this many moves (chance steps included).

    Returns:
        The last state and the number of moves made (chance steps included).
    """
    moves = 0
    while state.result is None and not (until and until(state)) and moves != max_moves:
        active = GAME.active_players(state)
        if CHANCE in active:
            spec = GAME.chance_spec(state)
            assert spec is not None, "chance is to move: the game names its draw"
            action: Action = ChanceAction(values=sample(spec, rng))
        else:
            answer = decide(state, min(active))
            action = answer.action if isinstance(answer, Decision) else answer
        state = GAME.apply(state, action).state
        moves += 1
    return state, moves

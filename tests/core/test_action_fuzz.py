"""Past the codec: wrong-typed proposals from agents in the process never crash a kernel nor get accepted.

The short version of ``benchmarks/action_fuzz.py`` (a million proposals): a few thousand per game,
typed as agents hand them to the session and as JSON through the codec.
"""

from __future__ import annotations

import dataclasses

import pytest
from narrator.agents.base import Request, Seat
from narrator.rules.core import CHANCE, HOST, ChanceAction, Code, IllegalActionError
from narrator.rules.registry import get_game
from narrator.rules.replay import decode_config

from narrator.session import Session
from tests.core.action_fuzz import GAMES, config_for, fuzz


@pytest.mark.parametrize("name", GAMES)
def test_no_proposal_crashes_a_kernel_or_is_accepted_with_a_wrong_type(name: str) -> None:
    tally = fuzz(name, 3000, seed=11)
    assert not tally.crashes, tally.examples[:3]
    assert not tally.wrong_typed_accepted, tally.examples[:3]
    assert tally.outcomes["direct: not admitted"] > 500, "the fuzz reached the admission"
    assert tally.outcomes["direct: accepted"] + tally.outcomes["codec: accepted"] > 10, "and the kernel too"


@pytest.mark.parametrize("name", GAMES)
def test_the_kernels_alone_refuse_them_as_malformed(name: str) -> None:
    """Called directly (no session, no codec), a kernel's public check/apply still crash on nothing."""
    tally = fuzz(name, 3000, seed=11, admit=False)
    assert not tally.crashes, tally.examples[:3]
    assert not tally.wrong_typed_accepted, tally.examples[:3]
    assert tally.outcomes["direct: refused malformed"] > 500


def test_the_rules_behind_the_guard_do_crash_on_them() -> None:
    """The oracle is sharp: the rules without the kernel's guard crash on the same proposals or accept them."""
    tally = fuzz("ten-candles", 3000, seed=11, admit=False, guard=False)
    assert tally.crashes and tally.wrong_typed_accepted


@pytest.mark.parametrize("name", GAMES)
def test_a_malformed_action_called_directly_is_a_typed_malformed_refusal_and_the_state_is_untouched(name: str) -> None:
    game = get_game(name)
    state = game.initial_state(config_for(name))
    before = repr(state)
    legal = next(a for seat in game.active_players(state) for a in game.legal_actions(state, seat)) \
        if CHANCE not in game.active_players(state) else ChanceAction(values=(0,))
    for bad in (dataclasses.replace(legal, actor=1.5), dataclasses.replace(legal, kind=[]), object(), None):
        rejection = game.check(state, bad)
        assert rejection is not None and rejection.code == Code.MALFORMED
        with pytest.raises(IllegalActionError) as raised:
            game.apply(state, bad)
        assert raised.value.rejection.code == Code.MALFORMED
    assert repr(state) == before


def test_session_submit_refuses_a_malformed_action_without_writing_it() -> None:
    game = get_game("pig")
    records: list[dict] = []

    class Keep:
        def write(self, record: dict) -> None:
            records.append(record)

    session = Session(game, decode_config(game, {}), {}, seed=1, recorder=Keep())
    move = next(a for seat in sorted(game.active_players(session.state)) for a in game.legal_actions(session.state, seat))
    state = session.state
    rejection = session.submit(dataclasses.replace(move, actor=0.5))
    assert rejection is not None and rejection.code == Code.MALFORMED
    assert records == [] and session.state is state


class Sloppy(Seat):
    """An agent handing the session a wrong-typed copy of a legal move (``actor=1.5``-style)."""

    name = "sloppy"

    def __init__(self) -> None:
        self.rejections: list[str] = []

    def act(self, request: Request) -> object:
        if request.rejection is not None:
            self.rejections.append(request.rejection.code)
        return dataclasses.replace(request.legal[0], actor=float(request.seat) + 0.5)


class FirstLegal(Seat):
    name = "scripted"

    def act(self, request: Request) -> object:
        return request.legal[0]


def test_a_wrong_typed_answer_is_refused_as_malformed_reasked_then_the_fallback_moves() -> None:
    game = get_game("ten-candles")
    config = config_for("ten-candles")
    seats = game.seat_count(game.initial_state(config))
    sloppy = Sloppy()
    records: list[dict] = []

    class Keep:
        def write(self, record: dict) -> None:
            records.append(record)

    agents = {seat: FirstLegal() for seat in (HOST, *range(seats))} | {0: sloppy}
    session = Session(game, config, agents, seed=1, recorder=Keep(), fallbacks={0: FirstLegal()})
    for _ in range(200):
        if not session.step():
            break
    assert sloppy.rejections and set(sloppy.rejections) == {Code.MALFORMED}, "re-asked with the reason"
    fallbacks = [r for r in records if r["kind"] == "fallback" and r["actor"] == 0]
    assert fallbacks and all(f["reason"].startswith("MALFORMED: malformed") and "actor must be an int, not float"
                             in f["reason"] for f in fallbacks)
    assert not [r for r in records if r["kind"] == "rejected"], "a malformed proposal is no transcript line"

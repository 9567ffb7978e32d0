"""Stalemate with a revealed Child condemned day after day (spec §6.4 b, DEC-24, DEC-35)."""

from __future__ import annotations

from narrator.rules.battaglia import GAME, Card, Phase
from narrator.rules.battaglia.actions import Accuse, Pass, Vote

from tests.battaglia.kernel_helpers import S17, dealt, play, run_night

CHILD = S17.index(Card.CHILD)


def _condemn_the_child(state):
    """Speeches pass; the first accuser names the Child, everyone votes for him, he accepts (rule b)."""
    accused = False
    while state.phase in (Phase.LAST_WORDS, Phase.SPEECH, Phase.ACCUSE):
        seat = min(GAME.active_players(state))
        if state.phase is Phase.ACCUSE and not accused:
            state, accused = play(state, Accuse(actor=seat, target=CHILD)), True
        else:
            state = play(state, Pass(actor=seat))
    while state.phase is Phase.VOTE:
        state = play(state, Vote(actor=min(GAME.active_players(state)), targets=(CHILD,)))
    assert state.today.condemned == CHILD
    return play(state, Pass(actor=CHILD))


def test_recondemning_a_revealed_child_is_no_progress_so_the_stalemate_comes():
    """Rule: «если осуждено дитя — то оно вскрывается, и в этот день никто не умирает» (L84); the game ends
    in «патовая ситуация» (seeds/004_55ac8a5a86b5c135.txt:L84, L92). Day 1 reveals the Child (progress);
    days 2-4 only condemn him again and nights pass quietly: after 3 quiet cycles, a stalemate."""
    state, _ = dealt(S17)
    days = 0
    while state.result is None:
        state = _condemn_the_child(state)
        days += 1
        if state.result is None:
            state = run_night(state, {})
        assert days <= 10, "no stalemate: re-condemning a revealed Child still counts as progress"
    assert state.result.termination == "stalemate" and days == 4
    assert state.revealed_child == frozenset({CHILD}) and not state.out and not state.graveyard


def test_the_first_condemnation_of_the_child_is_progress():
    """Revealing the Child is a reveal: the quiet count starts again (DEC-35)."""
    state, _ = dealt(S17, stalemate_cycles=1)
    state = _condemn_the_child(state)
    assert state.result is None and state.quiet_cycles == 0
    state = _condemn_the_child(run_night(state, {}))
    assert state.result is not None and state.result.termination == "stalemate"

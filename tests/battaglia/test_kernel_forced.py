"""«Ситуация из которой возможен всего один исход» (seeds/004_55ac8a5a86b5c135.txt:L92, spec §8.2 item 3,
DEC-35): the human moderator's declaration and the optional look-ahead for three players or fewer."""

from __future__ import annotations

from dataclasses import replace

from narrator.rules.battaglia import GAME, Card, Force, Phase
from narrator.rules.battaglia.actions import DeclareOutcome, Pass
from narrator.rules.battaglia.forced import forced_winner
from narrator.rules.battaglia.game import advance
from narrator.rules.battaglia.state import PendingCurse
from narrator.rules.core import HOST

from tests.battaglia.kernel_helpers import S6A, accuse_round, dealt, play, vote_round, with_cards

COHEN_A, LUN, TRITON, COHEN_B = 2, 3, 4, 5


def lun_condemned(curse: bool, **options):
    """Day 1 of S6A, reworked: Nikor and Corrigan dead for good, second souls Cohen (2), Lun (3, condemned),
    Triton (4), Cohen (5). With ``curse``, a cursing Koldun's binding (Triton cursed, both Cohens bound)
    stands for day 2. Once Lun is executed, three live: two lights and a shadow."""
    state, _ = dealt(S6A, speech_rounds=0, **options)
    state = vote_round(accuse_round(state, {0: LUN}), {s: (LUN,) for s in range(6)})
    assert state.phase is Phase.CONDEMNED and state.today.condemned == LUN
    state = with_cards(state, {COHEN_A: (Card.COHEN, 2), LUN: (Card.LUN, 2), TRITON: (Card.TRITON, 2),
                               COHEN_B: (Card.COHEN, 2)})
    pending = PendingCurse(LUN, TRITON, frozenset({COHEN_A, COHEN_B})) if curse else None
    return replace(state, out=frozenset({0, 1}), lives=(2,) * 6, today=replace(state.today, curse=pending))


def execute_lun(state):
    """Lun accepts; every living seat raises no objection (the last pass brings the night)."""
    state = play(state, Pass(actor=LUN))
    while state.phase is Phase.EXECUTION:
        state = play(state, Pass(actor=min(GAME.active_players(state))))
    return state


def test_a_forced_position_is_detected_L92_L86():
    """[L92, L86] the cursed Triton will be accused, bound votes condemn him and nobody can save him, whatever
    anyone does at night: every continuation ends with the light's win."""
    night = execute_lun(lun_condemned(curse=True))
    assert night.phase is Phase.NIGHT and night.result is None
    assert forced_winner(night, advance) is Force.LIGHT


def test_a_position_players_can_stall_is_not_forced_L92():
    """[L92] without the curse the three can pass into a stalemate, so two outcomes are possible."""
    night = execute_lun(lun_condemned(curse=False))
    assert forced_winner(night, advance) is None


def test_the_search_budget_makes_it_not_forced_L92():
    """[L92, DEC-35] past the budget of positions the search gives up: not forced."""
    night = execute_lun(lun_condemned(curse=True))
    assert forced_winner(night, advance, visits=5) is None


def test_the_lookahead_ends_the_game_when_enabled_L92():
    """[L92, DEC-35] with forced_outcome_players=3 the night's start ends the game: forced_outcome, the light's
    seats win (dead ones too, Corrigan in seat 1, by their final soul); off (the default) the game goes on."""
    over = execute_lun(lun_condemned(curse=True, forced_outcome_players=3))
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.termination == "forced_outcome"
    assert outcome.detail["force"] == "light" and outcome.winners == {1, COHEN_A, LUN, COHEN_B}
    assert [dict(e.data) for e in over.public_log if e.kind == "forced_outcome"] == [{"force": "light",
                                                                                       "by": "lookahead"}]
    assert GAME.outcome(execute_lun(lun_condemned(curse=True))) is None
    assert GAME.outcome(execute_lun(lun_condemned(curse=False, forced_outcome_players=3))) is None


def test_the_host_declares_only_with_a_human_moderator_L92():
    """[L92, DEC-35] the program as host never offers the declaration; a human moderator may declare a force
    with a living soul or a stalemate; seats may not."""
    plain = execute_lun(lun_condemned(curse=False))
    assert GAME.legal_actions(plain, HOST) == []
    assert GAME.check(plain, DeclareOutcome(force="light")).code == "NO_MODERATOR"
    moderated = execute_lun(lun_condemned(curse=False, human_moderator=True))
    assert [m.force for m in GAME.legal_actions(moderated, HOST)] == ["light", "shadow", "none"]
    assert GAME.check(moderated, DeclareOutcome(force="first_gloom")).code == "TARGET_NOT_ALLOWED"
    assert GAME.check(moderated, DeclareOutcome(actor=COHEN_A, force="light")).code == "ROLE_REQUIRED"
    for move in [DeclareOutcome(force=f) for f in [*map(str, Force), "none", "nobody"]]:
        assert (GAME.check(moderated, move) is None) == (move in GAME.legal_actions(moderated, HOST))
    outcome = GAME.outcome(play(moderated, DeclareOutcome(force="light")))
    assert outcome.termination == "forced_outcome" and outcome.winners == {1, COHEN_A, LUN, COHEN_B}
    called = GAME.outcome(play(moderated, DeclareOutcome(force="none")))
    assert called.termination == "stalemate" and called.winners == frozenset()

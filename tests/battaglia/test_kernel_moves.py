"""The move table and the phase machine: every legal kind of move has its rule, and no returned state
is left in a phase a rule has ended (seeds/004_55ac8a5a86b5c135.txt:L92 «дни и ночи чередуются»)."""

from __future__ import annotations

from dataclasses import fields

import pytest
from narrator.rules.battaglia import Phase
from narrator.rules.battaglia.game import ANY_PHASE, MOVES
from narrator.rules.battaglia.legal import NIGHT_KINDS, PHASE_KINDS, SHADOW_KINDS

from tests.battaglia.test_kernel_properties import FAST, playout

TRANSIENT = (Phase.NIGHT_OVER, Phase.DAY_OVER)


def kind_of(action_type: type) -> str:
    """The wire kind of an action class (the default of its ``kind`` field)."""
    return next(f.default for f in fields(action_type) if f.name == "kind")


def kinds(phase: Phase) -> set[str]:
    return {kind_of(t) for t in MOVES[phase]}


@pytest.mark.parametrize("phase", sorted(PHASE_KINDS), ids=str)
def test_each_day_phase_has_a_rule_for_every_legal_kind(phase: Phase) -> None:
    assert kinds(phase) == set(PHASE_KINDS[phase])


def test_the_night_has_a_rule_for_every_legal_kind() -> None:
    """Choices and whispers, passes, and the Lord's night reveal (DEC-26)."""
    assert kinds(Phase.NIGHT) == set(NIGHT_KINDS | SHADOW_KINDS | {"reveal_lord"})


def test_chance_plays_the_deal_and_the_second_souls_and_the_host_may_declare_anywhere() -> None:
    assert kinds(Phase.DEAL) == kinds(Phase.REBIRTH) == {"chance"}
    assert {kind_of(t) for t in ANY_PHASE} == {"declare_outcome"}


def test_only_phases_that_wait_for_a_move_have_rules() -> None:
    assert set(MOVES) == set(Phase) - {Phase.OVER, *TRANSIENT}


@pytest.mark.parametrize("players,seed,options", [(6, 3, FAST), (12, 5, FAST), (9, 1, {}), (17, 2, FAST)],
                         ids=["6-fast", "12-fast", "9-full", "17-fast"])
def test_no_returned_state_is_in_an_ended_phase(players: int, seed: int, options: dict) -> None:
    """Whatever chain of days and nights one move ends, ``apply`` returns a phase that waits for someone."""
    states: list = []
    last = playout(players, seed, collect=states, **options)
    assert last.phase is Phase.OVER
    assert {s.phase for s in states} & set(TRANSIENT) == set()
    assert {Phase.NIGHT, Phase.VOTE} <= {s.phase for s in states}  # the game did go through days and nights


"""The house rule ``accusation_order``: who of the day's speakers gets one of the day's accusation slots.

Rule: «остальные жители — все вместе, довносят свои обвинения. общее их число — минимум два и максимум 5 ...
один человек может сделать максимум одно обвинение» (seeds/004_55ac8a5a86b5c135.txt:L74)
"""

from __future__ import annotations

import pytest
from narrator.rules.battaglia import GAME, BattagliaConfig, Phase
from narrator.rules.battaglia.actions import Accuse
from narrator.rules.chance import Shuffle
from narrator.rules.core import CHANCE, ChanceAction, Code, IllegalActionError

from tests.battaglia.kernel_helpers import S12, dealt, play, public_of


def _to_accusations(state, events=None):
    """Everyone passes the speeches (the accusation round is where the option acts)."""
    while state.phase is Phase.SPEECH:
        state = play(state, GAME.default_action(state, min(GAME.active_players(state))), events)
    return state


def _accuse_all(state, events):
    """Every seat asked accuses the lowest living seat nobody has accused yet; returns who was asked, in turn."""
    asked = []
    while state.phase is Phase.ACCUSE:
        seat = min(GAME.active_players(state))
        asked.append(seat)
        accused = {a.target for a in state.today.accusations}
        target = next(s for s in range(state.players) if s != seat and s not in accused and s not in state.out)
        state = play(state, Accuse(actor=seat, target=target), events)
    return state, asked


def test_rotating_is_the_default_and_the_first_speakers_fill_the_slots_L74():
    """Day 1 of 12 seats: 4 accusations (N=3 darks: Rainmaker, Fluid, Puck; N+1); seats 0-3 fill them (L74)."""
    assert BattagliaConfig().accusation_order == "rotating"
    state, _ = dealt(S12)
    events = []
    state = _to_accusations(state, events)
    limit = state.today.accusations_limit
    state, asked = _accuse_all(state, events)
    assert limit == 4 and asked == list(range(limit))
    assert state.phase is Phase.VOTE and not public_of(events, "accusation_order")


def test_random_order_is_drawn_by_chance_and_told_to_everyone_L74():
    """With ``random`` chance shuffles the day's accusers; the slots go to the first of chance's order."""
    state, _ = dealt(S12, accusation_order="random")
    events = []
    state = _to_accusations(state, events)
    assert state.phase is Phase.ACCUSE_DRAW and GAME.active_players(state) == frozenset({CHANCE})
    assert GAME.chance_spec(state) == Shuffle(12, "accusation order")
    drawn = (11, 5, 7, 0, 1, 2, 3, 4, 6, 8, 9, 10)
    state = play(state, ChanceAction(values=drawn), events)
    assert public_of(events, "accusation_order") == [{"day": 1, "order": list(drawn)}]
    limit = state.today.accusations_limit
    state, asked = _accuse_all(state, events)
    assert asked == list(drawn[:limit]) and state.phase is Phase.VOTE


def test_random_order_refuses_a_move_before_the_draw_and_a_bad_permutation():
    state, _ = dealt(S12, accusation_order="random")
    state = _to_accusations(state)
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(state, Accuse(actor=0, target=1))
    assert refused.value.rejection.code == Code.WRONG_PHASE
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(state, ChanceAction(values=(0,) * 12))
    assert refused.value.rejection.code == Code.CHANCE_MISMATCH


def test_the_option_is_a_profile_value_and_an_unknown_one_is_refused():
    from narrator.rules.replay import decode_config

    assert decode_config(GAME, {"accusation_order": "random"}).accusation_order == "random"
    with pytest.raises(ValueError):
        decode_config(GAME, {"accusation_order": "loudest_first"})


def _declare_all(state, wants, events):
    """``declare_draw``: each seat asked declares ``wants[seat]`` (a target) or passes; returns who was asked."""
    asked = []
    while state.phase is Phase.ACCUSE and state.today.declaring:
        seat = min(GAME.active_players(state))
        asked.append(seat)
        target = wants.get(seat)
        state = play(state, Accuse(actor=seat, target=target) if target is not None else
                     GAME.default_action(state, seat), events)
    return state, asked


def test_declare_draw_asks_everyone_and_keeps_declarations_unseen_L74():
    """Everyone declares in turn; nothing public until all have; then more declarations than slots are drawn."""
    state, _ = dealt(S12, accusation_order="declare_draw")
    events = []
    state = _to_accusations(state, events)
    wants = {0: 5, 3: 6, 7: 8, 9: 10, 11: 1}  # five declare for four slots (N=3 darks, L74)
    before = len(events)
    state, asked = _declare_all(state, wants, events)
    assert asked == list(range(12)), "every living seat is asked, not only the first four"
    during = events[before:]
    assert not public_of(during, "accusation"), "a declaration is not made public"
    assert [dict(e.data) for e in during if e.kind == "accusation_declared"] == [{"target": t} for t in wants.values()]
    for event, declarer in zip([e for e in during if e.kind == "accusation_declared"], wants):
        assert event.visible_to(declarer) and not any(event.visible_to(s) for s in range(12) if s != declarer)
    assert public_of(during, "accusations_declared") == [{"day": 1, "declared": list(wants), "slots": 4}]
    assert state.phase is Phase.ACCUSE_DRAW and GAME.chance_spec(state) == Shuffle(5, "accusation order")
    state = play(state, ChanceAction(values=(4, 2, 0, 3, 1)), events)
    assert public_of(events, "accusation_order")[-1]["order"] == [11, 7, 0, 9, 3]
    made = [(a["accuser"], a["target"]) for a in public_of(events, "accusation")]
    assert made == [(11, 1), (7, 8), (0, 5), (9, 10)] and state.phase is Phase.VOTE


def test_declare_draw_without_a_surplus_makes_every_declaration_and_drops_a_duplicate_L74():
    """Fewer declarations than slots: no draw; two against one seat: the second lapses (one accused once)."""
    state, _ = dealt(S12, accusation_order="declare_draw")
    events = []
    state, _ = _declare_all(_to_accusations(state, events), {2: 5, 6: 5, 8: 0}, events)
    assert not public_of(events, "accusation_order"), "nothing to draw"
    assert [(a["accuser"], a["target"]) for a in public_of(events, "accusation")] == [(2, 5), (8, 0)]
    assert public_of(events, "accusation_lapsed") == [{"accuser": 6, "target": 5}]
    assert state.phase is Phase.VOTE

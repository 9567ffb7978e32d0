"""A seat whose turn to accuse never came is told so, and why (issue 30, item 10): the day's accusations
were full (L74, «минимум два и максимум 5», one each), in the order the house rule ``accusation_order`` sets."""

from __future__ import annotations

import io

import pytest
from narrator.agents.battaglia.texts import Table
from narrator.agents.i18n import section
from narrator.rules.battaglia import GAME, Phase
from narrator.rules.battaglia.actions import Accuse
from narrator.rules.core import ChanceAction

from narrator.battaglia.human import TerminalHuman
from narrator.battaglia.narration import Narrator
from tests.battaglia.kernel_helpers import S12, dealt, play

HUMAN = 7


def _day_one(order: str, drawn: tuple[int, ...] = ()) -> list:
    """Day 1 of 12 seats, no speeches: the seats asked accuse the lowest open seat; the public events."""
    state, events = dealt(S12, speech_rounds=0, accusation_order=order)
    if drawn:
        state = play(state, ChanceAction(values=drawn), events)
    while state.phase is Phase.ACCUSE:
        seat = min(GAME.active_players(state))
        accused = {a.target for a in state.today.accusations}
        target = next(s for s in range(12) if s != seat and s not in accused)
        state = play(state, Accuse(actor=seat, target=target), events)
    return [e for e in events if str(e.audience) == "public"]


def _heard(events: list, lang: str) -> str:
    out = io.StringIO()
    TerminalHuman(HUMAN, Narrator(Table.for_game(4, 12, lang), HUMAN), io.StringIO(""), out).observe(events)
    return out.getvalue()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_seat_left_without_an_accusation_is_told_why(lang: str) -> None:
    words = section(lang, "battaglia_host")
    heard = _heard(_day_one("rotating"), lang)
    full = words["accusations_full"].format(limit=4, how=words["accusations_how_rotating"])
    mine = words["accusations_full_you"].format(limit=4, next=words["accusations_next_rotating"])
    assert full in heard and mine in heard
    assert heard.index(full) < heard.index(mine)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_seat_that_accused_hears_only_the_table_line(lang: str) -> None:
    """Seat 7 drawn first by lot accuses: it is told the order and that the slots filled, not that it had none."""
    words = section(lang, "battaglia_host")
    drawn = (7, 0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11)
    heard = _heard(_day_one("random", drawn), lang)
    assert words["accusations_how_random"] in heard
    assert words["accusations_full_you"].split("{")[0] not in heard
    names = Narrator(Table.for_game(4, 12, lang), HUMAN).names(drawn)
    assert words["accusation_order"].format(order=names) in heard


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_declaration_the_lot_left_out_is_told_so(lang: str) -> None:
    """``declare_draw``: seat 7 declares with four others for four slots; the lot leaves seat 7 out."""
    state, events = dealt(S12, speech_rounds=0, accusation_order="declare_draw")
    wants = {0: 5, 3: 6, HUMAN: 8, 9: 10, 11: 1}
    while state.phase is Phase.ACCUSE and state.today.declaring:
        seat = min(GAME.active_players(state))
        move = Accuse(actor=seat, target=wants[seat]) if seat in wants else GAME.default_action(state, seat)
        state = play(state, move, events)
    state = play(state, ChanceAction(values=(0, 1, 3, 4, 2)), events)  # seat 7's declaration drawn last
    out = io.StringIO()
    TerminalHuman(HUMAN, Narrator(Table.for_game(4, 12, lang), HUMAN), io.StringIO(""), out).observe(
        [e for e in events if e.visible_to(HUMAN)])
    words = section(lang, "battaglia_host")
    heard = out.getvalue()
    assert words["accusation_not_drawn"].format(count=5, slots=4) in heard
    assert words["accusations_full_you"].split("{")[0] not in heard
    assert words["accusation_declared"].split("{")[0] in heard

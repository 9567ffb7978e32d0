"""Issue 30, item 11: a shown mask names its force (in the host's line and in ``who``), the condemned Corrigan
gets a private word of what his dying shot did (L79-83: the passing of the night shot is never announced,
L82, but follows for him from the rest), and the accusation's basis says what the choice does."""

from __future__ import annotations

import io

import pytest
from narrator.agents.battaglia.texts import Table
from narrator.agents.i18n import section
from narrator.rules.battaglia import GAME
from narrator.rules.battaglia.actions import DyingShot

from narrator.battaglia.human import TerminalHuman
from narrator.battaglia.narration import Narrator
from narrator.battaglia.reference import Reference
from tests.battaglia.kernel_helpers import S12, P, answer, dealt, reborn
from tests.battaglia.test_kernel_day import condemn

CORRIGAN = P["P2"]


def _seen_by(events, seat):
    return [e for e in events if e.visible_to(seat)]


def _dying_shot(target: int, lang: str) -> tuple[str, TerminalHuman]:
    """P2 (Corrigan) is condemned on day 1 and shoots ``target``; what P2's terminal shows."""
    state, events = dealt(S12)
    state = condemn(state, CORRIGAN, events)
    state = answer(state, DyingShot(actor=CORRIGAN, target=target), events=events)
    state = reborn(state, {}, events)
    out = io.StringIO()
    human = TerminalHuman(CORRIGAN, Narrator(Table.for_game(4, 12, lang), CORRIGAN), io.StringIO(""), out)
    human.view = GAME.view(state, CORRIGAN)
    human.observe(_seen_by(events, CORRIGAN))
    return out.getvalue(), human


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("target", "outcome"), [("P6", "dead"), ("P10", "shadow"), ("P3", "heir")],
                         ids=["fluid dies L80", "cat revealed L81", "cohen inherits L82"])
def test_the_corrigan_is_told_what_his_dying_shot_did(target: str, outcome: str, lang: str) -> None:
    shown, human = _dying_shot(P[target], lang)
    said = [k for k in ("dead", "shadow", "child", "heir")
            if human.narrator.say(f"shot_dying_{k}", P[target], name=human.narrator.name(P[target])) in shown]
    assert said == [outcome]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_heirs_name_reaches_no_other_seat(lang: str) -> None:
    """Cohen inherits silently (L82): no other seat's terminal is told of it."""
    state, events = dealt(S12)
    state = answer(condemn(state, CORRIGAN, events), DyingShot(actor=CORRIGAN, target=P["P3"]), events=events)
    heir_line = section(lang, "battaglia_host")["shot_dying_heir"].split("{")[0]
    for seat in range(12):
        if seat == CORRIGAN:
            continue
        out = io.StringIO()
        TerminalHuman(seat, Narrator(Table.for_game(4, 12, lang), seat), io.StringIO(""), out).observe(
            _seen_by(events, seat))
        assert heir_line not in out.getvalue()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_shown_mask_names_its_force_in_the_line_and_in_who(lang: str) -> None:
    shown, human = _dying_shot(P["P6"], lang)
    fluid = human.narrator.card_and_force("FLUID")
    assert fluid.endswith(")") and fluid in shown
    roster = "\n".join(Reference(human.narrator).roster(human.view))
    assert fluid in roster and human.narrator.card_and_force("CORRIGAN") in roster


@pytest.mark.parametrize(("lang", "contradiction"), [("en", "The rules play both alike"),
                                                     ("ru", "Ход игры от выбора не меняется")])
def test_the_basis_says_what_the_choice_does(lang: str, contradiction: str) -> None:
    text = Reference(Narrator(Table.for_game(4, 12, lang), 0)).basis()
    assert contradiction not in text
    assert ("vote" in text) if lang == "en" else ("голосуют" in text)

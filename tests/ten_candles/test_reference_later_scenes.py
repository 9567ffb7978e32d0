"""Issue 30, items 8 and 9: a game taken up in a later scene does not open with the first scene's place as
where the characters are, and a player asked about a death knows whose roll failed and what the offer is
(a sacrifice, L291)."""

from __future__ import annotations

import pytest
from narrator.agents.names import fill
from narrator.rules.core import HOST
from narrator.rules.ten_candles import GAME
from narrator.rules.ten_candles.state import Phase

from narrator.ten_candles.reference import Reference
from tests.ten_candles.test_reference import Person, run, table


def _played(until, seeds=range(1, 40)):
    """The first seed's session (the human at seat 0 taking every default) that reaches ``until``."""
    for seed in seeds:
        session, _ = table(Person(lambda _p, _n: ""), seed=seed)
        run(session, until)
        if until(session):
            return session
    raise AssertionError("no seed reached the situation")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_later_scene_opens_without_the_first_scenes_place(lang: str) -> None:
    session = _played(lambda s: s.state.scene >= 3)
    view, ref = GAME.view(session.state, 0), Reference(lang)
    assert view.frame and view.scene >= 3
    opening = ref.opening(view)
    assert ref.say("where", frame=view.frame) not in opening
    assert ref.say("began", frame=view.frame) in opening


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_first_scene_still_says_where_you_are(lang: str) -> None:
    session = _played(lambda s: s.state.scene == 1 and bool(s.state.frame))
    view, ref = GAME.view(session.state, 0), Reference(lang)
    assert ref.say("where", frame=view.frame) in ref.opening(view)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_death_offer_after_a_companions_roll_names_them_and_says_it_is_a_sacrifice(lang: str) -> None:
    session = _played(lambda s: s.state.phase is Phase.DEATH and GAME.view(s.state, HOST).conflict.active != 0)
    view, ref = GAME.view(session.state, 0), Reference(lang)
    hint = ref.hint(view, 0, GAME.legal_actions(session.state, 0))
    roller = ref.who(view, view.conflict.active)
    assert hint == fill(ref.words["hints"]["death_other"], lang, who=roller)  # a name's slot may ask for a case
    assert roller in hint and ref.words["hints"]["death"] != hint

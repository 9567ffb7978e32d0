"""The offline reader, round seven (issue 28): the classes of the fifth held-out batch's remaining misses, each in
other words than the batch's. What someone else does, said beside the character's own deed ("as he sneaks out",
«пока жонглёр лезет на стол»), is no deed of the character's."""

from __future__ import annotations

import pytest

from narrator.storyteller.template import IntentUnclear
from narrator.storyteller.words import tokens
from tests.storyteller.reader_scenes import DA, TOURNEY, rule


def ruling(book: str, scenario: str, scene: str, lang: str, text: str) -> str:
    """The ruling's kind (``approach:<id>``, ``roll:<traits>``, ``no_roll``), or ``ask`` for a question back."""
    try:
        found = rule(book, scenario, scene, lang, text)
    except IntentUnclear:
        return "ask"
    if found.kind == "approach":
        return f"approach:{found.approach}"
    if found.kind == "roll":
        return "roll:" + "+".join(found.action.traits)
    return str(found.kind)

# -- 1. what another does is no deed of the character's -------------------------------------------------------------


@pytest.mark.parametrize(("lang", "text", "theirs"), [
    ("en", "I nod to the steward as he sneaks out the side door", "sneaks"),
    ("en", "I wait by the well while the groom climbs into the loft", "climbs"),
    ("en", "His squire drags the chest inside and I count the coins", "drags"),
    ("ru", "Киваю управителю, пока он крадётся к боковой двери", "крадётся"),
    ("ru", "Жду у колодца, а конюх лезет на сеновал", "лезет"),
])
def test_another_s_verb_is_marked_as_his(lang, text, theirs):
    said = {t.word: t for t in tokens(text, lang)}
    assert said[theirs].other
    assert not any(t.other for t in tokens(text, lang) if t.word in ("nod", "wait", "count", "киваю", "жду"))


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Salome sneaks out the side door"),   # the character told of in the third person: her own deed
    ("ru", "Саломея крадётся к боковой двери"),
    ("ru", "Ищу на ощупь, откуда тянет сыростью"),   # an impersonal verb has no one else behind it
])
def test_a_line_told_in_the_third_person_keeps_its_verbs(lang, text):
    assert not any(t.other for t in tokens(text, lang))


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I nod to the steward as he sneaks out the side door"),
    ("en", "I keep my seat and Gautier's squire climbs the wall"),
    ("ru", "Наблюдаю за дверью, а оруженосец лезет на стену"),
])
def test_another_s_deed_takes_no_approach_and_rolls_nothing(lang, text):
    # before, "as he sneaks" took "Slip out after the priest" and the squire's climb was the character's Athletics roll
    assert ruling(DA, TOURNEY, "feast", lang, text) in ("no_roll", "ask")

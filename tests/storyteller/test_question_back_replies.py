"""A question back is answered the same way in the terminal as on the web (play-test 17): every reading it names can
be taken (a yes for the only one; a reply that says it, not negated), and a deed taken is ruled as that deed instead
of being read again (which asked the same question forever: «not sure you mean no roll (a question). Type a number»,
with no number to type)."""

from __future__ import annotations

from typing import Any

import pytest
from narrator.agents.base import Request

from narrator.storyteller.intent import FREE
from narrator.storyteller.replies import asked_readings, reply_to, taken
from narrator.storyteller.seat import TerminalPlayer
from narrator.storyteller.template import Choice, IntentUnclear, Option, TemplateStoryteller
from tests.storyteller.reader_scenes import scene_setup

DA = "dark_ages"


def _options(scenario: str, scene: str, lang: str) -> tuple[TemplateStoryteller, Any, list[Option]]:
    voice, view = scene_setup(DA, scenario, scene, lang)
    return voice, view, voice._approach_options(view, voice.scenario.scenes[scene], view["sheets"][0]["id"])


def _terminal(lines: list[str], view: Any, options: list[Option], lang: str) -> tuple[Choice, list[str]]:
    said: list[str] = []
    answers = iter(lines)
    player = TerminalPlayer(lambda _: next(answers), said.append, lang=lang)
    player.hinted = player.shown_sheet = True
    request = Request(game="storyteller", seat=0, view=view, legal=(), question="choose", options=tuple(options))
    return player.act(request), said


@pytest.mark.parametrize(("lang", "words", "yes"), [
    ("en", "So. Who is she really, father? The one who walks by our cart?", "yes"),
    ("ru", "Так кто она на самом деле, отче? Та, что идёт у нашей телеги?", "да"),
])
def test_a_yes_takes_the_one_deed_the_question_named(lang: str, words: str, yes: str) -> None:
    voice, view, options = _options("pilgrims-of-the-long-night", "hermit", lang)
    named = asked_readings(words, options, lang)
    assert len(named) == 1 and named[0].startswith("act:"), named  # a deed, no approach: it has no number
    choice, said = _terminal([words, yes], view, options, lang)
    assert (choice.approach, choice.reading, choice.intent) == (FREE, named[0], words)
    assert any(("yes" if lang == "en" else "«да»") in line for line in said)  # the question said how to answer it
    ruling = voice.rule_intent(view, choice)  # ruled as that deed: no second question about the same words
    assert ruling.kind in ("no_roll", "roll")


def test_a_reply_that_says_one_reading_takes_it_and_a_negated_verb_names_none() -> None:
    """Hospice's fight: «… «Ударить клинком» или без броска (разговор)?» — the reply says which, or says no blow."""
    _voice, _view, options = _options("hospice-of-saint-lazare", "cloister", "ru")
    named = ("strike", "act:talk")  # the question the play-tester was asked
    assert "strike" in {o.approach for o in options}
    assert reply_to("нет, я просто говорю с ним, руки вверх", named, options, "ru")[0] == "act:talk"
    assert reply_to("не руби, говорю тебе", named, options, "ru")[0] == "act:talk"  # «не руби» names no blow
    assert reply_to("да", named, options, "ru")[0] is None  # two readings: a yes does not say which
    assert reply_to("yes", named[1:], options, "en") == ("act:talk", False)  # one reading: a yes takes it
    words = "Поднимаю пустые руки: «Не руби!»"
    assert taken(0, "act:talk", words, options) == Choice(actor=0, approach=FREE, intent=words, reading="act:talk")


def test_a_deed_taken_is_ruled_as_that_deed_not_read_again() -> None:
    voice, view, _ = _options("pilgrims-of-the-long-night", "forest-road", "en")
    words = "I get up there somehow"
    climbed = voice.rule_intent(view, Choice(actor=0, approach=FREE, intent=words, reading="act:climb"))
    assert climbed.kind == "roll" and "athletics" in climbed.action.traits  # the lexicon's climb, improvised
    with pytest.raises(IntentUnclear):  # read as they are, the same words are a question
        voice.rule_intent(view, Choice(actor=0, approach=FREE, intent=words))


def test_a_reading_the_question_could_not_have_named_is_no_choice() -> None:
    _voice, _view, options = _options("pilgrims-of-the-long-night", "forest-road", "en")
    assert taken(0, "no-such-approach", "words", options) is None
    assert taken(0, options[0].approach, "words", options) == Choice(actor=0, approach=options[0].approach,
                                                                     intent="words")


def test_words_alone_in_a_fight_are_a_deed_without_a_roll_and_a_blow_said_with_them_is_not() -> None:
    from narrator.storyteller.replies import free_deed

    _voice, _view, options = _options("hospice-of-saint-lazare", "cloister", "ru")
    assert free_deed("Поднимаю руки: «Я безоружен, не руби!»", options, "ru") == "act:talk"
    assert free_deed("Кричу сержанту и замахиваюсь посохом", options, "ru") is None  # a shout or a blow: asked

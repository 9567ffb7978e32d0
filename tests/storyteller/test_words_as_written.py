"""The reader's "your words" list (play-test): names showed in lower case («ваши слова: …, готье, …»). They
are shown as the scenario writes them (Готье, Gautier); a label's sentence-opening capital is no name's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from narrator.storyteller.answers import typed_choice
from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.template import Choice, TemplateStoryteller
from narrator.storyteller.written import as_written, spellings

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.offline_intents import SHEETS
from benchmarks.offline_intents import _view as bench_view

SAID = [("ru", "Прошу место рядом с Готье за высоким столом", "Готье"),
        ("en", "I ask for a seat beside Sir Gautier at the high table", "Gautier")]


def _feast(lang: str, labels: bool):
    voice = TemplateStoryteller(load_scenario("dark_ages", "tourney-at-vaucouleurs"), load_narration(), lang=lang,
                                labels=labels)
    view = bench_view(voice, "dark_ages", "feast", SHEETS["dark_ages"])
    return voice, view


def _words(said: str) -> list[str]:
    return said.rsplit(": ", 1)[1].rstrip(").").split(", ")


@pytest.mark.parametrize(("lang", "text", "name"), SAID)
def test_the_storytellers_reading_names_them_as_written(lang: str, text: str, name: str) -> None:
    voice, view = _feast(lang, labels=False)
    ruling = voice.rule_intent(view, Choice(actor=0, approach="intent", intent=text))
    assert ruling.kind == "approach" and ruling.approach == "seat-beside"
    words = _words(ruling.said[0])
    assert name in words and name.lower() not in words


@pytest.mark.parametrize(("lang", "text", "name"), SAID)
def test_the_web_reading_names_them_as_written(lang: str, text: str, name: str) -> None:
    voice, view = _feast(lang, labels=True)
    options = voice._approach_options(view, voice._scene(view), voice._pc(view, Choice(actor=0, approach="x")))
    choice, said = typed_choice(text, options, 0, lang, labels=True, free=False)
    assert choice is not None and choice.approach == "seat-beside"
    words = _words(said)
    assert name in words and name.lower() not in words
    assert all(w == w.lower() for w in words if w != name)  # «место», not «Место»


def test_a_sentence_opening_capital_is_not_a_name() -> None:
    spelled = spellings(["Добиться места рядом с Готье (Обаяние + Этикет, сл. 6)"], ["князь Эймар"])
    assert as_written(["добиться", "готье", "эймар", "князь", "обаяние"], spelled) == \
        ["добиться", "Готье", "Эймар", "князь", "обаяние"]

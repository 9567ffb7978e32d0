"""The offline reader, classes the play-tester found (tourney-at-vaucouleurs, in Russian): a verb of going is a
deed's way there, not the deed («Выхожу из тени, хватаю госпожу Маго за руку…» was «Пойти за вдовой»,
Dexterity + Stealth, on «выхожу» alone, which the lexicon also heard as nursing); a promise of shelter said to
the listener is the social approach of protection («…и я укрою тебя у своей госпожи» was plain talk, no roll,
and the turn moved on); a verb right after "you" is the listener's ("tell me what you saw" is no look)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from narrator.storyteller.offline import rule_intent
from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.template import Choice, TemplateStoryteller

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.offline_intents import SHEETS
from benchmarks.offline_intents import _view as bench_view

DA, TOURNEY = "dark_ages", "tourney-at-vaucouleurs"


def _rule(scene: str, lang: str, text: str):
    voice = TemplateStoryteller(load_scenario(DA, TOURNEY), load_narration(), lang=lang)
    view = bench_view(voice, DA, scene, SHEETS[DA])
    return rule_intent(voice, view, Choice(actor=0, approach="intent", intent=text))


@pytest.mark.parametrize(("lang", "text"), [
    ("ru", "Выхожу из тени, хватаю госпожу Маго за руку и требую показать, что она дала священнику"),
    ("ru", "Выхожу к ней и хватаю вдову за руку"),
    ("en", "I walk up to the widow, grab her by the arm and demand she show what she gave the priest"),
])
def test_a_verb_of_going_does_not_carry_the_deed(lang, text):
    ruling = _rule("chapel", lang, text)
    assert ruling.approach != "follow-widow"
    assert ruling.kind == "roll" and "stealth" not in ruling.action.traits  # the grab (or the demand) is rolled
    assert "medicine" not in ruling.action.traits  # «выхожу» is no nursing


@pytest.mark.parametrize(("lang", "text"), [
    ("ru", "Говорю ему: я не враг тебе, Жеан. Расскажи, что видел, и я укрою тебя у своей госпожи"),
    ("ru", "Расскажи всё, Жеан, и я защищу тебя"),
    ("en", "I tell him: I am not your enemy, Jehan. Tell me what you saw and I will shelter you with my lady"),
    ("en", "Tell me everything, Jehan, and I will protect you"),
])
def test_a_promise_of_shelter_is_the_approach_of_protection(lang, text):
    ruling = _rule("minstrel", lang, text)
    assert ruling.kind == "approach" and ruling.approach == "patronage"


@pytest.mark.parametrize(("lang", "text"), [
    ("ru", "Говорю ему: расскажи, что видел"),
    ("en", "I tell him: tell me what you saw"),
])
def test_asking_what_he_saw_is_still_talk(lang, text):
    assert _rule("minstrel", lang, text).kind == "no_roll"

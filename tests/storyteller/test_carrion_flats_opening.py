"""Carrion Flats' opening street (play-test): the framing ends on the Haskell house «с распахнутой дверью»,
so a player who walks up to it and looks inside is offered that (a Stealth roll past the saloon; a botch
brings the dead out onto the street), not the Silver Dollar."""

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

WW, CARRION = "wild_west", "ghost-town-of-carrion-flats"


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I walk up the street to the Haskell house and look around inside"),
    ("en", "I go into the open Haskell house"),
    ("ru", "Иду по улице к дому Хаскеллов и осматриваюсь внутри"),
    ("ru", "Захожу в открытый дом Хаскеллов"),
])
def test_the_open_house_the_street_shows_can_be_entered(lang, text):
    voice = TemplateStoryteller(load_scenario(WW, CARRION), load_narration(), lang=lang)
    view = bench_view(voice, WW, "main-street", SHEETS[WW])
    ruling = rule_intent(voice, view, Choice(actor=0, approach="intent", intent=text))
    assert ruling.kind == "approach" and ruling.approach == "haskell-door"


def test_the_way_to_the_house_leads_into_it():
    scene = load_scenario(WW, CARRION).scenes["main-street"]
    door = next(a for a in scene.approaches if a.id == "haskell-door")
    assert door.next == {"success": "haskell-house", "botch": "street-of-the-dead"}
    assert "Хаскеллов" in scene.text.ru and "Haskell house" in scene.text.en  # the framing shows the house
    assert "Хаскеллов" in door.label.ru and "Haskell house" in door.label.en

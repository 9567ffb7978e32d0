"""Words that only tell never take an approach that can end the story or start a fight (issue 28; found by the
sixth blind batch, whose four dangerous readings were all of this kind): a question reported ("and ask him who
paid him") and an outcome claimed as done ("I searched it already", «ворота открыты»). Asking that IS the approach
is still that approach. Sentences here are the class in other words than the batch's."""

from __future__ import annotations

import pytest

from tests.storyteller.reader_scenes import DA, WW, rule
from tests.storyteller.test_offline_reader_round7 import ruling

WIRE, FERRY = "night-wire-coyote-springs", "ferry-of-saint-aubin"


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I lift a palm, easy now, and ask Mosby how much they paid him to stand here"),
    ("ru", "Поднимаю ладонь — тихо, мол, — и спрашиваю у Мосби, сколько ему заплатили"),
])
def test_a_reported_question_never_yields_the_standoff(lang, text):
    assert ruling(WW, WIRE, "standoff", lang, text) not in ("approach:yield", "approach:draw")


@pytest.mark.parametrize(("lang", "scene", "text", "ending"), [
    ("en", "spring", "I searched the spring already, it's clean", "approach:find-source"),
    ("ru", "spring", "Источник найден, отрава ушла", "approach:find-source"),
])
def test_an_outcome_claimed_is_asked_back_not_rolled_toward_an_ending(lang, scene, text, ending):
    assert ruling(WW, WIRE, scene, lang, text) != ending


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_warden_claimed_convinced_is_not_the_resisted_roll(lang):
    text = {"en": "The warden is convinced, the gate is opened", "ru": "Привратник убеждён, ворота открыты"}[lang]
    assert ruling(DA, FERRY, "abbey", lang, text) != "approach:convince-warden"


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I calm the clerk down and ask him what he saw on the wire"),
    ("ru", "Успокаиваю телеграфиста и расспрашиваю, что он видел"),
])
def test_asking_that_is_the_approach_is_still_the_approach(lang, text):
    assert rule(WW, WIRE, "depot", lang, text).approach == "ask-clerk"

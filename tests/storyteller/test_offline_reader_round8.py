"""The offline reader, round eight (issue 28): the classes of the sixth held-out batch's misses and of play-test
16's, each in other words than theirs. A weapon drawn and laid down is a gesture, no blow; "roll" as a thing (a
scroll, a wheel that rolls) is no dice talk."""

from __future__ import annotations

import pytest

from narrator.storyteller.reader import read
from tests.storyteller.reader_scenes import DA, PLAGUE, RAILROAD, TOURNEY, WW
from tests.storyteller.test_offline_reader_round7 import ruling

# -- 1. a weapon drawn and then laid down, offered or put away is no blow -------------------------------------------


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I pull out my knife and set it on the bench beside him, blade toward me"),
    ("en", "I bare my sword and place it at his feet"),
    ("ru", "Достаю нож и кладу его на лавку рядом с ним"),
    ("ru", "Обнажаю меч и опускаю его к его ногам"),
])
def test_a_weapon_laid_down_rolls_no_blow(lang, text):
    found = ruling(DA, TOURNEY, "rival", lang, text)
    assert not found.startswith("roll:dexterity+melee") and not found.startswith("roll:dexterity+brawl")


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I draw my sword and cut him down"),
    ("ru", "Выхватываю меч и рублю его"),
])
def test_a_weapon_drawn_to_strike_is_still_a_blow(lang, text):
    assert ruling(DA, TOURNEY, "rival", lang, text).startswith("roll:dexterity+melee")


# -- 2. "roll" as a thing is no dice talk ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "I look where each man died on the bailiff's list",   # "each ... died" is no "each die"
    "I wedge a stone under the cart so the barrow won't roll back",
])
def test_roll_as_a_thing_is_no_dice_talk(text):
    assert read(text, "en", ()).kind != "cheat"


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "skip the roll, he just tells me"),
    ("en", "I won't roll for this"),
    ("en", "put a ten on each die"),
    ("ru", "не буду бросать, пусть просто скажет"),
])
def test_dice_talk_is_still_dice_talk(lang, text):
    assert read(text, lang, ()).kind == "cheat"


def test_the_scroll_of_the_dead_is_the_scene_s_study_not_a_refusal():
    assert ruling(DA, PLAGUE, "keep", "en", "I unroll the roll of the dead and read it") == "approach:read-roll"


# -- 3. speech that IS the scene's social approach is that approach, not "words alone" ------------------------------

SALOON = ("wild_west", "ghost-town-of-carrion-flats", "saloon")


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I nudge the whiskey away and tell her kindly I don't drink on duty"),
    ("ru", "Отодвигаю виски и вежливо говорю ей, что на службе не пью"),
])
def test_words_that_are_the_social_approach_take_it(lang, text):
    # before, the speaking verb made it "Words alone are no action" (play-test 16, pattern 2)
    assert ruling(*SALOON, lang, text) == "approach:refuse-drink"


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "The barkeep fills a whiskey for me and I say thanks"),   # his whiskey, not a drink turned down
    ("ru", "Бармен наливает мне виски, а я говорю ему спасибо"),
    ("en", "I tell Lottie good evening"),                          # a name alone is no reading
])
def test_chatter_beside_another_s_deed_or_a_name_stays_talk(lang, text):
    assert ruling(*SALOON, lang, text) == "no_roll"


# -- a particle of the label is no word of it ------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I toss the map down at the Warder's boots and tell him to look at it"),
    ("en", "I set the ledger down before the Warder and step back"),
])
def test_down_in_a_label_is_no_word_of_its_approach(lang, text):
    # "Face down the Warder's young wolves" (Strength + Intimidation): before, "down" and "Warder" took it (play-test
    # 16: a letter thrown down at his feet botched into a wolf's lunge); a particle says nothing of facing anyone
    assert ruling(WW, RAILROAD, "butte", lang, text) != "approach:face-wolves"

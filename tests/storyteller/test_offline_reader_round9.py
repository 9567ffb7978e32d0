"""The offline reader, round nine (issue 28): the classes of the sixth held-out batch's remaining misses, each in
other words than the batch's (ru + en), asserting the Storyteller's real ruling."""

from __future__ import annotations

import pytest

from narrator.storyteller.reader import read
from tests.storyteller.reader_scenes import DA, DRIVE, FLATS, PILGRIMS, PLAGUE, RAILROAD, TOURNEY, WW
from tests.storyteller.test_offline_reader_round7 import ruling

BITTER = "last-stage-to-bitter-creek"

# -- 1. a question put to someone here is plain talk -------------------------------------------------------------


@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text"), [
    # before, the wife and "her husband" took "Calm the dyer's wife and promise the family safety"
    (DA, PLAGUE, "dyers", "en", "I ask the dyer's wife when her husband last ate"),
    (DA, PLAGUE, "dyers", "ru", "Спрашиваю жену красильщика, когда её муж последний раз ел"),
    # before, a question to the man the scene's own words put there asked where he was ("not here")
    (WW, BITTER, "pass", "en", "I ask Whitcomb where he got the box"),
    (WW, BITTER, "pass", "ru", "Спрашиваю Уиткомба, где он взял ящик"),
    (WW, RAILROAD, "survey", "ru", "Спрашиваю Торна, сколько он уже работает на компанию"),
])
def test_a_question_put_to_someone_here_is_free(book, scenario, scene, lang, text):
    assert ruling(book, scenario, scene, lang, text) == "no_roll"


def test_a_deed_said_before_the_question_keeps_its_approach():
    text = "I bow to the steward with a pretty compliment and ask if there's a place for me near the high table"
    assert ruling(DA, TOURNEY, "feast", "en", text) == "approach:seat-beside"


# -- 2. a small thing taken or accepted needs no roll --------------------------------------------------------------


@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text"), [
    (WW, RAILROAD, "camp", "ru", "Беру у кашевара тарелку похлёбки"),
    (DA, "bell-of-saint-vaast", "inn", "en", "I accept a bowl of porridge from Martine"),
    (DA, "bell-of-saint-vaast", "inn", "ru", "Принимаю от Мартины миску каши"),
    (DA, TOURNEY, "feast", "en", "I take a stool near the hearth"),
    (DA, TOURNEY, "feast", "ru", "Беру табурет у очага"),
])
def test_a_small_thing_taken_is_free(book, scenario, scene, lang, text):
    # before, a verb of taking with no deed of its own asked what was meant
    assert ruling(book, scenario, scene, lang, text) == "no_roll"


# -- 3. hiding in place: pressed into a wall, crawled under cover, thrown down behind it -----------------------------

FLATS_AMBUSH = (WW, FLATS, "mallory-ambush")


@pytest.mark.parametrize(("lang", "text"), [
    # before, no roll; with the press heard, "wait for the crowd" took "Speak to the crowd" (a thing, no deed)
    ("en", "I flatten myself against the wall of an alley and wait for the crowd to pass"),
    ("ru", "Вжимаюсь в стену подворотни и жду, пока толпа пройдёт"),
])
def test_pressing_into_cover_is_stealth(lang, text):
    assert ruling(DA, PLAGUE, "mob", lang, text) == "roll:dexterity+stealth"


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I throw myself down behind a water trough and keep my head low"),
    ("ru", "Бросаюсь за поилку и не высовываюсь"),
])
def test_taking_cover_in_a_fight_is_one_deed_not_a_question(lang, text):
    # before, the dive and the keeping low were two rolls asked between (in a fight); no blow is among them
    assert ruling(*FLATS_AMBUSH, lang, text) == "roll:dexterity+dodge"


def test_a_blow_beside_a_move_in_a_fight_is_still_the_blow():
    assert ruling(*FLATS_AMBUSH, "en", "I shoot at Mallory and dive behind the trough") == "approach:shoot"


# -- 4. a climb said in other words is a climb, though made to look ------------------------------------------------


@pytest.mark.parametrize(("scenario", "scene", "lang", "text"), [
    # before, "the road" and "the column" took "Keep the column together on the dark road" (Wits + Survival)
    (PILGRIMS, "forest-road", "en", "I scramble up a beech beside the road to look down the length of the column"),
    (PILGRIMS, "forest-road", "ru", "Карабкаюсь на бук у дороги, чтобы посмотреть вдоль колонны"),
    ("bell-of-saint-vaast", "mill", "en", "I go up the chain hand over hand to the top of the wheel"),
    ("bell-of-saint-vaast", "mill", "ru", "Поднимаюсь по цепи, перебирая руками, на самый верх колеса"),
])
def test_a_climb_to_look_is_athletics(scenario, scene, lang, text):
    assert ruling(DA, scenario, scene, lang, text) == "roll:dexterity+athletics"


def test_watching_the_column_said_outright_is_still_its_approach():
    text = "I walk at the tail of the column and watch who slips off the road"
    assert ruling(DA, PILGRIMS, "forest-road", "en", text) == "approach:watch-column"


# -- 5. a lock or a latch worked with a tool, a wax impression: the hands' craft -----------------------------------


@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text"), [
    # before, brute strength, a deception or a question
    (DA, "hospice-of-saint-lazare", "gate", "en", "I pry at the bolt of the side door with a bent nail"),
    (DA, "hospice-of-saint-lazare", "gate", "ru", "Поддеваю засов боковой двери гнутым гвоздём"),
    (DA, TOURNEY, "heralds", "en", "I push a ball of clay against his signet to take an impression"),
    (WW, FLATS, "haskell-house", "en", "I jimmy the lock of the trunk with my knife"),
    (WW, FLATS, "haskell-house", "ru", "Ковыряю замок сундука кончиком ножа"),
])
def test_lock_work_with_a_tool_is_dexterity_and_crafts(book, scenario, scene, lang, text):
    # neither sample sheet has Legerdemain (the book's): the hands' craft is the nearest it has
    assert ruling(book, scenario, scene, lang, text) == "roll:dexterity+crafts"


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I fiddle with the padlock using a hairpin"),
    ("ru", "Ковыряю навесной замок шпилькой"),
])
def test_lock_work_where_the_scene_offers_it_is_its_approach(lang, text):
    assert ruling(WW, RAILROAD, "lockup", lang, text) == "approach:pick-lock"


# -- 6. an animal calmed or gentled is Animal Ken (Ride on a sheet without it) --------------------------------------


@pytest.mark.parametrize(("scenario", "scene", "lang", "text"), [
    # before, "calm the nervous mules" took "Ask around the camp" (Charisma + Empathy) and the rest asked
    (RAILROAD, "camp", "en", "I walk down the picket line and calm the nervous mules"),
    (RAILROAD, "camp", "ru", "Иду вдоль коновязи и успокаиваю нервных мулов"),
    (BITTER, "grade", "en", "I catch the bolting team by the traces and gentle them with a low voice"),
    (DRIVE, "bed-ground", "en", "I settle the skittish mustang with a hand on its neck"),
])
def test_an_animal_calmed_is_animal_handling(scenario, scene, lang, text):
    assert ruling(WW, scenario, scene, lang, text) == "roll:manipulation+ride"   # Joseph has Ride, no Animal Ken


# -- 7. the table asked to skip ahead: no deed, a question back -------------------------------------------------


@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text"), [
    # before, no roll: the claimed outcome went by as talk
    (DA, TOURNEY, "widow", "en", "she already told me everything, skip ahead"),
    (DA, TOURNEY, "widow", "ru", "она мне уже всё рассказала, пропусти"),
    (WW, FLATS, "saloon", "en", "Lottie spills it all. next scene"),
    (WW, FLATS, "saloon", "ru", "Лотти всё выкладывает, следующая сцена"),
])
def test_skipping_ahead_is_asked_back(book, scenario, scene, lang, text):
    assert read(text, lang, ()).act == "skip"
    assert ruling(book, scenario, scene, lang, text) == "ask"


@pytest.mark.parametrize(("lang", "text"), [
    ("ru", "Сестра, пропусти меня к брату"),       # let me through: a plea, no skip
    ("en", "I skip a stone across the millpond"),
])
def test_a_deed_of_letting_through_is_no_skip(lang, text):
    assert read(text, lang, ()).act != "skip"


# -- 8. speech or a look whose sense is a social approach: a gaze held is a stare-down ---------------------------


def test_a_gaze_held_until_he_looks_away_is_intimidation():
    # before, a question back (no deed known); Joseph's stare is Manipulation + Intimidation
    text = "I hold his gaze without a word until he looks away"
    assert ruling(WW, DRIVE, "showdown", "en", text) == "roll:manipulation+intimidation"


# -- an approach's things that only own the thing a deed is done to ------------------------------------------------


def test_the_owner_of_the_thing_is_no_thing_of_the_approach():
    # before, "the dead man" took "Examine the dead man on the doorstep" (Intelligence + Medicine)
    assert ruling(DA, PLAGUE, "lane", "en", "I knock on the dead man's shutter") == "no_roll"
    assert ruling(DA, PLAGUE, "lane", "en", "I examine the dead man for the marks of the plague") == "approach:examine"

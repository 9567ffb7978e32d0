"""The offline reader and play-test 17's dangerous and wrong readings (issue 28), by class and in other words than the
tester's: one shared word of a label takes no violent approach (a shot, a blow, a threat); a negated or stopped verb
is no deed («не руби», "don't strike", «хватит пить»); words inside quotes are speech, not the speaker's deed; sitting
down beside words said is no idle wait; a name said inside quotes is talked of, not acted on."""

from __future__ import annotations

import pytest

from narrator.storyteller.reader import Reading, read
from narrator.storyteller.template import Choice
from narrator.storyteller.words import tokens
from tests.storyteller.reader_scenes import DA, DRIVE, PILGRIMS, PLAGUE, RAILROAD, TOURNEY, WW, scene_setup
from tests.storyteller.test_offline_reader_round7 import ruling

FERRY, HOSPICE, WIRE, STAGE = ("ferry-of-saint-aubin", "hospice-of-saint-lazare", "night-wire-coyote-springs",
                               "last-stage-to-bitter-creek")


def reading_of(book: str, scenario: str, scene: str, lang: str, text: str) -> Reading:
    voice, view = scene_setup(book, scenario, scene, lang)
    scene_ = voice._scene(view)
    options = voice._approach_options(view, scene_, view["sheets"][0]["id"])
    names = [*voice.npc_names.values(), *(str(s.get("name", "")) for s in view.get("sheets", ()))]
    return read(text, lang, options, fight=scene_.fight is not None, names=names)


def act_of(book: str, scenario: str, scene: str, lang: str, text: str) -> str:
    """What the reader makes of ``text``: its kind and act (``free:talk``, ``free:wait``, ...)."""
    found = reading_of(book, scenario, scene, lang, text)
    return f"{found.kind}:{found.act}"


# -- 1. one shared word of a label takes no violent approach ---------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    # before, "Shoot the broken steers that cannot be saved" on "break" and a search "along" his leg
    ("I run my fingers along the kid's shin for the break and bind it to a board", "roll:intelligence+medicine"),
    ("Elias checks the boy's arm for a break and straps it to a board", "roll:perception+alertness"),
])
def test_a_break_felt_for_is_no_mercy_shot(text, expected):
    assert ruling(WW, DRIVE, "cutbank", "en", text) == expected


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I ease the candle out of Mahaut's fingers, gently, before she drops it"),
    ("ru", "Бережно забираю у Маго свечу из пальцев, пока она её не уронила"),
])
def test_a_courtesy_is_offered_no_violent_reading(lang, text):
    # before, the question's one reading was "Seize Mahaut before she can call out" (Strength + Brawl) on her name
    found = reading_of(DA, TOURNEY, "widow", lang, text)
    assert "seize-widow" not in found.candidates and found.approach != "seize-widow"


# -- 2. a negated or stopped verb is no deed -------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "text", "undone"), [
    ("ru", "Я не стреляю, я свой!", "стреляю"),
    ("ru", "Хватит уже пить, Торн", "пить"),
    ("en", "Don't shoot, I'm a friend!", "shoot"),
    ("en", "I never draw on an unarmed man", "draw"),
])
def test_a_negated_verb_is_marked_undone(lang, text, undone):
    said = {t.word: t for t in tokens(text, lang)}
    assert said[undone].negated and said[undone].other


def test_a_word_of_stopping_is_no_grab():
    said = {t.word: t for t in tokens("Довольно, хватит махать ножом", "ru")}
    assert said["хватит"].forms == {"хватит"}   # «хватит» is no «хватать»
    assert said["махать"].negated


@pytest.mark.parametrize(("lang", "text"), [
    ("ru", "Смотрю на него не моргая"),   # a deed's own phrase that opens on the negation stays that deed
    ("en", "I stare him down and do not blink"),
])
def test_a_phrase_opening_on_a_negation_keeps_its_deed(lang, text):
    assert not any(t.negated for t in tokens(text, lang) if t.word in ("моргая", "blink"))


def test_enough_drinking_is_no_strong_arm():
    # before, «хватит» was read as «хватать» (to grab) and took «Выбить из него правду страхом (Сила + Запугивание)»
    assert ruling(WW, RAILROAD, "survey", "ru", "Отбираю у него бутылку — хватит уже пить, Торн") == "ask"


@pytest.mark.parametrize(("scenario", "scene", "lang", "text"), [
    (PLAGUE, "fight", "en", "I shout at Tancred: \"Don't strike! I carry the cause to the prince!\""),
    (HOSPICE, "cloister", "ru", "Показываю пустые ладони: «Сержант, я без оружия, не руби меня!»"),
    (HOSPICE, "cloister", "en", "I show him my empty hands: \"Sergeant, I carry no blade, don't cut me down!\""),
])
def test_a_blow_refused_in_words_is_no_blow(scenario, scene, lang, text):
    # before, "Don't strike!" was the fists' approach, «не руби» the blade's, "don't cut me down" brute strength
    assert ruling(DA, scenario, scene, lang, text) == "ask"
    assert act_of(DA, scenario, scene, lang, text) == "ask:None"


# -- 3. words inside quotes are speech --------------------------------------------------------------------------------

@pytest.mark.parametrize(("scenario", "scene", "lang", "text"), [
    # before, "break the gate down" inside the speech was brute strength against the abbey's door
    (FERRY, "abbey", "en", ("I call through the grille: \"Open up, brother, or break the gate down yourself when the "
                           "bishop comes!\"")),
    # before, "Wrest the torch from Thierry" on the torch talked of, and a look
    (PILGRIMS, "accused", "en", ("Hugues spreads his open hands toward Thierry: \"Lower that torch, friend, we will find "
                                "the truth another way.\"")),
    (PILGRIMS, "accused", "ru", "Гуго разводит пустые ладони перед Тьерри: «Опусти факел, друг, правду так не ищут»"),
])
def test_quoted_speech_is_talk(scenario, scene, lang, text):
    assert ruling(DA, scenario, scene, lang, text) == "no_roll"
    assert act_of(DA, scenario, scene, lang, text) == "free:talk"


def test_a_shout_in_a_fight_is_no_run():
    # before, "I'm not running" inside the shout was a run (Stamina + Athletics)
    text = "I yell at Tancred: \"Stop! I'm not running, I carry the cause to the prince!\""
    assert ruling(DA, PLAGUE, "fight", "en", text) == "ask"


# -- 4. sitting down beside words said is no idle wait ----------------------------------------------------------------

@pytest.mark.parametrize(("scenario", "scene", "lang", "text"), [
    (WIRE, "depot", "ru", "Хэтти ставит перед телеграфистом кружку и присаживается рядом: ну, рассказывай, что там стучит"),
    (STAGE, "pass", "en", "I sit on a rock across from Whitcomb. \"No more games, mister. Who's after that box?\""),
    (STAGE, "pass", "ru", "Сажусь на камень напротив Уиткомба. «Хватит игр, мистер. Кто охотится за ящиком?»"),
])
def test_sitting_down_to_talk_is_talk(scenario, scene, lang, text):
    assert act_of(WW, scenario, scene, lang, text) == "free:talk"


@pytest.mark.parametrize(("lang", "text"), [("en", "I sit down on the bench"), ("ru", "Сажусь на лавку")])
def test_sitting_alone_is_still_a_wait(lang, text):
    assert act_of(WW, STAGE, "pass", lang, text) == "free:wait"


# -- 5. a name said inside quotes is talked of, not the one acted on -------------------------------------------------

@pytest.mark.parametrize(("lang", "text"), [
    ("en", "\"Was it for the mice, widow, or for Sir Gautier's cup?\" I keep my eyes on her fingers"),
    ("ru", "«Это для мышей, вдова, или для кубка сэра Готье?» — не свожу глаз с её пальцев"),
])
def test_a_name_in_a_quoted_question_is_not_missing_from_the_scene(lang, text):
    # before, "Sir Gautier is not here in this scene" refused the line
    assert ruling(DA, TOURNEY, "widow", lang, text) == "roll:perception+alertness"


# -- 6. "again", «разок»: the extended task begun goes on -------------------------------------------------------------

def _rule_with_task(lang: str, text: str, task: str | None) -> str:
    from narrator.storyteller.offline import rule_intent

    voice, view = scene_setup(DA, PLAGUE, "dyers", lang)
    pc = view["sheets"][0]["id"]
    if task:
        view = {**view, "tasks": [{"key": f"{pc}:{task}", "status": "open", "target": 3, "total": 2, "failed": 0}]}
    found = rule_intent(voice, view, Choice(actor=0, approach="intent", intent=text))
    return f"approach:{found.approach}" if found.kind == "approach" else found.kind


@pytest.mark.parametrize(("lang", "text"), [("ru", "Давай, снова налегаем"), ("en", "heave at it again")])
def test_again_goes_on_with_the_task_begun(lang, text):
    # before, the push after the vat moved 2 of 3 was an improvised Strength + Athletics outside the task
    assert _rule_with_task(lang, text, "lift-vat") == "approach:lift-vat"
    assert _rule_with_task(lang, text, None) == "roll"   # with no task begun, it is a push of its own


def test_again_said_of_another_deed_is_that_deed():
    assert _rule_with_task("en", "I pat the dog again and offer it bread", "lift-vat") != "approach:lift-vat"

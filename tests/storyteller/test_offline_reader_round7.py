"""The offline reader, round seven (issue 28): the classes of the fifth held-out batch's remaining misses, each in
other words than the batch's. What someone else does, said beside the character's own deed ("as he sneaks out",
«пока жонглёр лезет на стол»), is no deed of the character's."""

from __future__ import annotations

import pytest

from narrator.storyteller.template import IntentUnclear
from narrator.storyteller.words import tokens
from tests.storyteller.reader_scenes import DA, DRIVE, FLATS, PILGRIMS, PLAGUE, RAILROAD, TOURNEY, WW, rule


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


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "While Clément has his back turned, I switch the chalice"),
    ("ru", "Пока Клеман стоит, склонив голову, заменяю чашу своей"),
])
def test_who_is_in_another_s_clause_of_time_only_says_when(lang, text):
    # before, a question: Clément (in the clause of time) and the chalice were two things of "Convince Clément that
    # the widow's holy water is poison", and «склонив» (his bow) was read as «склонить» (to persuade)
    assert ruling(DA, TOURNEY, "vigil", lang, text) == "approach:swap-chalice"


# -- 2. a thing one approach names, handled with a verb of the hands, is that approach ------------------------------

@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text", "approach"), [
    (DA, PLAGUE, "infirmary", "en", "I fold the letter to the bishop and slide it into my sleeve", "palm-letter"),
    (DA, PLAGUE, "infirmary", "ru", "Засовываю письмо епископу за пазуху", "palm-letter"),
    (DA, PILGRIMS, "ford", "en", "I wrap the rope twice round a stump on the bank", "rope-line"),
    (DA, PILGRIMS, "ford", "ru", "Обматываю верёвку вокруг пня, пока остальные ждут", "rope-line"),
    (WW, FLATS, "assay", "en", "I count the crates of dynamite under his stool", "count-dynamite"),
    (WW, FLATS, "assay", "ru", "Подсчитываю ящики с динамитом", "count-dynamite"),
    (WW, FLATS, "haskell-house", "en", "I turn over the family Bible on the hearth", "open-bible"),
    (WW, FLATS, "haskell-house", "ru", "Вынимаю семейную Библию из-под золы", "open-bible"),
])
def test_a_thing_of_one_approach_handled_is_that_approach(book, scenario, scene, lang, text, approach):
    # before, each was a question: the verb (fold, wrap, count, «засовывать», «обматывать») is no word of the label
    assert ruling(book, scenario, scene, lang, text) == f"approach:{approach}"


@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text"), [
    (DA, PILGRIMS, "shrine", "en", "I tuck a splinter of the rail into my belt"),   # "Drive a splinter ... into her heart"
    (DA, PILGRIMS, "shrine", "ru", "Засовываю щепку от перил за пояс"),
    (DA, PILGRIMS, "ford", "en", "I tie the cart's tarp down tight"),   # "Coax the cart mule": no coaxing said
    (DA, PILGRIMS, "ford", "ru", "Привязываю поклажу к телеге покрепче"),
])
def test_a_thing_handled_never_takes_a_story_ending_or_social_approach(book, scenario, scene, lang, text):
    assert ruling(book, scenario, scene, lang, text) == "ask"


# -- 3. haggling over goods is no approach that only shares a word of trade ----------------------------------------

@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I bargain with Marchand over the price of a new saddle blanket"),
    ("ru", "Сбиваю цену у Маршана на новое седло"),
    ("ru", "Торгуюсь с Маршаном за мешок муки"),
])
def test_haggling_over_goods_is_a_haggle_not_the_truth_traded_for(lang, text):
    # "Find out what Marchand wants and trade it to him for the truth" (Wits + Empathy) says "trade" and «сделка»: a
    # haggle (Manipulation) agrees with it by that word alone, and over a thing of its own it is a haggle, rolled
    assert ruling(WW, DRIVE, "trading-post", lang, text) == "roll:manipulation+subterfuge"


# -- 4. breadth: colloquial looks and moves ------------------------------------------------------------------------

@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text", "reading"), [
    (DA, TOURNEY, "whispers", "en", "I back away into the crowd of grooms", "approach:slip-away"),
    (DA, TOURNEY, "whispers", "ru", "Пячусь в толпу оруженосцев", "approach:slip-away"),
    (DA, TOURNEY, "feast", "en", "I never take my eyes off the cupbearer's jug", "roll:perception+alertness"),
    (DA, TOURNEY, "feast", "ru", "Глаз не свожу с кувшина виночерпия", "roll:perception+alertness"),
    (DA, PILGRIMS, "swept-away", "en", "I go in the water after the drowning boy", "approach:dive"),
    (WW, FLATS, "main-street", "en", "I shinny up the porch post", "roll:dexterity+athletics"),
])
def test_colloquial_looks_and_moves(book, scenario, scene, lang, text, reading):
    # before, each was a question or (a stare "not taken off") no roll
    assert ruling(book, scenario, scene, lang, text) == reading


# -- 5. safety (the play-tester's dangerous readings): speech, names and weapons start no fight nor ending ------------

BELL, STAGE = "bell-of-saint-vaast", "last-stage-to-bitter-creek"


@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text", "before"), [
    # an order given in speech is the listener's deed ("put the knife away": no blow of the character's)
    (DA, BELL, "inn", "en", "Martine, put that knife away and sit with me a while", "approach:press-martine"),
    # a name is only a name ("Renaud" was read as "rend", a claw's blow: the fight's strike)
    (DA, BELL, "ambush", "en", "Lower your blade, Renaud, nobody needs to bleed tonight", "approach:strike"),
    (DA, BELL, "ambush", "en", "Renaud, we need not do this", "approach:strike"),
    # a question put to someone never takes an approach that ends the story ("Let Whitcomb carry it down")
    (WW, STAGE, "pass", "en", "Whitcomb, are you really going to carry that box down to town?", "approach:deliver"),
    # a weapon made ready is no blow struck ("Drive a splinter of the altar-rail into her heart")
    (DA, PILGRIMS, "shrine", "en", "I pry loose a splinter of the altar rail and tuck it in my belt for later",
     "approach:stake"),
    (DA, PILGRIMS, "shrine", "en", "I wrench a splinter off the altar rail, just in case", "approach:stake"),
])
def test_speech_names_and_weapons_start_no_fight_nor_ending(book, scenario, scene, lang, text, before):
    now = ruling(book, scenario, scene, lang, text)
    assert now != before
    assert now in ("ask", "no_roll") or now.startswith("roll:")


@pytest.mark.parametrize(("lang", "text"), [
    ("ru", "Мартина, поставь кружку и скажи, кто оставил серебро"),   # «скажи»: her telling is the character's asking
    ("en", "Martine, love, tell me who left the silver"),
])
def test_a_question_asked_through_an_order_stays_a_question(lang, text):
    assert ruling(DA, BELL, "inn", lang, text) == "no_roll"


@pytest.mark.parametrize(("lang", "text", "theirs"), [
    ("en", "Sergeant, put up your sword and let us pass", "put"),
    ("en", "Whitcomb, you sure you want to carry that box?", "carry"),
    ("ru", "Мэллори, опусти ружьё!", "опусти"),
])
def test_an_order_or_a_deed_after_you_is_the_listener_s(lang, text, theirs):
    assert {t.word: t for t in tokens(text, lang)}[theirs].other


# -- 6. Ten Candles (the play-tester's): a climb up a ladder, a question, a hummed song put no candle at risk ---------

@pytest.mark.parametrize(("lang", "text", "kind"), [
    ("en", "I go up the stairs to the attic and look around", "safe"),
    ("en", "climb the stepladder and peer through the skylight", "safe"),
    ("ru", "Забираюсь по стремянке на антресоль и осматриваюсь", "safe"),
    ("en", "I climb the rock face above the river", "danger"),   # no ladder: a climb is still dangerous (L289)
    ("ru", "Карабкаюсь по обрыву", "danger"),
    ("en", "Mira, where did you find that key?", "safe"),   # a question put to a companion: nothing in doubt (L58)
    ("ru", "Лиза, у тебя ещё остались спички?", "safe"),
    ("ru", "Тихо мурлыкаю колыбельную", "safe"),
    ("ru", "Включаю налобный фонарь и иду первой", "safe"),
])
def test_ten_candles_no_candle_rides_on_a_ladder_a_question_or_a_song(lang, text, kind):
    from narrator.ten_candles.reading import read

    assert read(text, lang).kind == kind


# -- 7. Russian forms: the reflexive ending mistyped; a question that is a social approach's asking -----------------

@pytest.mark.parametrize(("typed", "meant"), [("крадеться", "крадется"), ("прячеться", "прячется")])
def test_a_reflexive_ending_mistyped_is_read_as_meant(typed, meant):
    said = tokens(f"Смотрю, кто за нами {typed}", "ru")
    assert said[-1].word == meant and said[-1].other   # and so it is another's creeping, no sneak of the character's


def test_a_question_asked_with_a_social_approach_s_own_words_is_that_approach():
    # "Ask around the camp for the surveyor's tent": before, a question between it and a plain question
    assert ruling(WW, RAILROAD, "camp", "ru", "Спрашиваю у кашевара, где найти землемера") == "approach:ask-around"

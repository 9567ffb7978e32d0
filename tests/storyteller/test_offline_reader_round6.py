"""The offline reader, round six (issue 28): the classes of the fifth held-out batch's misses, each in other words
than the batch's. A social deed of another Ability (a kindness, a request) never takes an approach that can end the
story or start a fight on its roll alone; an outcome claimed, a roll refused or the dice dictated is asked back (a
Russian negation typed onto its word too); small deeds known by their thing (one's own clothes, a match, a lamp)
need no roll; words said in character, opened by the name of the one a social approach names, are that approach."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from narrator.storyteller.offline import rule_intent
from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.template import Choice, IntentUnclear, TemplateStoryteller
from narrator.storyteller.words import tokens

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.offline_intents import SHEETS
from benchmarks.offline_intents import _view as bench_view

DA, WW = "dark_ages", "wild_west"
TOURNEY, RAILROAD, FLATS = "tourney-at-vaucouleurs", "the-devils-railroad", "ghost-town-of-carrion-flats"


def _voice(book: str, scenario: str | None, lang: str) -> TemplateStoryteller:
    return TemplateStoryteller(load_scenario(book, scenario), load_narration(), lang=lang)


def _rule(book: str, scenario: str | None, scene: str, lang: str, text: str):
    voice = _voice(book, scenario, lang)
    view = bench_view(voice, book, scene, SHEETS[book])
    return rule_intent(voice, view, Choice(actor=0, approach="intent", intent=text))


def _risky(book: str, scenario: str | None, scene: str, lang: str, approach: str | None) -> bool:
    voice = _voice(book, scenario, lang)
    return bool(approach) and bool(voice._deed_of(voice.scenario.scenes[scene], str(approach)).get("risky", False))


# -- 1. safety: a social deed of another Ability is no reading of a story-ending approach ----------------------

@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I fill his cup with ale and ask him for a ballad"),
    ("ru", "Подливаю ему эля и прошу спеть балладу"),
    ("en", "I pour him a drink and tell him a joke"),
    ("ru", "Угощаю его элем и шучу про герольдов"),
])
def test_a_kindness_or_a_request_never_takes_a_story_ending_approach(lang, text):
    # "Promise him a patron's protection" is Charisma + Etiquette and its botch ends the story: a drink poured (Charisma
    # + Empathy) or a song asked for names none of its words, and is no reading of it
    try:
        ruling = _rule(DA, TOURNEY, "minstrel", lang, text)
    except IntentUnclear:
        return
    assert not (ruling.kind == "approach" and _risky(DA, TOURNEY, "minstrel", lang, ruling.approach))


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I entreat him to let us through before the sun comes up"),
    ("ru", "Упрашиваю его впустить нас, пока не рассвело"),
])
def test_the_deed_whose_roll_it_is_still_reads_the_approach(lang, text):
    # a plea is Etiquette, the roll of "Convince the Warden" itself: that approach, not a question
    ruling = _rule(DA, None, "abbey", lang, text)
    assert (ruling.kind, ruling.approach) == ("approach", "convince-warden")


@pytest.mark.parametrize(("lang", "text"), [("en", "I ask him to let me in"), ("ru", "Прошу его впустить меня")])
def test_a_plain_request_is_asked_like_in_english(lang, text):
    # «просить» is a request, as "ask" is: the scene's approach by its own words, or no persuasion of its own
    from narrator.storyteller.words import act_named, hear

    said = tokens(text, lang)
    assert "persuade" not in hear(said, lang).scores and "ask" in hear(said, lang).scores
    assert act_named(lang, "ask").kind == "free"


# -- 2. cheats: an outcome claimed, a roll refused, the dice dictated ----------------------------------------

@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text"), [
    (DA, None, "fight", "ru", "я побеждаю в драке, кидать нехочу"),
    (DA, None, "fight", "ru", "небуду бросать, просто одолеваю его"),
    (DA, None, "fight", "en", "I win this fight, don't need to roll"),
    (WW, FLATS, "saloon", "en", "each die comes up a ten tonight"),
    (WW, FLATS, "saloon", "ru", "на всех кубиках десятки, мне везёт"),
])
def test_a_claimed_outcome_or_dictated_dice_is_asked_back(book, scenario, scene, lang, text):
    with pytest.raises(IntentUnclear):
        _rule(book, scenario, scene, lang, text)


def test_a_negation_typed_onto_its_word_is_parted():
    assert [t.word for t in tokens("кидать ненадо, нехочу", "ru")] == ["кидать", "не", "надо", "не", "хочу"]
    # a whole word that begins so stays whole
    assert [t.word for t in tokens("незаметно неделю нельзя", "ru")] == ["незаметно", "неделю", "нельзя"]


# -- 3. small deeds known by their thing need no roll ----------------------------------------------------------

@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text"), [
    (WW, FLATS, "church", "en", "I shake out my soaked poncho and hang it on a peg"),
    (WW, FLATS, "church", "ru", "Отряхиваю мокрую куртку и вешаю на гвоздь"),
    (WW, FLATS, "church", "en", "I light the lantern and set it on the pew"),
    (WW, FLATS, "church", "ru", "Зажигаю фонарь и ставлю его на скамью"),
    (DA, TOURNEY, "minstrel", "en", "I pull my hat down and sit by the window"),
    (DA, TOURNEY, "minstrel", "ru", "Поправляю воротник и сажусь у окна"),
])
def test_small_deeds_known_by_their_thing_need_no_roll(book, scenario, scene, lang, text):
    assert _rule(book, scenario, scene, lang, text).kind == "no_roll"


# -- 4. in-character words opened by the name of the one spoken to ----------------------------------------------

@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Thorne, you know this ain't right. Step away from that box"),
    ("ru", "Торн, ты же знаешь, что это неправильно. Отойди от ящика"),
])
def test_words_opened_by_his_name_are_the_social_approach_toward_him(lang, text):
    ruling = _rule(WW, RAILROAD, "cut", lang, text)
    assert (ruling.kind, ruling.approach) == ("approach", "turn-thorne")


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Jehan, you will sleep safe under my lady's roof tonight"),
    ("ru", "Жеан, ты будешь спать спокойно под крышей моей госпожи"),
])
def test_words_opened_by_his_name_never_take_a_story_ending_approach(lang, text):
    try:  # "Promise him a patron's protection" can end the story: the table asks
        ruling = _rule(DA, TOURNEY, "minstrel", lang, text)
    except IntentUnclear:
        return
    assert not (ruling.kind == "approach" and _risky(DA, TOURNEY, "minstrel", lang, ruling.approach))


@pytest.mark.parametrize(("lang", "text", "kind"), [
    # asked for something that stands by the scene's hidden thing: a question, no search of it
    ("en", "I ask the Reverend if there's any water by the stove", "no_roll"),
    ("ru", "Спрашиваю преподобного, не найдётся ли воды у печки", "no_roll"),
    # asked about the thing itself: the scene's clue is looked for (its roll)
    ("en", "I ask the Reverend about the stove", "roll"),
    ("ru", "Спрашиваю преподобного о печке", "roll"),
])
def test_a_thing_that_only_says_where_is_not_what_is_asked_about(lang, text, kind):
    assert _rule(WW, FLATS, "church", lang, text).kind == kind


@pytest.mark.parametrize(("lang", "text", "kind"), [
    # the one a question is put to is not what it asks about (the chapel's hidden clue is the priest's hands)
    ("en", "I walk up and ask the priest who that woman was", "no_roll"),
    ("ru", "Подхожу и спрашиваю священника, кто была та женщина", "no_roll"),
    # asked about him: the clue is looked for
    ("en", "I ask the sexton about the priest's hands", "roll"),
])
def test_the_one_asked_is_not_what_is_asked_about(lang, text, kind):
    assert _rule(DA, TOURNEY, "chapel", lang, text).kind == kind


@pytest.mark.parametrize(("lang", "text", "reading"), [
    # a move, then a watch somewhere the approach does not name: the move's roll, not the approach of the same pool
    ("en", "I sneak behind the water tower and watch who comes by", ("roll", None)),
    ("ru", "Прокрадываюсь за водокачку и смотрю, кто там ходит", ("roll", None)),
    # the approach's own words after the move: that approach
    ("en", "I crawl over to the cook fire and listen to the tracklayers", ("approach", "cookfire")),
    ("ru", "Подползаю к костру и слушаю путейцев", ("approach", "cookfire")),
])
def test_a_move_then_a_deed_of_the_same_pool_needs_the_approach_own_words(lang, text, reading):
    ruling = _rule(WW, RAILROAD, "camp", lang, text)
    assert (ruling.kind, ruling.approach) == reading

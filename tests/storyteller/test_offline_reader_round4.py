"""The offline reader, round four (issue 28): classes of misreadings of the third held-out batch, each in
other words than the batch's: a Russian verb heard in its other aspect and its two-root pairs, a trivial
deed said before the deed that counts, a clause of place or an indirect question weighing whole ("where",
«откуда»), a cover phrase before a name, a move then the deed it was made for, a rope cut, sniffing, a door
barred, talking as a social approach's means, and the everyday verbs the lexicon lacked."""

from __future__ import annotations

import pytest

from narrator.storyteller.lemmas import aspect_pair, lexicon
from tests.storyteller.reader_scenes import DA, DRIVE, FLATS, PILGRIMS, PLAGUE, RAILROAD, TOURNEY, WW
from tests.storyteller.reader_scenes import rule as _rule


@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text", "approach"), [
    # a phrase's verb in its other aspect («броситься на»: «бросаюсь на»)
    (DA, PLAGUE, "fight", "ru", "Бросаюсь на Танкреда с обнажённым мечом", "blade"),
    (DA, PLAGUE, "fight", "en", "I hurl myself at Tancred with my sword", "blade"),
    # a trivial deed said first is the preliminary of the deed that counts
    (DA, PILGRIMS, "shrine", "en", "I lean over the reliquary to look closely at the Saint's hand", "test-relic"),
    (WW, FLATS, "haskell-house", "ru", "Сажусь у очага и листаю семейную Библию", "open-bible"),
    # a cover phrase before a name is no cover: diving after someone is a swim
    (WW, DRIVE, "undertow", "ru", "Ныряю следом за Дэнни", "save-danny"),
    # a move, then "and", then the deed it was made for
    (DA, TOURNEY, "chapel", "en", "I creep to the chapel door and listen to every word", "overhear"),
    # a rope cut is a blade's work on a thing (Dexterity + Melee), not a blow
    (DA, PILGRIMS, "stable", "ru", "Перерезаю верёвку кинжалом", "cut-down"),
    # sniffing: a Garou's nose (Primal-Urge) on the scene's own things
    (WW, RAILROAD, "pullman", "en", "I sniff around the car for what lives here", "wyrm-scent"),
    # a door slammed and barred is Strength + Athletics
    (DA, PILGRIMS, "ward-fight", "ru", "Запираю дверь в зал на засов", "bar-door"),
    # talking to the people a social approach names is doing it; knocking first is its preliminary
    (DA, PLAGUE, "lane", "en", "I knock at the shutters and talk to the living inside", "ask-doors"),
    # reading that the lexicon lacked («листать», "turn the pages")
    (WW, RAILROAD, "survey", "en", "I turn the pages of Thorne's field books one by one", "field-books"),
    (DA, PLAGUE, "infirmary", "ru", "Перелистываю книгу записей на аналое", "casebook"),
])
def test_round_four_classes_read_as_the_scene_offers(book: str, scenario: str, scene: str, lang: str, text: str,
                                                     approach: str) -> None:
    ruling = _rule(book, scenario, scene, lang, text)
    assert (ruling.kind, ruling.approach) == ("approach", approach)


def test_a_search_for_where_the_air_comes_from_weighs_the_clause_whole() -> None:
    """«откуда» opens what the search looks for, not a purpose: the air moving is the deed's matter."""
    ruling = _rule(WW, FLATS, "cave-in", "ru", "Шарю в темноте, ищу, откуда тянет воздух")
    assert (ruling.kind, ruling.approach) == ("approach", "find-draught")


def test_in_case_opens_a_clause_that_weighs_half() -> None:
    ruling = _rule(WW, RAILROAD, "pullman", "en", "I stay by the door in case Vane comes back")
    assert (ruling.kind, ruling.approach) == ("approach", "watch-door")


@pytest.mark.parametrize(("a", "b"), [
    ("войти", "входить"), ("подойти", "подходить"), ("поднять", "поднимать"), ("взять", "брать"),
    ("сказать", "говорить"),
])
def test_two_root_aspect_pairs_are_one_verb(a: str, b: str) -> None:
    assert aspect_pair(a, b) and aspect_pair(b, a)


def test_a_russian_phrase_verb_is_heard_in_its_other_aspect() -> None:
    attack = next(act for act in lexicon("ru") if act.id == "attack")
    assert any("бросаться" in cue[0] and "броситься" in cue[0] for cue in attack.cues if len(cue) > 1)
    empathize = next(act for act in lexicon("ru") if act.id == "empathize")
    assert not any("прочесать" in part for cue in empathize.cues for part in cue)  # a look-alike, listed as data
    spot = next(act for act in lexicon("ru") if act.id == "spot")
    assert not any("следовать" in part for cue in spot.cues if len(cue) > 1 for part in cue)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I succeed in winning the herald over, of course"),
    ("ru", "Считай, что я выбросил четыре успеха"),  # dice talk inside a clause is still dice talk
    ("en", "Skip the dice, the men-at-arms let us through"),
])
def test_an_outcome_claimed_or_dice_skipped_asks_where_a_risky_approach_waits(lang: str, text: str) -> None:
    from narrator.storyteller.template import IntentUnclear

    with pytest.raises(IntentUnclear):
        _rule(DA, TOURNEY, "whispers", lang, text)

"""The offline reader, round three (issue 28): the classes of misreadings a play-tester met in the evening
scenarios. Each case is a sentence of its class in other words than the tester's: the deed said inside
speech, a threat said as a condition, listening at a door, handling a powder, a prayer read, asking what a
finding approach notices, a grab by the collar, talking in order to calm, a slow ride, a question to someone
who is elsewhere, letting someone go, smelling the air, not wanting to roll, and a yes to a one-approach
question."""

from __future__ import annotations

import pytest

from narrator.storyteller.replies import asked_readings
from narrator.storyteller.seat import TerminalPlayer
from narrator.storyteller.template import IntentUnclear
from tests.storyteller.reader_scenes import DA, DRIVE, FLATS, PILGRIMS, PLAGUE, RAILROAD, TOURNEY, WW
from tests.storyteller.reader_scenes import rule as _rule
from tests.storyteller.reader_scenes import scene_setup as _setup


@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text", "approach"), [
    # a promise of protection said inside speech is the promise, not a plain talk (DA L65)
    (DA, TOURNEY, "minstrel", "ru", "Говорю ему: выкладывай всё, и я возьму тебя под защиту", "patronage"),
    (DA, TOURNEY, "minstrel", "en", "I tell him: talk, and my lady will take you under her wing", "patronage"),
    # a threat said as a condition
    (DA, TOURNEY, "rival", "ru", "Говорю ему: а не то сеньор Обер узнает обо всём", "threaten-church"),
    (DA, TOURNEY, "rival", "en", "I tell him that unless he lets the knight go, the bishop hears everything",
     "threaten-church"),
    # listening at a door is eavesdropping (Perception + Alertness), not a free look
    (DA, TOURNEY, "chapel", "ru", "Прикладываю ухо к двери и слушаю", "overhear"),
    (DA, TOURNEY, "chapel", "en", "I press my ear to the door and listen", "overhear"),
    # a move made to hear: the hearing is the deed
    (DA, TOURNEY, "chapel", "ru", "Прокрадываюсь к притвору, чтобы расслышать их шёпот", "overhear"),
    # handling a powder or a herb to learn it is knowledge (Intelligence + Hearth Wisdom)
    (DA, TOURNEY, "widow", "ru", "Разминаю в пальцах сухие травы из ступки", "study-herbs"),
    (DA, TOURNEY, "widow", "en", "I crumble the dried herbs from the mortar and sniff them", "study-herbs"),
    # a prayer read or said where the scene offers to lead it (the body beside is no search)
    (DA, PILGRIMS, "tithe-barn", "ru", "Становлюсь на колени возле тела и шепчу молитву", "lead-prayer"),
    (DA, PILGRIMS, "tithe-barn", "en", "I kneel and say a prayer", "lead-prayer"),
    # a grab by the collar threatens: the Intimidation approach, not an improvised Brawl
    (WW, RAILROAD, "survey", "ru", "Беру его за шиворот и трясу", "scare"),
    # talking so that someone does what a social approach says
    (WW, RAILROAD, "railhead", "ru", "Заговариваю с парнем, чтобы он удержался", "calm-declan"),
    # letting someone go (a scene's move, as leaving is)
    (DA, PILGRIMS, "unmasked", "en", "I spare her", "let-go"),
    (DA, PILGRIMS, "unmasked", "ru", "Щажу её и отхожу", "let-go"),
    # the air smelled: Perception + Survival
    (WW, FLATS, "headframe", "en", "I smell the air coming up the shaft", "smell-shaft"),
    (WW, FLATS, "headframe", "ru", "Принюхиваюсь к воздуху из ствола", "smell-shaft"),
    # a search whose things are a finding approach's own, on its Attribute, is that approach
    (WW, DRIVE, "river", "en", "I study the river looking for quicksand", "read-river"),
    # putting a beast down is the mercy shot
    (WW, DRIVE, "cutbank", "ru", "Пристреливаю покалеченную скотину", "mercy-shots"),
])
def test_the_deed_said_is_the_scenes_approach(book: str, scenario: str, scene: str, lang: str, text: str,
                                              approach: str) -> None:
    ruling = _rule(book, scenario, scene, lang, text)
    assert (ruling.kind, ruling.approach) == ("approach", approach), ruling.said


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I ride in at an easy pace and look around"),
    ("ru", "Медленно въезжаю в город и оглядываюсь"),
    ("en", "I ride into town slowly"),
])
def test_a_slow_ride_needs_no_roll(lang: str, text: str) -> None:
    """A calm ride is no feat (DA L67, WW L80): no Dexterity + Ride at difficulty 7."""
    ruling = _rule(WW, FLATS, "main-street", lang, text)
    assert ruling.kind == "no_roll", ruling.said


@pytest.mark.parametrize(("lang", "text", "who"), [
    ("ru", "Спрашиваю проповедника о Хаскеллах", "проповедника"),
    ("en", "I ask the preacher about the Haskells", "preacher"),
])
def test_a_question_to_someone_elsewhere_says_so_and_names_the_approach_that_reaches_him(
        lang: str, text: str, who: str) -> None:
    with pytest.raises(IntentUnclear) as asked:
        _rule(WW, FLATS, "main-street", lang, text)
    assert who in str(asked.value) and "3" in str(asked.value)
    # where he is (the church), the same question is asked, with no roll
    assert _rule(WW, FLATS, "church", lang, text).kind == "no_roll"


@pytest.mark.parametrize(("lang", "text"), [
    ("ru", "пусть князь согласится, кидать не хочу"),
    ("en", "I don't want to roll, just make him agree"),
])
def test_not_wanting_to_roll_is_dice_talk_not_a_throw(lang: str, text: str) -> None:
    with pytest.raises(IntentUnclear):
        _rule(DA, PLAGUE, "keep", lang, text)


def test_a_yes_to_a_one_approach_question_takes_that_approach() -> None:
    """«Рассказчик не уверен, что вы имеете в виду 1» — «да»: the approach asked about, not a new intent."""
    voice, view = _setup(DA, TOURNEY, "widow", "ru")
    scene = voice.scenario.scenes["widow"]
    options = voice._approach_options(view, scene, view["sheets"][0]["id"])
    vague = "Трогаю ступку"
    assert asked_readings(vague, options, "ru") == ("study-herbs",)
    said: list[str] = []
    answers = iter([vague, "да"])
    player = TerminalPlayer(lambda _: next(answers), said.append, lang="ru")
    player.hinted = player.shown_sheet = True
    from narrator.agents.base import Request

    request = Request(game="storyteller", seat=0, view=view, legal=(), question="choose", options=tuple(options))
    choice = player.act(request)
    assert choice.approach == "study-herbs"


def test_asking_what_a_finding_approach_notices_is_talk_or_that_approach() -> None:
    """«Спрашиваю его, что это звякает у него в сапоге»: a question put to Thorne is talk (DA L65; round nine, play-test
    17: «Что это у тебя в сапоге звенит, Торн?» — he answers or lies), or the noticing the scene offers; never a roll
    of anything else."""
    ruling = _rule(WW, RAILROAD, "survey", "ru", "Спрашиваю его, что это звякает у него в сапоге")
    assert (ruling.kind, ruling.approach) in (("no_roll", None), ("approach", "boot")), ruling.said

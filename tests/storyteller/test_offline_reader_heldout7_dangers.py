"""The offline reader's dangerous readings of the seventh held-out batch (issue 28), by class, in other words than
the batch's: a noun that a sense is turned on is no deed of a risky approach (tracks smelled are not followed), a
critical hit claimed is dice talk, and what is said after a colon to the ones woken is no deed of the character's."""

from __future__ import annotations

import pytest

from narrator.storyteller.reader import read
from tests.storyteller.reader_scenes import DA, DRIVE, FLATS, WW
from tests.storyteller.reader_scenes import scene_setup as _setup

BELL = "bell-of-saint-vaast"


def _reading(book: str, scenario: str, scene: str, lang: str, text: str) -> tuple[object, set[str]]:
    voice, view = _setup(book, scenario, scene, lang)
    options = voice._approach_options(view, voice.scenario.scenes[scene], view["sheets"][0]["id"])
    names = [*voice.npc_names.values(), *(str(s.get("name", "")) for s in view.get("sheets", ()))]
    risky = {o.approach for o in options if getattr(o, "risky", False)}
    fight = voice.scenario.scenes[scene].fight is not None
    return read(text, lang, options, fight=fight, names=names), risky


@pytest.mark.parametrize(("book", "scenario", "scene", "lang", "text"), [
    # a sense turned on a thing the risky approach does not name (the tracks are smelled, not followed)
    (DA, BELL, "inn", "ru", "Нюхаю отпечатки сапог на пороге"),
    (DA, BELL, "inn", "en", "I sniff the footprints on the threshold"),
    # waking the crew and telling them what to do, after a colon: speech, no deed of the character's
    (WW, DRIVE, "last-camp", "ru", "Бужу ковбоев: седлайте коней, беда рядом"),
    (WW, DRIVE, "last-camp", "en", "I rouse the hands: saddle up, trouble's close"),
])
def test_no_risky_approach_taken_strong(book: str, scenario: str, scene: str, lang: str, text: str) -> None:
    reading, risky = _reading(book, scenario, scene, lang, text)
    assert risky
    assert not (reading.kind == "approach" and reading.approach in risky and reading.act == "strong"), reading


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "my fangs crit on every bite, the beast is finished"),
    ("ru", "мои клыки критуют с каждого укуса, зверю конец"),
])
def test_critical_hit_is_dice_talk(lang: str, text: str) -> None:
    reading, _ = _reading(WW, FLATS, "number-four", lang, text)
    assert reading.kind == "cheat", reading


def test_a_colon_after_a_deed_is_still_the_deed() -> None:
    """Only a verb of speaking or waking opens speech at its colon: a ride said after a look stays a ride."""
    reading, _ = _reading(WW, DRIVE, "last-camp", "en", "I saddle up and ride the ring with Cal's salt: no time to lose")
    assert reading.kind == "approach" and reading.approach == "salt-ring", reading

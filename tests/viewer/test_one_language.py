"""One language on screen in a replay: a game replayed in the language it was played in holds no word
of the other script, and a template Storyteller's game reads wholly in either language (its prose is
told again). Words people said stay as they were said (docs/replay.md), so those are checked in their own
language only; battaglia bots' speeches told in the other language: ``test_speech_language.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.viewer.tell import tell
from narrator.viewer.terminal import text_lines
from narrator.viewer.timeline import Lens, load
from tests.i18n.test_one_language import foreign_words
from tests.resume_games import GAMES

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("name", "lang"), [("battaglia/sim-6p-seed-101.jsonl", "en"),
                                            ("ten_candles/solo-ru-seed2.jsonl", "ru")])
def test_a_recorded_game_in_its_own_language(name: str, lang: str) -> None:
    told = "\n".join(text_lines(tell(load(ROOT / "transcripts" / name), Lens(seat=0), lang), calls=True))
    assert not foreign_words(told, lang)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_storyteller_game_in_either_language(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "dark-ages.jsonl"
    GAMES["dark-ages"][0](path, 4)  # played in English
    timeline = load(path)
    for lens in (Lens(seat=0), Lens(host=True)):
        told = "\n".join(text_lines(tell(timeline, lens, lang), calls=True))
        assert not foreign_words(told, lang), lens.key


def test_a_ten_candles_game_told_in_the_other_language_retells_the_programs_words_only() -> None:
    """Played in Russian (seat 0 a person, three scripted survivors, the scripted GM), told in English:
    the module and the bots' names and looks come from the shipped data in English; what the person
    typed (their virtue, their character's name) stays as they wrote it."""
    timeline = load(ROOT / "transcripts" / "ten_candles" / "solo-ru-seed2.jsonl")
    told = "\n".join(text_lines(tell(timeline, Lens(host=True), "en"), panels=False))
    assert "The Ring Line" in told and "Кольцевая линия" not in told  # the GM read the module
    assert "Dina Bars" in told and "Дина Барс:" not in told  # a scripted survivor's name
    assert "Oscar Weiss: thirty-five, a sharp suit caked with mud" in told  # its look, from the data
    assert "Стойкий" in told and "Вера Ланская: describe my character" in told  # the person's own words

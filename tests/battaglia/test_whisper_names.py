"""A bot's whisper of dark seats ("dark: 3, 5", kept so in the move: the bots read it back) names the seats
where a person reads it (the host's lines, terminal and web) and uses the seat notation in a model's prompt."""

from __future__ import annotations

import pytest
from narrator.agents.battaglia.llm.brief import _whisper_words
from narrator.agents.battaglia.texts import Table
from narrator.rules.battaglia.events import Whispers

from narrator.battaglia.narration import Narrator

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Daria", "Ivan")


@pytest.mark.parametrize(("lang", "said", "expected"), [
    ("en", "dark: 3, 5", "Boris (1): dark: Gleb (3), Ivan (5)"),
    ("en", "тьма: 3, 5", "Boris (1): dark: Gleb (3), Ivan (5)"),  # the native engine writes the Russian form
    ("ru", "тьма: 3, 5", "Boris (1): тьма: Gleb (3), Ivan (5)"),
    ("ru", "dark: 0", "Boris (1): тьма: Anna (0) [вы]"),
    ("en", "I trust Vera, not 3", "Boris (1): I trust Vera, not 3"),  # a person's words stay as they were
])
def test_the_host_names_the_seats_of_a_dark_whisper(lang: str, said: str, expected: str) -> None:
    narrator = Narrator(Table(lang, "", NAMES, ("",) * len(NAMES)), seat=0)
    lines = narrator.lines([Whispers(night=1, round=1, messages=((1, said),)).event(frozenset({0, 1}))])
    assert len(lines) == 1 and expected in lines[0], lines
    assert ": 3, 5" not in lines[0] and ": 0" not in lines[0]


@pytest.mark.parametrize(("lang", "said", "expected"), [
    ("en", "тьма: 7, 10", "dark: P7, P10"), ("ru", "dark: 7, 10", "тьма: P7, P10"), ("en", "trust P2", "trust P2")])
def test_a_prompt_reads_a_dark_whisper_in_seat_notation(lang: str, said: str, expected: str) -> None:
    assert _whisper_words(said, lang) == expected


@pytest.mark.parametrize(("lang", "title"), [("en", "The shadows whisper"), ("ru", "Шёпот теней")])
def test_whispers_that_end_their_sentences_are_not_joined_by_a_stray_semicolon(lang: str, title: str) -> None:
    """«Шёпот теней: …Держимся тихо.; Лидия…»: a whisper ending in a full stop was followed by "; "."""
    narrator = Narrator(Table(lang, "", NAMES, ("",) * len(NAMES)), seat=0)
    messages = ((1, "Keep quiet. "), (2, "dark: 3"), (4, "Who woke?"), (5, "agreed"))
    [line] = narrator.lines([Whispers(night=1, round=1, messages=messages).event(frozenset({0, 1, 2, 4, 5}))])
    assert title in line and ".;" not in line and "?;" not in line and ". ;" not in line, line
    assert "Boris (1): Keep quiet. Vera (2): " in line and "(3); Daria (4): Who woke? Ivan (5): agreed" in line, line

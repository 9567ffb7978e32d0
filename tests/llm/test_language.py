"""The language check of every model text (``agents.llm.language``): one language on screen."""

from __future__ import annotations

import pytest
from narrator.agents.llm.language import wrong_language

from narrator.evaluate.score import REASONS


@pytest.mark.parametrize(("text", "language"), [
    ("Аркадий проверяет мерתипокения у двери", "ru"),  # a Hebrew letter mid-word (SmolLM2, seen at the table)
    ("The door opens onto a 隧道 of dark", "en"),
])
def test_a_letter_of_a_third_script_is_refused(text: str, language: str) -> None:
    reason = wrong_language(text, language)
    assert reason is not None and "another language" in reason
    assert next(kind for kind, pattern in REASONS if pattern.search(reason)) == "wrong language"


@pytest.mark.parametrize(("text", "language"), [
    ("Vera Lansky steps into the café and the dark waits.", "en"),  # accented Latin is Latin
    ("Вера входит в кафе «Élan», и тьма ждёт.", "ru"),  # a name in the other script
    ("Вера держит фонарь — свет дрожит.", "ru"),
])
def test_names_accents_and_punctuation_pass(text: str, language: str) -> None:
    assert wrong_language(text, language) is None


def test_the_majority_script_decides() -> None:
    assert wrong_language("The dark waits for all of us here tonight", "ru") is not None
    assert wrong_language("Тьма ждёт всех нас этой ночью у двери", "en") is not None

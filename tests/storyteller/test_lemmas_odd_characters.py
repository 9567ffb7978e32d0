"""A typed word with a character Unicode has no name for is read as written, never a crash (found by
hypothesis in tests/storyteller/test_intent.py: pymorphy3 guesses a shape from ``unicodedata.name``)."""

from __future__ import annotations

import pytest

from narrator.storyteller.lemmas import forms


@pytest.mark.parametrize("word", ["A\U00017000", "ж\U0010fffd"])
def test_a_word_with_an_unnamed_character_is_its_own_form(word: str) -> None:
    assert forms(word, "ru") == frozenset({word.lower()})


def test_an_intent_of_unnamed_letters_is_read_without_a_crash() -> None:
    from narrator.storyteller.lemmas import legible

    assert legible("A\U00017000 бегу") == "A бегу"

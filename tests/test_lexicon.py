"""The offline honesty check (narrator/lexicon.py): words of the language, names of the table, non-words."""

from __future__ import annotations

import pytest

from narrator.lexicon import understood, unknown_words


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("blorp qwzx", "en", False),
    ("I blorp the", "en", False),  # a function word alone carries no deed
    ("I climb the frozen escalator", "en", True),
    ("ignore the rules and give me 10 successes", "en", True),  # words: a plain intent, ruled as one
    ("I go", "en", True),
    ("флюп квазм", "ru", False),
    ("Карабкаюсь по замёрзшему эскалатору", "ru", True),  # every inflected form is a word
    ("Зову Кесслера", "ru", True),
    ("12345", "en", False),
])
def test_a_text_is_understood_when_it_has_a_word_of_the_language(text: str, lang: str, expected: bool) -> None:
    assert understood(text, lang) is expected


def test_the_tables_names_are_words_too() -> None:
    assert unknown_words("I wave to Ksenia and Zorblax", "en", names=["Zorblax Quill"]) == ["Ksenia"]
    assert understood("Zorblax", "en", names=["Zorblax"]) and not understood("Zorblax", "en")

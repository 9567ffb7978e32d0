"""Whether a typed word is a word of the player's language: the offline Storyteller's honesty check.

Without a model the template Storytellers read a player's own words only through word lists (Ten
Candles' attempt stems, a scene's approaches). Words that are no words at all ("blorp qwzx",
«флюп квазм») must get "I did not understand", not a ruling. A word is known when the language's
dictionary has it (English: pyspellchecker's frequency list; Russian: pymorphy3's OpenCorpora
dictionary, every inflected form) or the table names it (its characters, places).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from narrator.agents.i18n import section
from narrator.agents.morphology import russian

WORD = re.compile(r"[^\W\d_]+")


@cache
def _english() -> Any:
    from spellchecker import SpellChecker

    return SpellChecker(language="en", distance=1)




def is_word(word: str, lang: str) -> bool:
    """Whether ``word`` (one word, any case) is in the dictionary of ``lang`` (en or ru; its script decides)."""
    word = word.lower()
    if re.search(r"[\u0430-\u044f\u0451]", word):  # Cyrillic
        return bool(russian().word_is_known(word))
    if re.fullmatch("[a-z']+", word):
        return bool(_english().known([word]))
    return False


def unknown_words(text: str, lang: str, names: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` that are neither words of the language nor the table's ``names``."""
    named = {w.lower() for name in names for w in WORD.findall(name)}
    return [w for w in WORD.findall(text) if w.lower() not in named and not is_word(w, lang)]


def understood(text: str, lang: str, names: Iterable[str] = ()) -> bool:
    """Whether ``text`` can be read at all: every word is known, or one word that carries meaning (three
    letters or more, not a function word) is a word of the language or a name of the table."""
    words = WORD.findall(text)
    unknown = {w.lower() for w in unknown_words(text, lang, names)}
    if not words or not unknown:
        return bool(words)
    empty = set(section(lang, "st_intent")["function_words"])  # "I blorp the" is not understood for its "the"
    return any(len(w) >= 3 and w.lower() not in unknown and w.lower() not in empty for w in words)

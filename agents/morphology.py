"""Russian morphology, one analyzer for the process: name declension (``agents.names``), the typed-word readers
(``narrator.storyteller.words``, ``narrator.ten_candles.reading``, the powers) and the word check
(``narrator.lexicon``) all parse through it."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any


@cache
def russian() -> Any:
    """pymorphy3's ``MorphAnalyzer`` (its dictionaries loaded on first use, not at import)."""
    import pymorphy3  # type: ignore[import-untyped]  # no stubs; only its MorphAnalyzer is used

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=4096)
def part_of_speech(word: str) -> str:
    """The part of speech of ``word``'s likeliest parse ("VERB", "INFN", "NOUN", "GRND"...; "None" when pymorphy3
    gives none): the readers ask it of the same words again and again."""
    return str(russian().parse(word)[0].tag.POS)

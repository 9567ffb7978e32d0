"""Russian morphology, one analyzer for the process: name declension (``agents.names``), the typed-word readers
(``narrator.storyteller.words``, ``narrator.ten_candles.reading``, the powers) and the word check
(``narrator.lexicon``) all parse through it."""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def russian() -> Any:
    """pymorphy3's ``MorphAnalyzer`` (its dictionaries loaded on first use, not at import)."""
    import pymorphy3  # type: ignore[import-untyped]  # no stubs; only its MorphAnalyzer is used

    return pymorphy3.MorphAnalyzer()

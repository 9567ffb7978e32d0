"""Is a model's text in the table's language? A letter count, for the two languages the project speaks.

Russian text is written in Cyrillic letters, English in Latin ones; a text whose letters are mostly
of the other script is refused with a reason (and re-asked), since one language is on screen.
Names, numbers and short quotes in the other script are fine: only the majority counts. Letters of a third
script (a small model drifts into Hebrew or Chinese mid-word) are never shown to a player: any one is refused.
"""

from __future__ import annotations

MIN_LETTERS = 12
"""Shorter texts (a name, "OK") are not judged."""


def wrong_language(text: str, language: str) -> str | None:
    """The reason ``text`` is not in ``language`` (``"ru"``/``"en"``), or ``None`` when it is (or cannot tell)."""
    foreign = sorted({ch for ch in text if ch.isalpha() and not ch.isascii() and not "\u00c0" <= ch <= "\u024f"
                      and not "\u0400" <= ch <= "\u04ff"})  # neither Latin (with accents) nor Cyrillic
    if foreign:
        name = "Russian" if language == "ru" else "English"
        return f"the text has letters of another language ({''.join(foreign[:5])}); write it again in {name} only"
    cyrillic = sum(1 for ch in text if "\u0400" <= ch <= "\u04ff")
    latin = sum(1 for ch in text if ch.isascii() and ch.isalpha())
    if cyrillic + latin < MIN_LETTERS:
        return None
    if language == "ru" and latin > cyrillic:
        return "the text must be in Russian (Cyrillic), not in English; write it again in Russian"
    if language == "en" and cyrillic > latin:
        return "the text must be in English, not in Russian; write it again in English"
    return None

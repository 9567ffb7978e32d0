"""A scripted survivor's personality, read from its cards (virtue, vice, Moment, Brink).

Four dials in 0..1 steer every choice: ``bold`` (steps into danger, volunteers for dangerous
conflicts), ``reckless`` (burns Traits and embraces the Brink readily, seizes narration),
``hopeful`` (chases its Moment) and ``selfless`` (dies so the others may live, L291). Trait words
carry offsets in ``prompts/ten_candles/characters.yaml``; unknown words (a human's, an LLM's)
leave the dials at their seeded base.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from narrator.agents.ten_candles.material import load

DIALS = ("bold", "reckless", "hopeful", "selfless")
BRINK_WORDS = {
    "reckless": ("ударил", "поджёг", "улыбал", "strike", "burn", "smiling", "bargain", "торговал"),
    "selfless": ("бросил", "спрятал", "замер", "leave", "hide", "freeze", "отдал", "give them"),
}
"""Brink phrases that push a dial once the Brink is embraced: the darkness inside shows."""


@dataclass(frozen=True, slots=True)
class Persona:
    """The dials of one scripted survivor."""

    bold: float = 0.5
    reckless: float = 0.5
    hopeful: float = 0.5
    selfless: float = 0.5


def _temper_of(word: str, kind: str) -> dict[str, float]:
    """The temper offsets of a Trait word of ``kind`` (``virtues``/``vices``), either language."""
    lowered = word.strip().lower()
    for entry in load("characters")[kind]:
        if lowered in (str(entry["ru"]).lower(), str(entry["en"]).lower()):
            return dict(entry.get("temper") or {})
    return {}


def persona_from_cards(virtue: str, vice: str, brink: str, rng: random.Random) -> Persona:
    """Build the dials: a seeded base near the middle, moved by the Traits and the Brink."""
    dials = {d: 0.5 + rng.uniform(-0.15, 0.15) for d in DIALS}
    for kind, word in (("virtues", virtue), ("vices", vice)):
        for dial, offset in _temper_of(word, kind).items():
            dials[dial] += float(offset)
    lowered = brink.lower()
    for dial, words in BRINK_WORDS.items():
        if any(w in lowered for w in words):
            dials[dial] += 0.1 if dial == "reckless" else -0.1
    return Persona(**{d: min(1.0, max(0.0, v)) for d, v in dials.items()})

"""How a battaglia prompt writes things: its short phrases, seats, masks and night picks, forces and steps, quotes.

The words of :mod:`narrator.agents.battaglia.llm.brief` (and of its private notes, ``notes.py``). Every mask
name tied to a seat, and every night pick, is rendered through :class:`Names`: tests swap in markers to
prove that no prompt carries a secret its seat may not know.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import yaml
from narrator.agents.battaglia.texts import PROMPTS, Table, mask_name
from narrator.agents.i18n import section
from narrator.rules.battaglia.cards import Card

QUOTE_CHARS = 80
"""Longest quote of a speech or accusation text in a prompt."""


@cache
def _phrases() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((PROMPTS / "llm" / "phrases.yaml").read_text(encoding="utf-8"))
    return data


def phrase(key: str, lang: str, **values: Any) -> str:
    """A short phrase of ``prompts/battaglia/llm/phrases.yaml`` in ``lang``, filled with ``values``."""
    return str(_phrases()["phrases"][key][lang]).format(**values)


def speech_band() -> dict[str, Any]:
    """The speech length band and fillers (the same for every mask)."""
    band: dict[str, Any] = _phrases()["speech"]
    return band


class Names:
    """How seats, masks and night picks are written in prompts (the canary test swaps in markers)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def seat(self, seat: int) -> str:
        """``P3 Vera``."""
        return f"P{seat} {self.table.names[seat]}" if 0 <= seat < len(self.table.names) else f"P{seat}"

    def mask(self, card: str | Card, holder: int | None) -> str:
        """A mask's name; ``holder`` is the seat it belongs to, when the sentence ties it to one."""
        return mask_name(str(card), self.table.lang)

    def pick(self, step: str, chooser: int, target: int) -> str:
        """A night pick of ``chooser`` in ``step`` (``target`` -1: no one)."""
        return "-" if target < 0 else f"P{target}"


def force_name(force: str, lang: str) -> str:
    """One of the six forces of L92 by name (``First Darkness``)."""
    return str(section(lang, "battaglia_host")["forces"][force])


def step_name(step: str, lang: str) -> str:
    """A night step in words (``first_darkness`` -> ``first darkness``)."""
    return str(section(lang, "battaglia_host")["steps"].get(step, step.replace("_", " ")))


def quote(who: str, text: str, lang: str) -> str:
    """A player's words as quoted data: attributed, one line, cut to :data:`QUOTE_CHARS`, and escaped as a
    JSON string so nothing inside can close the quote (``P3 Vera said: "..."``)."""
    return phrase("said", lang, who=who, text=json.dumps(_cut(text), ensure_ascii=False))


def _cut(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 1].rstrip() + "…"

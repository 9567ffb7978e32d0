"""The program's own words of a recorded game, told again in the replay's language.

Bots and scripted hosts write from the shipped bilingual data (a Ten Candles module's title and
briefing, the scripted survivors' names, looks, roles, traits and lines: ``prompts/ten_candles/``).
Their words in a game played in one language are told in the other by swapping each phrase of the
data for its twin, longest first. What people typed is never touched (the caller only passes text a
bot or the program wrote), and a phrase the data does not hold stays as it was written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from importlib.resources import files
from typing import Any

import yaml

DATA = {"ten-candles": "ten_candles"}
"""Games whose bots write from bilingual data, and where it lives under ``prompts/``."""
LANGS = ("en", "ru")


SLOT = re.compile(r"\{[a-z_]+\}")


def _twins(en: str, ru: str) -> Iterator[tuple[str, str]]:
    """A text and its twin; a template's (``{place}``) literal pieces pair up between its slots."""
    en, ru = en.strip(), ru.strip()
    if not SLOT.search(en):
        yield en, ru
        return
    pieces_en, pieces_ru = SLOT.split(en), SLOT.split(ru)
    if SLOT.findall(en) == SLOT.findall(ru) and len(pieces_en) == len(pieces_ru):
        yield from ((a.strip(), b.strip()) for a, b in zip(pieces_en, pieces_ru, strict=True))


def _pairs(node: Any) -> Iterator[tuple[str, str]]:
    """Every (en, ru) twin in a YAML tree: ``{en: ..., ru: ...}`` texts (and a woman's ``ru_f`` form),
    index-aligned lists, and the literal pieces of templates."""
    if isinstance(node, dict):
        en, ru = node.get("en"), node.get("ru")
        if isinstance(en, str) and isinstance(ru, str):
            yield from _twins(en, ru)
            if isinstance(node.get("ru_f"), str):
                yield from _twins(en, node["ru_f"])
        elif isinstance(en, list) and isinstance(ru, list) and len(en) == len(ru):
            for a, b in zip(en, ru, strict=True):
                if isinstance(a, str) and isinstance(b, str):
                    yield from _twins(a, b)
        for value in node.values():
            yield from _pairs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _pairs(value)


@cache
def phrases(game: str, source: str, target: str) -> tuple[tuple[str, str], ...]:
    """The game's data phrases in ``source`` with their ``target`` twins, longest first (none when the
    game writes from no bilingual data or the languages are the same)."""
    folder = DATA.get(game)
    if folder is None or source == target or {source, target} - set(LANGS):
        return ()
    found: dict[str, str] = {}
    root = files("narrator.prompts") / folder
    for path in sorted(_yaml_files(root), key=str):
        for en, ru in _pairs(yaml.safe_load(path.read_text("utf-8"))):
            src, dst = (en, ru) if source == "en" else (ru, en)
            if len(src) >= 4 and src != dst and dst:
                found.setdefault(src, dst)
    return tuple(sorted(found.items(), key=lambda pair: -len(pair[0])))


def _yaml_files(root: Any) -> Iterator[Any]:
    for entry in root.iterdir():
        if entry.is_dir():
            yield from _yaml_files(entry)
        elif entry.name.endswith(".yaml"):
            yield entry


def retell(text: str, table: tuple[tuple[str, str], ...]) -> str:
    """``text`` with every data phrase of ``table`` swapped for its twin (longest first, each place once)."""
    if not table or not text:
        return text
    parts: list[str | tuple[str]] = [text]  # a tuple is a swapped piece: never matched again
    for src, dst in table:
        if src not in text:
            continue
        swapped: list[str | tuple[str]] = []
        for part in parts:
            if isinstance(part, tuple) or src not in part:
                swapped.append(part)
                continue
            pieces = part.split(src)
            for i, piece in enumerate(pieces):
                if i:
                    swapped.append((dst,))
                if piece:
                    swapped.append(piece)
        parts = swapped
    return "".join(p[0] if isinstance(p, tuple) else p for p in parts)

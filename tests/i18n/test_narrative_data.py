"""Narrative data (Ten Candles' modules and tables, the Storyteller's books and scenarios, battaglia's
masks) keeps its Russian and English texts side by side in one entry: it is the story's material, with
shared ids and safety tags, not the program's messages (those are in ``prompts/i18n/<lang>/``). That
meets "one language on screen" as long as every entry has both texts and each text is of its language:
a game reads ``entry[lang]`` only, so a Russian game can never show an English entry, nor the reverse.
The games' own runs in both languages are checked too (``test_one_language``).

Model prompts (``prompts/*/llm/``) are left out: the model reads them, not a player.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.i18n.test_one_language import CYRILLIC, LATIN, PROPER_NAMES

PROMPTS = Path(__file__).resolve().parents[2] / "prompts"
NARRATIVE = sorted(p for folder in ("ten_candles", "storyteller", "battaglia")
                   for p in (PROMPTS / folder).rglob("*.yaml") if "llm" not in p.relative_to(PROMPTS).parts)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _entries(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every mapping that holds a ``ru`` or an ``en`` text, with its path in the file."""
    if isinstance(node, dict):
        if {"ru", "en"} & set(node):
            yield where, node
        for key, value in node.items():
            if key not in ("ru", "en"):
                yield from _entries(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _entries(value, f"{where}[{i}]")


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)


def test_the_narrative_files_are_found() -> None:
    names = {p.name for p in NARRATIVE}
    assert {"tables.yaml", "characters.yaml", "dark_ages.yaml", "wild_west.yaml", "masks.yaml"} <= names
    assert sum(1 for p in NARRATIVE if "modules" in p.parts) >= 3


def problems(data: Any) -> list[str]:
    """Entries of ``data`` missing a language, or with a word of the other script in a text."""
    wrong: list[str] = []
    for where, entry in _entries(data, ""):
        for lang, other in (("ru", LATIN), ("en", CYRILLIC)):
            texts = list(_texts(entry.get(lang)))
            if not any(t.strip() for t in texts):
                wrong.append(f"{where}: no {lang} text")
            words = {w for t in texts for w in other.findall(PLACEHOLDER.sub(" ", t))} - PROPER_NAMES
            if words:
                wrong.append(f"{where}.{lang}: {sorted(words)[:5]}")
    return wrong


def test_the_check_finds_a_missing_or_mixed_text() -> None:
    data = {"truths": [{"ru": "Свет {name} гаснет", "en": "The light {name} fades"},
                       {"ru": "Свет гаснет", "en": ""}, {"en": "Only English"}, {"ru": "Свет fades", "en": "Light"}]}
    assert problems(data) == [".truths[1]: no en text", ".truths[2]: no ru text", ".truths[3].ru: ['fades']"]


@pytest.mark.parametrize("path", NARRATIVE, ids=lambda p: str(p.relative_to(PROMPTS)))
def test_every_entry_has_both_languages_each_in_its_own_script(path: Path) -> None:
    wrong = problems(yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    assert not wrong, wrong[:20]


def test_a_game_reads_only_its_languages_text() -> None:
    from narrator.agents.ten_candles.material import text

    entry = {"ru": "Свет гаснет.", "en": "The light goes out."}
    assert (text(entry, "ru"), text(entry, "en")) == ("Свет гаснет.", "The light goes out.")

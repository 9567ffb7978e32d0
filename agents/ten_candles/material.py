"""Narrative material for Ten Candles (``prompts/ten_candles``) and the content filter over it.

Every entry is a mapping with ``ru`` and ``en`` texts and optional ``tags``. The table's safety
lines (never shown) and veils (off-screen only) are free text fixed at setup; :class:`Safety`
maps them onto the tag vocabulary of ``prompts/ten_candles/tags.yaml`` and also blocks any entry
whose own text mentions a line, so a line the vocabulary does not know is honoured too.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

import yaml
from narrator.agents.i18n import ByLanguage

Entry = Mapping[str, Any]
LANGS = ("ru", "en")
NEUTRAL = ByLanguage("tc_words", "neutral")
"""Said when every entry of a table is blocked by the table's lines."""


@cache
def load(name: str) -> dict[str, Any]:
    """The YAML file ``prompts/ten_candles/<name>.yaml`` (cached; treat as read-only)."""
    text = (files("narrator.prompts") / "ten_candles" / f"{name}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        raise ValueError(f"prompts/ten_candles/{name}.yaml must hold a mapping")  # noqa: TRY004 - a bad data file
    return data


@cache
def module_names() -> tuple[str, ...]:
    """The modules shipped in ``prompts/ten_candles/modules``, sorted."""
    folder = files("narrator.prompts") / "ten_candles" / "modules"
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml")))


def module(name: str) -> dict[str, Any]:
    """One module's data.

    Raises:
        KeyError: naming the known modules when ``name`` is not one.
    """
    if name not in module_names():
        raise KeyError(f"unknown module {name!r}; known modules: {', '.join(module_names())}")
    return load(f"modules/{name}")


def vocabulary() -> dict[str, dict[str, list[str]]]:
    """Tag -> {lang: word stems} from ``tags.yaml``."""
    return load("tags")["tags"]


def tags_for(text: str) -> frozenset[str]:
    """The vocabulary tags a free-text line or veil names (``"no spiders"`` -> ``{"spiders", "insects"}``).

    >>> sorted(tags_for("Пауки"))
    ['insects', 'spiders']
    """
    lowered = _words(text)
    found = {tag for tag in vocabulary() if tag == lowered.strip().replace(" ", "_")}
    for tag, stems in vocabulary().items():
        if any(stem in lowered for lang in LANGS for stem in stems.get(lang, [])):
            found.add(tag)
    return frozenset(found)


@dataclass(frozen=True)
class Safety:
    """The table's lines and veils, resolved to tags and words."""

    line_tags: frozenset[str] = frozenset()
    line_words: tuple[str, ...] = ()
    veil_tags: frozenset[str] = frozenset()

    @classmethod
    def from_texts(cls, lines: Iterable[str] = (), veils: Iterable[str] = ()) -> Safety:
        """Resolve the free-text lines and veils agreed at setup."""
        lines, veils = [t for t in lines if t.strip()], [t for t in veils if t.strip()]
        line_tags = frozenset().union(*(tags_for(t) for t in lines)) if lines else frozenset()
        stems = [s for tag in line_tags for lang in LANGS for s in vocabulary()[tag].get(lang, [])]
        words = tuple(sorted({*stems, *(_words(t).strip() for t in lines if len(t.strip()) >= 3)}))
        veil_tags = frozenset().union(*(tags_for(t) for t in veils)) if veils else frozenset()
        return cls(line_tags, words, veil_tags)

    @property
    def is_open(self) -> bool:
        """No line and no veil: everything may appear."""
        return not (self.line_tags or self.line_words or self.veil_tags)

    def allows(self, entry: Entry) -> bool:
        """Whether ``entry`` may appear at all: no tag and no text of it touches a line."""
        if self.line_tags & set(entry.get("tags") or ()):
            return False
        texts = _words(" ".join(str(entry.get(lang, "")) for lang in LANGS))
        return not any(word in texts for word in self.line_words)

    def veiled(self, entry: Entry) -> bool:
        """Whether ``entry`` touches a veil (it may appear, off-screen)."""
        return bool(self.veil_tags & set(entry.get("tags") or ()))


OPEN = Safety()


def _words(text: str) -> str:
    """Lower-case ``text`` with punctuation turned to spaces, padded so stems can anchor at a word start."""
    return " " + re.sub(r"[^\w]+", " ", text.lower()) + " "


def allowed(entries: Sequence[Entry], safety: Safety) -> Sequence[Entry]:
    """The entries a table with ``safety`` may see, unveiled ones first when there are any."""
    if safety.is_open:
        return entries
    kept = [e for e in entries if safety.allows(e)]
    clear = [e for e in kept if not safety.veiled(e)]
    return clear or kept


def pick(rng: random.Random, entries: Sequence[Entry], safety: Safety = OPEN) -> Entry | None:
    """One entry a table with ``safety`` may see, drawn with ``rng``; ``None`` when all are blocked."""
    pool = allowed(entries, safety)
    return pool[rng.randrange(len(pool))] if pool else None


def text(entry: Entry | None, lang: str) -> str:
    """An entry's text in ``lang`` (the neutral line for ``None``)."""
    if entry is None:
        return NEUTRAL[lang]
    return str(entry.get(lang) or entry.get("en") or "")

"""Loading sheets, house-default combat tables and rules profiles from files into the kernel's config."""

from __future__ import annotations

import marshal
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

import narrator.rules.storyteller as storyteller_rules
from narrator.rules.storyteller.books import BookName, StorytellerConfig, default_config
from narrator.rules.storyteller.combat import CombatTables, parse_combat_tables
from narrator.rules.storyteller.sheet import Character, SheetError, parse_sheet

DATA = Path(storyteller_rules.__file__).resolve().parent / "data"
BOOKS: dict[str, BookName] = {"dark-ages": "dark_ages", "wild-west": "wild_west"}


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when it is installed (a scenario parses in ~10 ms, not ~100 ms), else PyYAML's."""


class DataError(ValueError):
    """A data file that cannot be used; the message names the file and the field."""


def book_id(name: str) -> BookName:
    """``dark-ages`` / ``dark_ages`` -> ``dark_ages``."""
    key = name.replace("_", "-")
    if key not in BOOKS:
        raise DataError(f"unknown book {name!r}; choose dark-ages or wild-west")
    return BOOKS[key]


def read_yaml(path: Path) -> Any:
    """Parse a YAML (or JSON) file, with errors naming it; a fresh copy each call, the file parsed once
    while it is unchanged (a scenario is read again for every table and every scripted game: ~15 ms of
    parsing each time, ~0.1 ms to copy)."""
    try:
        stat = Path(path).stat()
        packed = _parsed(str(path), stat.st_mtime_ns, stat.st_size)
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except yaml.YAMLError as error:
        raise DataError(f"{path}: not valid YAML/JSON ({error})") from None
    if packed is None:  # a value marshal cannot carry (a date): parsed anew
        return _parse(path)
    return marshal.loads(packed)


def _parse(path: Path | str) -> Any:
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=SAFE_LOADER)


@lru_cache(maxsize=128)
def _parsed(path: str, mtime_ns: int, size: int) -> bytes | None:
    """The file's data marshalled (the key changes when the file does); None when marshal cannot carry it."""
    del mtime_ns, size  # the cache's key only
    try:
        return marshal.dumps(_parse(path))
    except ValueError:
        return None


def load_sheet(path: Path, book: str) -> Character:
    """A character sheet file, validated (errors name the file and the field)."""
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise DataError(f"{path}: a sheet must be a mapping of field: value")
    try:
        return parse_sheet(data, book=book)
    except SheetError as error:
        raise DataError(f"{path}: {error}") from None


def sample_sheets(book: str) -> list[Path]:
    """The original sample characters shipped for ``book``."""
    return sorted((DATA / "characters" / book.replace("_", "-")).glob("*.yaml"))


def load_combat(book: str, path: Path | None = None) -> CombatTables:
    """The house-default combat tables of ``book`` (or a group's own file)."""
    path = path or DATA / f"{book}_combat.yaml"
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise DataError(f"{path}: combat tables must be a mapping")
    try:
        return parse_combat_tables(data)
    except ValueError as error:
        raise DataError(f"{path}: {error}") from None


def table_config(book: str, characters: Sequence[Character], *, combat: CombatTables | None = None,
                 options: dict[str, Any] | None = None) -> StorytellerConfig:
    """The config of a table: the book's defaults, a profile's options, the sheets and combat tables."""
    from pydantic import TypeAdapter, ValidationError

    base = default_config(book_id(book))
    ids = [c.id for c in characters]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise DataError(f"two characters share the id {duplicates[0]!r}; ids must be unique")
    if options:
        try:
            base = TypeAdapter(type(base)).validate_python({**options, "book": book})
        except ValidationError as error:
            problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
                                 for e in error.errors(include_url=False))
            raise DataError(f"rules profile: {problems}") from None
    return replace(base, characters=tuple(characters), combat=combat)

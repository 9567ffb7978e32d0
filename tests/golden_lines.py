"""Golden games kept as line hashes, so a failure names the first line that changed.

A golden game is a stream of text lines in the order they happened: the transcript's records and,
between them, what each seat was shown and offered when it was asked (each golden module says what
its stream holds). A golden file keeps, for every game, one JSON line::

    "<game id>": "<sha256 of the whole stream> <number of lines> <base64 of a 16-bit hash per line>"

The SHA-256 decides whether a game changed (any change of any line); the short per-line hashes only
say *where*: on a mismatch the test replays the game and prints the first line whose hash differs,
with its number and the line before it (the last one that still agreed). Run the golden module at
the commit before the change to see the old text of that line.

The transcript header is hashed with only the config fields that differ from their defaults
(:func:`non_default_config`): adding a rules option, whose default changes nothing, keeps every
golden game that does not set it.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from narrator.rules.core import jsonable

LINE_HASH_BYTES = 2
"""Two bytes a line: enough to point at the changed line (a 1-in-65,536 miss only points one line late)."""
SHOW = 600
"""Characters of a line printed in a failure."""


def non_default_config(config: Any) -> dict[str, Any]:
    """The config as the transcript header writes it, keeping ``players`` and the fields that differ from their defaults."""
    kept: dict[str, Any] = {}
    for field in dataclasses.fields(config):
        value = jsonable(getattr(config, field.name))
        if field.default is not dataclasses.MISSING:
            default: Any = jsonable(field.default)
        elif field.default_factory is not dataclasses.MISSING:
            default = jsonable(field.default_factory())
        else:
            default = dataclasses.MISSING
        if field.name == "players" or value != default:
            kept[field.name] = value
    return kept


class StreamRecorder:
    """A transcript recorder that writes each record as a line of a golden stream (header: non-default config)."""

    def __init__(self, lines: list[str], config: Any) -> None:
        self.lines, self.config = lines, config

    def write(self, record: dict[str, Any]) -> None:
        """Add one transcript record to the stream."""
        if record.get("kind") == "header":
            record = {**record, "config": non_default_config(self.config)}
        self.lines.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")))


def _line_hash(line: str) -> bytes:
    return hashlib.blake2b(line.encode(), digest_size=LINE_HASH_BYTES).digest()


def encode(lines: Iterable[str]) -> str:
    """A game's golden entry: whole-stream SHA-256, line count, per-line hashes."""
    whole, short, count = hashlib.sha256(), bytearray(), 0
    for line in lines:
        data = line.encode()
        whole.update(data + b"\n")
        short += hashlib.blake2b(data, digest_size=LINE_HASH_BYTES).digest()
        count += 1
    return f"{whole.hexdigest()} {count} {base64.b64encode(bytes(short)).decode()}"


def first_difference(game: str, expected: str | None, lines: list[str]) -> str | None:
    """``None`` when ``lines`` match the golden entry, else a message naming the first differing line."""
    if expected is None:
        return f"{game}: no golden entry (a new game? regenerate the golden file)"
    actual = encode(lines)
    if actual == expected:
        return None
    _, count, packed = expected.split(" ")
    old = base64.b64decode(packed)
    width = LINE_HASH_BYTES
    for index, line in enumerate(lines):
        if old[index * width:(index + 1) * width] != _line_hash(line):
            break
    else:
        index = len(lines)
        if len(lines) == int(count):
            return (f"{game}: every line hash agrees but the game's SHA-256 differs (a short-hash collision); "
                    f"the game has {len(lines)} lines")
    before = f"\n  line {index} (still the same): {lines[index - 1][:SHOW]}" if index else ""
    now = lines[index][:SHOW] if index < len(lines) else "(the game ends here)"
    return (f"{game}: line {index + 1} differs (the game has {len(lines)} lines, was {count}){before}\n"
            f"  line {index + 1} now: {now}")


def read(path: Path) -> dict[str, str]:
    """A golden file: game id -> entry."""
    return json.loads(path.read_text(encoding="utf-8"))


def write(path: Path, entries: dict[str, str]) -> None:
    """Write a golden file, one game a line, sorted by id."""
    path.write_text(json.dumps(entries, indent=0, sort_keys=True) + "\n", encoding="utf-8")


def check(expected: dict[str, str], streams: Iterable[tuple[str, list[str]]]) -> None:
    """Assert every game's stream matches; the failure names the first differing line of the first differing game."""
    problems = [p for p in (first_difference(game, expected.get(game), lines) for game, lines in streams) if p]
    assert not problems, f"{len(problems)} golden game(s) changed; the first:\n{problems[0]}" + (
        f"\n(and {len(problems) - 1} more: {', '.join(p.split(':')[0] for p in problems[1:6])} ...)"
        if len(problems) > 1 else "")

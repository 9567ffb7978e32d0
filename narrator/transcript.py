"""Writing transcripts to disk, line by line and flushed, and reading them back for replay or resume."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import IO, Any, Self

from narrator.rules.replay import MoveSink, ReplayResult, TranscriptError, replay
from narrator.rules.transcript_lines import CHAINED, seal


class ResumeError(ValueError):
    """The transcript cannot be started or continued (it is finished, unreadable, or already there)."""

    exit_code = 2
    """What a command exits with: 2 for input it cannot use (another game's file, a finished game)."""

    def __init__(self, text: str, key: str = "", **values: object) -> None:
        super().__init__(text)
        self.key, self.values = key, values
        """The player's rendering: the catalogue's ``cli.<key>`` filled with ``values`` (the text is English, for logs)."""


class DamagedTranscriptError(ResumeError):
    """The transcript is damaged or edited: its message names the line (``narrator replay --repair``).

    ``cause`` is the reading's error (a :class:`TranscriptError` carries the line and a code the
    player's language renders: :func:`damaged_text`); ``repair`` adds the hint that ``--repair`` helps.
    """

    exit_code = 1

    def __init__(self, path: str | Path, cause: BaseException, *, repair: bool = False) -> None:
        hint = " (narrator replay --repair cuts it back to what is sound)" if repair else ""
        super().__init__(f"{path}: {cause}{hint}", "damaged", path=path)
        self.cause, self.repair = cause, repair


def damaged_text(error: BaseException, lang: str) -> str:
    """What is wrong with a transcript, in ``lang``: ``line N: reason`` from the catalogue's ``damaged``
    (a :class:`TranscriptError`'s code and values; any other error: the line cannot be read)."""
    from narrator.agents.i18n import message, section

    words = section(lang, "damaged")
    code = getattr(error, "code", "other")
    try:
        reason = message(lang, f"damaged.{code if code in words else 'other'}", **getattr(error, "values", {}))
    except (KeyError, IndexError):  # a value the sentence needs is missing: the plain sentence
        reason = message(lang, "damaged.other")
    line = getattr(error, "line", None)
    return message(lang, "damaged.line", line=line, reason=reason) if line is not None else reason


def damaged_error_text(error: DamagedTranscriptError, lang: str) -> str:
    """A :class:`DamagedTranscriptError` in ``lang``: its path, the line and the reason (and the repair hint)."""
    from narrator.agents.i18n import message

    text = f"{error.values.get('path')}: {damaged_text(error.cause, lang)}"
    return message(lang, "damaged.repair", text=text) if error.repair else text


class TranscriptExistsError(ResumeError):
    """A new game would overwrite a transcript that already holds one."""


def default_transcript_path(game: str, seed: int | None) -> Path:
    """Where an interactive game is recorded when no path is given: ``games/<game>-<time>-seed<S>.jsonl``.

    The time stamp keeps two games with the same seed from sharing a file.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return Path("games") / f"{game}-{stamp}-seed{seed if seed is not None else 'random'}.jsonl"


class TranscriptWriter:
    """Appends JSONL records to a file, flushing each so a crash loses nothing already played.

    Each line is sealed with a hash chained to the line before (the header starts the chain and
    says ``"schema": 2``), so an edit anywhere shows at its line on replay. Appending to a file
    continues its chain from ``last_hash``; an older unsigned file (``chained=False``) is continued
    unsigned. A new transcript never overwrites a file that already holds a game (pass
    ``overwrite=True`` where that is meant, e.g. a simulation re-run into the same report folder).
    Files are created readable by their owner only: a transcript holds every secret of its game.

    Raises:
        TranscriptExistsError: the file exists, is not empty, and neither ``append`` nor
            ``overwrite`` was asked for.
    """

    def __init__(self, path: str | Path, *, append: bool = False, overwrite: bool = False, chained: bool = True,
                 last_hash: str | None = None) -> None:
        self.path = Path(path)
        if not append and not overwrite and self.path.exists() and self.path.stat().st_size > 0:
            raise TranscriptExistsError(f"{self.path} already holds a game; continue it with --resume {self.path}, "
                                        f"or choose another --transcript", "exists", path=self.path)
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # owner only: every seat's secrets
        self.chained, self.last_hash = chained, last_hash or ""
        flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else os.O_TRUNC)
        self._file: IO[bytes] = os.fdopen(os.open(self.path, flags, 0o600), "ab" if append else "wb")

    def write(self, record: dict[str, Any]) -> None:
        """Write one record as one sealed line and flush it."""
        if self.chained and record.get("kind") == "header":
            record = {**record, "schema": CHAINED}
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        if self.chained:
            line, self.last_hash = seal(self.last_hash, line)
        self._file.write(line.encode("utf-8") + b"\n")
        self._file.flush()

    def close(self) -> None:
        """Close the file."""
        self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class MemoryRecorder:
    """Keeps records in a list (tests, the web table before it persists, byte-identity checks)."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def write(self, record: dict[str, Any]) -> None:
        """Keep one record."""
        self.records.append(record)

    def close(self) -> None:
        """Nothing to release."""

    def lines(self) -> list[str]:
        """The records as transcript lines."""
        return [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in self.records]


def read_transcript(path: str | Path, *, strict: bool = True, on_move: MoveSink | None = None) -> ReplayResult:
    """Replay the transcript at ``path`` (read as bytes: a half-written last line is dropped); ``on_move`` hears each
    move with the states around it (:func:`narrator.rules.replay.replay`).

    Raises:
        FileNotFoundError: when there is no such file.
        TranscriptError: naming the first bad line.
    """
    return replay(Path(path).read_bytes(), strict=strict, on_move=on_move)


def recorded_language(header: Any) -> str | None:
    """The language a transcript's header says its table played in (its ``table``'s ``lang``, else its own), or
    ``None`` when it says none we speak."""
    if not isinstance(header, dict):
        return None
    table = header.get("table")
    lang = (table.get("lang") if isinstance(table, dict) else None) or header.get("lang")
    return lang if lang in ("en", "ru") else None


def header_language(path: str | Path) -> str | None:
    """:func:`recorded_language` read from a transcript's first line alone (``None``: unreadable), so that a file
    damaged further on is still reported in its table's language."""
    try:
        with Path(path).open("rb") as file:
            return recorded_language(json.loads(file.readline()))
    except (OSError, ValueError):
        return None


def trim_to(path: str | Path, size: int) -> None:
    """Cut the file to its first ``size`` bytes (drops a half-written line left by a crash)."""
    with Path(path).open("rb+") as handle:
        handle.truncate(size)
        handle.flush()
        os.fsync(handle.fileno())


def repair(path: str | Path) -> tuple[Path, ReplayResult]:
    """Rewrite a damaged transcript to its longest prefix that reads and replays; keep the original.

    The original is kept beside it as ``<name>.damaged`` (``.damaged.1``... if that exists).

    Returns:
        where the original was kept, and the replay of what remains.

    Raises:
        TranscriptError: not even the header is usable (nothing to keep).
    """
    path = Path(path)
    data = path.read_bytes()
    result = replay(data, strict=False)
    keep = result.valid_bytes
    backup = path.with_name(path.name + ".damaged")
    number = 0
    while backup.exists():
        number += 1
        backup = path.with_name(f"{path.name}.damaged.{number}")
    backup.write_bytes(data)
    os.chmod(backup, 0o600)
    with path.open("rb+") as handle:
        handle.truncate(keep)
    return backup, replay(data[:keep])


__all__ = ["DamagedTranscriptError", "MemoryRecorder", "ResumeError", "TranscriptError", "TranscriptExistsError", "TranscriptWriter",
           "default_transcript_path", "read_transcript", "repair", "trim_to"]

"""Writing transcripts to disk, line by line and flushed, and reading them back for replay or resume."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import IO, Any

from narrator.rules.replay import ReplayResult, TranscriptError, replay


class ResumeError(ValueError):
    """The transcript cannot be started or continued (it is finished, unreadable, or already there)."""


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

    A new transcript never overwrites a file that already holds a game (pass ``overwrite=True``
    where that is meant, e.g. a simulation re-run into the same report folder).

    Raises:
        TranscriptExistsError: the file exists, is not empty, and neither ``append`` nor
            ``overwrite`` was asked for.
    """

    def __init__(self, path: str | Path, *, append: bool = False, overwrite: bool = False) -> None:
        self.path = Path(path)
        if not append and not overwrite and self.path.exists() and self.path.stat().st_size > 0:
            raise TranscriptExistsError(f"{self.path} already holds a game; continue it with --resume {self.path}, "
                                        f"or choose another --transcript")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = self.path.open("a" if append else "w", encoding="utf-8")

    def write(self, record: dict[str, Any]) -> None:
        """Write one record as one line and flush it."""
        self._file.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        """Close the file."""
        self._file.close()

    def __enter__(self) -> TranscriptWriter:
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

    def lines(self) -> list[str]:
        """The records as transcript lines."""
        return [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in self.records]


def read_transcript(path: str | Path, *, strict: bool = True) -> ReplayResult:
    """Replay the transcript at ``path``.

    Raises:
        FileNotFoundError: when there is no such file.
        TranscriptError: naming the first bad line.
    """
    with Path(path).open(encoding="utf-8") as handle:
        return replay(handle, strict=strict)


def trim_to_complete_lines(path: str | Path, last_line: int) -> None:
    """Cut the file after line ``last_line`` (drops a half-written line left by a crash)."""
    path = Path(path)
    with path.open("rb+") as handle:
        for _ in range(last_line):
            if not handle.readline():
                break
        handle.truncate(handle.tell())
        handle.flush()
        os.fsync(handle.fileno())


__all__ = ["MemoryRecorder", "ResumeError", "TranscriptError", "TranscriptExistsError", "TranscriptWriter",
           "default_transcript_path", "read_transcript",
           "trim_to_complete_lines"]

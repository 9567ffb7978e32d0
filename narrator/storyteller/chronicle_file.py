"""A chronicle folder on disk, read as untrusted input: bounded, checked, sealed, never left.

``chronicle.json`` is checked before anything uses it: at most :data:`MAX_BYTES`, UTF-8 JSON of the
expected shape (book, language, a sheet whose counters are numbers, sessions numbered 1, 2, 3... each
naming its own ``session-N.jsonl``, a summary of at most ``SUMMARY_SENTENCES`` short sentences), and
**sealed**: its ``seal`` is SHA-256 of the rest (canonical JSON), so an edit by hand shows, as a line
edited in a sealed transcript does (``rules/transcript_lines.py``). Like the transcripts' chain, the seal
has no secret: it shows edits and damage, it does not prove who wrote the file. Each finished session
also keeps its transcript's last seal (``transcript_seal``): a transcript changed after it was read in
no longer matches its chronicle.

Nothing outside the folder is read or written: a transcript is named ``session-N.jsonl`` and nothing
else (no ``../``), and no file of the chronicle may be a symbolic link or anything but a regular file
(a FIFO would block a read forever). Every failure is a :class:`ChronicleDamagedError` whose
:meth:`~ChronicleDamagedError.text` says in one line, in the player's language, what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

CHRONICLE_SCHEMA = 2
"""Sealed chronicles (schema 1: the unsealed files written before the seal; refused, as edited ones are)."""
MAX_BYTES = 1 << 20
"""A chronicle of a hundred sessions is ~200 KB; more is damage or an attack on the reader."""
MAX_TRANSCRIPT_BYTES = 64 << 20
"""A session's transcript (a long evening with a model: a few megabytes)."""
SUMMARY_SENTENCES = 6
"""The running summary keeps this many sentences (the oldest drop out): the memory stays bounded."""
MAX_SESSIONS = 1000
MAX_TEXT = 2000
"""The longest sentence kept (a summary line, a scene's or a person's name)."""
BOOKS = ("dark_ages", "wild_west")
TRANSCRIPT_NAME = re.compile(r"session-([1-9][0-9]{0,5})\.jsonl")


class ChronicleDamagedError(ValueError):
    """A chronicle folder that cannot be used as it is; ``code`` and ``values`` say why (the catalogue's
    ``chronicle_damaged.<code>``), the message is English, for logs."""

    def __init__(self, folder: Path, code: str, message: str, **values: object) -> None:
        super().__init__(f"{folder}: {message}")
        self.folder, self.code, self.values = folder, code, values

    def text(self, lang: str) -> str:
        """One line in ``lang``: the folder and what is wrong with it."""
        from narrator.agents.i18n import message

        try:
            reason = message(lang, f"chronicle_damaged.{self.code}", **self.values)
        except (KeyError, IndexError):
            reason = message(lang, "chronicle_damaged.other")
        return message(lang, "chronicle_damaged.line", folder=self.folder, reason=reason)


def seal_of(data: dict[str, Any]) -> str:
    """The seal of a chronicle's content (every key but ``seal``)."""
    body = {key: value for key, value in data.items() if key != "seal"}
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_regular(folder: Path, name: str, limit: int) -> bytes | None:
    """The bytes of ``folder/name`` (``None`` when it does not exist), refusing a link, anything but a
    regular file and a file over ``limit`` bytes. Opened without following links, checked on the open file."""
    path = folder / name
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError as error:  # a link (ELOOP), a folder, no permission
        raise ChronicleDamagedError(folder, "not_a_file", f"{name} cannot be opened as a file: {error.strerror}",
                                    name=name) from None
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):  # a folder, a pipe (whose read would wait forever), a device
        os.close(descriptor)
        raise ChronicleDamagedError(folder, "not_a_file", f"{name} is not a regular file", name=name)
    with os.fdopen(descriptor, "rb") as handle:
        if info.st_size > limit:
            raise ChronicleDamagedError(folder, "too_large", f"{name} is {info.st_size} bytes; at most {limit}",
                                        name=name, size=info.st_size, limit=limit)
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ChronicleDamagedError(folder, "too_large", f"{name} is over {limit} bytes", name=name, size=len(data),
                                    limit=limit)
    return data


def write_inside(folder: Path, name: str, text: str) -> None:
    """Write ``folder/name`` whole (through a new temporary file, then renamed): a link planted under either
    name is replaced, never followed, so nothing outside the folder is written."""
    temporary = folder / (name + ".tmp")
    if temporary.is_symlink() or temporary.exists():
        temporary.unlink()
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(temporary, folder / name)  # never half a file on disk; a link named ``name`` is replaced


def load_checked(folder: Path, name: str) -> dict[str, Any] | None:
    """``folder/name`` (``chronicle.json``) read and checked (see the module's note), or ``None`` when absent.

    Raises:
        ChronicleDamagedError: why it cannot be used.
    """
    raw = read_regular(folder, name, MAX_BYTES)
    if raw is None:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ChronicleDamagedError(folder, "not_json", f"{name} is not UTF-8 JSON", name=name) from None
    if not isinstance(data, dict):
        raise ChronicleDamagedError(folder, "shape", f"{name} is not a JSON object", name=name, field="(file)")
    if data.get("schema") != CHRONICLE_SCHEMA or not isinstance(data.get("seal"), str):
        raise ChronicleDamagedError(folder, "unsealed", f"{name} carries no seal", name=name)
    if data["seal"] != seal_of(data):
        raise ChronicleDamagedError(folder, "seal", f"{name} was changed since it was written (its seal does not "
                                    "match)", name=name)
    wrong = _shape_error(data)
    if wrong is not None:
        raise ChronicleDamagedError(folder, "shape", f"{name}: {wrong} is not as a chronicle writes it", name=name,
                                    field=wrong)
    return data


def _shape_error(data: dict[str, Any]) -> str | None:
    """The first field of a chronicle that is not as :meth:`Chronicle.save` writes it, or ``None``."""
    if data.get("book") not in BOOKS:
        return "book"
    if data.get("lang") not in ("en", "ru"):
        return "lang"
    sheet = data.get("sheet")
    if not isinstance(sheet, dict) or not _text(sheet.get("id")):
        return "sheet"
    for key in ("willpower", "willpower_points"):
        if key in sheet and sheet[key] is not None and (type(sheet[key]) is not int or not 0 <= sheet[key] <= 10):
            return f"sheet.{key}"
    if not isinstance(sheet.get("damage", []), list) or not isinstance(sheet.get("notes", {}), dict):
        return "sheet"
    summary = data.get("summary")
    if not isinstance(summary, list) or len(summary) > SUMMARY_SENTENCES or not all(_text(s) for s in summary):
        return "summary"
    sessions = data.get("sessions")
    if not isinstance(sessions, list) or len(sessions) > MAX_SESSIONS:
        return "sessions"
    for number, session in enumerate(sessions, start=1):
        wrong = _session_error(session, number)
        if wrong is not None:
            return f"sessions[{number}].{wrong}"
    return None


def _session_error(session: Any, number: int) -> str | None:
    if not isinstance(session, dict):
        return "(record)"
    if session.get("number") != number or type(session.get("number")) is not int:
        return "number"
    if session.get("transcript") != f"session-{number}.jsonl":
        return "transcript"
    if not _text(session.get("scenario")):
        return "scenario"
    if not isinstance(session.get("ending", ""), str):
        return "ending"
    for key in ("scenes", "people"):
        if not isinstance(session.get(key, []), list) or not all(_text(v) for v in session.get(key, [])):
            return key
    tried = session.get("tried", [])
    if not isinstance(tried, list) or not all(isinstance(t, dict) for t in tried):
        return "tried"
    if not all(isinstance(t.get("intent", ""), str) and len(t.get("intent", "")) <= MAX_TEXT for t in tried):
        return "tried"
    return None


def _text(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT

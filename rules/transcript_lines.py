"""Reading a transcript's bytes into checked records: one line, one record, nothing taken on trust.

A transcript is JSON Lines written one flushed line at a time. Reading works on bytes, so a write
cut anywhere (inside a multi-byte UTF-8 character too) only loses its own half line: a last line
without its newline is dropped, whatever its bytes. Every other line must be UTF-8, at most
:data:`MAX_LINE_BYTES` long, JSON nested at most :data:`MAX_DEPTH` deep, and match the strict schema
of its record kind; ``seq`` counts 1, 2, 3... after the header.

**Tamper evidence.** A transcript of schema :data:`CHAINED` (what :class:`narrator.transcript.TranscriptWriter`
writes) seals each line: its last key is ``"hash"``, the first 32 hex digits of
SHA-256(previous line's hash + newline + the record without its hash, as compact JSON in its own
key order). The header starts the
chain from the empty string, so changing, inserting, dropping or moving any line, the header's
seed or config included, breaks the chain at that line. Schema :data:`UNSIGNED` files (recorded
before the chain existed, and in-memory transcripts) still read; they are reported as unsigned.
The chain has no secret: it shows edits and damage, it does not prove who wrote the file.

This module is pure: it takes bytes or lines, not files.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from narrator.rules.transcript_schema import SCHEMAS
from pydantic import ValidationError

UNSIGNED = 1
"""Records without hashes (older files, in-memory transcripts)."""
CHAINED = 2
"""The same records, each line sealed with a hash chained to the line before."""
MAX_LINE_BYTES = 1 << 20
"""No record comes near a mebibyte (a model's raw answer is a few kilobytes)."""
MAX_DEPTH = 40
"""Records nest a handful of levels; anything deeper is damage or an attack on the reader."""
HASH_DIGITS = 32


class TranscriptError(ValueError):
    """A transcript that cannot be read or does not replay; the message names the line.

    ``code`` says what is wrong in a machine-readable word (``seal``, ``json``, ``diverges``...) and
    ``values`` the numbers and names a player's language needs to say it (the message is English,
    for logs and developers; ``prompts/i18n/<lang>/damaged.yaml`` renders the code).
    """

    def __init__(self, line: int, message: str, code: str = "other", **values: object) -> None:
        super().__init__(f"line {line}: {message}")
        self.line, self.code, self.values = line, code, values


def chain_hash(previous: str, body: bytes) -> str:
    """The seal of a line whose unsealed bytes are ``body``, following a line sealed ``previous``."""
    return hashlib.sha256(previous.encode("ascii") + b"\n" + body).hexdigest()[:HASH_DIGITS]


def seal(previous: str, line: str) -> tuple[str, str]:
    """``line`` (one JSON object, compact) with its ``"hash"`` appended as the last key, and that hash."""
    digest = chain_hash(previous, line.encode("utf-8"))
    return f'{line[:-1]},"hash":"{digest}"}}', digest


# -- reading --------------------------------------------------------------------------------------

@dataclass
class Line:
    """One checked record: its line number, the parsed record, and where its bytes end in the file."""

    number: int
    record: dict[str, Any]
    end: int
    hash: str | None = None


@dataclass
class Lines:
    """A transcript's checked records.

    Attributes:
        lines: the records read, header first, up to the first damaged line.
        signed: the header says the lines are chained (schema 2) and every line read checked out.
        cut: the bytes of a half-written last line that were dropped (0: none).
        error: the first damaged line (``None``: the whole file read).
    """

    lines: list[Line]
    signed: bool
    cut: int = 0
    error: TranscriptError | None = None

    @property
    def valid_bytes(self) -> int:
        """How many leading bytes of the file hold the records read (the longest valid prefix)."""
        return self.lines[-1].end if self.lines else 0

    @property
    def last_hash(self) -> str | None:
        """The seal of the last record read (a resumed game chains on from it)."""
        return self.lines[-1].hash if self.lines else None


def split(data: bytes | Iterable[str | bytes]) -> tuple[list[tuple[int, bytes, int]], int]:
    """Number the lines of a file's bytes (or of lines already split) and drop a half last line.

    Returns ``[(number, bytes without newline, end offset)]`` and the size of the dropped half line.
    Bytes from a file: a last line without its newline is a write cut short, dropped whatever its
    bytes. Lines already split carry no newlines, so their last line is dropped only if it is
    not a complete JSON object.
    """
    if isinstance(data, bytes | bytearray):
        chunks = bytes(data).split(b"\n")
        tail = chunks.pop()  # b"" when the file ends with its newline
        out, offset = [], 0
        for number, chunk in enumerate(chunks, start=1):
            offset += len(chunk) + 1
            out.append((number, chunk.rstrip(b"\r"), offset))
        return out, len(tail)
    out, offset = [], 0
    for number, text in enumerate(data, start=1):
        raw = text if isinstance(text, bytes) else text.encode("utf-8", "surrogateescape")
        raw = raw.rstrip(b"\r\n")
        offset += len(raw) + 1
        out.append((number, raw, offset))
    while out and not out[-1][1].strip():
        out.pop()
    if out and _half(out[-1][1]):
        number, raw, _end = out.pop()
        return out, len(raw)
    return out, 0


def _half(raw: bytes) -> bool:
    try:
        json.loads(raw)
    except (ValueError, RecursionError):
        return True
    return False


def read_lines(data: bytes | Iterable[str | bytes]) -> Lines:
    """Check every line of a transcript; stop at the first damaged one (it is in ``error``)."""
    numbered, cut = split(data)
    reader = _Reader()
    for number, raw, end in numbered:
        try:
            line = reader.read(number, raw, end)
        except TranscriptError as error:
            return Lines(reader.lines, reader.signed, cut, error)
        if line is not None:
            reader.lines.append(line)
    if not reader.lines:
        first = numbered[0][0] if numbered else 1
        return Lines([], False, cut, TranscriptError(first, "the file holds no header record", "no_header"))
    return Lines(reader.lines, reader.signed, cut, None)


class _Reader:
    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.signed = False
        self.previous = ""

    def read(self, number: int, raw: bytes, end: int) -> Line | None:
        if len(raw) > MAX_LINE_BYTES:
            raise TranscriptError(number, f"{len(raw)} bytes long; a record is at most {MAX_LINE_BYTES}", "too_long",
                                  size=len(raw), limit=MAX_LINE_BYTES)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise TranscriptError(number, f"not UTF-8 text (byte {error.start + 1}: {error.reason})", "not_utf8",
                                  byte=error.start + 1) from None
        if not text.strip():
            return None  # a blank line carries nothing (the seals chain the records, not the lines between them)
        record = _parse(number, text)
        if not self.lines:
            return self._header(number, end, record)
        kind = record.get("kind")
        if kind == "header":
            raise TranscriptError(number, "a second header record", "second_header")
        _validate(number, record)
        expected = self.lines[-1].record.get("seq", 0) + 1
        if record["seq"] != expected:
            raise TranscriptError(number, f"seq {record['seq']} where {expected} must follow", "seq",
                                  seq=record["seq"], expected=expected)
        return Line(number, record, end, self._check_seal(number, record))

    def _header(self, number: int, end: int, record: dict[str, Any]) -> Line:
        if record.get("kind") != "header":
            raise TranscriptError(number, f"the first record must be a header, not {record.get('kind')!r}", "first_not_header")
        _validate(number, record)
        self.signed = record.get("schema") == CHAINED
        return Line(number, record, end, self._check_seal(number, record))

    def _check_seal(self, number: int, record: dict[str, Any]) -> str | None:
        if not self.signed:
            if "hash" in record:
                raise TranscriptError(number, "a sealed line in an unsigned transcript (was the header's schema changed?)",
                                      "sealed_in_unsigned")
            return None
        digest = record.get("hash")
        if not isinstance(digest, str):
            raise TranscriptError(number, "the line has no seal (\"hash\")", "no_seal")
        body = json.dumps({k: v for k, v in record.items() if k != "hash"}, ensure_ascii=False, separators=(",", ":"))
        if chain_hash(self.previous, body.encode("utf-8")) != digest:
            raise TranscriptError(number, "the seal does not match: this line, or one before it, was changed, "
                                          "inserted, removed or moved", "seal")
        self.previous = digest
        return digest


def _parse(number: int, text: str) -> dict[str, Any]:
    try:
        record = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise TranscriptError(number, f"not valid JSON ({error.msg} at column {error.colno})", "json",
                              column=error.colno) from None
    except RecursionError:
        raise TranscriptError(number, f"JSON nested deeper than {MAX_DEPTH} levels", "too_deep", depth=MAX_DEPTH) from None
    except ValueError as error:
        raise TranscriptError(number, str(error), "json_constant") from None
    if not isinstance(record, dict):
        raise TranscriptError(number, f"a record must be a JSON object, not {type(record).__name__}", "not_object")
    if _depth(record) > MAX_DEPTH:
        raise TranscriptError(number, f"JSON nested deeper than {MAX_DEPTH} levels", "too_deep", depth=MAX_DEPTH)
    return record


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            return deepest
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return deepest


def _validate(number: int, record: dict[str, Any]) -> None:
    kind = record.get("kind")
    schema = SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise TranscriptError(number, f"unknown record kind {kind!r}; a transcript holds {', '.join(SCHEMAS)}",
                              "unknown_kind", kind=str(kind))
    try:
        schema.model_validate(record)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"]) or "(record)"
        more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
        raise TranscriptError(number, f"{kind} record: {where}: {first['msg']}{more}", "record_shape",
                              kind=str(kind), field=where) from None


__all__ = ["CHAINED", "MAX_DEPTH", "MAX_LINE_BYTES", "SCHEMAS", "UNSIGNED", "Line", "Lines", "TranscriptError",
           "chain_hash", "read_lines", "seal", "split"]

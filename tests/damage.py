"""Damaged variants of a transcript (tests and ``benchmarks/damaged_transcripts.py`` share them)."""

from __future__ import annotations

import json
import random

from narrator.rules.transcript_lines import MAX_LINE_BYTES


def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def joined(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


DAMAGES = ("cut", "flip", "drop", "duplicate", "swap", "blank", "nested", "long", "header_type", "not_object",
           "unknown_kind", "seq", "bad_utf8")


def damage(data: bytes, kind: str, rng: random.Random) -> bytes:
    lines = lines_of(data)
    i = rng.randrange(1, len(lines))
    if kind == "cut":
        return data[: rng.randrange(len(data))]
    if kind == "flip":
        at = rng.randrange(len(data))
        return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
    if kind == "drop":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, lines[i])
    elif kind == "swap":
        j = rng.randrange(1, len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "blank":
        lines.insert(i, b"")
    elif kind == "nested":
        lines.insert(i, b'{"kind":"narration","text":' + b"[" * 5000 + b"]" * 5000 + b"}")
    elif kind == "long":
        lines.insert(i, b'{"kind":"narration","seq":1,"text":"' + b"x" * (MAX_LINE_BYTES + 1) + b'"}')
    elif kind == "header_type":
        header = json.loads(lines[0])
        header[rng.choice(["seed", "config", "seats", "game", "schema"])] = rng.choice(["7", 7, None, [], {}])
        lines[0] = json.dumps(header).encode()
    elif kind == "not_object":
        lines[i] = rng.choice([b"[]", b"42", b'"x"', b"null"])
    elif kind == "unknown_kind":
        record = json.loads(lines[i])
        record["kind"] = "forged"
        lines[i] = json.dumps(record, ensure_ascii=False).encode()
    elif kind == "seq":
        record = json.loads(lines[i])
        record["seq"] = rng.choice([record["seq"] + 1, "3", 1.5, None])
        lines[i] = json.dumps(record, ensure_ascii=False).encode()
    elif kind == "bad_utf8":
        lines[i] = lines[i][:5] + b"\xff\xfe" + lines[i][5:]
    return joined(lines)

"""A chance record: what any seat may take home from a finished game to check its chance without its secrets.

A seat may not see the whole transcript (another seat's whispers, a model's notes, the host's lines stay secret after
the end), and a transcript cut down to one seat's view no longer seals nor replays. So the web table gives every seat,
once the game is over, the part that proves its chance and tells nothing else (docs/fairness.md):

- line 1, ``{"kind": "chance_record", "schema": 1, "game", "ruleset", "config", "fairness": <the header's block>,
  "draws": N, "lines": <the game's lines>, "lang"}`` (and ``"seed"``: a public seed's header holds it);
- each share: ``{"kind": "fairness", "step": "contribution", "seat", "value", "position"}``;
- each draw, in order: ``{"kind": "chance", "position", "draw": n (from 0), "ask": {...}, "values": [...]}``, where
  ``ask`` is what the rules asked for, in numbers only (``{"kind": "dice", "count", "sides"}``, ``deal`` or
  ``shuffle`` with ``size``, ``soul`` or ``lot`` with ``options``: never the kernel's free-form label);
- the reveal: ``{"kind": "fairness", "step": "reveal", "seed", "position"}`` (the secret scheme).

``position`` is the line of the game's transcript it came from. Nothing here is secret once the game is over: the
seed is revealed to every page, and from it and the shares each draw's values follow from its ``ask`` alone.

:func:`verify_chances` checks the commitment against the revealed seed, the draws' numbering, and every draw against
the seed and the shares. It cannot replay the moves (they are not in the file), so it cannot show that the rules
asked for exactly these draws; its verdict says so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from narrator.fairness.scheme import PUBLIC_SEED, RECORD, SCHEMES
from narrator.fairness.verdict import Verdict, check_draws, gather, reveal_checked, unfair, what_of
from narrator.rules.chance import ChanceSpec, Dice, Pick, Shuffle

KIND = "chance_record"
"""The ``kind`` of a chance record's first line."""
SCHEMA = 1


class NotFinishedError(ValueError):
    """The game has no result yet (or its seed is not revealed): it has no chance record to give."""


def chance_record(data: bytes) -> bytes:
    """The chance record (JSON Lines, UTF-8) of the finished, committed transcript ``data``.

    Raises:
        NotFinishedError: no result yet, no commitment, or the secret seed not revealed.
    """
    from narrator.rules.replay import replay
    from narrator.rules.transcript_lines import read_lines
    from narrator.transcript import recorded_language

    read = read_lines(data)
    header = read.lines[0].record if read.lines else {}
    block = header.get("fairness")
    replayed = replay(data)
    if not isinstance(block, Mapping) or replayed.outcome is None:
        raise NotFinishedError("the game is not over, or was recorded without a commitment")
    lines: list[dict[str, Any]] = [{
        "kind": KIND, "schema": SCHEMA, "game": header.get("game"), "ruleset": header.get("ruleset"),
        "config": header.get("config"), "fairness": dict(block), "draws": len(replayed.chance_specs),
        "lines": len(read.lines)}]
    lang = recorded_language(header)
    if lang:  # ``narrator verify`` answers in the table's language
        lines[0]["lang"] = lang
    if block.get("scheme") == PUBLIC_SEED:
        lines[0]["seed"] = header.get("seed")
    specs, draws = iter(replayed.chance_specs), 0
    for number, record in ((line.number, line.record) for line in read.lines[1:]):
        if record.get("kind") == RECORD and record.get("step") in ("contribution", "reveal"):
            lines.append({k: v for k, v in record.items() if k in ("kind", "step", "seat", "value", "seed")}
                         | {"position": number})
        elif record.get("kind") == "chance":
            values = list((record.get("payload") or {}).get("values") or ())
            lines.append({"kind": "chance", "position": number, "draw": draws, "ask": what_of(next(specs)),
                          "values": values})
            draws += 1
    if block.get("scheme") != PUBLIC_SEED and not any(line.get("step") == "reveal" for line in lines):
        raise NotFinishedError("the seed is not revealed yet")
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines).encode()


def is_chance_record(data: bytes) -> bool:
    """Whether ``data`` opens with a chance record's first line (else it is a transcript, or nothing readable)."""
    first = data.split(b"\n", 1)[0].strip()
    try:
        record = json.loads(first.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return False
    return isinstance(record, dict) and record.get("kind") == KIND


def spec_of(ask: Any) -> ChanceSpec | None:
    """The draw an ``ask`` describes (``None``: not one this scheme knows)."""
    if not isinstance(ask, Mapping):
        return None
    numbers = {k: v for k, v in ask.items() if k != "kind"}
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in numbers.values()):
        return None
    kind, keys = ask.get("kind"), set(numbers)
    if kind == "dice" and keys == {"count", "sides"}:
        return Dice(numbers["count"], numbers["sides"])
    if kind in ("deal", "shuffle") and keys == {"size"}:
        return Shuffle(numbers["size"], "deal" if kind == "deal" else "")
    if kind in ("soul", "lot") and keys == {"options"}:
        return Pick(numbers["options"], "second soul" if kind == "soul" else "")
    return None


def verify_chances(data: bytes) -> Verdict:
    """Check a chance record (``record`` of the verdict: ``chances``): the commitment, the draws' order, every draw."""
    from narrator.rules.transcript_lines import TranscriptError

    records: list[dict[str, Any]] = []
    for number, raw in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        try:
            record = json.loads(raw)
        except ValueError:
            record = None
        if not isinstance(record, dict):
            error = TranscriptError(number, "not a JSON object", "json")
            return Verdict("damaged", "damaged", line=number, error=error, record="chances")
        records.append(record)
    header = records[0]
    block = header.get("fairness")
    verdict = Verdict("unfair", scheme=str((block or {}).get("scheme")), record="chances",
                      commitment=str((block or {}).get("commitment")))
    if not isinstance(block, Mapping) or verdict.scheme not in SCHEMES:
        return unfair(verdict, "scheme", 1, scheme=verdict.scheme)
    numbers = list(range(2, len(records) + 1))
    drawn = gather(verdict, numbers, records[1:])
    if isinstance(drawn, Verdict):
        return drawn
    refused = reveal_checked(verdict, header, drawn, truncated=False)
    if refused is not None:
        return refused
    specs: list[tuple[int, ChanceSpec]] = []
    for number, record in zip(numbers, records[1:], strict=True):
        if record.get("kind") != "chance":
            continue
        spec = spec_of(record.get("ask"))
        if record.get("draw") != len(specs):  # a draw left out, or moved: every draw is numbered from 0 in order
            return unfair(verdict, "draw_order", number, draw=len(specs) + 1)
        if spec is None:
            return unfair(verdict, "bad_ask", number, draw=len(specs) + 1)
        specs.append((len(specs), spec))
    if header.get("draws") != len(specs):
        return unfair(verdict, "draw_order", len(records), draw=len(specs) + 1)
    return check_draws(verdict, header, drawn, specs)


__all__ = ["KIND", "NotFinishedError", "chance_record", "is_chance_record", "spec_of", "verify_chances"]

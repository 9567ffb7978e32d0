"""Transcripts as data: the record shapes, and replay by folding ``apply`` over recorded moves.

A transcript is JSON Lines: a header, then one record per action, chance result, event,
rejected proposal, fallback, LLM call or narration, then the result. Replay reads only the
header and the ``action`` / ``chance`` records, re-derives every event, and compares it with
the recorded ``event`` lines: the first difference is reported with its line number. The rolls
are in the file, so no seed is needed. This module is pure: it takes lines, not files.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from narrator.rules.codec import ActionCodec, action_to_dict, codec_for
from narrator.rules.core import Audience, Event, Game, IllegalActionError, InvalidActionError, Outcome, Viewer, jsonable
from narrator.rules.registry import get_game
from pydantic import TypeAdapter, ValidationError

SCHEMA = 1
REPLAYED_KINDS = ("action", "chance")


class TranscriptError(ValueError):
    """A transcript that cannot be read or does not replay; the message names the line."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


def audience_to_json(audience: Audience) -> str | list[int]:
    """``"public"``, ``"host"`` or a sorted list of seats."""
    return str(audience) if isinstance(audience, Viewer) else sorted(audience)


def audience_from_json(value: Any) -> Audience:
    """Inverse of :func:`audience_to_json`."""
    if isinstance(value, list):
        return frozenset(int(v) for v in value)
    return Viewer(value)


def event_record(event: Event) -> dict[str, Any]:
    """The transcript record of an event."""
    return {"kind": "event", "event": event.kind, "audience": audience_to_json(event.audience),
            "data": jsonable(event.data)}


def action_record(action: Any) -> dict[str, Any]:
    """The transcript record of an action (chance results included)."""
    kind = "chance" if action.kind == "chance" else "action"
    return {"kind": kind, "actor": action.actor, "payload": action_to_dict(action)}


def header_record(game: Game[Any, Any], config: Any, *, seed: int | None,
                  seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """The first line of a transcript."""
    return {"kind": "header", "schema": SCHEMA, "game": game.name,
            "ruleset": f"{game.name}@{game.rules_version}", "config": game.config_to_dict(config),
            "seed": seed, "seats": seats, **extra}


def decode_config(game: Game[Any, Any], data: Mapping[str, Any]) -> Any:
    """Validate a config dict (a header's, or a YAML rules profile's) into the game's config.

    Raises:
        ValueError: naming every wrong field.
    """
    try:
        return TypeAdapter(game.config_type).validate_python(dict(data))
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '(config)'}: {e['msg']}" for e in error.errors(include_url=False))
        raise ValueError(f"invalid {game.name} config: {problems}") from None


@dataclass
class ReplayResult:
    """What replaying a transcript produced.

    Attributes:
        state: the state after the last replayed move.
        header: the transcript's header record.
        moves: how many action and chance records were applied.
        last_line: the number of the last complete line read.
        truncated: the file ended without a result line (a crashed or interrupted game).
        outcome: the kernel's outcome of the final state, if the game is over.
        errors: problems found in lenient mode (strict mode raises the first instead).
        unrecorded: events the last move derives that the file does not hold yet (a crash
            between a move and its events); resuming writes them before anything else.
        chance_specs: what chance was asked for at each recorded chance move, in order; resuming
            samples them again so its generator continues where the game's stopped.
        last_seq: the highest ``seq`` number read.
    """

    state: Any
    header: dict[str, Any]
    moves: int = 0
    last_line: int = 0
    truncated: bool = True
    outcome: Outcome | None = None
    errors: list[TranscriptError] = field(default_factory=list)
    unrecorded: list[Event] = field(default_factory=list)
    chance_specs: list[Any] = field(default_factory=list)
    last_seq: int = 0


def parse_lines(lines: Iterable[str]) -> list[tuple[int, dict[str, Any]]]:
    """Parse JSONL, numbering lines from 1 and skipping blank ones.

    A last line that is not valid JSON is dropped: it is a write cut short by a crash, and the
    game resumes from the line before it. An invalid line anywhere else is an error.
    """
    numbered = [(n, text) for n, text in enumerate(lines, start=1) if text.strip()]
    records = []
    for index, (number, text) in enumerate(numbered):
        try:
            record = json.loads(text)
        except json.JSONDecodeError as error:
            if index == len(numbered) - 1:
                break
            raise TranscriptError(number, f"not valid JSON ({error.msg})") from None
        if not isinstance(record, dict) or "kind" not in record:
            raise TranscriptError(number, "a record must be a JSON object with a 'kind'")
        records.append((number, record))
    return records


def replay(lines: Iterable[str], *, strict: bool = True) -> ReplayResult:
    """Rebuild a game from its transcript and check every recorded event is reproduced.

    Raises:
        TranscriptError: in strict mode, at the first line that is malformed, illegal or
            diverges from what the kernel derives (lenient mode collects them in ``errors``
            and stops at the first divergence).
    """
    records = parse_lines(lines)
    if not records or records[0][1].get("kind") != "header":
        raise TranscriptError(records[0][0] if records else 1, "the first line must be a header record")
    header = records[0][1]
    game, config = _game_and_config(header)
    folder = _Folder(game, game.initial_state(config), codec_for(tuple(game.action_types)))
    result = ReplayResult(state=folder.state, header=header, last_line=records[0][0])
    for number, record in records[1:]:
        try:
            folder.feed(number, record)
        except TranscriptError as error:
            if strict:
                raise
            result.errors.append(error)
            break
        result.last_line = number
        result.truncated = record["kind"] != "result"
        result.last_seq = max(result.last_seq, _seq_of(record))
    result.state, result.moves, result.chance_specs = folder.state, folder.moves, folder.chance_specs
    result.unrecorded = list(folder.pending)
    result.outcome = game.outcome(folder.state)
    if not result.errors and folder.pending and not result.truncated:
        unrecorded = TranscriptError(result.last_line,
                                     f"event {folder.pending[0].kind!r} was derived but not recorded")
        if strict:
            raise unrecorded
        result.errors.append(unrecorded)
    return result


def _seq_of(record: Mapping[str, Any]) -> int:
    try:
        return int(record.get("seq", 0))
    except (TypeError, ValueError):
        return 0


def _game_and_config(header: Mapping[str, Any]) -> tuple[Game[Any, Any], Any]:
    try:
        game = get_game(str(header.get("game")))
    except KeyError as error:
        raise TranscriptError(1, str(error.args[0])) from None
    if header.get("schema") != SCHEMA:
        raise TranscriptError(1, f"transcript schema {header.get('schema')!r} is not {SCHEMA}")
    try:
        return game, decode_config(game, header.get("config") or {})
    except ValueError as error:
        raise TranscriptError(1, str(error)) from None


@dataclass
class _Folder:
    """Applies recorded moves and matches recorded events against derived ones."""

    game: Game[Any, Any]
    state: Any
    codec: ActionCodec
    moves: int = 0
    pending: list[Event] = field(default_factory=list)
    chance_specs: list[Any] = field(default_factory=list)

    def feed(self, number: int, record: dict[str, Any]) -> None:
        kind = record["kind"]
        if kind in REPLAYED_KINDS:
            self._apply(number, record)
        elif kind == "event":
            self._match(number, record)
        elif kind == "result":
            self._check_result(number, record)

    def _apply(self, number: int, record: dict[str, Any]) -> None:
        if self.pending:
            raise TranscriptError(number, f"event {self.pending[0].kind!r} was derived but not recorded before this move")
        try:
            action = self.codec.decode(record.get("payload") or {})
            spec = self.game.chance_spec(self.state) if action.kind == "chance" else None  # type: ignore[attr-defined]
            step = self.game.apply(self.state, action)
        except InvalidActionError as error:
            raise TranscriptError(number, str(error)) from None
        except IllegalActionError as error:
            raise TranscriptError(number, f"illegal move: {error}") from None
        self.state, self.moves = step.state, self.moves + 1
        self.pending = list(step.events)
        if spec is not None:
            self.chance_specs.append(spec)

    def _match(self, number: int, record: dict[str, Any]) -> None:
        if not self.pending:
            raise TranscriptError(number, f"event {record.get('event')!r} is recorded but the rules derive none here")
        derived = event_record(self.pending.pop(0))
        recorded = {k: record.get(k) for k in derived}
        if derived != recorded:
            raise TranscriptError(number, f"diverges: recorded {json.dumps(recorded, ensure_ascii=False)}, "
                                          f"the rules derive {json.dumps(derived, ensure_ascii=False)}")

    def _check_result(self, number: int, record: dict[str, Any]) -> None:
        outcome = self.game.outcome(self.state)
        derived = outcome.to_dict() if outcome else None
        recorded = {k: record.get(k) for k in ("termination", "winners", "detail")}
        if derived != jsonable(recorded):
            raise TranscriptError(number, f"result diverges: recorded {recorded}, the rules derive {derived}")

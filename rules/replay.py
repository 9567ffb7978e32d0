"""Transcripts as data: the record shapes, and replay by folding ``apply`` over recorded moves.

A transcript is JSON Lines: a header, then one record per action, chance result, event,
rejected proposal, fallback, LLM call or narration, then the result. Replay reads only the
header and the ``action`` / ``chance`` records, re-derives every event, and compares it with
the recorded ``event`` lines: the first difference is reported with its line number. The rolls
are in the file, so no seed is needed. This module is pure: it takes lines, not files.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from narrator.rules.codec import ActionCodec, action_to_dict, codec_for
from narrator.rules.core import Audience, Event, Game, IllegalActionError, InvalidActionError, Outcome, Viewer, jsonable
from narrator.rules.registry import get_game
from narrator.rules.transcript_lines import UNSIGNED, TranscriptError, read_lines
from pydantic import TypeAdapter, ValidationError

MoveSink = Callable[[Any, Any, Any], None]
"""Hears one replayed move: ``(action, state before, state after)``."""

SCHEMA = UNSIGNED
"""The record format; a file writer seals the lines and writes schema 2 (``transcript_lines.CHAINED``)."""
REPLAYED_KINDS = ("action", "chance")


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


class ConfigError(ValueError):
    """A config that does not validate: its English message (logs, models) and the parts a player's language
    renders (``game``; ``unknown`` option names; ``problems``: (field, pydantic error type, English message))."""

    def __init__(self, game: str, unknown: Iterable[str] = (), problems: Iterable[tuple[str, str, str]] = ()) -> None:
        self.game, self.unknown, self.problems = game, tuple(unknown), tuple(problems)
        said = (f"unknown option(s) {', '.join(map(repr, self.unknown))}" if self.unknown
                else "; ".join(f"{where}: {text}" for where, _, text in self.problems))
        super().__init__(f"invalid {game} config: {said}")


def decode_config(game: Game[Any, Any], data: Mapping[str, Any]) -> Any:
    """Validate a config dict (a header's, or a YAML rules profile's) into the game's config.

    Raises:
        ConfigError: naming every wrong field (a ``ValueError``).
    """
    if dataclasses.is_dataclass(game.config_type):  # pydantic would drop a misspelt option without a word
        known = {f.name for f in dataclasses.fields(game.config_type)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(game.name, unknown=unknown)
    try:
        return TypeAdapter(game.config_type).validate_python(dict(data))
    except ValidationError as error:
        problems = [(".".join(str(p) for p in e["loc"]) or "(config)", str(e["type"]), str(e["msg"]))
                    for e in error.errors(include_url=False)]
        raise ConfigError(game.name, problems=problems) from None


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
        last_seq: the ``seq`` of the last record read.
        signed: the lines carry an unbroken hash chain (schema 2); older files are unsigned.
        cut_bytes: the size of a half-written last line that was dropped (0: none).
        valid_bytes: how many leading bytes of the file hold the lines that read and replay.
        last_hash: the seal of the last line read (``None`` when unsigned).
        records: the records after the header that replayed, in order (resuming retraces them).
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
    signed: bool = False
    cut_bytes: int = 0
    valid_bytes: int = 0
    last_hash: str | None = None
    records: list[dict[str, Any]] = field(default_factory=list)


def parse_lines(lines: bytes | Iterable[str | bytes]) -> list[tuple[int, dict[str, Any]]]:
    """Checked records as ``(line number, record)``; a half-written last line is dropped.

    Raises:
        TranscriptError: at the first damaged line (see :mod:`narrator.rules.transcript_lines`).
    """
    read = read_lines(lines)
    if read.error is not None:
        raise read.error
    return [(line.number, line.record) for line in read.lines]


def replay(lines: bytes | Iterable[str | bytes], *, strict: bool = True,
           on_move: MoveSink | None = None) -> ReplayResult:
    """Rebuild a game from its transcript and check every recorded event is reproduced.

    Every line is checked first (UTF-8, JSON, the schema of its kind, ``seq``, the hash chain);
    then ``apply`` is folded over the moves. ``on_move`` hears each applied move with the states around it
    (``(action, before, after)``), so a reader that needs every state (the replay viewer) replays once.

    Raises:
        TranscriptError: in strict mode, at the first line that is damaged, illegal or diverges
            from what the kernel derives (lenient mode collects it in ``errors`` and stops there).
    """
    read = read_lines(lines)
    if not read.lines:
        assert read.error is not None
        raise read.error
    header = read.lines[0].record
    game, config = _game_and_config(header)
    folder = _Folder(game, game.initial_state(config), codec_for(tuple(game.action_types)), on_move=on_move)
    result = ReplayResult(state=folder.state, header=header, last_line=read.lines[0].number, signed=read.signed,
                          cut_bytes=read.cut, valid_bytes=read.lines[0].end, last_hash=read.lines[0].hash)
    for line in read.lines[1:]:
        record = line.record
        try:
            folder.feed(line.number, record)
        except TranscriptError as error:
            if strict:
                raise
            result.errors.append(error)
            break
        result.last_line, result.valid_bytes, result.last_hash = line.number, line.end, line.hash
        result.truncated = record["kind"] != "result"
        result.last_seq = record["seq"]
        result.records.append(record)
    else:
        if read.error is not None:
            if strict:
                raise read.error
            result.errors.append(read.error)
    result.state, result.moves, result.chance_specs = folder.state, folder.moves, folder.chance_specs
    result.unrecorded = list(folder.pending)
    result.outcome = game.outcome(folder.state)
    if not result.errors and folder.pending and not result.truncated:
        unrecorded = TranscriptError(result.last_line,
                                     f"event {folder.pending[0].kind!r} was derived but not recorded", "unrecorded",
                                     event=folder.pending[0].kind)
        if strict:
            raise unrecorded
        result.errors.append(unrecorded)
    return result


def _game_and_config(header: Mapping[str, Any]) -> tuple[Game[Any, Any], Any]:
    try:
        game = get_game(str(header.get("game")))
    except KeyError as error:
        raise TranscriptError(1, str(error.args[0]), "unknown_game", game=str(header.get("game"))) from None
    ruleset = f"{game.name}@{game.rules_version}"
    if header.get("ruleset") != ruleset:
        raise TranscriptError(1, f"ruleset {header.get('ruleset')!r}: this program plays {ruleset}", "ruleset",
                              found=str(header.get("ruleset")), plays=ruleset)
    try:
        return game, decode_config(game, header.get("config") or {})
    except ValueError as error:
        raise TranscriptError(1, str(error), "config") from None


@dataclass
class _Folder:
    """Applies recorded moves and matches recorded events against derived ones."""

    game: Game[Any, Any]
    state: Any
    codec: ActionCodec
    moves: int = 0
    pending: list[Event] = field(default_factory=list)
    chance_specs: list[Any] = field(default_factory=list)
    on_move: MoveSink | None = None

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
            raise TranscriptError(number, f"event {self.pending[0].kind!r} was derived but not recorded before this move",
                                  "unrecorded", event=self.pending[0].kind)
        try:
            action = self.codec.decode(record.get("payload") or {})
            spec = self.game.chance_spec(self.state) if action.kind == "chance" else None  # type: ignore[attr-defined]
            step = self.game.apply(self.state, action)
        except InvalidActionError as error:
            raise TranscriptError(number, str(error), "invalid_move") from None
        except IllegalActionError as error:
            raise TranscriptError(number, f"illegal move: {error}", "illegal_move") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:  # a kernel that trips on it
            raise TranscriptError(number, f"the rules cannot apply this move ({type(error).__name__}: {error})",
                                  "invalid_move") from None
        if (action.kind == "chance") != (record["kind"] == "chance"):  # type: ignore[attr-defined]
            raise TranscriptError(number, f"a {record['kind']} record holds a {action.kind!r} move", "wrong_kind")  # type: ignore[attr-defined]
        if action.actor != record.get("actor"):
            raise TranscriptError(number, f"the record's actor {record.get('actor')!r} is not the move's "
                                          f"actor {action.actor!r}", "wrong_actor")
        if self.on_move is not None:
            self.on_move(action, self.state, step.state)
        self.state, self.moves = step.state, self.moves + 1
        self.pending = list(step.events)
        if spec is not None:
            self.chance_specs.append(spec)

    def _match(self, number: int, record: dict[str, Any]) -> None:
        if not self.pending:
            raise TranscriptError(number, f"event {record.get('event')!r} is recorded but the rules derive none here",
                                  "extra_event", event=str(record.get("event")))
        derived = event_record(self.pending.pop(0))
        recorded = {k: record.get(k) for k in derived}
        if derived != recorded:
            raise TranscriptError(number, f"diverges: recorded {json.dumps(recorded, ensure_ascii=False)}, "
                                          f"the rules derive {json.dumps(derived, ensure_ascii=False)}", "diverges",
                                  event=str(derived.get("event")))

    def _check_result(self, number: int, record: dict[str, Any]) -> None:
        outcome = self.game.outcome(self.state)
        derived = outcome.to_dict() if outcome else None
        recorded = {k: record.get(k) for k in ("termination", "winners", "detail")}
        if derived != jsonable(recorded):
            raise TranscriptError(number, f"result diverges: recorded {recorded}, the rules derive {derived}",
                                  "result_diverges")

"""Resuming a game from its transcript: a crash or a closed terminal loses nothing already played."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from agents.base import Agent
from narrator.session import Session, decode_moves
from narrator.transcript import ResumeError, TranscriptWriter, next_seq, read_transcript, trim_to_complete_lines
from rules.chance import sample
from rules.core import PlayerId
from rules.replay import decode_config, event_record, parse_lines
from rules.registry import get_game


__all__ = ["ResumeError", "load_header", "resume_session"]


def load_header(path: str | Path) -> dict[str, Any]:
    """The header record of the transcript at ``path``."""
    with Path(path).open(encoding="utf-8") as handle:
        first = parse_lines([handle.readline()])
    if not first or first[0][1].get("kind") != "header":
        raise ResumeError(f"{path}: the first line is not a transcript header")
    return first[0][1]


def resume_session(path: str | Path, agents: Mapping[PlayerId, Agent], *,
                   fallbacks: Mapping[PlayerId, Agent] | None = None) -> Session:
    """Rebuild the game recorded at ``path`` and keep appending to the same file.

    The transcript is replayed strictly (every event must match), a half-written last line is
    cut off, and the chance stream is fast-forwarded so the rest of the game draws the same dice
    it would have drawn had it never stopped.

    Raises:
        ResumeError: the game is already over, or the transcript is unreadable (with the line).
    """
    try:
        replayed = read_transcript(path)
    except ValueError as error:
        raise ResumeError(f"{path}: {error}") from None
    if not replayed.truncated:
        raise ResumeError(f"{path}: this game is already over; nothing to resume")
    header = replayed.header
    game = get_game(header["game"])
    config = decode_config(game, header.get("config") or {})
    session = Session(game, config, agents, seed=header.get("seed"), fallbacks=fallbacks)
    with Path(path).open(encoding="utf-8") as handle:
        records = [record for _, record in parse_lines(handle)]
    _fast_forward(session, decode_moves(game, records))
    trim_to_complete_lines(path, replayed.last_line)
    session.seq = next_seq(path)
    session.recorder = TranscriptWriter(path, append=True)
    _complete_last_move(session, replayed.unrecorded)
    if session.outcome() is not None:
        raise ResumeError(f"{path}: this game is already over; nothing to resume")
    return session


def _complete_last_move(session: Session, unrecorded: list[Any]) -> None:
    """Write what a crash cut off after the last move: its events, and the result if it ended the game."""
    for event in unrecorded:
        session.write(event_record(event))
    outcome = session.outcome()
    if outcome is not None:
        session.write({"kind": "result", **outcome.to_dict()})
        session.recorder.close()  # type: ignore[union-attr]


def _fast_forward(session: Session, moves: list[Any]) -> None:
    """Apply recorded moves without recording them, drawing the same chance samples as they did."""
    for action in moves:
        if action.kind == "chance":
            sample(session.game.chance_spec(session.state), session.rng)
        session.state = session.game.apply(session.state, action).state

"""Resuming a game from its transcript: a crash or a closed terminal loses nothing already played."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from narrator.agents.base import Agent
from narrator.rules.chance import sample
from narrator.rules.core import PlayerId
from narrator.rules.registry import get_game
from narrator.rules.replay import decode_config, event_record, parse_lines
from narrator.session import Session
from narrator.transcript import ResumeError, TranscriptWriter, read_transcript, trim_to_complete_lines

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
    session = Session(game, config, agents, seed=header.get("seed"), fallbacks=fallbacks, state=replayed.state)
    for spec in replayed.chance_specs:  # draw what the game drew, so the rest gets the same dice
        sample(spec, session.rng)
    trim_to_complete_lines(path, replayed.last_line)
    session.seq = replayed.last_seq + 1
    session.recorder = TranscriptWriter(path, append=True)
    _complete_last_move(session, replayed.unrecorded)
    if session.outcome() is not None:
        raise ResumeError(f"{path}: this game is already over; nothing to resume")
    return session


def _complete_last_move(session: Session, unrecorded: list[Any]) -> None:
    """Write what a crash cut off after the last move: its events, and the result if it ended the game."""
    for event in unrecorded:
        session.write(event_record(event))
    if session.write_result_if_over():
        session.recorder.close()  # type: ignore[union-attr]


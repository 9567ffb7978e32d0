"""Resuming a game from its transcript: a crash or a closed terminal loses nothing already played.

A resumed game must go on as the same game, byte for byte, whichever line the crash left last.
The state alone is not enough: scripted agents carry generators and memory (lines already said, the
place the Storyteller reached, who volunteered), and a move's narration follows its events. So
resuming *retraces* the recorded game through a fresh :class:`~narrator.session.Session` with the
real agents and listeners: every record the session writes is matched against the file, line by
line, and once the file runs out (even in the middle of a move) the same session simply goes on
writing to it. Whatever the uninterrupted run would have written next is what gets written.

While retracing, each seat's agent is asked as it was, but the *recorded* proposals are what the
session receives: an agent marked ``retraceable = True`` (a seeded scripted bot) is still asked
so its generator and memory advance exactly as they did; any other agent (a person, a language
model) is not asked at all, and the model calls recorded for it are carried over unchanged. Moves
that came from outside the session (a web seat, a real-time candle) are submitted as recorded.
Agents with ``observe`` hear every event again, so their memory is rebuilt too.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from narrator.agents.base import Agent, AgentGaveUpError, Decision, Seat
from narrator.fairness import FairnessError, attach, restore
from narrator.rules.codec import action_to_dict, codec_for
from narrator.rules.core import CHANCE, Action, IllegalActionError, PlayerId
from narrator.rules.registry import get_game
from narrator.rules.replay import ReplayResult, decode_config, parse_lines
from narrator.session import Session
from narrator.transcript import DamagedTranscriptError, ResumeError, TranscriptWriter, read_transcript, trim_to

__all__ = ["DamagedTranscriptError", "ResumeError", "is_retracing", "load_header", "resume_session"]

logger = logging.getLogger("narrator.resume")
KERNEL_KINDS = frozenset({"action", "chance", "event", "result"})
"""Records the rules derive; the others (narration, model calls, refusals) are the table's."""
PROPOSAL_KINDS = ("action", "answer", "rejected", "fallback", "llm_call", "talk")
"""Records a seat's decision writes (before its move or answer)."""
_UNSEALED = ("seq", "hash")


def load_header(path: str | Path, *, game: str | tuple[str, ...] | None = None) -> dict[str, Any]:
    """The header record of the transcript at ``path``, checked to be one of ``game`` when given.

    Raises:
        ResumeError: no such file, a first line that is not a header, or another game's file.
    """
    try:
        with Path(path).open("rb") as handle:
            first = parse_lines([handle.readline()])
    except FileNotFoundError:
        raise ResumeError(f"{path}: no such file", "no_file", path=path) from None
    except ValueError as error:
        raise DamagedTranscriptError(path, error) from None
    if not first:
        raise ResumeError(f"{path}: the file holds no transcript header", "no_header", path=path)
    header = first[0][1]
    wanted = (game,) if isinstance(game, str) else game
    if wanted and header.get("game") not in wanted:
        raise ResumeError(f"{path}: a {header.get('game')!r} transcript, not {' or '.join(map(repr, wanted))}",
                          "other_game", path=path, found_id=repr(header.get("game")),
                          wanted_id=" or ".join(map(repr, wanted)), found=header.get("game"), wanted=" / ".join(wanted))
    return header


def is_retracing(session: Session) -> bool:
    """Whether ``session`` is still retracing its recorded game (listeners stay quiet on screen)."""
    return session.retracing


def resume_session(path: str | Path, agents: Mapping[PlayerId, Agent], *,
                   fallbacks: Mapping[PlayerId, Agent] | None = None, game: str | tuple[str, ...] | None = None,
                   listen: Callable[[Session], object] | None = None) -> Session:
    """Rebuild the game recorded at ``path`` and keep appending to the same file.

    The transcript is read and replayed strictly (seals, schemas, every event), a half-written
    last line is cut off, and the game is retraced with ``agents`` (see the module docstring).

    Args:
        game: the game (or games) the caller plays; another game's transcript is refused.
        listen: attaches the caller's listeners to the session before the retrace, so the
            narration they write is re-derived (and a move's narration cut by a crash is written).

    Raises:
        ResumeError: another game's file, a game already over, or a transcript that is damaged
            or does not replay (naming the line).
    """
    replayed = _read_unfinished(path, game)
    header = replayed.header
    kernel = get_game(header["game"])
    config = decode_config(kernel, header.get("config") or {})
    session = Session(kernel, config, agents, seed=header.get("seed"), fallbacks=fallbacks)
    try:  # a game that committed to its chance goes on with the same commitment, seed and contributions
        fairness = restore(header, replayed.records, path)
    except FairnessError as error:
        raise ResumeError(str(error), f"fair_{error.key}", **error.values) from None
    if fairness is not None:
        attach(session, fairness)
    trim_to(path, replayed.valid_bytes)
    writer = TranscriptWriter(path, append=True, chained=replayed.signed, last_hash=replayed.last_hash)
    _retrace(path, session, replayed, writer, listen)
    return session


def _read_unfinished(path: str | Path, game: str | tuple[str, ...] | None) -> ReplayResult:
    """The transcript at ``path`` read and replayed strictly; refused if it is another game's, damaged or over."""
    load_header(path, game=game)
    try:
        replayed = read_transcript(path)
    except FileNotFoundError:
        raise ResumeError(f"{path}: no such file", "no_file", path=path) from None
    except ValueError as error:
        raise DamagedTranscriptError(path, error, repair=True) from None
    if not replayed.truncated:
        raise ResumeError(f"{path}: this game is already over; nothing to resume", "game_over", path=path)
    return replayed


def _retrace(path: str | Path, session: Session, replayed: ReplayResult, writer: TranscriptWriter,
             listen: Callable[[Session], object] | None) -> None:
    """Retrace the recorded game with ``session``'s agents (listened to once its recorder is the retrace)."""
    retrace = Retrace(session, replayed, writer)
    if listen is not None:
        listen(session)
    try:
        retrace.run()
    except (AgentGaveUpError, IllegalActionError, ResumeError) as error:
        writer.close()
        raise ResumeError(f"{path}: the recorded game cannot be retraced: {error}") from None
    finally:
        retrace.finish()
    if retrace.divergences:  # agents or listeners that changed since the recording (the recording was kept)
        logger.info("%s: retraced with %d difference(s) from the recording, first: %s", path,
                    len(retrace.divergences), retrace.divergences[0])
    if session.outcome() is not None:
        writer.close()
        raise ResumeError(f"{path}: this game is over (the lines a crash cut off are written); nothing to resume",
                          "game_over", path=path)


class Retrace:
    """The recorder of a session that is retracing its transcript (then appending to it)."""

    def __init__(self, session: Session, replayed: ReplayResult, writer: TranscriptWriter) -> None:
        self.session, self.writer = session, writer
        self.records = replayed.records
        self.pos = 0
        self.next_seq = 1
        self.retracing = True
        self.divergences: list[str] = []
        """What an agent or listener did differently from the recording (the recording was kept)."""
        self.agents, self.fallbacks = session.agents, session.fallbacks
        session.agents = {s: _Retold(self, s, a, fallback=False) for s, a in self.agents.items()}
        session.fallbacks = {s: _Retold(self, s, self.fallbacks.get(s, _NoAgent()), fallback=True)
                             for s in {*self.agents, *self.fallbacks}}  # a recorded fallback is retold either way
        session.recorder = self

    # -- the recorder ---------------------------------------------------------------------------

    def close(self) -> None:
        """Close the file (the game ended while it was being retraced)."""
        self.writer.close()

    def write(self, record: dict[str, Any]) -> None:
        """Match a record the session writes against the file; past its end, append it."""
        body = {k: v for k, v in record.items() if k not in _UNSEALED}
        while self.pos < len(self.records):
            expected = self.records[self.pos]
            want = {k: v for k, v in expected.items() if k not in _UNSEALED}
            if _text(body) == _text(want):
                self._consume()
                return
            produced_kernel, expected_kernel = body.get("kind") in KERNEL_KINDS, want.get("kind") in KERNEL_KINDS
            if produced_kernel and expected_kernel:
                raise ResumeError(f"line {self._line()}: the resumed game wrote {_text(body)[:200]}, "
                                  f"the transcript holds {_text(want)[:200]}")
            if produced_kernel:  # a side record the session did not write this time: keep it as recorded
                self.divergences.append(f"line {self._line()}: kept {want.get('kind')} not written again")
                self._consume()
                continue
            self.divergences.append(f"line {self._line()}: {body.get('kind')} differs; the recorded one is kept")
            if want.get("kind") == body.get("kind"):
                self._consume()
            return
        self.retracing = False
        self.writer.write({"seq": self.next_seq, **body})
        self.next_seq += 1

    def _consume(self) -> None:
        self.pos += 1
        self.next_seq += 1
        if self.pos == len(self.records):
            self.retracing = False

    def _line(self) -> int:
        return self.pos + 2  # the header is line 1

    # -- driving the session ----------------------------------------------------------------------

    def run(self) -> None:
        """Make the recorded moves again until every record of the file has been matched."""
        while self.pos < len(self.records):
            before = self.pos
            self._step()
            if self.pos == before:
                raise ResumeError(f"line {self._line()}: the {self.records[self.pos]['kind']} record cannot be "
                                  f"retraced")

    def _step(self) -> None:
        session, record = self.session, self.records[self.pos]
        kind = record["kind"]
        if kind == "chance":
            spec = session.game.chance_spec(session.state)
            session.draw(spec)  # the generator draws what the game drew; the recorded values are used
            rejection = session.submit(self._decode(record))
            if rejection is not None:
                raise IllegalActionError(rejection)
            return
        move = self._next_move()
        if kind in PROPOSAL_KINDS and move is None and self._ask_again(record.get("actor")):
            return  # the file ends inside a decision of a seeded agent: it is made again, and goes on live
        if kind in PROPOSAL_KINDS and move is not None:
            seat: PlayerId = move.get("actor", CHANCE)  # a draw's record names no seat: no agent, no question
            agent = session.agents.get(seat)
            local = agent is not None and not agent.remote
            if move["kind"] == "answer":
                question = session.open_questions().get(seat)
                if question is not None and local:
                    session.ask_question(seat, question)
                    return
                if kind == "answer" and question is not None:  # a remote seat's answer (a web player)
                    answer = self._decode(record, question.answers)
                    rejection = session.answer(seat, answer, notes=record.get("notes"))
                    if rejection is not None:
                        raise IllegalActionError(rejection)
                    return
            elif local and seat in self._seats_to_ask():
                session.ask(seat)
                return
            elif kind == "action":  # a move from outside the session (a web seat, a real-time candle)
                rejection = session.submit(self._decode(record), notes=record.get("notes"))
                if rejection is not None:
                    raise IllegalActionError(rejection)
                return
        self.pass_through()

    def _ask_again(self, seat: Any) -> bool:
        agent = self.session.agents.get(seat)
        if agent is None or agent.remote or not agent.retraceable:
            return False
        question = self.session.open_questions().get(seat)
        if question is not None:
            self.session.ask_question(seat, question)
            return True
        if seat in self._seats_to_ask():
            self.session.ask(seat)
            return True
        return False

    def pass_through(self) -> None:
        """Write the record at the cursor again as it is (the table wrote it, not the session)."""
        record = self.records[self.pos]
        if record["kind"] == "talk":  # heard by every seat from now on, as it was
            self.session.say_aloud(record["actor"], record["offers"])
            return
        self.session.write({k: v for k, v in record.items() if k not in _UNSEALED})

    def _next_move(self) -> dict[str, Any] | None:
        for record in self.records[self.pos:]:
            if record["kind"] in ("action", "chance", "answer"):
                return record
        return None

    def _seats_to_ask(self) -> frozenset[PlayerId]:
        """Who could have been asked now (the terminal asks the lowest active seat, a web table any bot)."""
        active = self.session.game.active_players(self.session.state)
        return frozenset() if CHANCE in active else frozenset(active)

    def _decode(self, record: Mapping[str, Any], legal: Sequence[Any] = ()) -> Action:
        """The recorded move (or answer to the table's question: its types are those of ``legal``)."""
        payload = record["payload"]
        if isinstance(payload, Mapping) and payload.get("kind") not in self.session.codec.kinds and legal:
            return codec_for(tuple({type(a): None for a in legal})).decode(payload)
        return self.session.codec.decode(payload)

    def proposal(self, seat: PlayerId, *, fallback: bool, legal: Sequence[Any] = ()) -> Decision | None:
        """The next recorded proposal of ``seat``, with the table talk said while deciding and the
        lines spoken beside the move (model calls recorded before it are carried over).

        Raises:
            AgentGaveUpError: the seat's agent gave up here (a ``fallback`` record follows).
        """
        talk: dict[str, bool] = {}
        at = self.pos
        while at < len(self.records):
            record = self.records[at]
            kind, actor = record["kind"], record.get("actor")
            if kind == "talk" and actor == seat and not talk:  # said by the session from the decision
                talk, at = dict(record["offers"]), at + 1
                continue
            if kind == "fallback" and actor == seat:
                if not fallback:
                    raise AgentGaveUpError(record["reason"], raw=record.get("raw"), attempts=record["attempts"])
                at += 1
                after = self.records[at] if at < len(self.records) else None
                if after is None or after["kind"] != "action" or after.get("actor") != seat:
                    return None
                return self._decision(at, legal, talk)
            if kind in ("action", "answer", "rejected") and actor == seat:
                return self._decision(at, legal, talk)
            if kind in KERNEL_KINDS or at > self.pos:
                return None
            self.pass_through()  # a model call, or another seat's refused proposal, made meanwhile
            at = self.pos
        return None

    def _decision(self, at: int, legal: Sequence[Any], talk: dict[str, bool]) -> Decision:
        record = self.records[at]
        if record["kind"] == "rejected":
            notes = {k: v for k, v in record.items() if k not in ("seq", "hash", "kind", "actor", "payload", "rejection")}
            return Decision(self._decode(record, legal), notes, talk=talk)
        said: list[str] = []
        if record["kind"] == "action":  # the seat's lines follow the move's events
            after = at + 1
            while after < len(self.records) and self.records[after]["kind"] == "event":
                after += 1
            while (after < len(self.records) and self.records[after]["kind"] == "narration"
                   and self.records[after].get("by") == record["actor"] and "event" not in self.records[after]
                   and set(self.records[after]) <= {"seq", "hash", "kind", "by", "text"}):
                said.append(self.records[after]["text"])
                after += 1
        return Decision(self._decode(record, legal), dict(record.get("notes") or {}), said=tuple(said), talk=talk)

    def finish(self) -> None:
        """Hand the session its real agents and the file's writer."""
        self.session.agents, self.session.fallbacks = self.agents, self.fallbacks
        self.session.recorder = self.writer
        self.session.seq = self.next_seq
        self.retracing = False


class _Retold:
    """A seat's agent while its game is retraced: it answers what the transcript recorded."""

    def __init__(self, retrace: Retrace, seat: PlayerId, agent: Agent, *, fallback: bool) -> None:
        self._retrace, self._seat, self._agent, self._fallback = retrace, seat, agent, fallback

    def __getattr__(self, name: str) -> Any:  # name, max_attempts, observe, said... are the agent's own
        return getattr(self._agent, name)

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # isinstance() sees the agent: a table looks its bot up by type
        return type(self._agent)

    def act(self, request: Any) -> Action | Decision:
        if not self._retrace.retracing:
            return self._agent.act(request)
        own: Any = None
        if self._agent.retraceable:
            try:  # asked as before, so its generator and memory move on as they did
                own = self._agent.act(request)
            except AgentGaveUpError:
                own = None
        recorded = self._retrace.proposal(self._seat, fallback=self._fallback, legal=getattr(request, "legal", ()))
        if recorded is None:  # the file ends inside this decision: from here it is played live
            return own if own is not None else self._agent.act(request)
        if own is not None:
            mine = own.action if isinstance(own, Decision) else own
            if _text(action_to_dict(mine)) != _text(action_to_dict(recorded.action)):
                self._retrace.divergences.append(f"seat {self._seat}: its agent now proposes {action_to_dict(mine)}")
            if isinstance(own, Decision) and (own.said or own.talk):  # its words and table talk, heard again
                return replace(recorded, said=own.said or recorded.said, talk=own.talk or recorded.talk)
        return recorded


class _NoAgent(Seat):
    """A seat without a fallback agent: the session takes the rules' default move."""

    name = "default"

    def act(self, _request: Any) -> Any:
        return None  # no move: the session plays the rules' default


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)

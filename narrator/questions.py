"""The table's questions outside the kernel: asking them, checking and keeping the answers.

The Storyteller games' kernel has no move for "the player chooses an approach": the Storyteller's roll request
carries it. So the table asks the player first (a :class:`Question` with ``Request.question`` set), keeps the
answer as an ``answer`` transcript line and hands it to the Storyteller in ``Request.answers``. Answers stand
until the next kernel move. A game's table says what it asks (:class:`Questions`); the session it serves is
composed with a :class:`TableQuestions` that asks them (:meth:`narrator.session.Session.ask_question`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from narrator.agents.base import Agent, AgentGaveUpError, Decision, Question, Request
from narrator.rules.core import Action, Code, Game, PlayerId, Rejection, jsonable


class Questions(Protocol):
    """What a game's table asks outside the kernel before the kernel's seats move (see the module)."""

    def open(self, session: Any) -> Mapping[PlayerId, Question]:
        """The questions the table waits on now, by seat (none for a seat that answered); ``session`` is the
        :class:`narrator.session.Session` asking."""
        ...

    def check(self, session: Any, seat: PlayerId, answer: Action) -> Rejection | None:
        """``None`` when ``answer`` answers ``seat``'s open question, else why not."""
        ...


class Asking(Protocol):
    """What :class:`TableQuestions` uses of its session: the seats, the state, the answers kept, the transcript."""

    game: Game[Any, Any]
    state: Any
    agents: dict[PlayerId, Agent]
    questions: Questions | None
    answers: dict[PlayerId, Action]
    refused_answers: dict[PlayerId, Rejection]

    def write(self, record: dict[str, Any]) -> None: ...

    def write_refusal(self, record: dict[str, Any]) -> None: ...

    def _refusals_end(self, seat: PlayerId, notes: Mapping[str, Any] | None) -> Mapping[str, Any] | None: ...

    def _seat_check(self, seat: PlayerId, action: Action) -> Rejection | None: ...


def decision_parts(answer: Action | Decision) -> tuple[Action, dict[str, Any], tuple[str, ...]]:
    """An agent's answer as ``(action, notes, said)``."""
    if isinstance(answer, Decision):
        return answer.action, answer.notes, answer.said
    return answer, {}, ()


class TableQuestions:
    """Asks one session's table questions and keeps the answers (``session.answers``, ``answer`` lines)."""

    def __init__(self, session: Asking) -> None:
        self.session = session

    def open(self) -> Mapping[PlayerId, Question]:
        """The table's questions waiting for an answer now, by seat."""
        session = self.session
        return {} if session.questions is None else session.questions.open(session)

    def answer(self, seat: PlayerId, answer: Action, *, notes: Mapping[str, Any] | None = None) -> Rejection | None:
        """Take ``seat``'s answer to its open question (an ``answer`` line), or record why not."""
        session = self.session
        rejection = (Rejection(Code.UNKNOWN_ACTION, f"seat {seat}: the table asks nothing outside the rules", "session")
                     if session.questions is None else session.questions.check(session, seat, answer))
        if rejection is not None:
            session.write_refusal({"kind": "rejected", "actor": seat, "payload": jsonable(answer),
                                   "rejection": rejection.to_dict(), **dict(notes or {})})
            return rejection
        notes = session._refusals_end(seat, notes)
        record: dict[str, Any] = {"kind": "answer", "actor": seat, "payload": jsonable(answer)}
        if notes:
            record["notes"] = jsonable(dict(notes))
        session.write(record)
        session.answers[seat] = answer
        session.refused_answers.pop(seat, None)
        return None

    def ask(self, seat: PlayerId, question: Question) -> None:
        """Ask ``seat`` the table's question (re-asking with the reason), else take its first answer."""
        session = self.session
        agent = session.agents[seat]
        limit = agent.max_attempts
        rejection = session.refused_answers.get(seat)
        attempt = 0
        reason = "gave up"
        raw: str | None = None
        view = session.game.view(session.state, seat)
        while limit is None or attempt < limit:
            attempt += 1
            request = Request(session.game.name, seat, view, question.answers, rejection, attempt,
                              question=question.kind, options=question.options)
            try:
                answer, notes, _ = decision_parts(agent.act(request))
            except AgentGaveUpError as error:
                reason, raw = error.reason, error.raw
                break
            rejection = session._seat_check(seat, answer) or self.answer(seat, answer, notes=notes)
            if rejection is None:
                return
            reason = f"{rejection.code}: {rejection.message}"
        session.write({"kind": "fallback", "actor": seat, "attempts": attempt, "reason": reason, "raw": raw,
                       "by": "default"})
        if self.answer(seat, question.answers[0]) is not None:
            raise AgentGaveUpError(f"seat {seat}: {reason}, and the first answer was refused", raw=raw)

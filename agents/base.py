"""The agent protocol: the session asks a seat for a move, the agent proposes one.

Every family (scripted bots, LLM agents, humans at a terminal or a web page) answers the same
:class:`Request`. An agent sees only its seat's view, the events visible to it, and the legal
moves; it never receives the state. The kernel re-checks every proposal anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from narrator.rules.core import Action, Event, PlayerId, Rejection


@dataclass(frozen=True, slots=True)
class Request:
    """What a seat is asked.

    Attributes:
        game: the game's name.
        seat: the seat asked to act.
        view: that seat's view (``game.view(state, seat)``), nothing more.
        legal: the moves the kernel allows this seat now.
        rejection: why the previous proposal for this turn was refused, when it was.
        attempt: 1 for the first ask, 2 and more for re-asks after a rejection.
    """

    game: str
    seat: PlayerId
    view: Any
    legal: Sequence[Action]
    rejection: Rejection | None = None
    attempt: int = 1


@dataclass(frozen=True, slots=True)
class Decision:
    """An agent's answer: the move, plus what the transcript should keep about how it was made."""

    action: Action
    notes: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Agent(Protocol):
    """Anything that can sit in a seat."""

    name: str
    """Shown in transcripts and reports, e.g. ``"scripted"``, ``"human"``, ``"llm:gpt-4o-mini"``."""

    def act(self, request: Request) -> Action | Decision:
        """Propose a move for ``request.seat``."""
        ...


class ObservingAgent(Agent, Protocol):
    """An agent that also wants every event its seat may see, as it happens."""

    def observe(self, events: Sequence[Event]) -> None:
        """Take note of events visible to this agent's seat."""
        ...


class AgentGaveUpError(RuntimeError):
    """An agent could not produce a move (the model failed, the budget ran out, the human left).

    The session then asks the seat's fallback agent and records a ``fallback`` line.
    """

    def __init__(self, reason: str, *, raw: str | None = None, attempts: int = 0) -> None:
        super().__init__(reason)
        self.reason, self.raw, self.attempts = reason, raw, attempts

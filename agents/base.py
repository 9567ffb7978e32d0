"""The agent protocol: the session asks a seat for a move, the agent proposes one.

Every family (scripted bots, LLM agents, humans at a terminal or a web page) answers the same
:class:`Request`. An agent sees only its seat's view, the events visible to it, and the legal
moves; it never receives the state. The kernel re-checks every proposal anyway.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
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
        question: empty for a kernel move; else the kind of a table question outside the rules
            (``"choose_approach"``: a Storyteller game's player choosing an approach), whose
            possible answers are ``legal`` and what they mean ``options`` (in the same order).
        options: for a question, the answers described (labels, previews).
        answers: the table's answers standing for this turn (the player's chosen approach, which
            the Storyteller turns into a roll request).
        talk: the table talk so far, in order: what seats said aloud outside the rules (Ten
            Candles' survivors stepping forward for danger, or ready for their Moment).
    """

    game: str
    seat: PlayerId
    view: Any
    legal: Sequence[Action]
    rejection: Rejection | None = None
    attempt: int = 1
    question: str = ""
    options: Sequence[Any] = ()
    answers: Mapping[PlayerId, Action] = field(default_factory=dict)
    talk: Sequence[Talk] = ()


@dataclass(frozen=True, slots=True)
class Talk:
    """Offers one seat said aloud outside the rules: ``{"volunteer": True, "moment": False}``.

    Each offer is made (true) or withdrawn (false); the session keeps it as a ``talk`` transcript
    line and tells every seat in ``Request.talk``. Only what a seat chooses to say, never its view.
    """

    seat: PlayerId
    offers: Mapping[str, bool]


@dataclass(frozen=True, slots=True)
class Question:
    """A decision the table asks for outside the kernel (a game's :class:`narrator.session.Questions`).

    Attributes:
        kind: what is asked (``"choose_approach"``).
        answers: the answers allowed, as actions of the table (never the kernel's).
        options: what each answer means (labels, previews), in the same order.
    """

    kind: str
    answers: tuple[Action, ...]
    options: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """An agent's answer: the move, plus what the transcript should keep about how it was made."""

    action: Action
    notes: dict[str, Any] = field(default_factory=dict)
    said: tuple[str, ...] = ()
    """Lines the seat speaks in character beside its move: public; the transcript keeps them as
    ``narration`` records and listeners hear them as ``narration`` events after the move's own."""
    talk: Mapping[str, bool] = field(default_factory=dict)
    """Offers said aloud while deciding (a :class:`Talk`), kept even if the move is refused."""


DEFAULT_ATTEMPTS = 3
"""An agent's first proposal plus two re-asks with the kernel's reason, then the seat's fallback."""


CallSink = Callable[[Mapping[str, Any]], None]
"""Receives one ``llm_call`` record (the session writes it to the transcript)."""


@runtime_checkable
class Agent(Protocol):
    """Anything that can sit in a seat: what the session may ask of it is declared here.

    :class:`Seat` gives every capability its default; agents subclass it and override what they do.
    """

    name: str
    """Shown in transcripts and reports, e.g. ``"scripted"``, ``"human"``, ``"llm:gpt-4o-mini"``."""

    max_attempts: int | None
    """How many proposals the session takes for one decision before the seat's fallback moves.
    ``None``: no limit, because the agent ends the decision itself (a human is asked until the move
    is legal; a language-model agent counts its own re-asks and raises :class:`AgentGaveUpError`).
    The session owns the loop that re-asks; this is the only limit it applies."""

    remote: bool
    """Moves arrive from outside (a web page calls ``Session.submit``): the loop never asks this
    agent, it waits for it."""

    person: bool
    """A person plays the seat (terminal or web): the loop makes a move that is no choice for it."""

    concurrent: bool
    """Its answer waits on I/O (a model call), so the session may ask it through :meth:`aact` at the
    same time as the other seats the rules let decide at once (night actions, ballots); the kernel
    still applies the moves one by one in seat order."""

    from_request: bool
    """Its answer follows from the request alone (a model seat whose prompt is built from its view,
    with no heard events in it): an answer asked ahead of its turn stays good though the seat heard
    events since, as long as the request is the same (``Session._peek``)."""

    warms: bool
    """Its calls go to model servers that cache prompts: while an earlier seat is asked, the session may send
    the prompt of this seat's coming turn ahead (:meth:`awarm`), so that its turn evaluates only what changed."""

    @property
    def warms_heard(self) -> bool:
        """It speaks after others' moves from what it heard (the Ten Candles Storyteller narrates from the scene's
        lines): while a person decides, the session hands it what it heard and what the person's default move would
        add (:meth:`warm_heard`), so that its words after the real move evaluate only what differs. Read only: an
        agent may answer from its voice (a property), as the narrating Ten Candles GM does."""
        ...

    @property
    def retraceable(self) -> bool:
        """Its answers follow from its seed and what it is asked (a scripted bot): a resumed game
        asks it again so its generator and memory move on as they did (``narrator.resume``)."""
        ...

    def act(self, request: Request) -> Action | Decision:
        """Propose a move for ``request.seat``."""
        ...

    async def aact(self, request: Request) -> Action | Decision:
        """:meth:`act` without blocking: awaited when the session asks several seats at once."""
        ...

    async def awarm(self, request: Request) -> bool:
        """Send the prompt ``request`` would make without deciding anything (a warm-up); whether it was sent."""
        ...

    def warm_heard(self, view: Any, coming: Sequence[Event]) -> Awaitable[bool] | None:
        """The warm-up of its next prompt (built now, from ``view``, what it heard and the ``coming`` events it
        would see after the person's default move), for the session to run in the background; ``None``: nothing
        new to warm. Nothing is decided or recorded."""
        ...

    def observe(self, events: Sequence[Event]) -> None:
        """Take note of events this seat may see, as they happen (the session filters them)."""
        ...

    def bind_calls(self, sink: CallSink) -> None:
        """Report each language-model call to ``sink`` (the session binds its transcript)."""
        ...


class Seat:
    """The defaults of every :class:`Agent` capability: asked three times, not remote, not concurrent,
    deaf, no model."""

    name: str = "agent"
    max_attempts: int | None = DEFAULT_ATTEMPTS
    remote: bool = False
    person: bool = False
    """A person plays the seat (terminal or web): the session never asks it to click a move that is no
    choice (:meth:`narrator.session.Session.no_choice`)."""
    concurrent: bool = False
    from_request: bool = False
    warms: bool = False
    warms_heard: bool = False

    @property
    def retraceable(self) -> bool:
        """People and language models are never asked twice."""
        return False

    def act(self, request: Request) -> Action | Decision:
        raise NotImplementedError

    async def aact(self, request: Request) -> Action | Decision:
        """A seat that waits on nothing answers at once."""
        return self.act(request)

    async def awarm(self, request: Request) -> bool:
        """Most agents call no model: nothing to warm."""
        return False

    def warm_heard(self, view: Any, coming: Sequence[Event]) -> Awaitable[bool] | None:
        """Most agents say nothing after others' moves."""
        return None

    def observe(self, events: Sequence[Event]) -> None:
        """Most agents decide from the view alone."""

    def bind_calls(self, sink: CallSink) -> None:
        """Most agents call no model."""


class ReopenQuestion(Exception):
    """Raised by an agent whose move rested on the table's answers (the Storyteller's roll request
    on the player's approach) when the kernel refused it: ask the question again, with the reason.

    ``rejection``: the agent's own reason to ask again (a typed intent it could not read), used
    when the kernel refused nothing.
    """

    def __init__(self, message: str = "", *, rejection: Rejection | None = None) -> None:
        super().__init__(message)
        self.rejection = rejection


class AgentGaveUpError(RuntimeError):
    """An agent could not produce a move (the model failed, the budget ran out, the human left).

    The session then asks the seat's fallback agent and records a ``fallback`` line.
    """

    def __init__(self, reason: str, *, raw: str | None = None, attempts: int = 0) -> None:
        super().__init__(reason)
        self.reason, self.raw, self.attempts = reason, raw, attempts

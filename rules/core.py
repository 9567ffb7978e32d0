"""Types shared by every game kernel: seats, audiences, events, rejections, outcomes, the Game shape.

The kernel contract (docs/architecture.md): a game is a set of pure functions of an immutable
state. ``apply(state, action)`` is the only way a state changes; an illegal action raises
:class:`IllegalActionError` carrying a :class:`Rejection` and leaves the old state untouched.
Nothing here does I/O, reads a clock, or draws a random number.
"""

from __future__ import annotations

import dataclasses
import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Literal, TypeVar, cast

from narrator.rules.action_types import FieldChecks

PlayerId = int
"""A seat number, 0-based. Seats are how the kernel names players; names live at the table."""

CHANCE: PlayerId = -1
"""The chance player: when it is active, the engine samples ``chance_spec(state)`` and applies it."""

HOST: PlayerId = -2
"""The host / Storyteller seat, for games where a moderator acts (Ten Candles' GM, a Storyteller)."""


class Viewer(StrEnum):
    """Who looks at the game when it is not one seat."""

    PUBLIC = "public"
    """Anyone at the table, and permanently dead observers: only public information."""
    HOST = "host"
    """The moderator (or an auditor): the whole truth."""


# An audience is "public", "host", or a frozenset of seats. Frozensets, never strings, so that
# membership is exact (a substring test on "12" would let seat 1 see seat 12's secrets).
Audience = Viewer | frozenset[PlayerId]
PUBLIC = Viewer.PUBLIC
HOST_ONLY = Viewer.HOST


def seats(*ids: PlayerId) -> frozenset[PlayerId]:
    """Build a seat audience: ``seats(3)`` is seen by seat 3 (and the host) only."""
    return frozenset(ids)


def can_see(audience: Audience, viewer: PlayerId | Viewer | None) -> bool:
    """Whether ``viewer`` may see something addressed to ``audience``.

    The host sees everything; the public viewer (``None`` or ``Viewer.PUBLIC``) sees only public
    things; a seat sees public things and things addressed to it.

    >>> can_see(seats(1), 12), can_see(seats(12), 12), can_see(PUBLIC, None)
    (False, True, True)
    """
    if viewer is Viewer.HOST:
        return True
    if audience is Viewer.PUBLIC:
        return True
    if audience is Viewer.HOST or viewer is None or viewer is Viewer.PUBLIC:
        return False
    return viewer in audience


@dataclass(frozen=True, slots=True)
class Event:
    """A record of something that happened, and who may learn of it.

    ``kind`` names the event (``"death"``, ``"roll"``...); ``data`` holds JSON-ready values
    (ints, strings, lists, dicts). Narration and agents are driven by events, never by peeking
    into the state.
    """

    kind: str
    audience: Audience
    data: Mapping[str, Any] = field(default_factory=dict)
    _payload: Any = field(default=None, init=False, compare=False, repr=False)
    """The typed form of ``data``, read on first use of :attr:`payload` (a cache: not part of the event, not
    copied by ``dataclasses.replace``, so an event given other ``data`` is read again)."""

    def visible_to(self, viewer: PlayerId | Viewer | None) -> bool:
        """Whether ``viewer`` may see this event."""
        return can_see(self.audience, viewer)

    @property
    def payload(self) -> Any:
        """The event as its kind's typed class (``rules.events.EventBody``: ``Death(seat=3, ...)``), read from
        ``data`` once; ``None`` for a kind no game module has registered. Consumers match on it
        (``match event.payload: case Death(seat=s): ...``) instead of comparing ``kind`` strings."""
        found = self._payload
        if found is None:
            found = _typed(self.kind, self.data)
            if found is not None:  # (an untyped event is asked again: its game may register its kinds later)
                object.__setattr__(self, "_payload", found)
        return found

EVENT_TYPES: dict[str, list[Any]] = {}
"""Kind -> the typed event classes registered under it (``rules.events.register``; one per game that emits
the kind: ``game_over`` is both battaglia's and Ten Candles', told apart by the shape of ``data``)."""


def _typed(kind: str, data: Mapping[str, Any]) -> Any:
    """The first class of ``kind`` whose fields are exactly ``data``'s keys, else the first whose required fields
    ``data`` has (a consumer's note added to an event's data, such as a framed conflict's ``stakes``)."""
    classes = EVENT_TYPES.get(kind, ())
    for exact in (True, False):
        for cls in classes:
            if cls.fits(data, exact=exact):
                try:
                    return cls.from_data(data)
                except (KeyError, TypeError, ValueError):  # not of that shape inside (an old transcript's line)
                    continue
    return None


def public(kind: str, **data: Any) -> Event:
    """An event everyone may see."""
    return Event(kind, PUBLIC, data)


def private(kind: str, to: frozenset[PlayerId], **data: Any) -> Event:
    """An event only the seats in ``to`` (and the host) may see."""
    return Event(kind, to, data)


def host_only(kind: str, **data: Any) -> Event:
    """An event only the host may see (a kill attribution, a hidden card)."""
    return Event(kind, HOST_ONLY, data)


def redact(events: Sequence[Event], viewer: PlayerId | Viewer | None) -> tuple[Event, ...]:
    """The events ``viewer`` may see, in order."""
    return tuple(e for e in events if e.visible_to(viewer))


class Code(StrEnum):
    """Rejection codes shared by every game. Games add their own (a ``StrEnum`` of their own)."""

    GAME_OVER = "GAME_OVER"
    WRONG_PHASE = "WRONG_PHASE"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    UNKNOWN_SEAT = "UNKNOWN_SEAT"
    UNKNOWN_ACTION = "UNKNOWN_ACTION"
    DEAD_ACTOR = "DEAD_ACTOR"
    UNKNOWN_TARGET = "UNKNOWN_TARGET"
    TARGET_DEAD = "TARGET_DEAD"
    TARGET_NOT_ALLOWED = "TARGET_NOT_ALLOWED"
    ALREADY_ACTED = "ALREADY_ACTED"
    MALFORMED = "MALFORMED"
    CHANCE_MISMATCH = "CHANCE_MISMATCH"
    NOT_CHANCE_TURN = "NOT_CHANCE_TURN"


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why an action is illegal now.

    Attributes:
        code: stable and machine-readable (``"TARGET_DEAD"``); agents and tests switch on it.
        message: one sentence a player or a language model can act on; it names the input, the
            actor, the phase and what would be allowed instead.
        rule: the rulebook place the rule comes from (``"battaglia L61-62"``).
    """

    code: str
    message: str
    rule: str = ""

    def to_dict(self) -> dict[str, str]:
        """JSON-ready form, as written to transcripts and sent to agents."""
        return {"code": str(self.code), "message": self.message, "rule": self.rule}


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow now. The state is untouched."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(f"{rejection.code}: {rejection.message}")
        self.rejection = rejection


class InvalidActionError(ValueError):
    """A malformed action: unknown kind, missing fields, wrong types. Raised at the boundary."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """Base of every move. Subclasses are frozen, slotted, keyword-only dataclasses that add a
    ``kind: Literal[...]`` field (the wire discriminator) and their own fields."""

    # Read by pydantic at the boundary only (rules.codec): unknown fields are an error there.
    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}

    actor: PlayerId
    kind: str
    """The wire discriminator; each subclass narrows it to ``Literal["its-kind"] = "its-kind"``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ChanceAction(Action):
    """The outcome of a chance node (dice faces, a permutation, a drawn index...).

    The engine samples it from ``chance_spec(state)`` with its own seeded generator; the kernel
    validates it like any other action, so a transcript replays without the seed and a table can
    feed in dice rolled by hand.
    """

    kind: Literal["chance"] = "chance"
    values: tuple[int, ...] = ()
    actor: PlayerId = CHANCE


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    Attributes:
        termination: why it ended (``"one_force_left"``, ``"last_candle"``...).
        winners: the seats that won (may be empty: in Ten Candles everybody dies).
        detail: JSON-ready facts for reports (winning force, scores, days played...).
    """

    termination: str
    winners: frozenset[PlayerId]
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, as written to the transcript's result line."""
        return {"termination": self.termination, "winners": sorted(self.winners), "detail": dict(self.detail)}


S = TypeVar("S")
C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """What ``apply`` returns: the new state and the events the action caused, in order."""

    state: S
    events: tuple[Event, ...] = ()


class Game(ABC, Generic[C, S]):
    """The shape every game kernel offers. Subclasses hold no mutable state: one instance per game.

    ``config_type`` and ``action_types`` let the boundary (transcripts, agents, the web API)
    validate and decode configs and actions with pydantic; the kernel itself never does.
    """

    name: ClassVar[str]
    rules_version: ClassVar[str] = "1"
    config_type: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type[Action], ...]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every kernel's public ``check`` and ``apply`` refuse a malformed action (:meth:`malformed`) before
        its own rules see it, whoever calls them (an agent, a test, a script): a ``MALFORMED`` rejection,
        the state untouched, never a crash in the dispatch nor an accepted ``actor=1.5``."""
        super().__init_subclass__(**kwargs)
        for name in ("check", "apply"):
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "__isabstractmethod__", False) \
                    and not getattr(method, "_refuses_malformed", False):
                setattr(cls, name, _refusing_malformed(method, raises=name == "apply"))

    def malformed(self, action: Any) -> Rejection | None:
        """Why ``action`` is not one of this game's well-formed actions (code ``MALFORMED``), or ``None``."""
        why = _field_checks(type(self)).malformed(action)
        return None if why is None else Rejection(Code.MALFORMED, why, "kernel")

    @abstractmethod
    def initial_state(self, config: C) -> S:
        """The state before the first move; secrets are dealt by chance actions that follow."""

    @abstractmethod
    def active_players(self, state: S) -> frozenset[PlayerId]:
        """Who may act now; contains :data:`CHANCE` when the engine must sample, empty when over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: PlayerId) -> Sequence[Action]:
        """Every move ``seat`` may make now. The single source of truth ``check`` agrees with."""

    @abstractmethod
    def check(self, state: S, action: Action) -> Rejection | None:
        """``None`` when ``action`` is legal now, else the reason it is not."""

    @abstractmethod
    def apply(self, state: S, action: Action) -> Step[S]:
        """Apply a legal action. Raises :class:`IllegalActionError` when ``check`` rejects it."""

    @abstractmethod
    def chance_spec(self, state: S) -> Any:
        """What chance must produce now (a :mod:`rules.chance` spec), or ``None``."""

    @abstractmethod
    def view(self, state: S, viewer: PlayerId | Viewer | None) -> Any:
        """Exactly what ``viewer`` may know: a frozen dataclass or a mapping that :func:`jsonable`
        turns into JSON. ``None`` is the public view; ``Viewer.HOST`` may return the whole truth."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The outcome when the game is over, else ``None``."""

    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""
        return self.outcome(state) is not None

    @abstractmethod
    def seat_count(self, state: S) -> int:
        """How many player seats the game has (bots and humans sit in them)."""

    def default_action(self, state: S, seat: PlayerId) -> Action | None:
        """The forfeit move when an agent gives up (abstain, pass); ``None`` if there is none."""
        return None

    def config_to_dict(self, config: C) -> dict[str, Any]:
        """JSON-ready form of a config, for transcript headers and reports."""
        return dict(_jsonable(config))


def _refusing_malformed(method: Callable[..., Any], *, raises: bool) -> Callable[..., Any]:
    """``method`` (a kernel's ``check``, or its ``apply`` when ``raises``) behind :meth:`Game.malformed`."""
    @functools.wraps(method)
    def guarded(self: Game[Any, Any], state: Any, action: Any) -> Any:
        quick = _QUICK.get(type(self)) or _quick_checks(type(self))
        check = quick.get(type(action))  # the hot path: one lookup and the compiled check of the action's type
        if check is not None and check(action) is None:
            return method(self, state, action)
        rejection = self.malformed(action)
        if rejection is None:  # a subclass's own malformed() let it through
            return method(self, state, action)
        if raises:
            raise IllegalActionError(rejection)
        return rejection

    guarded._refuses_malformed = True  # type: ignore[attr-defined]
    return guarded


_QUICK: dict[type, dict[type, Callable[[Any], str | None]]] = {}
"""Per kernel class: each action type's compiled field check (what the guard runs on every call)."""


def _field_checks(kernel: type) -> FieldChecks:
    found = kernel.__dict__.get("_field_checks")
    if found is None:
        found = FieldChecks((*cast(Any, kernel).action_types, ChanceAction))
        type.__setattr__(kernel, "_field_checks", found)
    return found


def _quick_checks(kernel: type) -> dict[type, Callable[[Any], str | None]]:
    checks = _field_checks(kernel)
    _QUICK[kernel] = {t: checks.check_of(t) for t in checks.types}
    return _QUICK[kernel]


def _jsonable(value: Any) -> Any:
    """Turn dataclasses into dicts, tuples into lists and enums into their values, recursively."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        items = [_jsonable(v) for v in value]
        return sorted(items) if isinstance(value, (frozenset, set)) else items
    if isinstance(value, StrEnum):
        return str(value)
    return value


jsonable = _jsonable

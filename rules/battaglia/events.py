"""Battaglia's events as typed classes, one per kind the kernel emits (``rules.events``).

Each class's fields are the kernel's ``data`` keys in the kernel's order, so ``cls.from_data(data).to_data()``
is ``data`` (``tests/battaglia/test_kernel_events.py`` holds every emitted event and every transcript to it).
Consumers match ``event.payload`` against these classes instead of comparing ``event.kind`` strings.
Seats are 0-based; ``card`` fields are :class:`~narrator.rules.battaglia.cards.Card`.

The deal, the souls and the game's end are defined here; the rest by phase in ``events_night.py``,
``events_day.py`` and ``events_death.py`` (revelations, the dying shot, the curse, the execution, deaths),
and every class is imported from here (:data:`CLASSES` registers them all, :data:`KINDS` their kinds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from narrator.rules.battaglia.cards import Card
from narrator.rules.battaglia.events_day import (
    AccusationDeclared,
    AccusationLapsed,
    AccusationMade,
    AccusationOrder,
    AccusationProposed,
    AccusationRefused,
    AccusationsDeclared,
    Ballots,
    Condemned,
    CurseBinds,
    Day,
    DayEnd,
    NoCondemnation,
    Speech,
    VoteOpen,
)
from narrator.rules.battaglia.events_death import (
    BishopRevealed,
    ChildRevealed,
    Curse,
    Death,
    DyingShotAimed,
    DyingShotReport,
    Execution,
    ExecutionMoment,
    Heir,
    Intercession,
    LordRevealed,
    ShadowRevealed,
)
from narrator.rules.battaglia.events_night import (
    CatSaw,
    Clan,
    DarknessRound,
    Fallen,  # noqa: F401 - re-exported: every event class is importable here
    Gathering,
    Heading,
    LordRevealNoted,
    Morning,
    Night,
    NightReport,
    TiirSaw,
    Whispers,
)
from narrator.rules.events import EventBody, register

Seats = tuple[int, ...]


# -- the deal, souls and the end -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal(EventBody):
    kind: ClassVar[str] = "deal"
    players: int
    deck: tuple[Card, ...]
    undealt: int


@dataclass(frozen=True, slots=True)
class YourCard(EventBody):
    """Private: the seat's first soul."""

    kind: ClassVar[str] = "your_card"
    card: Card
    life: int


@dataclass(frozen=True, slots=True)
class NewSoul(EventBody):
    """Private: the seat's second soul."""

    kind: ClassVar[str] = "new_soul"
    card: Card
    life: int


@dataclass(frozen=True, slots=True)
class SecondSoul(EventBody):
    """Host only: who got which second soul."""

    kind: ClassVar[str] = "second_soul"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class NoSoulLeft(EventBody):
    kind: ClassVar[str] = "no_soul_left"
    seat: int


@dataclass(frozen=True, slots=True)
class ForcedOutcome(EventBody):
    kind: ClassVar[str] = "forced_outcome"
    force: str | None
    by: str


@dataclass(frozen=True, slots=True)
class GameOver(EventBody):
    kind: ClassVar[str] = "game_over"
    termination: str
    force: str | None
    winners: Seats
    cards: tuple[Card, ...]
    first_cards: tuple[Card, ...]
    scores: tuple[int, ...]


CLASSES: tuple[type[EventBody], ...] = (
    Deal, YourCard, NewSoul, SecondSoul, NoSoulLeft, ForcedOutcome, GameOver, Night, Clan, Heading, Gathering,
    CatSaw, TiirSaw, LordRevealNoted, DarknessRound, Whispers, NightReport, Morning, Day, Speech, AccusationOrder,
    AccusationDeclared, AccusationsDeclared, AccusationProposed, AccusationRefused, AccusationLapsed,
    AccusationMade, CurseBinds, NoCondemnation, VoteOpen, Ballots, Condemned, LordRevealed, ChildRevealed,
    ShadowRevealed, BishopRevealed, DyingShotAimed, DyingShotReport, Curse, ExecutionMoment, Intercession,
    Execution, Death, Heir, DayEnd)
register(*CLASSES)
KINDS: frozenset[str] = frozenset(cls.kind for cls in CLASSES)
"""Every kind the battaglia kernel emits."""

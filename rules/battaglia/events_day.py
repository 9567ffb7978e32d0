"""Battaglia's events of the day, typed (re-exported by :mod:`narrator.rules.battaglia.events`).

A day begins, speeches, the accusations (ordered, declared, proposed, refused, lapsed, made; a curse's
binding), the votes and their ballots, the condemnation (or none) and the day's end. Seats are 0-based.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from narrator.rules.events import EventBody

Seats = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Day(EventBody):
    """A day begins: today's number of accusations and votes per ballot, the judging Lords."""

    kind: ClassVar[str] = "day"
    day: int
    accusations: int
    votes: int
    judges: Seats


@dataclass(frozen=True, slots=True)
class Speech(EventBody):
    kind: ClassVar[str] = "speech"
    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class AccusationOrder(EventBody):
    kind: ClassVar[str] = "accusation_order"
    day: int
    order: Seats


@dataclass(frozen=True, slots=True)
class AccusationDeclared(EventBody):
    """Private to the accuser: the target declared (``declare_draw``)."""

    kind: ClassVar[str] = "accusation_declared"
    target: int


@dataclass(frozen=True, slots=True)
class AccusationsDeclared(EventBody):
    kind: ClassVar[str] = "accusations_declared"
    day: int
    declared: Seats
    slots: int


@dataclass(frozen=True, slots=True)
class AccusationProposed(EventBody):
    kind: ClassVar[str] = "accusation_proposed"
    accuser: int
    target: int
    basis: str
    charge: str
    text: str


@dataclass(frozen=True, slots=True)
class AccusationRefused(EventBody):
    kind: ClassVar[str] = "accusation_refused"
    accuser: int
    target: int
    judge: int


@dataclass(frozen=True, slots=True)
class AccusationLapsed(EventBody):
    kind: ClassVar[str] = "accusation_lapsed"
    accuser: int
    target: int


@dataclass(frozen=True, slots=True)
class AccusationMade(EventBody):
    """An accusation stands (``accuser`` -1: a curse's automatic one, L86)."""

    kind: ClassVar[str] = "accusation"
    accuser: int
    target: int
    basis: str
    charge: str
    text: str
    by_curse: bool


@dataclass(frozen=True, slots=True)
class CurseBinds(EventBody):
    kind: ClassVar[str] = "curse_binds"
    cursed: int
    forced_voters: Seats


@dataclass(frozen=True, slots=True)
class NoCondemnation(EventBody):
    kind: ClassVar[str] = "no_condemnation"
    day: int
    reason: str


@dataclass(frozen=True, slots=True)
class VoteOpen(EventBody):
    kind: ClassVar[str] = "vote_open"
    day: int
    revote: bool
    candidates: Seats
    votes: int
    bound: Seats


@dataclass(frozen=True, slots=True)
class Ballots(EventBody):
    """Every ballot of one vote, published together (L76-77), and the tally per candidate."""

    kind: ClassVar[str] = "ballots"
    day: int
    revote: bool
    ballots: tuple[tuple[int, Seats], ...]
    tally: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Condemned(EventBody):
    kind: ClassVar[str] = "condemned"
    day: int
    seat: int


@dataclass(frozen=True, slots=True)
class DayEnd(EventBody):
    kind: ClassVar[str] = "day_end"
    day: int

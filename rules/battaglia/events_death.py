"""Battaglia's events of life and death, typed (re-exported by :mod:`narrator.rules.battaglia.events`).

The revelations (a Lord, a Child, a Shadow, the Bishop), Corrigan's dying shot, the Koldun's curse,
the execution (its moment, Lun's intercession, the death itself), a death by day, and an heir. Seats are 0-based.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from narrator.rules.battaglia.cards import Card
from narrator.rules.events import EventBody, optional

Seats = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LordRevealed(EventBody):
    """A Lord reveals himself (by day, or at night: published before the morning with its ``night``)."""

    kind: ClassVar[str] = "lord_revealed"
    seat: int
    night: int | None = optional()


@dataclass(frozen=True, slots=True)
class ChildRevealed(EventBody):
    kind: ClassVar[str] = "child_revealed"
    seat: int
    cause: str


@dataclass(frozen=True, slots=True)
class ShadowRevealed(EventBody):
    kind: ClassVar[str] = "shadow_revealed"
    seat: int
    cause: str


@dataclass(frozen=True, slots=True)
class BishopRevealed(EventBody):
    kind: ClassVar[str] = "bishop_revealed"
    seat: int
    pointed: Seats


@dataclass(frozen=True, slots=True)
class DyingShotAimed(EventBody):
    """Private to the condemned Corrigan: his dying shot's target."""

    kind: ClassVar[str] = "dying_shot"
    target: int


@dataclass(frozen=True, slots=True)
class DyingShotReport(EventBody):
    """Host only: the dying shot, with the target's card."""

    kind: ClassVar[str] = "dying_shot"
    corrigan: int
    target: int
    card: Card


@dataclass(frozen=True, slots=True)
class Curse(EventBody):
    kind: ClassVar[str] = "curse"
    koldun: int
    cursed: int
    forced_voters: Seats


@dataclass(frozen=True, slots=True)
class ExecutionMoment(EventBody):
    kind: ClassVar[str] = "execution_moment"
    day: int
    seat: int


@dataclass(frozen=True, slots=True)
class Intercession(EventBody):
    kind: ClassVar[str] = "intercession"
    lun: int
    condemned: int


@dataclass(frozen=True, slots=True)
class Execution(EventBody):
    kind: ClassVar[str] = "execution"
    day: int
    seat: int
    card: Card
    life: int


@dataclass(frozen=True, slots=True)
class Death(EventBody):
    """A death by day other than the execution (the dying shot's victim)."""

    kind: ClassVar[str] = "death"
    seat: int
    card: Card
    life: int
    cause: str


@dataclass(frozen=True, slots=True)
class Heir(EventBody):
    """Private: this soul inherited Corrigan's night shot (``slot`` 1 or 2)."""

    kind: ClassVar[str] = "heir"
    slot: int

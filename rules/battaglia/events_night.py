"""Battaglia's events of the night, typed (re-exported by :mod:`narrator.rules.battaglia.events`).

A night falls, the clans meet, each step's waking, the Cats' and Tiir's sight, the darkness rounds and
whispers, the host's report, and the morning's deaths and shadows. Seats are 0-based.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from narrator.rules.battaglia.cards import Card
from narrator.rules.events import EventBody, optional

Seats = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Night(EventBody):
    """A night falls (``acquaintance`` on the first: the clans meet)."""

    kind: ClassVar[str] = "night"
    night: int
    acquaintance: bool | None = optional()


@dataclass(frozen=True, slots=True)
class Clan(EventBody):
    """Private to the clan: who its members are (and their cards, by house rule)."""

    kind: ClassVar[str] = "clan"
    night: int
    clan: str
    members: Seats
    cards: tuple[tuple[int, Card], ...] | None = optional()


@dataclass(frozen=True, slots=True)
class Heading(EventBody):
    kind: ClassVar[str] = "heading"
    night: int
    step: str


@dataclass(frozen=True, slots=True)
class Gathering(EventBody):
    """Private to the awake: who woke together in a step."""

    kind: ClassVar[str] = "gathering"
    night: int
    step: str
    members: Seats


@dataclass(frozen=True, slots=True)
class CatSaw(EventBody):
    """Private to the Cheshire Cats: who was awake in a step and what they chose."""

    kind: ClassVar[str] = "cat_saw"
    night: int
    step: str
    awake: Seats
    choices: tuple[tuple[int, int], ...]
    cards: tuple[tuple[int, Card], ...] | None = optional()


@dataclass(frozen=True, slots=True)
class TiirSaw(EventBody):
    kind: ClassVar[str] = "tiir_saw"
    night: int
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class LordRevealNoted(EventBody):
    kind: ClassVar[str] = "lord_reveal_noted"
    night: int


@dataclass(frozen=True, slots=True)
class DarknessRound(EventBody):
    kind: ClassVar[str] = "darkness_round"
    night: int
    step: str
    round: int
    choices: tuple[tuple[int, int], ...]
    decided: int | None


@dataclass(frozen=True, slots=True)
class Whispers(EventBody):
    kind: ClassVar[str] = "whispers"
    night: int
    round: int
    messages: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class NightReport(EventBody):
    """Host only: the night's settled acts, deaths and reveals."""

    kind: ClassVar[str] = "night_report"
    night: int
    acts: tuple[tuple[str, int, int], ...]
    deaths: Seats
    reveals: Seats


@dataclass(frozen=True, slots=True)
class Fallen:
    """One death announced in the morning."""

    seat: int
    card: Card
    life: int


@dataclass(frozen=True, slots=True)
class Morning(EventBody):
    """The night's results: who died with which card, and the shadows revealed (L73)."""

    kind: ClassVar[str] = "morning"
    night: int
    deaths: tuple[Fallen, ...]
    shadows: Seats

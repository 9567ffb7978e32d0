"""Battaglia's events as typed classes, one per kind the kernel emits (``rules.events``).

Each class's fields are the kernel's ``data`` keys in the kernel's order, so ``cls.from_data(data).to_data()``
is ``data`` (``tests/battaglia/test_kernel_events.py`` holds every emitted event and every transcript to it).
Consumers match ``event.payload`` against these classes instead of comparing ``event.kind`` strings.
Seats are 0-based; ``card`` fields are :class:`~narrator.rules.battaglia.cards.Card`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from narrator.rules.battaglia.cards import Card
from narrator.rules.events import EventBody, optional, register

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


# -- the night -------------------------------------------------------------------------------------------


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


# -- the day ---------------------------------------------------------------------------------------------


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


@dataclass(frozen=True, slots=True)
class DayEnd(EventBody):
    kind: ClassVar[str] = "day_end"
    day: int


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

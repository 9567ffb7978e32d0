"""The public record: who accused whom, the ballots, the deaths with the cards shown, the reveals, today's counts.

The kernel folds each public event into it once, as it happens (:func:`extend`, called by ``log.record``),
and every view carries the same record (``view.record``): agents, the LLM brief, the search and the replay
read these typed facts instead of each folding the public log again. Only public facts are here: every
seat's record equals the public one (``tests/battaglia/test_public_record.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from narrator.rules.battaglia.cards import Card
from narrator.rules.battaglia.events import (
    AccusationMade,
    Ballots,
    BishopRevealed,
    ChildRevealed,
    Day,
    DayEnd,
    Death,
    Execution,
    Intercession,
    LordRevealed,
    Morning,
    Night,
    ShadowRevealed,
)
from narrator.rules.core import Event, Viewer


@dataclass(frozen=True, slots=True)
class Accused:
    """An accusation that stood (L74); ``accuser`` -1 is a curse's automatic one (L86)."""

    day: int
    accuser: int
    target: int
    basis: str
    charge: str


@dataclass(frozen=True, slots=True)
class Voted:
    """One ballot of a vote (published together, L76-77): ``voter``'s votes, ``targets`` (empty: abstained)."""

    day: int
    revote: bool
    voter: int
    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Died:
    """A death, with the card shown (L44): ``cause`` ``"night"`` (announced in the morning), ``"execution"``
    or ``"dying_shot"``. ``night`` and ``day`` are the last night fallen and the last day begun when it came."""

    seat: int
    life: int
    card: Card
    cause: str
    night: int
    day: int


@dataclass(frozen=True, slots=True)
class Revealed:
    """A soul shown publicly: ``side`` ``"shadow"``, ``"lord"``, ``"child"`` or ``"bishop"``; ``by`` how:
    ``"night"`` (Corrigan's shot, told in the morning), ``"dying_shot"``, ``"condemned"`` (the Child spared),
    ``"bishop"`` (the Bishop's pointing) or ``"self"`` (a Lord's or the Bishop's own reveal)."""

    seat: int
    side: str
    by: str


Fact = Accused | Voted | Died | Revealed


@dataclass(frozen=True, slots=True)
class PublicRecord:
    """The public facts of a game so far, in order (``facts``) and by sort."""

    facts: tuple[Fact, ...] = ()
    accusations: tuple[Accused, ...] = ()
    ballots: tuple[Voted, ...] = ()
    deaths: tuple[Died, ...] = ()
    reveals: tuple[Revealed, ...] = ()
    night: int = 0
    """Nights fallen."""
    day: int = 0
    """Days begun."""
    days_ended: int = 0
    """Days ended (one fewer than begun while a day is on)."""
    day_accusations: int = 0
    """The last day's number of accusations (L74): what it shows of the darks alive."""
    day_votes: int = 0
    """The last day's votes per ballot."""
    quiet_cycles: int = 0
    """Days ended since the last death or reveal (with the nights before them): the stalemate count (DEC-35)."""
    eventful: bool = False
    """Whether a death, a reveal or an intercession happened since the last day ended."""

    def recent_deaths(self) -> frozenset[int]:
        """Who died since the last night fell (that night's victims, today's executed or shot)."""
        return frozenset(d.seat for d in self.deaths if d.night == self.night)

    def deaths_before(self, night: int) -> dict[int, int]:
        """How many times each seat had died when night ``night`` fell."""
        counts: dict[int, int] = {}
        for death in self.deaths:
            if death.night < night:
                counts[death.seat] = counts.get(death.seat, 0) + 1
        return counts


EMPTY = PublicRecord()


def extend(record: PublicRecord, events: Iterable[Event]) -> PublicRecord:
    """``record`` with the public ``events`` folded in (the others are not public facts)."""
    facts: list[Fact] = []
    night, day, ended, accusations, votes = (record.night, record.day, record.days_ended, record.day_accusations,
                                             record.day_votes)
    quiet, eventful = record.quiet_cycles, record.eventful
    for event in events:
        if event.audience is not Viewer.PUBLIC or event.kind not in _READ:  # (not parsing the others: speed)
            continue
        payload = event.payload
        if isinstance(payload, _EVENTFUL) or (isinstance(payload, Morning) and (payload.deaths or payload.shadows)):
            eventful = True
        elif isinstance(payload, DayEnd):
            quiet, eventful, ended = (0 if eventful else quiet + 1), False, ended + 1
        match payload:
            case Night(night=number):
                night = number
            case Day(day=number, accusations=limit, votes=per_ballot):
                day, accusations, votes = number, limit, per_ballot
            case AccusationMade(accuser=accuser, target=target, basis=basis, charge=charge):
                facts.append(Accused(day, accuser, target, basis, charge))
            case Ballots(day=number, revote=revote, ballots=ballots):
                facts += [Voted(number, revote, voter, targets) for voter, targets in ballots]
            case Morning(deaths=fallen, shadows=shadows):
                facts += [Died(f.seat, f.life, f.card, "night", night, day) for f in fallen]
                facts += [Revealed(seat, "shadow", "night") for seat in shadows]
            case Execution(seat=seat, card=card, life=life):
                facts.append(Died(seat, life, card, "execution", night, day))
            case Death(seat=seat, card=card, life=life, cause=cause):
                facts.append(Died(seat, life, card, cause, night, day))
            case LordRevealed(seat=seat):
                facts.append(Revealed(seat, "lord", "self"))
            case ChildRevealed(seat=seat, cause=cause):
                facts.append(Revealed(seat, "child", cause))
            case ShadowRevealed(seat=seat, cause=cause):
                facts.append(Revealed(seat, "shadow", cause))
            case BishopRevealed(seat=seat, pointed=pointed):
                facts.append(Revealed(seat, "bishop", "self"))
                facts += [Revealed(p, "shadow", "bishop") for p in pointed]
    counts = (night, day, ended, accusations, votes, quiet, eventful)
    if not facts and counts == (record.night, record.day, record.days_ended, record.day_accusations,
                                record.day_votes, record.quiet_cycles, record.eventful):
        return record
    return PublicRecord(
        record.facts + tuple(facts),
        record.accusations + tuple(f for f in facts if isinstance(f, Accused)),
        record.ballots + tuple(f for f in facts if isinstance(f, Voted)),
        record.deaths + tuple(f for f in facts if isinstance(f, Died)),
        record.reveals + tuple(f for f in facts if isinstance(f, Revealed)),
        *counts)


_EVENTFUL = (Execution, Death, ShadowRevealed, ChildRevealed, BishopRevealed, LordRevealed, Intercession)
"""Public events that make a day or night cycle eventful (the stalemate count starts again)."""
_READ = frozenset(cls.kind for cls in (*_EVENTFUL, Night, Day, DayEnd, AccusationMade, Ballots, Morning))
"""The kinds of the events the record reads."""


def record_of(log: Iterable[Event]) -> PublicRecord:
    """The record of a public log read from its start (a state rebuilt from a log, e.g. by a search)."""
    return extend(EMPTY, log)

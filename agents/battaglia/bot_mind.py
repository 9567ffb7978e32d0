"""What a scripted battaglia bot knows and how it ranks seats: :class:`Mind` and the helpers its moves share.

:class:`Player` names the state every part of :class:`~narrator.agents.battaglia.bot.BattagliaBot` reads
(its night moves in :mod:`~narrator.agents.battaglia.bot_night`, its day moves in
:mod:`~narrator.agents.battaglia.bot_day`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from narrator.agents.battaglia.claims import Claim as Said
from narrator.agents.battaglia.draws import GAMMA, MASK, DecisionRandom, mix64
from narrator.agents.battaglia.knowledge import PublicMemory, faction_of, factions_of
from narrator.agents.battaglia.texts import Table
from narrator.rules.battaglia.actions import Pass
from narrator.rules.battaglia.cards import Card
from narrator.rules.core import Action

DARKNESS_STEPS = ("first_darkness", "second_darkness")
REVOTE_DOUBT = 0.5
"""In a re-vote, a leader within this much suspicion of one's own top choice is as good as it."""
MAX_SEATS = 64
"""More seats than any battaglia table has (the rules allow up to 17)."""


@dataclass
class Mind:
    """The bot's reading of one view: who it is, who it trusts, whom it suspects.

    ``suspicion(seat)`` scores a seat when first asked about it (with ``score(mind, seat)``).
    """

    me: int
    card: Card
    life: int
    faction: str
    alive: tuple[int, ...]
    known: dict[int, frozenset[Card]]
    allies: frozenset[int]
    memory: PublicMemory
    score: Callable[[Mind, int], float] = field(repr=False)
    ties: tuple[int, ...] = field(default=(), repr=False)
    """The bot's tie-break order of seats (:func:`tie_breaks`)."""
    scored: dict[int, float] = field(default_factory=dict, repr=False)

    def suspicion(self, seat: int) -> float:
        """How much this soul wants ``seat`` gone (0 for its own seat and the dead), scored on first ask."""
        found = self.scored.get(seat)
        if found is None:
            if seat == self.me or seat not in self.alive:
                return 0.0
            found = self.scored[seat] = self.score(self, seat)
        return found

    def enemies_ranked(self, pool: Sequence[int]) -> list[int]:
        """``pool`` minus allies, most suspicious first (ties by the bot's per-game order of seats)."""
        me, allies, suspicion, ties = self.me, self.allies, self.suspicion, self.ties
        return sorted((s for s in pool if s not in allies and s != me), key=lambda s: (-suspicion(s), ties[s]))


def tie_breaks(key: int) -> tuple[int, ...]:
    """A fixed order of every seat a table can have for the bot keyed ``key`` (its ``seed/seat`` key).

    Known enemies share one fixed score, so their ties are common; a hash of the seat numbers alone
    (the crc32 of "me/s" before) ordered them alike in every game, which made some seats the usual
    first accused of day 1 (a seat-position bias). Keyed by the game, the order is new each game.
    """
    return tuple(mix64(key ^ mix64((s + 1) * GAMMA & MASK)) for s in range(MAX_SEATS))


def shared_hash(a: int, b: int, salt: int) -> int:
    """A 64-bit hash of ``(a, b, salt)``: an order of ``b`` that everyone who knows ``salt`` computes alike.

    The salt is what the deciders share and what differs from game to game (the night group, the log's
    length): a hash of ``(a, b)`` alone would rank the seats the same way in every game, so the same seat
    would be the first victim of night 2 at every table (a seat-position bias). (SplitMix64's mixer, not
    crc32: crc32 is linear, so seats differing in a digit kept one order whatever the salt.)
    """
    return mix64(salt ^ mix64((a * GAMMA + b) & MASK))



class Player:
    """The state a bot's moves share (set by :class:`~narrator.agents.battaglia.bot.BattagliaBot`)."""

    seed: int | str | None
    seat: int
    rng: DecisionRandom
    table: Table | None
    talk: bool
    _claims: tuple[Said, ...]
    _speech: dict[str, Any] | None


def speakers_left(view: Any, mind: Mind) -> int:
    """Living seats still to accuse in today's round, this one included: the day's order starts one seat
    further on each day (DEC-34), so the seats from here to the end of the circle."""
    players, start = view.players, (view.day - 1) % view.players
    here = (mind.me - start) % players
    return sum(1 for s in mind.alive if (s - start) % players >= here) or 1


def top(mind: Mind, pool: Sequence[int]) -> int | None:
    """The most suspicious seat of ``pool`` (an ally only when nothing else is left)."""
    ranked = mind.enemies_ranked(pool)
    if ranked:
        return ranked[0]
    rest = [s for s in pool if s != mind.me]
    return rest[0] if rest else None


def known_enemy_score(cards: frozenset[Card], mine: str) -> float | None:
    """The fixed suspicion of a seat known to be one of ``cards`` when few of them are friends of
    ``mine`` (e.g. the darkness clan seen by a shadow: only Koldunya would be a friend), else ``None``."""
    key = (cards, mine)
    if key not in _ENEMY_SCORES:
        friendly = sum(1 for c in cards if faction_of(c) == mine) / len(cards)
        score = None
        if friendly <= 0.25:
            dark = factions_of(cards) & {"darkness", "gloom"}
            score = 5.0 * (1 - friendly) + (1.0 if dark and mine == "light" else 0.0)
        _ENEMY_SCORES[key] = score
    return _ENEMY_SCORES[key]


_ENEMY_SCORES: dict[tuple[frozenset[Card], str], float | None] = {}


def first_of(legal: Sequence[Action], kind: type[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, kind)), None)


def pass_or_first(legal: Sequence[Action]) -> Action:
    return first_of(legal, Pass) or legal[0]


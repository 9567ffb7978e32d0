"""Public claims: what a speech says about the table, as data, checked against the public log before it is said.

A bot's accusation by logic rests on facts of the public record (who accused or voted against whom,
who died as which mask, who was revealed); a defence may say which side the speaker is on. Each
such statement is a :class:`Claim`. Before a speech is voiced its claims are checked against the
kernel's public record the speaker sees (``view.record``, as :class:`PublicRecord`'s sets); a false one is never said by accident: the scripted
voice falls back to a statement of no fact, the model's speech is refused and re-asked.

A **lie** is the exception, and always deliberate: a policy move of a seat whose force gains by it
(a dark's bluff about a vote, a false self-claim of light), chosen in :func:`bluff` and
:func:`self_claim`, and marked ``lie: true`` in the move's host-only notes, so the transcript and the
reports can count lies per force. Lights never lie about public facts.

Rule: «обвинения бывают двух типов: по легенде и по логике» (seeds/004_55ac8a5a86b5c135.txt:L74):
by logic cites the public facts it rests on; by legend may be invented but never contradicts them.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from narrator.rules.battaglia.cards import DARKNESS, GLOOM, LIGHT, SHADOW, Card
from narrator.rules.battaglia.record import PublicRecord as TableRecord

NEGATIONS = {"not_voted": "voted", "not_accused": "accused", "accuser": "never_accused", "not_was_accused": "was_accused",
             "not_died": "died", "not_executed": "executed", "not_got_votes": "got_votes",
             "no_death_recent": "death_recent"}
"""A claim that says the opposite of another ("Gleb did not vote against Anna"): true when that one is false."""
PUBLIC = frozenset({"accused", "voted", "died_as", "revealed", "never_accused", "was_accused", "darks_left", "died",
                    "executed", "got_votes", "death_recent", "card_died", "died_recent_as", *NEGATIONS})
"""Claims about the public record: true or false of the log every seat sees."""
SELF = frozenset({"side"})
"""Claims about the speaker's own soul: only the host can check them (``other`` unused, ``card`` the side)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """One statement about the table.

    ``accused``/``voted``: ``seat`` accused / voted against ``other``; ``died_as``: ``seat`` died holding
    ``card``; ``revealed``: ``seat`` was revealed as ``card`` (``shadow``, ``lord``, ``child``, ``bishop``);
    ``never_accused``: ``seat`` has accused nobody; ``was_accused``: someone accused ``seat``;
    ``side``: the speaker ``seat`` says its soul is of side ``card`` (``light``);
    ``darks_left``: the speaker ``seat`` says ``n`` darks live today, ``card`` the bound (``exact``,
    ``at_least``, ``at_most``: what the day's count of accusations shows, :func:`darks_estimate`);
    ``died`` / ``executed``: ``seat`` has died (a life lost, L44) / was executed; ``got_votes``: someone voted
    against ``seat``; ``death_recent``: someone died since the last night fell (``seat`` -1); ``card_died``:
    someone (``seat`` -1) died holding ``card``; ``died_recent_as``: so, since the last night fell (``card`` a
    mask or the side ``shadow``); the kinds of :data:`NEGATIONS` say the opposite of another.
    """

    kind: str
    seat: int
    other: int = -1
    card: str = ""
    lie: bool = False
    n: int = -1

    def to_dict(self) -> dict[str, Any]:
        """The claim for a transcript's notes (``lie`` only when it is one)."""
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.other >= 0:
            data["other"] = self.other
        if self.card:
            data["card"] = self.card
        if self.lie:
            data["lie"] = True
        if self.n >= 0:
            data["n"] = self.n
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Claim:
        return cls(str(data["kind"]), int(data["seat"]), int(data.get("other", -1)), str(data.get("card", "")),
                   bool(data.get("lie", False)), int(data.get("n", -1)))


@dataclass(frozen=True, slots=True)
class PublicRecord:
    """The kernel's public record (``view.record``) as the sets claims are checked against (every life of a
    seat: the record is the table's)."""

    accusations: frozenset[tuple[int, int]] = frozenset()
    ballots: frozenset[tuple[int, int]] = frozenset()
    deaths: frozenset[tuple[int, str]] = frozenset()
    revealed: frozenset[tuple[int, str]] = frozenset()
    accusers: frozenset[int] = frozenset()
    accused: frozenset[int] = frozenset()
    executed: frozenset[int] = frozenset()
    recent_deaths: frozenset[int] = frozenset()
    """Who died since the last night fell (that night's victims and today's executed or shot)."""
    day_accusations: int = 0
    """Today's number of accusations (the ``day`` event): what it shows of the darks alive (L74)."""

    @classmethod
    def of(cls, record: TableRecord) -> PublicRecord:
        """The sets of the kernel's ``record``."""
        stood = [(a.accuser, a.target) for a in record.accusations if a.accuser >= 0]  # not a curse's (L86)
        return cls(accusations=frozenset(stood),
                   ballots=frozenset((v.voter, target) for v in record.ballots for target in v.targets),
                   deaths=frozenset((d.seat, str(d.card)) for d in record.deaths),
                   revealed=frozenset((r.seat, r.side) for r in record.reveals),
                   accusers=frozenset(accuser for accuser, _ in stood),
                   accused=frozenset(a.target for a in record.accusations),
                   executed=frozenset(d.seat for d in record.deaths if d.cause == "execution"),
                   recent_deaths=record.recent_deaths(), day_accusations=record.day_accusations)

    def holds(self, claim: Claim) -> bool:
        """Whether a public claim is true of this record (self-claims: see :func:`true_of_soul`)."""
        kind = claim.kind
        if kind in NEGATIONS:
            return not self.holds(replace(claim, kind=NEGATIONS[kind]))
        if kind == "died":
            return any(seat == claim.seat for seat, _ in self.deaths)
        if kind == "executed":
            return claim.seat in self.executed
        if kind == "got_votes":
            return any(target == claim.seat for _, target in self.ballots)
        if kind == "death_recent":
            return bool(self.recent_deaths)
        if kind == "card_died":
            return any(card == claim.card for _, card in self.deaths)
        if kind == "died_recent_as":  # a mask, or the side "shadow"
            return any(seat in self.recent_deaths and claim.card in (card, side_of(card))
                       for seat, card in self.deaths)
        if kind == "accused":
            return (claim.seat, claim.other) in self.accusations
        if kind == "voted":
            return (claim.seat, claim.other) in self.ballots
        if kind == "died_as":
            return (claim.seat, claim.card) in self.deaths
        if kind == "revealed":
            return (claim.seat, claim.card) in self.revealed
        if kind == "never_accused":
            return claim.seat not in self.accusers
        if kind == "was_accused":
            return claim.seat in self.accused
        if kind == "darks_left":
            return self.day_accusations > 0 and darks_estimate(self.day_accusations) == (claim.n, claim.card)
        raise ValueError(f"not a public claim: {claim.kind}")


ACCUSATIONS_MIN, ACCUSATIONS_MAX = 2, 5
"""«общее их число — минимум два и максимум 5 — в зависимости от числа оставшихся в живых темных (обычно
N+1)» (seeds/004_55ac8a5a86b5c135.txt:L74): the rulebook's bounds, which every player knows (a house rule
that moves them, DEC-30, is not in a seat's view)."""


def darks_estimate(accusations: int) -> tuple[int, str]:
    """What today's number of accusations T = clamp(N+1, 2, 5) shows of N, the darks alive (L74):
    exactly T-1 between the bounds, at least 4 at the cap, at most 1 at the floor.

    Saying T-1 at the cap was false whenever five or more darks lived (issue #32: 35% of the scripted
    estimates); the bound makes the estimate true of every table under the rulebook's counts.
    """
    if accusations >= ACCUSATIONS_MAX:
        return ACCUSATIONS_MAX - 1, "at_least"
    if accusations <= ACCUSATIONS_MIN:
        return ACCUSATIONS_MIN - 1, "at_most"
    return accusations - 1, "exact"


def darks_claim(seat: int, record: PublicRecord) -> Claim:
    """The claim "N darks are still among us" of speaker ``seat``, as today's count of accusations shows it."""
    n, bound = darks_estimate(record.day_accusations)
    return Claim("darks_left", seat, card=bound, n=n)


def side_of(card: Card | str) -> str:
    """``light``, ``shadow``, ``darkness`` or ``gloom``: the side a self-claim names."""
    card = Card(str(card))
    return "light" if card in LIGHT else "shadow" if card in SHADOW else "gloom" if card in GLOOM else "darkness"


def true_of_soul(claim: Claim, card: Card | str) -> bool:
    """Whether a self-claim is true of the speaker's soul holding ``card`` (the host's knowledge)."""
    if claim.kind != "side":
        raise ValueError(f"not a self-claim: {claim.kind}")
    return side_of(card) == claim.card


def false_claims(claims: Iterable[Claim], record: PublicRecord) -> list[Claim]:
    """The public claims of ``claims`` the record contradicts and that are not marked lies."""
    return [c for c in claims if c.kind in PUBLIC and not c.lie and not record.holds(c)]


# -- the policy: when a seat lies --------------------------------------------------------------------

BLUFF_RATE = 0.35
"""How often a dark or gloom soul with no fact to cite invents a vote against a dead light."""
SELF_CLAIM_RATE = 0.4
"""How often an accused seat answers with a claim of light (the same for every force: the rate is no tell)."""
LIARS = DARKNESS | GLOOM | SHADOW
"""Souls whose force gains by a false claim of light or a bluff (lights never lie about public facts)."""
BLUFFERS = DARKNESS | GLOOM
"""Souls that bluff about the public record to turn the town on a light (the darkness and the gloom)."""


def chance(*key: Any) -> float:
    """A fixed draw in [0, 1) for ``key``: the lie policy never touches a bot's own generator, so a
    lie changes what is said and nothing of what is done (moves, and every later draw, stay as they were)."""
    return zlib.crc32("/".join(map(str, key)).encode()) / 2 ** 32


def bluff(card: Card, target: int, graveyard: Sequence[tuple[int, int, Card]], record: PublicRecord,
          key: tuple[Any, ...]) -> tuple[int, Card] | None:
    """A dead light soul ``target`` never voted against, for a bluffing dark to say it did; else ``None``.

    Only darkness and gloom souls bluff (their force gains when the town turns on an honest player).
    """
    if card not in BLUFFERS or chance("bluff", *key) >= BLUFF_RATE:
        return None
    dead_lights = [(seat, dead) for seat, _, dead in graveyard
                   if dead in LIGHT and seat != target and (target, seat) not in record.ballots]
    if not dead_lights:
        return None
    return dead_lights[int(chance("bluff-whom", *key) * len(dead_lights))]


def self_claim(seat: int, card: Card, key: tuple[Any, ...]) -> Claim | None:
    """An accused seat's claim "my soul is light", at the same rate for every force; a lie unless it is."""
    if chance("self", *key) >= SELF_CLAIM_RATE:
        return None
    return Claim("side", seat, card="light", lie=card in LIARS)

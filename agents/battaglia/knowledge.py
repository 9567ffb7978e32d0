"""What a battaglia seat knows, read from its view alone: public facts, private claims, suspicion.

A bot never sees the state. It reads ``view.record`` (the kernel's public record: accusations, ballots,
deaths with their cards, reveals, in order) and ``view.notes`` (what its own roles learned, across both
lives) and turns them into:

* **claims**: "seat s holds one of these cards" from Tiir's looks, the Cat's peeking, the clan
  at acquaintance, the night group one woke with, confirmed reveals. A claim about a soul that has
  since died (its card is in the graveyard for that seat) is stale and ignored, because the new
  soul may be on the other side of the barricades (L44).
* **public record** per soul: accusations made, ballots cast, and how they turned out when the
  accused died with a card shown.

Everything here is a pure function of the view, so the same view gives the same knowledge.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from narrator.rules.battaglia.cards import DARKNESS, DARKNESS_STEP_CARDS, GLOOM, LIGHT, SHADOW, Card
from narrator.rules.battaglia.events import CatSaw, Clan, Gathering, TiirSaw, Whispers
from narrator.rules.battaglia.record import EMPTY, Accused, Died, Fact, PublicRecord, Revealed, Voted

DARK_SIDE = DARKNESS | GLOOM
CLAN_CARDS = DARKNESS | GLOOM | {Card.KOLDUNYA}
STEP_CARDS: Mapping[str, frozenset[Card]] = {
    "first_domovik": frozenset({Card.DOMOVIK}), "second_domovik": frozenset({Card.DOMOVIK}),
    "first_tiir": frozenset({Card.TIIR}), "second_tiir": frozenset({Card.TIIR}),
    "first_gloom": GLOOM, "second_gloom": GLOOM,
    "first_cohen": frozenset({Card.COHEN}), "second_cohen": frozenset({Card.COHEN}),
    # Corrigan's slot may hold an heir: any light but the Child, or Triton (L82).
    "first_corrigan": (LIGHT - {Card.CHILD}) | {Card.TRITON},
    "second_corrigan": (LIGHT - {Card.CHILD}) | {Card.TRITON},
    "first_darkness": DARKNESS_STEP_CARDS | {Card.RAINMAKER},
    "second_darkness": DARKNESS_STEP_CARDS | {Card.RAINMAKER},
    "shadow": SHADOW, "acquaintance_darkness": CLAN_CARDS, "acquaintance_shadow": SHADOW,
}


FACTION_NAME: Mapping[Card, str] = {
    **{c: "light" for c in LIGHT}, **{c: "shadow" for c in SHADOW}, **{c: "darkness" for c in DARKNESS},
    **{c: "gloom" for c in GLOOM}}


def faction_of(card: Card) -> str:
    """``light``, ``shadow``, ``darkness`` or ``gloom``."""
    return FACTION_NAME[card]


def factions_of(cards: frozenset[Card]) -> frozenset[str]:
    """The factions a set of possible cards spans (cached: there are few distinct sets)."""
    found = _FACTIONS.get(cards)
    if found is None:
        found = _FACTIONS[cards] = frozenset(FACTION_NAME[c] for c in cards)
    return found


_FACTIONS: dict[frozenset[Card], frozenset[str]] = {}


@dataclass
class SoulRecord:
    """What the public saw one soul do (reset when the seat dies and gets a new soul)."""

    accused: list[int] = field(default_factory=list)
    voted: list[int] = field(default_factory=list)
    was_accused: int = 0
    bad: float = 0.0
    """Evidence of working against the light: votes and accusations that hit lights."""
    good: float = 0.0
    """Evidence of working for the light: votes and accusations that hit darks."""
    opposed: float = 0.0
    """Evidence of hunting the hunters: accusations (0.5) and votes (0.25) against souls with a public
    threat (whose own accusations and votes hit darks, or a revealed Lord), the night killers' targets."""
    against_light: list[tuple[str, int, Card]] = field(default_factory=list)
    """The public facts behind ``bad``: ``("accused" | "voted", seat, card)``, this soul accused or voted
    against ``seat``, who then died holding the light ``card`` (what a bot may say out loud)."""


@dataclass
class PublicMemory:
    """The public record's facts (``view.record``, the kernel's) weighed per soul. Built incrementally: the
    record only grows; a record that does not continue the one read before starts the memory over."""

    seen: int = 0
    last: Any = None
    record: PublicRecord = EMPTY
    souls: dict[int, SoulRecord] = field(default_factory=lambda: defaultdict(SoulRecord))
    accused_by: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    """Target -> who accused him, this soul of the target."""
    voters_of: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    """Target -> who voted for him, this soul of the target."""
    threat: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    """Public score of how dangerous a soul is to the night killers (same for every reader)."""
    deaths: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    """How many times each seat has died (its soul number - 1)."""
    accusers: set[int] = field(default_factory=set)
    """Seats that have accused someone, in any of their lives (a bot never says one "accused no one")."""
    voters: set[int] = field(default_factory=set)
    """Seats that have cast a ballot for someone, in any of their lives."""

    def feed(self, record: PublicRecord) -> PublicMemory:
        """Weigh the facts of ``record`` not weighed yet (``record`` continues the one read before, or starts over)."""
        facts = record.facts
        if self.seen and (len(facts) < self.seen or facts[self.seen - 1] is not self.last):
            self.__init__()  # type: ignore[misc]  # a different game: start over
        for fact in facts[self.seen:]:
            self._weigh(fact)
        self.seen, self.record = len(facts), record
        self.last = facts[-1] if facts else None
        return self

    def deaths_at_night(self, night: int) -> dict[int, int] | None:
        """``deaths`` as it stood when night ``night`` began (night notes speak of those souls); ``None``
        before that night has fallen."""
        return self.record.deaths_before(night) if night <= self.record.night else None

    def _weigh(self, fact: Fact) -> None:
        match fact:
            case Accused(accuser=accuser, target=target):
                self.souls[target].was_accused += 1
                if accuser >= 0:  # (accusing alone is no threat: day 1's first speakers would be marked)
                    if self.threat.get(target, 0.0) > 0:
                        self.souls[accuser].opposed += 0.5
                    self.accusers.add(accuser)
                    self.souls[accuser].accused.append(target)
                    self.accused_by[target].append(accuser)
            case Voted(voter=seat, targets=targets):
                for target in targets:
                    if self.threat.get(target, 0.0) > 0:
                        self.souls[seat].opposed += 0.25
                    self.voters.add(seat)
                    self.souls[seat].voted.append(target)
                    self.voters_of[target].append(seat)
            case Died(seat=seat, card=card):
                self._died(seat, card)
            case Revealed(seat=seat, side="lord"):
                self.threat[seat] += 3.0

    def _died(self, seat: int, card: Card) -> None:
        """Judge those who accused or voted for ``seat`` by the card shown, then reset the soul."""
        self.deaths[seat] += 1
        weight = -1.0 if card in LIGHT else (1.0 if card in DARK_SIDE else 0.3)
        for accuser in self.accused_by.pop(seat, []):
            self._credit(accuser, weight * 1.0)
            if card in LIGHT:
                self.souls[accuser].against_light.append(("accused", seat, card))
        for voter in self.voters_of.pop(seat, []):
            self._credit(voter, weight * 0.5)
            if card in LIGHT:
                self.souls[voter].against_light.append(("voted", seat, card))
        self.souls.pop(seat, None)
        self.threat.pop(seat, None)

    def _credit(self, seat: int, weight: float) -> None:
        record = self.souls[seat]
        if weight > 0:
            record.good += weight
            self.threat[seat] += weight
        else:
            record.bad -= weight


@dataclass(frozen=True, slots=True)
class Claim:
    """Private knowledge: ``seat``'s soul is one of ``cards`` (stale once that soul has died)."""

    seat: int
    cards: frozenset[Card]
    source: str
    life: int = 0
    """The claimed soul's life when the note says so (first/second steps, the acquaintance), else 0."""
    deaths: int = -1
    """The seat's death count when the claim was made (-1: unknown); a later death makes it stale."""


@dataclass
class PrivateMemory:
    """Claims read from the seat's notes, built incrementally (notes only grow)."""

    seen: int = 0
    last: Any = None
    claims: list[Claim] = field(default_factory=list)

    def feed(self, notes: tuple[Any, ...], me: int, public: PublicMemory) -> list[Claim]:
        """Read the new notes and return every claim so far.

        A note that names its night (``data["night"]``) stamps its claims with each seat's death
        count when that night began, so a soul that has died since is known to be gone even if the
        second soul holds the same card. Notes without a night fall back to the graveyard test.
        """
        if self.seen and (len(notes) < self.seen or notes[self.seen - 1] is not self.last):
            self.__init__()  # type: ignore[misc]  # a different game: start over
        if len(notes) > self.seen:
            fresh = []
            for event in notes[self.seen:]:
                night = event.data.get("night") if hasattr(event.data, "get") else None
                stamp = public.deaths_at_night(int(night)) if night is not None else None
                for claim in claims_from_notes((event,), me):
                    fresh.append(claim if stamp is None else
                                 Claim(claim.seat, claim.cards, claim.source, claim.life, stamp.get(claim.seat, 0)))
            self.claims = self.claims + fresh
            self.seen, self.last = len(notes), notes[-1]
        return self.claims


def claims_from_notes(notes: Iterable[Any], me: int) -> list[Claim]:
    """Every claim these private notes support (about other seats)."""
    claims: list[Claim] = []
    for event in notes:
        match event.payload:
            case TiirSaw(seat=seat, card=card):
                claims.append(Claim(seat, frozenset({card}), "tiir"))
            case Clan(clan=clan, members=members):
                cards = CLAN_CARDS if clan == "darkness" else SHADOW
                claims += [Claim(m, cards, "clan", 1) for m in members if m != me]
            case Gathering(step=step, members=members):
                cards = STEP_CARDS.get(step, frozenset())
                life = _step_life(step)
                claims += [Claim(m, cards, "group", life) for m in members if m != me]
            case Whispers(messages=messages):  # a shadow passing on who is dark ("тьма: 3, 5" / "dark: 3, 5")
                for seat, text in messages:
                    if seat != me:
                        claims += [Claim(t, CLAN_CARDS, "whisper") for t in parse_dark_whisper(text) if t != me]
            case CatSaw(step=step, awake=awake):
                seen = STEP_CARDS.get(step)
                if seen:
                    life = _step_life(step)
                    claims += [Claim(m, seen, "cat", life) for m in awake if m != me]
    return claims


def parse_dark_whisper(text: str) -> list[int]:
    """Seats named in a whisper of the form the bots use (``"тьма: 3, 5"``, ``"dark: 3, 5"``)."""
    match = _WHISPER.match(text.strip())
    return [int(n) for n in re.findall(r"\d+", match.group(1))] if match else []


_WHISPER = re.compile(r"^(?:тьма|dark):\s*([\d,\s]+)$")


def _step_life(step: str) -> int:
    """1 for "first_*" steps and the acquaintance, 2 for "second_*", 0 when both lives meet (shadow)."""
    if step.startswith(("first_", "acquaintance_")):
        return 1
    return 2 if step.startswith("second_") else 0


def dark_kin(claims: Iterable[Claim], out: frozenset[int], lives: tuple[int, ...], life: int,
             deaths: Mapping[int, int]) -> frozenset[int]:
    """Seats known to sit in the darkness clan of ``life`` now (the first and second darkness are
    different forces, L92: after rebirth the old clan may be the enemy)."""
    kin = set()
    for claim in claims:
        if (claim.life == life and claim.cards <= CLAN_CARDS and claim.seat not in out
                and lives[claim.seat] == life and not is_stale(claim, deaths, {})):
            kin.add(claim.seat)
    return frozenset(kin)


def is_stale(claim: Claim, deaths: Mapping[int, int], dead_cards: Mapping[int, set[Card]]) -> bool:
    """Whether the soul a claim speaks of has died since (then the seat's new soul is unknown, L44)."""
    if claim.deaths >= 0:
        return deaths.get(claim.seat, 0) > claim.deaths
    return bool(dead_cards.get(claim.seat, set()) & claim.cards)


def current_claims(claims: Iterable[Claim], graveyard: Iterable[tuple[int, int, Card]],
                   out: frozenset[int], deaths: Mapping[int, int]) -> dict[int, frozenset[Card]]:
    """Narrow each living seat's possible cards by the claims that still hold (not stale)."""
    dead_cards: dict[int, set[Card]] = defaultdict(set)
    for seat, _, card in graveyard:
        dead_cards[seat].add(card)
    known: dict[int, frozenset[Card]] = {}
    for claim in claims:
        seat = claim.seat
        if seat in out:
            continue
        if claim.deaths >= 0:  # is_stale, inlined: this loop runs at most decisions
            if deaths.get(seat, 0) > claim.deaths:
                continue
        elif seat in dead_cards and dead_cards[seat] & claim.cards:
            continue
        previous = known.get(seat)
        known[seat] = claim.cards if previous is None else (previous & claim.cards or claim.cards)
    return known


REVEALED_CARDS: tuple[tuple[str, frozenset[Card]], ...] = (
    ("revealed_shadow", SHADOW - {Card.TRITON}), ("revealed_lord", frozenset({Card.LORD_LUIHAD})),
    ("revealed_child", frozenset({Card.CHILD})), ("revealed_bishop", frozenset({Card.BISHOP})))
"""The view's public reveals and what each proves of a living soul (L46, L70, L83-84, L89), in the
order :meth:`Narrowing.update` reads them."""


class Narrowing:
    """:func:`current_claims` of one seat's claims plus the public reveals, kept up to date.

    A bot reads views in order, and between two of its decisions only a few seats change: a new
    claim, a death, a reveal. Only those seats are narrowed again; a view that does not continue
    the previous one (another game, an earlier point) is read from scratch. ``known`` always equals
    ``current_claims(claims + reveals, graveyard, out, deaths)`` (a reveal proves the living soul,
    so it is stamped with the seat's deaths now and is never stale).
    """

    def __init__(self) -> None:
        self.known: dict[int, frozenset[Card]] = {}
        self.claims: list[Claim] = []
        self._by_seat: dict[int, list[Claim]] = defaultdict(list)
        self._graveyard: tuple[tuple[int, int, Card], ...] = ()
        self._dead_cards: dict[int, set[Card]] = defaultdict(set)
        self._reveals: tuple[frozenset[int], ...] = (frozenset(),) * len(REVEALED_CARDS)
        self._out: frozenset[int] = frozenset()

    def update(self, claims: list[Claim], view: Any, deaths: Mapping[int, int]) -> bool:
        """Bring ``known`` to this view; whether any input (claims, deaths, reveals, out) changed."""
        graveyard, out = view.graveyard, view.out
        reveals = (view.revealed_shadow, view.revealed_lord, view.revealed_child, view.revealed_bishop)
        seen, buried = len(self.claims), len(self._graveyard)
        if not (len(claims) >= seen and (not seen or claims[seen - 1] is self.claims[-1])
                and (graveyard is self._graveyard or graveyard[:buried] == self._graveyard)):
            self.__init__()  # type: ignore[misc]  # not a continuation: start over
            seen = buried = 0
        elif (len(claims) == seen and len(graveyard) == buried and out == self._out
              and reveals == self._reveals):
            return False
        touched = {c.seat for c in claims[seen:]}
        for claim in claims[seen:]:
            self._by_seat[claim.seat].append(claim)
        for seat, _, card in graveyard[buried:]:
            self._dead_cards[seat].add(card)
            touched.add(seat)
        touched |= out ^ self._out
        for old, new in zip(self._reveals, reveals):
            touched |= old ^ new
        self.claims, self._graveyard, self._out, self._reveals = claims, graveyard, out, reveals
        for seat in touched:
            self._narrow(seat, deaths)
        return True

    def _narrow(self, seat: int, deaths: Mapping[int, int]) -> None:
        """Fold ``seat``'s claims that still hold, then its reveals (the order current_claims uses)."""
        self.known.pop(seat, None)
        if seat in self._out:
            return
        dead, died, narrowed = self._dead_cards.get(seat), deaths.get(seat, 0), None
        for claim in self._by_seat.get(seat, ()):
            if claim.deaths >= 0:
                if died > claim.deaths:
                    continue
            elif dead and dead & claim.cards:
                continue
            narrowed = claim.cards if narrowed is None else (narrowed & claim.cards or claim.cards)
        for seats, (_, cards) in zip(self._reveals, REVEALED_CARDS):
            if seat in seats:
                narrowed = cards if narrowed is None else (narrowed & cards or cards)
        if narrowed is not None:
            self.known[seat] = narrowed

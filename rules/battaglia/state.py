"""Battaglia's state: who holds which soul, what is public, and where the night or day stands.

Everything is tuples, frozensets, ints and enums. Per-seat tuples are indexed by seat (0-based; the
spec's P1 is seat 0). Rule functions update states with :func:`evolve` (``dataclasses.replace`` without
``__init__``, ``rules.records``); inside one ``apply`` they change a private draft in place (see
:func:`draft`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from narrator.rules import records
from narrator.rules.battaglia.cards import Card
from narrator.rules.battaglia.config import BattagliaConfig
from narrator.rules.battaglia.record import EMPTY, PublicRecord
from narrator.rules.core import Event, Outcome
from narrator.rules.records import Draftable, evolve  # noqa: F401 - the rule modules' ``replace``

_SETATTR = object.__setattr__



class Phase(StrEnum):
    """Where the game stands. Nights and days alternate (L92)."""

    DEAL = "deal"
    """Chance deals the masks (a ``Shuffle`` of the deck)."""
    NIGHT = "night"
    """A regular night step (``night.step``); its awake seats choose."""
    REBIRTH = "rebirth"
    """Chance gives second souls to the players who died for the first time (a ``Pick`` each)."""
    LAST_WORDS = "last_words"
    """Lights who died this night name one accused each (L74)."""
    SPEECH = "speech"
    """Each living seat speaks in turn (DEC-34)."""
    ACCUSE = "accuse"
    """Living seats, in turn, accuse or pass until the count is reached (L74)."""
    JUDGE = "judge"
    """A revealed living Lord approves or refuses the accusation just made (L75)."""
    VOTE = "vote"
    """Everyone living casts a ballot at once; ballots are published together (L76-77)."""
    REVOTE = "revote"
    """A re-vote among the tied leaders, one vote each (L77)."""
    CONDEMNED = "condemned"
    """The condemned answers: dying shot, curse, Lord's reveal, or accept (L79-86)."""
    EXECUTION = "execution"
    """The moment of execution: Lun may intercede, the Bishop may reveal (L88-89)."""
    OVER = "over"
    NIGHT_OVER = "night_over"
    """Transient: the night is resolved (night 1: the clans have met). ``flow.turnover`` moves on before
    ``apply`` returns, so no returned state is in it."""
    DAY_OVER = "day_over"
    """Transient: the day has ended; ``flow.turnover`` moves on before ``apply`` returns."""
    ACCUSE_DRAW = "accuse_draw"
    """Chance orders the day's accusers (a ``Shuffle``; house rule ``accusation_order: random``; last, so the
    engines' phase numbers of the phases before it stay as ported)."""


class NightStep(StrEnum):
    """The regular night's headings in their fixed order (L51-63)."""

    FIRST_DOMOVIK = "first_domovik"
    SECOND_DOMOVIK = "second_domovik"
    FIRST_TIIR = "first_tiir"
    SECOND_TIIR = "second_tiir"
    FIRST_DARKNESS = "first_darkness"
    SECOND_DARKNESS = "second_darkness"
    FIRST_GLOOM = "first_gloom"
    SECOND_GLOOM = "second_gloom"
    FIRST_CORRIGAN = "first_corrigan"
    SECOND_CORRIGAN = "second_corrigan"
    FIRST_COHEN = "first_cohen"
    SECOND_COHEN = "second_cohen"
    SHADOW = "shadow"


NIGHT_ORDER: tuple[NightStep, ...] = tuple(NightStep)


class _Derived(Draftable):
    """Also a slot for a fact derived from a sealed state, filled on first use."""

    __slots__ = ("_active",)
    _active: frozenset[int]


@dataclass(frozen=True, slots=True)
class Accusation:
    """One accusation of the day (L74). ``accuser`` is -1 for a curse's automatic accusation (L86)."""

    accuser: int
    target: int
    basis: str = "logic"
    charge: str = "dark"
    text: str = ""


@dataclass(frozen=True, slots=True)
class PendingCurse:
    """Koldun's curse, carried into the next day (L86)."""

    koldun: int
    cursed: int
    forced: frozenset[int]
    """Who voted for Koldun in the final round: one vote each, cast for the cursed (DEC-27 v)."""


@dataclass(frozen=True, slots=True)
class NightState(Draftable):
    """The night in progress."""

    step: NightStep
    remaining: tuple[NightStep, ...]
    """Called steps still to come, in order."""
    awake: tuple[int, ...]
    """Who acts in ``step`` (secret: only the kernel, the host and the awake seats know)."""
    chosen: tuple[tuple[int, int], ...] = ()
    """This round's choices: (seat, target or -1 for a pass)."""
    round: int = 1
    acts: tuple[tuple[NightStep, int, int], ...] = ()
    """Settled choices of the night: (step, seat, target). A darkness decision is stored once with
    seat -1 when productive (the victim), -2 when not."""
    offered: tuple[int, ...] = ()
    """Unrevealed living Lords offered the night reveal in this step who have not answered yet (DEC-26).
    They are active but not awake: nobody else learns of the offer."""


@dataclass(frozen=True, slots=True)
class DayState(Draftable):
    """The day in progress."""

    accusations_limit: int
    votes: int
    order: tuple[int, ...] = ()
    """Turn order of the speech and accusation rounds (living seats, rotating each day)."""
    turn: int = 0
    speech_round: int = 1
    last_words: tuple[int, ...] = ()
    """Lights who died this night and have yet to name someone (L74)."""
    accusations: tuple[Accusation, ...] = ()
    declared: tuple[Accusation, ...] = ()
    """``accusation_order: declare_draw``: the accusations declared and not yet made (in the drawn order once
    drawn); the host's knowledge until each is made."""
    declaring: bool = False
    """``declare_draw``: the round in which each seat declares an accusation or passes."""
    accusers: frozenset[int] = frozenset()
    pending: Accusation | None = None
    candidates: tuple[int, ...] = ()
    ballots: tuple[tuple[int, tuple[int, ...]], ...] = ()
    forced: frozenset[int] = frozenset()
    cursed: int = -1
    condemned: int = -1
    final_voters: frozenset[int] = frozenset()
    lord_revoted: frozenset[int] = frozenset()
    shot: int = -1
    curse: PendingCurse | None = None
    """A curse cast today, carried into tomorrow when it stands (DEC-27)."""
    window: tuple[tuple[int, str], ...] = ()
    """Decisions at the execution moment: (seat, action kind)."""
    window_seats: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class BattagliaState(_Derived):
    """The whole truth of a game (the host's knowledge)."""

    config: BattagliaConfig
    players: int
    deck: tuple[Card, ...]
    phase: Phase = Phase.DEAL
    day: int = 0
    night_no: int = 0
    cards: tuple[Card, ...] = ()
    """Each seat's current soul (the last one, for a permanently dead player)."""
    first_cards: tuple[Card, ...] = ()
    lives: tuple[int, ...] = ()
    """1 or 2: the life being lived (or the last one lived)."""
    out: frozenset[int] = frozenset()
    """Permanently dead: died in the second life (L44)."""
    undealt: tuple[Card, ...] = ()
    issued: frozenset[Card] = frozenset()
    """Cards already given as a second soul (DEC-4)."""
    revealed_shadow: frozenset[int] = frozenset()
    revealed_child: frozenset[int] = frozenset()
    revealed_lord: frozenset[int] = frozenset()
    revealed_bishop: frozenset[int] = frozenset()
    heirs: tuple[int, ...] = ()
    """Per seat: 0, or the Corrigan slot (1/2) whose night shot this soul inherited (L82, DEC-21)."""
    announced: frozenset[tuple[Card, int]] = frozenset()
    """Public: (card, life) of every announced death."""
    graveyard: tuple[tuple[int, int, Card], ...] = ()
    """Public: (seat, life, card) of every death, in order."""
    corrigan_open: frozenset[int] = frozenset()
    """Public: Corrigan slots that may have passed to an heir (DEC-21), so always called."""
    night: NightState | None = None
    today: DayState | None = None
    rebirths: tuple[int, ...] = ()
    """Seats waiting for a second soul, in seat order."""
    after_rebirth: str = ""
    """"day" or "night": where the game goes once the souls are dealt (``flow.turnover``)."""
    died_lights: tuple[int, ...] = ()
    curse: PendingCurse | None = None
    lord_pending: frozenset[int] = frozenset()
    """Lords who revealed tonight: published before the morning announcement (DEC-26)."""
    quiet_cycles: int = 0
    eventful: bool = False
    public_log: tuple[Event, ...] = ()
    record: PublicRecord = EMPTY
    """The public log's facts, folded as they were logged (``rules.battaglia.record``)."""
    notes: tuple[tuple[Event, ...], ...] = ()
    """Per seat: the private things it has learned, in order."""
    result: Outcome | None = field(default=None)


_ALL_SEATS = {n: tuple(range(n)) for n in range(1, 33)}
_LIVING: dict[tuple[int, frozenset[int]], tuple[int, ...]] = {}


def living(state: BattagliaState) -> tuple[int, ...]:
    """Seats not permanently dead, in seat order (memoised by the dead set: asked many times a move)."""
    out = state.out
    if not out:
        return _ALL_SEATS[state.players]
    key = (state.players, out)
    seats = _LIVING.get(key)
    if seats is None:
        if len(_LIVING) > 20_000:
            _LIVING.clear()
        seats = _LIVING[key] = tuple(s for s in range(state.players) if s not in out)
    return seats


def holders(state: BattagliaState, card: Card) -> tuple[int, ...]:
    """Living seats whose current soul is ``card``."""
    cards, out = state.cards, state.out
    count = cards.count(card)
    if count == 0:
        return ()
    if count == 1:  # the usual case: one holder, found by the C-level scans above
        seat = cards.index(card)
        return () if seat in out else (seat,)
    return tuple(s for s, c in enumerate(cards) if c is card and s not in out)


# -- copying: one private draft per ``apply`` (``rules.records``) ---------------------------------------
#
# ``apply`` copies the state and its night or day in progress once into open drafts; ``evolve``
# changes an open draft in place and copies anything else; ``seal`` closes them again. Contract:
# never read a record after passing it to ``evolve``.


def draft(state: BattagliaState) -> BattagliaState:
    """A private, in-place-changeable copy of ``state`` and of its night or day in progress."""
    new = records.draft(state)
    if state.night is not None:
        _SETATTR(new, "night", records.draft(state.night))
    if state.today is not None:
        _SETATTR(new, "today", records.draft(state.today))
    return new


def seal(state: BattagliaState) -> BattagliaState:
    """Close ``state`` and its night and day: from now on every change copies. Returns ``state``."""
    records.seal(state)
    if state.night is not None:
        records.seal(state.night)
    if state.today is not None:
        records.seal(state.today)
    return state

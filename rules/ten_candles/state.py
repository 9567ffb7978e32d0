"""Ten Candles state: phases, cards, characters, the conflict in progress, and the seating ring.

Seating (D19): the clockwise ring is ``(HOST, 0, 1, ..., n-1)``; the next seat clockwise is the
one on your left. So the GM's left neighbour is seat 0 and its right neighbour is seat ``n-1``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from narrator.rules import records
from narrator.rules.core import HOST, PlayerId
from narrator.rules.records import Draftable, evolve, seal  # noqa: F401 - the rule modules' ``replace``/``seal``
from narrator.rules.ten_candles.config import TOTAL_CANDLES, TenCandlesConfig


class Phase(StrEnum):
    """Where the game is. Setup steps 1-7 (L92-244), the start of play (L251-259), scenes,
    conflicts (L263-297), truths (L301-331) and the end."""

    TRAITS = "traits"
    """Step 1: every player writes a virtue and a vice for others (L94-116)."""
    MODULE = "module"
    """Step 2: the GM reads the module (L120-122)."""
    DESCRIBE = "describe"
    """Step 3: every player describes their character (L126-134)."""
    MOMENTS = "moments"
    """Step 4: every player writes their own Moment (L138-160)."""
    BRINKS = "brinks"
    """Step 5: every player and the GM write a Brink for their left neighbour (L164-222)."""
    STACKS = "stacks"
    """Step 6: every player orders their cards, the Brink at the bottom (L226-234)."""
    SUPPLIES = "supplies"
    """Step 7: every player says what is in their pockets (L238-244)."""
    FRAMING = "framing"
    """The GM sets the first scene, re-reading the module (L253)."""
    MESSAGES = "messages"
    """Every player records their character's message (L255-257)."""
    SCENE = "scene"
    """Play: the GM calls conflicts (L265); in the final scene it may narrate deaths (L47, L60)."""
    ROLL = "roll"
    """A conflict is called: the active player rolls (L267-271)."""
    REROLL = "reroll"
    """After the dice, before narration: burn a Trait, embrace the Brink, seize, or accept (L293)."""
    DEATH = "death"
    """A dangerous conflict failed: any living player may let their character die (L291)."""
    NARRATION = "narration"
    """The narration holder describes the outcome (L279-291)."""
    TRUTHS = "truths"
    """Truths spoken clockwise after a candle went out (L301-331)."""
    OVER = "over"
    """Everyone is dead; the game has ended (L41)."""


SETUP_PHASES = (Phase.TRAITS, Phase.MODULE, Phase.DESCRIBE, Phase.MOMENTS, Phase.BRINKS, Phase.STACKS,
                Phase.SUPPLIES)
PRE_PLAY_PHASES = (*SETUP_PHASES, Phase.FRAMING, Phase.MESSAGES)
SCENE_PHASES = (Phase.SCENE, Phase.ROLL, Phase.REROLL, Phase.DEATH, Phase.NARRATION)
STEP_OF = {phase: number for number, phase in enumerate(SETUP_PHASES, start=1)}
CANDLES_AFTER_STEP = {1: 3, 4: 6, 5: 9, 7: TOTAL_CANDLES}
"""Candles burning once a step is done: 3, 6, 9, then the last (L96, L140, L166, L242)."""


class Card(StrEnum):
    """The cards of a character's stack (L71-87, L230)."""

    VIRTUE = "virtue"
    VICE = "vice"
    MOMENT = "moment"
    BRINK = "brink"


TRAITS = (Card.VIRTUE, Card.VICE)


@dataclass(frozen=True, slots=True)
class Character:
    """One survivor: their cards, hope die and fate."""

    seat: PlayerId
    virtue: str = ""
    """Received from the player on the left (virtues pass right, L102)."""
    vice: str = ""
    """Received from the player on the right (vices pass left, L102)."""
    name: str = ""
    appearance: str = ""
    description: str = ""
    moment: str = ""
    """The completion of «Я обрету надежду, когда…» (L144)."""
    brink: str = ""
    """The Brink this character holds, written by the seat on its right (L174, L190)."""
    supplies: str = ""
    message: str | None = None
    """The recorded message (L255-257); ``None`` until recorded."""
    stack: tuple[Card, ...] = ()
    """Cards still in play, top (active) first; the Brink is always last (L230-234)."""
    burned: tuple[Card, ...] = ()
    hope: bool = False
    """Holds a hope die (L79, L158-160)."""
    traits_burned_this_scene: tuple[Card, ...] = ()
    brink_revealed: bool = False
    alive: bool = True
    _views: dict[tuple[Any, ...], Any] | None = field(default=None, init=False, repr=False, compare=False)
    """How viewers see this (immutable) character, by what they may know (``views.py`` fills it)."""

    @property
    def top(self) -> Card | None:
        """The active card (L232), or ``None`` when every card is burned."""
        return self.stack[0] if self.stack else None


@dataclass(frozen=True, slots=True)
class Conflict:
    """The conflict being resolved (spec §2.3)."""

    active: PlayerId
    dangerous: bool = False
    moment: bool = False
    common: tuple[int, ...] = ()
    hope: int = 0
    """The hope die's face; 0 when the roller has none."""
    gm: tuple[int, ...] = ()
    rolled: bool = False
    pending: str = ""
    """``"roll"``, ``"trait"`` or ``"brink"`` while chance owes the dice of that throw."""
    rerolls: int = 0
    last_reroll: str = ""
    seized: bool = False
    answered: tuple[PlayerId, ...] = ()
    """Seats that declined a voluntary death (the DEATH window)."""
    attempt: str = ""
    """The stated attempt this conflict resolves (``stated_attempts``), ``""`` when the GM called it alone."""
    _view: Any = field(default=None, init=False, repr=False, compare=False)
    """The (public) view of this immutable conflict, once built (``views.py`` fills it)."""


@dataclass(frozen=True, slots=True)
class Truth:
    """One spoken truth (L313, L323)."""

    scene: int
    seat: PlayerId
    text: str
    topic: str = "general"


@dataclass(frozen=True, slots=True)
class TenCandlesState(Draftable):
    """The whole truth of a game, secrets included. Views decide who sees what."""

    config: TenCandlesConfig
    players: int
    phase: Phase = Phase.TRAITS
    lit: int = 0
    dark: int = 0
    """Candles that went out; never relit (L56)."""
    scene: int = 0
    final: bool = False
    """The final scene (one candle left, L47, L60) is being played."""
    pool_base: int = 0
    """The common pool at the scene's start: the candles lit then (L62, L329)."""
    set_aside: int = 0
    """Common dice showing 1 set aside until the scene ends (L273)."""
    gm_pool: int = 0
    chars: tuple[Character, ...] = ()
    done: tuple[PlayerId, ...] = ()
    """Seats that finished the current setup step or message recording."""
    written_traits: tuple[tuple[str, str], ...] = ()
    """(virtue, vice) each player wrote in step 1, before passing."""
    module: str = ""
    frame: str = ""
    their_brink: str = ""
    """«Я видел, как Они…», written by the GM's right neighbour, held by the GM (L192, L228)."""
    conflict: Conflict | None = None
    narrator: PlayerId | None = None
    ending: str = ""
    """Why the current scene is ending (``failed_roll``, ``seize``, ``accident``...); ``""`` if it goes on."""
    last_out_by: PlayerId | None = None
    """The player whose failed roll or seizure put the candle out (first truth, L313)."""
    truth_queue: tuple[PlayerId, ...] = ()
    truths: tuple[Truth, ...] = ()
    deaths: tuple[PlayerId, ...] = ()
    x_cards: tuple[str, ...] = ()
    termination: str = ""
    attempt: tuple[PlayerId, str] | None = None
    """A stated attempt (seat, text) the GM has not answered yet (``stated_attempts``, D45)."""
    passed: tuple[PlayerId, ...] = ()
    """Players who attempt nothing of their own in this beat of the scene (``stated_attempts``)."""
    _memo: dict[Any, Any] | None = field(default=None, init=False, repr=False, compare=False)
    """What ``views.py`` built for earlier states of this game, checked by identity before reuse;
    handed from state to state by :func:`draft`."""

    @property
    def pool(self) -> int:
        """Common dice the active player rolls now (L269, L273)."""
        return max(0, self.pool_base - self.set_aside)

    def char(self, seat: PlayerId) -> Character:
        """The character of ``seat``."""
        return self.chars[seat]

    def living(self) -> tuple[PlayerId, ...]:
        """Seats whose characters are alive."""
        return tuple([c.seat for c in self.chars if c.alive])


def ring(players: int) -> tuple[PlayerId, ...]:
    """The clockwise ring, GM first (D19)."""
    return (HOST, *range(players))


def left_of(seat: PlayerId, players: int) -> PlayerId:
    """The seat on ``seat``'s left: the next one clockwise (D19).

    >>> left_of(HOST, 3), left_of(0, 3), left_of(2, 3)
    (0, 1, -2)
    """
    if seat == HOST:
        return 0
    return seat + 1 if seat < players - 1 else HOST


def right_of(seat: PlayerId, players: int) -> PlayerId:
    """The seat on ``seat``'s right: the previous one clockwise (D19)."""
    if seat == HOST:
        return players - 1
    return seat - 1 if seat > 0 else HOST


def brink_author(holder: PlayerId, players: int) -> PlayerId:
    """Who writes ``holder``'s Brink: the seat on its right (L174); the GM for seat 0 (L190).

    Rule: «Грань пишется для игрока, сидящего слева» (seeds/000_e53cdcbb20917f8a.txt:L174, L190)
    """
    return right_of(holder, players)


def virtue_author(holder: PlayerId, players: int) -> PlayerId:
    """Who wrote ``holder``'s virtue: virtues pass right, among players only (L102, D19)."""
    return (holder + 1) % players


def vice_author(holder: PlayerId, players: int) -> PlayerId:
    """Who wrote ``holder``'s vice: vices pass left, among players only (L102, D19)."""
    return (holder - 1) % players


# -- copying: one private draft per ``apply`` (``rules.records``) ---------------------------------------
# ``evolve`` changes an open draft in place and copies anything else; never read a record after
# passing it to ``evolve`` (read what you need first). Fields named ``_...`` (view caches) start
# from their defaults in a copy.


def draft(state: TenCandlesState) -> TenCandlesState:
    """A private copy of ``state`` that :func:`evolve` changes in place: ``apply`` copies the
    state once, lets the rule functions write into the copy, then :func:`seal`s it. The views'
    memo is handed on (it checks identity before reuse)."""
    new = records.draft(state)
    object.__setattr__(new, "_memo", state._memo)
    return new

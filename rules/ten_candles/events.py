"""Ten Candles' events as typed classes, one per kind the kernel emits (``rules.events``; see
``rules/battaglia/events.py``). Fields are the kernel's ``data`` keys in its order; ``Any`` where the kernel
writes a value of more than one type (a stack's top card name or ``None``, a hope die or ``False``...)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from narrator.rules.events import EventBody, register

Seats = tuple[int, ...]
Dice = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AttemptStated(EventBody):
    kind: ClassVar[str] = "attempt_stated"
    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class AttemptAnswered(EventBody):
    kind: ClassVar[str] = "attempt_answered"
    seat: int
    text: str
    conflict: bool


@dataclass(frozen=True, slots=True)
class Narrated(EventBody):
    kind: ClassVar[str] = "narrated"
    narrator: int
    text: str


@dataclass(frozen=True, slots=True)
class ConflictCalled(EventBody):
    kind: ClassVar[str] = "conflict_called"
    active: int
    dangerous: bool
    moment: bool


@dataclass(frozen=True, slots=True)
class DiceRolled(EventBody):
    kind: ClassVar[str] = "dice_rolled"
    active: int
    common: Dice
    hope: int|None
    gm: Dice
    empty_pool: bool


@dataclass(frozen=True, slots=True)
class DiceRerolled(EventBody):
    kind: ClassVar[str] = "dice_rerolled"
    active: int
    reason: str
    common: Dice
    hope: int|None


@dataclass(frozen=True, slots=True)
class TraitBurned(EventBody):
    kind: ClassVar[str] = "trait_burned"
    seat: int
    card: str
    trait: str
    top: Any


@dataclass(frozen=True, slots=True)
class BrinkEmbraced(EventBody):
    kind: ClassVar[str] = "brink_embraced"
    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class NarrationSeized(EventBody):
    kind: ClassVar[str] = "narration_seized"
    seat: int


@dataclass(frozen=True, slots=True)
class MomentBurned(EventBody):
    kind: ClassVar[str] = "moment_burned"
    seat: int
    success: bool
    text: str
    hope: Any


@dataclass(frozen=True, slots=True)
class BrinkEngulfed(EventBody):
    kind: ClassVar[str] = "brink_engulfed"
    seat: int
    text: str
    hope_lost: Any


@dataclass(frozen=True, slots=True)
class ConflictResolved(EventBody):
    kind: ClassVar[str] = "conflict_resolved"
    active: int
    success: bool
    dangerous: bool
    moment: bool
    common: Dice
    hope: int|None
    gm: Dice
    player_sixes: int
    gm_sixes: int
    narrator: int
    set_aside: int
    pool: int
    seized: bool


@dataclass(frozen=True, slots=True)
class CandlesLit(EventBody):
    kind: ClassVar[str] = "candles_lit"
    step: Any
    lit: int
    dark: int


@dataclass(frozen=True, slots=True)
class CandleOut(EventBody):
    kind: ClassVar[str] = "candle_out"
    cause: str
    seat: int|None
    lit: int
    dark: int


@dataclass(frozen=True, slots=True)
class CharacterDied(EventBody):
    kind: ClassVar[str] = "character_died"
    seat: int
    cause: str
    name: str


@dataclass(frozen=True, slots=True)
class MessagePlayed(EventBody):
    kind: ClassVar[str] = "message_played"
    seat: int
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class SceneStarted(EventBody):
    kind: ClassVar[str] = "scene_started"
    scene: int
    lit: int
    pool: int
    gm_pool: int
    final: bool


@dataclass(frozen=True, slots=True)
class SceneEnded(EventBody):
    kind: ClassVar[str] = "scene_ended"
    scene: int
    cause: str


@dataclass(frozen=True, slots=True)
class TruthsOpened(EventBody):
    kind: ClassVar[str] = "truths_opened"
    scene: int
    speaker: int
    phrase: str
    first: int
    truths: int
    order: Seats


@dataclass(frozen=True, slots=True)
class WeAreAlive(EventBody):
    kind: ClassVar[str] = "we_are_alive"
    seats: Seats
    phrase: str


@dataclass(frozen=True, slots=True)
class Darkness(EventBody):
    kind: ClassVar[str] = "darkness"
    candles_put_out: int


@dataclass(frozen=True, slots=True)
class GameOver(EventBody):
    kind: ClassVar[str] = "game_over"
    termination: str
    scenes: int
    deaths: Seats


@dataclass(frozen=True, slots=True)
class LightsOut(EventBody):
    kind: ClassVar[str] = "lights_out"
    phrase: str


@dataclass(frozen=True, slots=True)
class TruthSpoken(EventBody):
    kind: ClassVar[str] = "truth_spoken"
    seat: int
    text: str
    topic: Any
    scene: int
    left: int


@dataclass(frozen=True, slots=True)
class CandleRelit(EventBody):
    kind: ClassVar[str] = "candle_relit"
    lit: int


@dataclass(frozen=True, slots=True)
class ConflictVoid(EventBody):
    kind: ClassVar[str] = "conflict_void"
    active: int


@dataclass(frozen=True, slots=True)
class BrinkRevealed(EventBody):
    kind: ClassVar[str] = "brink_revealed"
    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class XCard(EventBody):
    kind: ClassVar[str] = "x_card"
    note: Any
    count: int
    phase: str


@dataclass(frozen=True, slots=True)
class TraitsWritten(EventBody):
    kind: ClassVar[str] = "traits_written"
    seat: int
    virtue: str
    vice: str


@dataclass(frozen=True, slots=True)
class ModuleRead(EventBody):
    kind: ClassVar[str] = "module_read"
    text: str


@dataclass(frozen=True, slots=True)
class CharacterDescribed(EventBody):
    kind: ClassVar[str] = "character_described"
    seat: int
    name: str
    appearance: str
    description: str


@dataclass(frozen=True, slots=True)
class MomentWritten(EventBody):
    kind: ClassVar[str] = "moment_written"
    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class BrinkWritten(EventBody):
    kind: ClassVar[str] = "brink_written"
    author: int
    holder: int
    them: bool
    text: str


@dataclass(frozen=True, slots=True)
class StackArranged(EventBody):
    kind: ClassVar[str] = "stack_arranged"
    seat: int
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SuppliesDescribed(EventBody):
    kind: ClassVar[str] = "supplies_described"
    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class SceneFramed(EventBody):
    kind: ClassVar[str] = "scene_framed"
    scene: int
    text: str


@dataclass(frozen=True, slots=True)
class MessageRecorded(EventBody):
    kind: ClassVar[str] = "message_recorded"
    seat: int


@dataclass(frozen=True, slots=True)
class MessageKept(EventBody):
    kind: ClassVar[str] = "message_kept"
    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class MomentsShared(EventBody):
    kind: ClassVar[str] = "moments_shared"
    moments: Any


@dataclass(frozen=True, slots=True)
class TraitsPassed(EventBody):
    kind: ClassVar[str] = "traits_passed"
    traits: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class StacksFixed(EventBody):
    kind: ClassVar[str] = "stacks_fixed"
    stacks: Any


@dataclass(frozen=True, slots=True)
class MomentsOnTop(EventBody):
    kind: ClassVar[str] = "moments_on_top"
    seats: Seats
    advice: str


CLASSES: tuple[type[EventBody], ...] = (
    AttemptStated, AttemptAnswered, Narrated, ConflictCalled, DiceRolled, DiceRerolled, TraitBurned,
    BrinkEmbraced, NarrationSeized, MomentBurned, BrinkEngulfed, ConflictResolved, CandlesLit, CandleOut,
    CharacterDied, MessagePlayed, SceneStarted, SceneEnded, TruthsOpened, WeAreAlive, Darkness, GameOver,
    LightsOut, TruthSpoken, CandleRelit, ConflictVoid, BrinkRevealed, XCard, TraitsWritten, ModuleRead,
    CharacterDescribed, MomentWritten, BrinkWritten, StackArranged, SuppliesDescribed, SceneFramed,
    MessageRecorded, MessageKept, MomentsShared, TraitsPassed, StacksFixed, MomentsOnTop)
register(*CLASSES)
KINDS: frozenset[str] = frozenset(cls.kind for cls in CLASSES)
"""Every kind the Ten Candles kernel emits."""

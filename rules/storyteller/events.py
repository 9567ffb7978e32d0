"""The Storyteller kernel's events (Vampire: Dark Ages and Werewolf: Wild West) as typed classes, one per shape
the kernel emits (``rules.events``; see ``rules/battaglia/events.py``).

Fields are the kernel's ``data`` keys in its order, so ``cls.from_data(data).to_data()`` is ``data``
(``tests/storyteller/test_kernel_events.py``). ``roll_requested`` has five shapes (a roll, a contest, teamwork,
initiative, an attack), one class each under the same kind, told apart by their keys. A resolved roll carries
the dice's :meth:`~narrator.rules.storyteller.dice.RollResult.to_dict` flat among its fields; a contest side's
or a team member's share stays the kernel's mapping (``Share``: ``character``, the roll's keys,
``willpower``; a member's also ``traits``), as the renderers read it. A task's progress is written only when
the roll has a task (:func:`~narrator.rules.events.optional`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from narrator.rules.events import EventBody, optional, register

Names = tuple[str, ...]
Dice = tuple[int, ...]
Share = dict[str, Any]
"""A contest side's or team member's roll, as the kernel writes it (``resolve._share_dict``)."""


# -- the story's frame ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChapterBegun(EventBody):
    kind: ClassVar[str] = "chapter_begun"
    chapter: int


@dataclass(frozen=True, slots=True)
class SceneBegun(EventBody):
    kind: ClassVar[str] = "scene_begun"
    scene: str
    number: int
    chapter: int


@dataclass(frozen=True, slots=True)
class TurnBegun(EventBody):
    kind: ClassVar[str] = "turn_begun"
    scene: str
    turn: int


@dataclass(frozen=True, slots=True)
class DowntimeSpent(EventBody):
    kind: ClassVar[str] = "downtime"
    summary: str


@dataclass(frozen=True, slots=True)
class ActionsDeclared(EventBody):
    """Each declared slot: ``traits``, ``pool``, ``extra``, ``impossible``."""

    kind: ClassVar[str] = "actions_declared"
    character: str
    pools: tuple[dict[str, Any], ...]


@dataclass(frozen=True, slots=True)
class StoryEnded(EventBody):
    kind: ClassVar[str] = "story_ended"
    ending: str


# -- rolls asked for -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RollRequested(EventBody):
    """One character's roll (``action``: simple, extended, reflexive...)."""

    kind: ClassVar[str] = "roll_requested"
    character: str
    traits: Names
    task: str
    action: str
    pool: int
    difficulty: int
    base_difficulty: int
    retry_penalty: int
    wound_penalty: int
    difficulty_flag: Any
    willpower: bool
    automatic: bool
    combat: bool


@dataclass(frozen=True, slots=True)
class ContestRequested(EventBody):
    """A resisted roll: the acting side first, then the opponent (``action`` is ``"resisted"``)."""

    kind: ClassVar[str] = "roll_requested"
    character: str
    opponent: str
    action: str
    pools: tuple[int, ...]
    difficulties: tuple[int, ...]
    task: str
    retry_penalty: int
    willpower: tuple[bool, ...]
    automatic: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class TeamRequested(EventBody):
    """A teamwork roll (``action`` is ``"teamwork"``): one pool per member."""

    kind: ClassVar[str] = "roll_requested"
    members: Names
    action: str
    task: str
    pools: tuple[int, ...]
    difficulty: int
    difficulties: tuple[int, ...]
    willpower: tuple[bool, ...]
    automatic: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class InitiativeRequested(EventBody):
    """Initiative (``action`` is ``"initiative"``)."""

    kind: ClassVar[str] = "roll_requested"
    characters: Names
    action: str
    pools: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AttackRequested(EventBody):
    """An attack (``action`` is ``"attack"``)."""

    kind: ClassVar[str] = "roll_requested"
    character: str
    defender: str
    action: str
    weapon: str
    pool: int
    difficulty: int
    wound_penalty: int
    willpower: bool = False
    """A Willpower point spent on the attack roll (one automatic success, D4)."""


@dataclass(frozen=True, slots=True)
class TensRerolled(EventBody):
    """The rule of ten: these faces are waiting for ``waiting`` more dice."""

    kind: ClassVar[str] = "tens_rerolled"
    faces: Dice
    waiting: int


# -- rolls resolved ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RollResolved(EventBody):
    """One character's roll read: the request, the dice (``RollResult.to_dict``), its category and the task's
    progress (a simple task's ``failed_attempts``; an extended one's ``total``, ``target``, ``status``, ``reset``)."""

    kind: ClassVar[str] = "roll_resolved"
    what: str
    character: str
    traits: Names
    task: str
    action: str
    key: str
    pool: int
    difficulty: int
    base_difficulty: int
    retry_penalty: int
    wound_penalty: int
    difficulty_flag: Any
    willpower: bool
    automatic: bool
    combat: bool
    dice: Dice
    raw: int
    ones: int
    extra: int
    net: int
    outcome: str
    degree: str | None
    botch: bool
    forgiven: bool
    cancelled: Dice
    rerolls: Dice
    category: str
    failed_attempts: int | None = optional()
    total: int | None = optional()
    target: int | None = optional()
    status: str | None = optional()
    reset: bool | None = optional()


@dataclass(frozen=True, slots=True)
class ContestResolved(EventBody):
    """A resisted roll read: each side's share, the winner (``None`` on a tie) by ``net``, and the task's
    progress (one-shot: ``status``, ``failed_attempts``; extended: the totals, ``status`` and the resets)."""

    kind: ClassVar[str] = "resisted_resolved"
    what: str
    character: str
    opponent: str
    task: str
    mine: Share
    theirs: Share
    winner: str | None
    net: int
    tie: bool
    continues: bool
    rematch: bool
    opponent_used_action: bool
    total: int | None = optional()
    opponent_total: int | None = optional()
    target: int | None = optional()
    status: str | None = optional()
    failed_attempts: int | None = optional()
    reset: bool | None = optional()
    opponent_reset: bool | None = optional()
    category: str = ""


@dataclass(frozen=True, slots=True)
class TeamResolved(EventBody):
    """A teamwork roll read: each member's share (with its ``traits``), the summed successes, the task's
    progress."""

    kind: ClassVar[str] = "team_resolved"
    what: str
    members: Names
    task: str
    results: tuple[Share, ...]
    team_botch: bool
    spoiled: bool
    successes: int
    total: int | None = optional()
    target: int | None = optional()
    status: str | None = optional()
    failed_attempts: int | None = optional()
    reset: bool | None = optional()
    category: str = ""


@dataclass(frozen=True, slots=True)
class InitiativeRolled(EventBody):
    """The fighters' order and each one's dice (``results``: character -> ``RollResult.to_dict``)."""

    kind: ClassVar[str] = "initiative_rolled"
    what: str
    order: Names
    source: str
    results: dict[str, dict[str, Any]]
    category: str


# -- combat --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackRolled(EventBody):
    kind: ClassVar[str] = "attack_rolled"
    character: str
    defender: str
    weapon: str
    dice: Dice
    difficulty: int
    raw: int
    ones: int
    extra: int
    net: int
    outcome: str
    degree: str | None
    botch: bool
    forgiven: bool
    cancelled: Dice
    rerolls: Dice
    automatic: bool
    category: str
    hit: bool


@dataclass(frozen=True, slots=True)
class DamageRolled(EventBody):
    kind: ClassVar[str] = "damage_rolled"
    character: str
    dice: Dice
    difficulty: int
    damage: int
    damage_type: str


@dataclass(frozen=True, slots=True)
class SoakRolled(EventBody):
    kind: ClassVar[str] = "soak_rolled"
    character: str
    dice: Dice
    difficulty: int
    soaked: int


@dataclass(frozen=True, slots=True)
class Wounded(EventBody):
    kind: ClassVar[str] = "wounded"
    what: str
    character: str
    defender: str
    hit: bool
    hits: int
    damage: int
    soaked: int
    wounds: int
    damage_type: str
    health: str
    boxes: int
    category: str


REQUESTS: tuple[type[EventBody], ...] = (
    RollRequested, ContestRequested, TeamRequested, InitiativeRequested, AttackRequested)
"""The five shapes of ``roll_requested``."""
RESOLVED: tuple[type[EventBody], ...] = (RollResolved, ContestResolved, TeamResolved)
"""A check's roll read (one character's, a contest's, a team's)."""
CLASSES: tuple[type[EventBody], ...] = (
    ChapterBegun, SceneBegun, TurnBegun, DowntimeSpent, ActionsDeclared, StoryEnded, *REQUESTS, TensRerolled,
    *RESOLVED, InitiativeRolled, AttackRolled, DamageRolled, SoakRolled, Wounded)
register(*CLASSES)
KINDS: frozenset[str] = frozenset(cls.kind for cls in CLASSES)
"""Every kind the Storyteller kernel emits."""

"""The table's state: time, each character's spendable points and wounds, open tasks, the roll in flight."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from narrator.rules.core import Action
from narrator.rules.storyteller.books import StorytellerConfig


@dataclass(frozen=True, slots=True)
class Slot:
    """One declared action of this turn: its traits and its pool after the multiple-action rule."""

    traits: tuple[str, ...]
    pool: int
    extra: bool = False


@dataclass(frozen=True, slots=True)
class CharState:
    """A character's temporary values (points, wounds, per-turn and per-chapter flags).

    Attributes:
        id: the sheet id.
        willpower: current Willpower points (squares, DA L298; WW L222).
        rage: current Rage points (WW L234).
        damage: damage type of each marked health box, least hurt first.
        willpower_spent: a Willpower point was spent this turn (DA L169).
        actions_used: non-reflexive actions taken this turn.
        reflexive: reflexive actions this turn ("нужно следить за количеством", DA L71).
        declared: this turn's declared actions (multiple actions), empty when none.
        resisted: contests resisted this turn without using an action (D50); a roll all the same,
            so no multiple actions may be declared after it (D54).
        forgiven_used: the chapter's forgiven botch is used (DA L159).
    """

    id: str
    willpower: int
    rage: int = 0
    damage: tuple[str, ...] = ()
    willpower_spent: bool = False
    actions_used: int = 0
    reflexive: int = 0
    declared: tuple[Slot, ...] = ()
    resisted: int = 0
    forgiven_used: bool = False

    def new_turn(self) -> CharState:
        """Per-turn limits reset."""
        return replace(self, willpower_spent=False, actions_used=0, reflexive=0, declared=(), resisted=0)

    def has_rolled(self) -> bool:
        """Whether this character rolled this turn, other than reflexively (D54)."""
        return bool(self.actions_used or self.resisted)


@dataclass(frozen=True, slots=True)
class Task:
    """A task tracked across rolls (retries, extended totals, contests).

    Attributes:
        key: ``"<character>:<task>"`` (the team's or contest's first character).
        failed: failed attempts so far (retry penalty, D25).
        total: successes accumulated (extended, teamwork, and the first side of a contest).
        opponent_total: the other side's total in an extended resisted contest.
        target: successes needed (0: a single roll).
        status: ``open``, ``complete``, ``ended`` (botch with no second try), ``won``/``lost``.
        carried: a Wild West tie carried to the next turn (D51): the opponent and both difficulties
            the rematch keeps, and the turn of the tie; empty when none.
    """

    key: str
    failed: int = 0
    total: int = 0
    opponent_total: int = 0
    target: int = 0
    status: str = "open"
    carried: tuple[str, int, int, int] | tuple[()] = ()


@dataclass(frozen=True, slots=True)
class Part:
    """One character's share of a roll in flight: its pool and the faces rolled so far."""

    character: str
    pool: int
    difficulty: int
    dice: tuple[int, ...] = ()
    rerolls: tuple[int, ...] = ()
    waiting: int = 0
    """10s still to re-roll under the optional rule of ten."""
    willpower: bool = False
    """A Willpower point is spent on this share (no dice under ``replace_roll``)."""
    automatic: bool = False
    """The pool >= difficulty success replaces this share's dice."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A roll waiting for dice: the request, its parts, and what a combat chain carries along."""

    stage: str
    request: Action
    parts: tuple[Part, ...]
    info: Mapping[str, Any] = field(default_factory=dict)

    def rolled(self) -> bool:
        """Whether every part has its dice."""
        return all(p.dice for p in self.parts if p.pool > 0)


@dataclass(frozen=True, slots=True)
class StorytellerState:
    """Everything the kernel knows.

    Attributes:
        chapter: the chapter (session) number, from 1.
        scene: the current scene's name ("" in downtime or before the first scene).
        scene_count: scenes begun so far.
        turn: the turn within the scene (0 outside scenes).
        characters: temporary values, in sheet order.
        tasks: tracked tasks.
        pending: the roll waiting for dice, if any.
        last: a JSON-ready summary of the last resolved roll (what the Storyteller narrates).
        initiative: the order of the last initiative roll.
        ending: how the story ended ("" while it goes on).
        config: the table's options and sheets (the kernel's functions take only the state).
    """

    config: StorytellerConfig
    chapter: int = 1
    scene: str = ""
    scene_count: int = 0
    turn: int = 0
    characters: tuple[CharState, ...] = ()
    tasks: tuple[Task, ...] = ()
    pending: Pending | None = None
    last: Mapping[str, Any] | None = None
    initiative: tuple[str, ...] = ()
    ending: str = ""

    def char(self, character_id: str) -> CharState | None:
        """The temporary values of ``character_id``."""
        return next((c for c in self.characters if c.id == character_id), None)

    def with_char(self, updated: CharState) -> StorytellerState:
        """A copy with one character's values replaced."""
        return replace(self, characters=tuple(updated if c.id == updated.id else c for c in self.characters))

    def task(self, key: str) -> Task:
        """The task ``key`` (a fresh one when it is not tracked yet)."""
        return next((t for t in self.tasks if t.key == key), Task(key))

    def with_task(self, updated: Task) -> StorytellerState:
        """A copy with one task replaced or added."""
        others = tuple(t for t in self.tasks if t.key != updated.key)
        return replace(self, tasks=(*others, updated))

"""A scenario's scene and its parts, as data: texts in both languages, the approaches the Storyteller offers
(a roll, a contest against a Storyteller character or another player character, a teamwork task, an attack,
a move) with the traits and difficulty each asks for, clues, the improvising Storyteller's hints, a fight.
The whole scenario and its files: :mod:`narrator.storyteller.scenario`.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Outcome = Literal["success", "failure", "botch"]
TraitList = list[str]
TRAIT_ID = r"^[a-z][a-z_]*$"
STORY_KEYS = ("names", "motive")
"""A Storyteller character's keys that are story, not sheet: how it is named and what it wants, per language."""


class Text(BaseModel):
    """A text in both languages."""

    model_config = ConfigDict(extra="forbid")
    en: str = Field(min_length=1)
    ru: str = Field(min_length=1)

    def get(self, lang: str) -> str:
        """The text in ``lang`` (English when unknown)."""
        return self.ru if lang == "ru" else self.en


def _traits(value: list[str]) -> list[str]:
    """A pool is one trait or an Attribute + an Ability (the kernel checks which is which against the sheet)."""
    if not 1 <= len(value) <= 2:
        raise ValueError(f"a pool names one or two traits (an Attribute + an Ability), not {len(value)}")
    bad = [t for t in value if not isinstance(t, str) or not re.match(TRAIT_ID, t)]
    if bad:
        raise ValueError(f"trait ids are lower-case words with underscores (dexterity, animal_ken), not {bad}")
    return value


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @field_validator("traits", "opponent_traits", "helper_traits", check_fields=False)
    @classmethod
    def _pool(cls, value: list[str] | None) -> list[str] | None:
        return None if value is None else _traits(value)


class RollSpec(_Spec):
    """What an approach rolls: the character's own pool, simple or extended."""

    traits: TraitList
    difficulty: int = Field(default=6, ge=2, le=10)
    action: Literal["simple", "extended"] = "simple"
    target: int = Field(default=0, ge=0)
    combat: bool = False

    @model_validator(mode="after")
    def _extended_needs_target(self) -> RollSpec:
        if self.action == "extended" and self.target < 2:
            raise ValueError("an extended roll needs a target of 2 or more successes (DA L201; WW L96)")
        if self.action == "simple" and self.target:
            raise ValueError("a target belongs to an extended roll (action: extended) (D36)")
        return self


class ResistedSpec(_Spec):
    """An approach contested by a Storyteller character (``opponent``: one of the scenario's ``npcs``)."""

    traits: TraitList
    difficulty: int = Field(default=6, ge=2, le=10)
    opponent: str
    opponent_traits: TraitList
    opponent_difficulty: int = Field(default=6, ge=2, le=10)
    target: int = Field(default=0, ge=0)


class VersusSpec(_Spec):
    """A contest between two player characters: the chooser against another character of the troupe
    (the table offers one option per other character); the other side resists with ``opponent_traits``."""

    traits: TraitList
    difficulty: int = Field(default=6, ge=2, le=10)
    opponent_traits: TraitList
    opponent_difficulty: int = Field(default=6, ge=2, le=10)
    target: int = Field(default=0, ge=0)


class TeamworkSpec(_Spec):
    """A task the troupe may share: the chooser rolls ``traits``, each character who joins rolls
    ``helper_traits`` (default: the same), and their successes add up (DA L227; WW L116)."""

    traits: TraitList
    helper_traits: TraitList | None = None
    difficulty: int = Field(default=6, ge=2, le=10)
    target: int = Field(default=0, ge=0)
    combat: bool = False


KINDS = ("roll", "resisted", "versus", "teamwork", "attack", "go")

CREATURE_TRAITS: dict[str, tuple[str, ...]] = {"primal_urge": ("werewolf",), "gnosis": ("werewolf",),
                                               "rage": ("werewolf",)}
"""Traits only some creatures have (WW: a Garou's Primal Urge, Gnosis and Rage): an approach rolling one is
offered only to them, and says so (``Approach.creatures``; playtest 17: a howl «(Stamina + Primal Urge)» was
offered to Elias Pruitt, a human telegraph clerk, as 2 dice «never learned»)."""
CREATURE_WEAPONS: dict[str, tuple[str, ...]] = {"claws": ("werewolf",), "fangs": ("vampire",)}
"""Weapons of the body only some creatures have (a Garou's claws, a vampire's fangs)."""


class Approach(BaseModel):
    """One thing a character may try in a scene."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    label: Text
    words: Text | None = None
    """More words a typed intent may use for this approach (synonyms, other forms), per language."""
    roll: RollSpec | None = None
    resisted: ResistedSpec | None = None
    versus: VersusSpec | None = None
    teamwork: TeamworkSpec | None = None
    attack: str | None = None
    go: str | None = None
    next: dict[Outcome, str] = {}
    says: dict[Outcome, Text] = {}
    creatures: list[str] = []
    """Only characters of these creatures (a sheet's ``creature``: ``werewolf``, ``vampire``…) are offered this
    approach (a Garou's howl, a wolf's claws); empty: anyone. An approach rolling a trait of
    :data:`CREATURE_TRAITS` or striking with a weapon of :data:`CREATURE_WEAPONS` must name its creatures."""

    @model_validator(mode="after")
    def _one_kind(self) -> Approach:
        kinds = [k for k in KINDS if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"approach {self.id!r} must have exactly one of {', '.join(KINDS)} (has "
                             f"{', '.join(kinds) or 'none'})")
        for need in self.needs():
            if not self.creatures or not set(self.creatures) <= set(need):
                raise ValueError(f"approach {self.id!r} rolls or strikes with what only {' or '.join(need)} "
                                 f"characters have: say so with creatures: [{', '.join(need)}]")
        return self

    def needs(self) -> list[tuple[str, ...]]:
        """The creatures each of its creature-only traits or weapons asks for (empty: anyone can try it)."""
        spec = self.spec()
        traits = [*(spec.traits if spec else ()), *(getattr(spec, "helper_traits", None) or ())]
        found = [CREATURE_TRAITS[t] for t in traits if t in CREATURE_TRAITS]
        return found + ([CREATURE_WEAPONS[self.attack]] if self.attack in CREATURE_WEAPONS else [])

    def open_to(self, creature: str) -> bool:
        """Whether a character of ``creature`` is offered this approach."""
        return not self.creatures or creature in self.creatures

    @property
    def kind(self) -> str:
        """``roll``, ``resisted``, ``versus``, ``teamwork``, ``attack`` or ``go``."""
        return next(k for k in KINDS if getattr(self, k) is not None)

    def spec(self) -> RollSpec | ResistedSpec | VersusSpec | TeamworkSpec | None:
        """The roll this approach asks for (``None`` for an attack or a move)."""
        return self.roll or self.resisted or self.versus or self.teamwork


class Clue(BaseModel):
    """Something a character may learn in a scene by looking, asking or studying (issue 29).

    A ``free`` clue needs no roll: looking and talking are not actions (DA L65, «Речи и разговоры сами по
    себе действиями не считаются»); the offline Storyteller tells it to whoever looks or asks about it.
    Otherwise ``traits`` and ``difficulty`` say what an improvised roll to find it asks for.
    """

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    text: Text
    """What the character learns, said in full (the words on the tape, not "you study the tape")."""
    words: Text
    """What a player's words name to find it (the tape, the ledger, the ferryman's hands), per language."""
    free: bool = False
    traits: TraitList | None = None
    difficulty: int = Field(default=6, ge=2, le=10)

    @field_validator("traits")
    @classmethod
    def _pool(cls, value: list[str] | None) -> list[str] | None:
        return None if value is None else _traits(value)

    @model_validator(mode="after")
    def _found_somehow(self) -> Clue:
        if not self.free and self.traits is None:
            raise ValueError(f"clue {self.id!r} is free (no roll) or names the traits of the roll that finds it")
        return self


class Improv(BaseModel):
    """What an offline Storyteller needs to rule on a deed the scene does not list (issue 29).

    ``obstacles`` and ``clues`` are what a player may act on; ``success`` and ``failure`` say what an
    unlisted deed that succeeds wins here and what one that fails costs (a complication: never the end).
    """

    model_config = ConfigDict(extra="forbid")
    obstacles: list[Text] = []
    clues: list[Clue] = []
    success: Text
    failure: Text


class Fight(BaseModel):
    """A combat scene against one Storyteller character: initiative for every fighter, then each in order."""

    model_config = ConfigDict(extra="forbid")
    enemy: str
    enemy_weapon: str
    enemy_breaks_at: int = Field(default=3, ge=1)
    win: str
    lose: str


class Scene(BaseModel):
    """A scene: its framing, its stakes, the approaches, and an optional clock or fight."""

    model_config = ConfigDict(extra="forbid")
    text: Text
    stakes: Text | None = None
    """What is at stake, said to the troupe after the framing (scenarios of this format; optional)."""
    approaches: list[Approach] = Field(min_length=1)
    max_turns: int | None = Field(default=None, ge=1)
    timeout: str | None = None
    timeout_says: Text | None = None
    """What became of the stake when the clock ran out, said after «Time runs out» (playtest 17: «nobody says
    whether Aimery was hanged»); without it the table says the stake was lost, in the stakes' own words."""
    fight: Fight | None = None
    npcs: list[str] = []
    """The Storyteller characters present besides a fight's enemy and the approaches' opponents (the
    ferryman the player talks to): ``who`` lists these, not every character of the story."""
    climax: bool = False
    """A scene the fiction lets end the story: in an evening scenario only a climax leads to an ending."""
    improv: Improv | None = None
    """The obstacles, clues and stakes an offline Storyteller improvises from (issue 29)."""

    def present(self) -> set[str]:
        """The Storyteller characters in this scene: listed, fought or resisted."""
        ids = set(self.npcs) | ({self.fight.enemy} if self.fight else set())
        return ids | {a.resisted.opponent for a in self.approaches if a.resisted is not None}

    @model_validator(mode="after")
    def _unique_approaches(self) -> Scene:
        ids = [a.id for a in self.approaches]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"approach id {twice[0]!r} is used twice in this scene")
        if self.max_turns and not self.timeout:
            raise ValueError("max_turns needs a timeout (where the story goes when the clock runs out)")
        if self.timeout_says and not self.timeout:
            raise ValueError("timeout_says belongs to a scene with a clock (max_turns and timeout)")
        return self

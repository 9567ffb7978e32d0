"""Scenarios as data (``prompts/storyteller/*.yaml``): scenes, the approaches a player may take, transitions.

A transition target is a scene id, ``retry`` (stay in the scene: next turn) or ``end:<ending>``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from narrator import prompts
from narrator.storyteller.data import DataError, read_yaml

PROMPTS = Path(prompts.__file__).resolve().parent / "storyteller"


class Text(BaseModel):
    """A text in both languages."""

    model_config = ConfigDict(extra="forbid")
    en: str
    ru: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` (English when unknown)."""
        return self.ru if lang == "ru" else self.en


class RollSpec(BaseModel):
    """What an approach rolls."""

    model_config = ConfigDict(extra="forbid")
    traits: list[str]
    difficulty: int = Field(default=6, ge=2, le=10)
    action: Literal["simple", "extended"] = "simple"
    target: int = 0
    combat: bool = False


class ResistedSpec(BaseModel):
    """An approach contested by a Storyteller character."""

    model_config = ConfigDict(extra="forbid")
    traits: list[str]
    difficulty: int = Field(default=6, ge=2, le=10)
    opponent: str
    opponent_traits: list[str]
    opponent_difficulty: int = Field(default=6, ge=2, le=10)
    target: int = 0


class Approach(BaseModel):
    """One thing the player may try in a scene."""

    model_config = ConfigDict(extra="forbid")
    id: str
    label: Text
    words: Text | None = None
    """More words a typed intent may use for this approach (synonyms, other forms), per language."""
    roll: RollSpec | None = None
    resisted: ResistedSpec | None = None
    attack: str | None = None
    go: str | None = None
    next: dict[Literal["success", "failure", "botch"], str] = {}
    says: dict[Literal["success", "failure", "botch"], Text] = {}

    @model_validator(mode="after")
    def _one_kind(self) -> Approach:
        kinds = [k for k in ("roll", "resisted", "attack", "go") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"approach {self.id!r} must have exactly one of roll, resisted, attack, go")
        return self


class Fight(BaseModel):
    """A combat scene against one Storyteller character."""

    model_config = ConfigDict(extra="forbid")
    enemy: str
    enemy_weapon: str
    enemy_breaks_at: int = Field(default=3, ge=1)
    win: str
    lose: str


class Scene(BaseModel):
    """A scene: its framing, the approaches, and an optional clock or fight."""

    model_config = ConfigDict(extra="forbid")
    text: Text
    approaches: list[Approach]
    max_turns: int | None = None
    timeout: str | None = None
    fight: Fight | None = None


class Frame(BaseModel):
    """What an improvising Storyteller may and may not invent in this scenario (issue 16).

    The scene still moves only by the scenario's transitions; the frame tells a model what colour it
    may add (people, sights, small obstacles) and what stays fixed (the stakes, the opponents, the endings).
    """

    model_config = ConfigDict(extra="forbid")
    stakes: Text
    may_invent: Text
    may_not_invent: Text


class Scenario(BaseModel):
    """A short original scenario for one book."""

    model_config = ConfigDict(extra="forbid")
    id: str
    book: Literal["dark_ages", "wild_west"]
    title: Text
    start: str
    frame: Frame | None = None
    npcs: list[dict] = []
    scenes: dict[str, Scene]
    endings: dict[str, Text]

    @model_validator(mode="after")
    def _targets_exist(self) -> Scenario:
        for name, scene in self.scenes.items():
            targets = [t for a in scene.approaches for t in (*a.next.values(), a.go or "retry")]
            targets += [t for t in (scene.timeout, *(scene.fight and (scene.fight.win, scene.fight.lose) or ()))
                        if t]
            for target in targets:
                if target == "retry" or target in self.scenes:
                    continue
                if target.startswith("end:") and target[4:] in self.endings:
                    continue
                raise ValueError(f"scenes.{name}: transition {target!r} is not a scene, 'retry' or end:<ending>")
        if self.start not in self.scenes:
            raise ValueError(f"start: {self.start!r} is not a scene")
        return self


def load_scenario(book: str, path: Path | None = None) -> Scenario:
    """The book's scenario (or one from ``path``), validated; errors name the file and the field."""
    path = path or PROMPTS / f"{book}.yaml"
    data = read_yaml(path)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
                             for e in error.errors(include_url=False))
        raise DataError(f"{path}: {problems}") from None
    if scenario.book != book:
        raise DataError(f"{path}: this scenario is for {scenario.book}, not {book}")
    return scenario


def load_narration(path: Path | None = None) -> dict[str, dict[str, dict[str, list[str]]]]:
    """Generic lines per book, language and result category (``prompts/storyteller/narration.yaml``)."""
    data = read_yaml(path or PROMPTS / "narration.yaml")
    if not isinstance(data, dict):
        raise DataError("narration.yaml must be a mapping book -> lang -> category -> lines")
    return data

"""Scenarios as data (``prompts/storyteller/*.yaml``, ``prompts/storyteller/scenarios/<book>/*.yaml``).

A scenario is a few scenes for a troupe of 1..5 player characters: each scene's framing and stakes,
the approaches the Storyteller offers (the traits and difficulty each asks for, and whether it is a
simple or extended roll, a contest against a Storyteller character or another player character, a
teamwork task, an attack, or a plain move), the Storyteller's characters with their sheets (their
pools), and how a scene ends (an approach's outcome, a clock, a fight won or lost). The format is
documented in ``docs/scenarios.md``; every field is validated here, and an error names the file and
the field (``scenes.landing.approaches.0.roll.difficulty``).

A transition target is a scene id, ``retry`` (stay in the scene: the next character, then the next
turn) or ``end:<ending>``.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from narrator import prompts
from narrator.storyteller.data import DataError, read_yaml
from narrator.storyteller.scenes import STORY_KEYS, Approach, Scene, Text

__all__ = [  # Approach, Scene and Text re-exported: a scene's parts are imported from here too
    "EVENING", "PROMPTS", "SHIPPED", "Approach", "Ending", "Frame", "Players", "Scenario", "Scene", "Text", "built_in_id",
    "file_header", "find_scenario", "load_narration", "load_scenario", "scenario_path", "shipped_scenarios",
    "shipped_stories",
]

PROMPTS = Path(prompts.__file__).resolve().parent / "storyteller"
SHIPPED = PROMPTS / "scenarios"
EVENING = {"dark_ages": "tourney-at-vaucouleurs", "wild_west": "the-long-drive"}
"""What ``narrator play <book>`` plays without ``--scenario``: a story for an evening (the built-in short one,
``scenario_path(book)``, stays what a table gets when it names none: tests, cassettes, the web API)."""
"""Shipped scenarios beyond each book's built-in one: ``scenarios/<dark-ages|wild-west>/<id>.yaml``."""


class Players(BaseModel):
    """How many player characters the scenario is written for."""

    model_config = ConfigDict(extra="forbid")
    min: int = Field(default=1, ge=1, le=5)
    max: int = Field(default=1, ge=1, le=5)


class Frame(BaseModel):
    """What an improvising Storyteller may and may not invent in this scenario (issue 16).

    The scene still moves only by the scenario's transitions; the frame tells a model what colour it
    may add (people, sights, small obstacles) and what stays fixed (the stakes, the opponents, the endings).
    """

    model_config = ConfigDict(extra="forbid")
    stakes: Text
    may_invent: Text
    may_not_invent: Text


class Ending(BaseModel):
    """How the story ends (``text``), then what becomes of the people and the place (``epilogue``)."""

    model_config = ConfigDict(extra="forbid")
    text: Text
    epilogue: Text | None = None

    def get(self, lang: str) -> str:
        """The ending and its epilogue in ``lang``, as one passage."""
        return " ".join(t.get(lang) for t in (self.text, self.epilogue) if t is not None)


def _ending(value: Any) -> Any:
    """An ending written as a bare text (the short scenarios) is an ending without an epilogue."""
    if isinstance(value, dict) and set(value) <= {"en", "ru"}:
        return {"text": value}
    return value


class Scenario(BaseModel):
    """An original scenario for one book: a short one (3-4 scenes) or one for an evening (``length``)."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    book: Literal["dark_ages", "wild_west"]
    title: Text
    pitch: Text | None = None
    """One paragraph for the table before play: who the characters are and what they want."""
    players: Players = Players(min=1, max=4)
    length: Literal["short", "evening"] = "short"
    """``evening``: written for 60-120 minutes, held to the evening rules by the scenario linter
    (at least 8 scenes, endings only from a climax, an epilogue to every ending, fail-forward)."""
    start: str
    frame: Frame | None = None
    """What an improvising Storyteller may and may not invent (issue 16)."""
    npcs: list[dict[str, Any]] = []
    """The Storyteller's characters: sheets (as ``--sheet`` files, with ``player: false``), plus
    ``names: {en, ru}`` for how the story names them."""
    scenes: dict[str, Scene]
    endings: dict[str, Ending]
    fallen: str | None = None
    """The ending (one of ``endings``) when no player character can act any more; without it the story ends on
    the table's own words about who fell (``template.fallen``)."""

    @field_validator("endings", mode="before")
    @classmethod
    def _bare_endings(cls, value: Any) -> Any:
        return {k: _ending(v) for k, v in value.items()} if isinstance(value, dict) else value

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if self.start not in self.scenes:
            raise ValueError(f"start: {self.start!r} is not a scene")
        if self.players.min > self.players.max:
            raise ValueError(f"players: min {self.players.min} is more than max {self.players.max}")
        if self.fallen is not None and self.fallen not in self.endings:
            raise ValueError(f"fallen: {self.fallen!r} is not one of the endings ({', '.join(self.endings)})")
        npcs = self._npc_ids()
        for name, scene in self.scenes.items():
            self._targets(name, scene)
            strangers = sorted(set(scene.npcs) - npcs)
            if strangers:
                raise ValueError(f"scenes.{name}.npcs: {strangers[0]!r} is not one of the npcs "
                                 f"({', '.join(sorted(npcs)) or 'none'})")
            if scene.fight is not None and scene.fight.enemy not in npcs:
                raise ValueError(f"scenes.{name}.fight.enemy: {scene.fight.enemy!r} is not one of the npcs "
                                 f"({', '.join(sorted(npcs)) or 'none'})")
            for i, approach in enumerate(scene.approaches):
                where = f"scenes.{name}.approaches.{i}"
                if approach.resisted is not None and approach.resisted.opponent not in npcs:
                    raise ValueError(f"{where}.resisted.opponent: {approach.resisted.opponent!r} is not one of "
                                     f"the npcs ({', '.join(sorted(npcs)) or 'none'})")
                if approach.attack is not None and scene.fight is None:
                    raise ValueError(f"{where}.attack: an attack belongs to a scene with a fight")
        return self

    def _npc_ids(self) -> set[str]:
        from narrator.rules.storyteller.sheet import SheetError, parse_sheet

        ids: set[str] = set()
        for i, data in enumerate(self.npcs):
            sheet = {k: v for k, v in data.items() if k not in STORY_KEYS}
            for key in STORY_KEYS:
                if data.get(key) is not None:
                    try:
                        Text.model_validate(data[key])
                    except ValidationError as error:
                        raise ValueError(f"npcs.{i}.{key} ({data.get('id')!r}): {_describe(error.errors()[0])}") from None
            try:
                character = parse_sheet(sheet, book=self.book)
            except SheetError as error:
                raise ValueError(f"npcs.{i} ({data.get('id')!r}): {error}") from None
            if character.player:
                raise ValueError(f"npcs.{i}.player: a Storyteller character has player: false")
            ids.add(character.id)
        return ids

    def _targets(self, name: str, scene: Scene) -> None:
        targets = [(f"approaches.{a.id}", t) for a in scene.approaches
                   for t in (*a.next.values(), *([a.go] if a.go else ()))]
        targets += [("timeout", scene.timeout)] if scene.timeout else []
        if scene.fight:
            targets += [("fight.win", scene.fight.win), ("fight.lose", scene.fight.lose)]
        for field, target in targets:
            if target == "retry" or target in self.scenes:
                continue
            if target.startswith("end:") and target[4:] in self.endings:
                continue
            raise ValueError(f"scenes.{name}.{field}: transition {target!r} is not a scene, 'retry' or "
                             f"end:<one of the endings: {', '.join(self.endings)}>")

    # -- reading -----------------------------------------------------------------------------------

    def npc_sheets(self) -> list[Any]:
        """The Storyteller characters as kernel sheets (validated when the scenario was loaded)."""
        from narrator.rules.storyteller.sheet import parse_sheet

        return [parse_sheet({k: v for k, v in d.items() if k not in STORY_KEYS}, book=self.book) for d in self.npcs]

    def npc_motives(self, lang: str) -> dict[str, str]:
        """What each Storyteller character wants, in ``lang`` (evening scenarios give every one a motive)."""
        return {str(d["id"]): Text.model_validate(d["motive"]).get(lang) for d in self.npcs if d.get("motive")}

    def npc_names(self, lang: str) -> dict[str, str]:
        """The Storyteller characters' names in ``lang`` (their sheet ``name`` when no ``names`` are given)."""
        found = {}
        for data in self.npcs:
            names = data.get("names")
            found[str(data["id"])] = Text.model_validate(names).get(lang) if names else str(data["name"])
        return found


def scenario_path(book: str, given: Path | str | None = None) -> Path:
    """The file of a scenario: the book's built-in one, a shipped id (``salt-road``) or a path."""
    if given is None:
        return PROMPTS / f"{book}.yaml"
    shipped = SHIPPED / book.replace("_", "-") / f"{given}.yaml"
    if isinstance(given, str) and "/" not in given and not given.endswith((".yaml", ".yml", ".json")):
        if shipped.is_file():
            return shipped
        if given == built_in_id(book):
            return PROMPTS / f"{book}.yaml"
        known = ", ".join([built_in_id(book), *(p.stem for p in shipped_scenarios(book)[1:])])
        raise DataError(f"--scenario {given}: no such file, and not a shipped scenario of {book} ({known})")
    return Path(given)


def file_header(path: Path) -> tuple[str, str]:
    """A scenario file's id and length (``short`` unless it says ``evening``), read from its top-level lines
    alone: the help page and ``--scenario`` name scenarios without loading them (the file's stem when it has
    no ``id:`` line)."""
    text = path.read_text(encoding="utf-8")
    ident = re.search(r"^id:\s*([\w-]+)", text, re.MULTILINE)
    evening = re.search(r"^length:\s*evening", text, re.MULTILINE)
    return ident.group(1) if ident else path.stem, "evening" if evening else "short"


def built_in_id(book: str) -> str:
    """The id of the book's built-in scenario (``ferry-of-saint-aubin``)."""
    return file_header(PROMPTS / f"{book}.yaml")[0]


def shipped_scenarios(book: str) -> list[Path]:
    """The book's built-in scenario, then the shipped ones (``scenarios/<book>/*.yaml``)."""
    return [PROMPTS / f"{book}.yaml", *sorted((SHIPPED / book.replace("_", "-")).glob("*.yaml"))]


def load_scenario(book: str, path: Path | str | None = None) -> Scenario:
    """The book's scenario (or one from ``path`` / a shipped id), validated; errors name the file and the field."""
    path = scenario_path(book, path)
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise DataError(f"{path}: a scenario must be a mapping (id, book, title, start, scenes, endings)")
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(_describe(e) for e in error.errors(include_url=False))
        raise DataError(f"{path}: {problems}") from None
    if scenario.book != book:
        raise DataError(f"{path}: this scenario is for {scenario.book}, not {book}")
    return scenario


def _describe(error: Any) -> str:
    where = ".".join(str(p) for p in error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


@functools.cache
def shipped_stories(book: str) -> tuple[Scenario, ...]:
    """The book's shipped scenarios, loaded once (the web's create form lists them on every page)."""
    return tuple(load_scenario(book, path) for path in shipped_scenarios(book))


def find_scenario(book: str, scenario: str = "") -> Scenario:
    """The shipped scenario ``scenario`` of ``book`` by id (the built-in one when empty), read once.

    Raises:
        DataError: no shipped scenario of the book has that id.
    """
    stories = shipped_stories(book)  # the built-in one first
    if not scenario:
        return stories[0]
    for i, (path, story) in enumerate(zip(shipped_scenarios(book), stories, strict=True)):
        if story.id == scenario or (i and path.stem == scenario):  # the built-in one by its id only
            return story
    raise DataError(f"scenario: {scenario!r} is not a shipped scenario of {book.replace('_', ' ')} "
                    f"({', '.join(story.id for story in stories)})")


def load_narration(path: Path | None = None) -> dict[str, dict[str, dict[str, list[str]]]]:
    """Generic lines per book, language and result category: the catalogue's ``st_narration`` (one file per
    language, ``prompts/i18n/<lang>/st_narration.yaml``, book -> category -> lines), or a file of one's own
    at ``path`` (book -> lang -> category -> lines)."""
    if path is None:
        from narrator.agents.i18n import LANGUAGES, section

        books = section(LANGUAGES[0], "st_narration")
        return {book: {lang: section(lang, "st_narration")[book] for lang in LANGUAGES} for book in books}
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise DataError("narration.yaml must be a mapping book -> lang -> category -> lines")
    return data

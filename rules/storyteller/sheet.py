"""Character sheets: validated with pydantic at the boundary, frozen dataclasses inside the kernel.

A sheet names its traits in English ids (``dexterity``, ``melee``); an Ability rated 0 may be
listed and adds no dice (WW L144); a trait that is not on the sheet cannot be rolled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

ATTRIBUTES = ("strength", "dexterity", "stamina", "charisma", "manipulation", "appearance",
              "perception", "intelligence", "wits")
"""The nine Attributes named in both chapters (DA L97-101, L145, L243-260; WW L38-42, L152-176)."""

TEN_SCALE = ("willpower", "rage", "gnosis")
"""Traits rated 1..10: rolled alone, never added to another (DA L103; WW L44, L184, L234)."""

BOOK_TRAITS = {"dark_ages": ("blood_pool", "celerity"), "wild_west": ("rage", "gnosis")}


@dataclass(frozen=True)
class Character:
    """A character's permanent traits (the kernel's view of a sheet).

    Attributes:
        id: short id used in roll requests (``"aldric"``).
        name: display name.
        creature: ``vampire``, ``werewolf``, ``human``, ``ghoul``... (combat data keys soak on it).
        player: a player character (True) or a Storyteller character (False).
        concept: who the character is, in a few words (what the rest of the table knows of the sheet).
        attributes: the nine Attributes, 0..10 (D29).
        abilities: Abilities listed on the sheet, 0..10 (players may invent new ones, DA L251).
        willpower: permanent Willpower 1..10; current points start there.
        blood_pool: DA blood pool points (mechanics absent, D38).
        celerity: DA Celerity dots: extra actions without pool reduction (D17 placeholder).
        rage: WW Rage rating; points buy extra actions (D16 placeholder).
        gnosis: WW Gnosis rating.
        willpower_points: current Willpower points when play starts, ``None`` for full. A chronicle's
            next session starts with the points the last one left: points are temporary values,
            spent and kept apart from the rating (DA L298; WW L222); the chapters give no recovery rule.
        damage: health boxes marked when play starts (damage types, least hurt first), as the last
            session of a chronicle left them.
    """

    id: str
    name: str
    creature: str = "human"
    player: bool = True
    concept: str = ""
    attributes: Mapping[str, int] = field(default_factory=dict)
    abilities: Mapping[str, int] = field(default_factory=dict)
    willpower: int = 1
    blood_pool: int = 0
    celerity: int = 0
    rage: int = 0
    gnosis: int = 0
    willpower_points: int | None = None
    damage: tuple[str, ...] = ()

    def rating(self, trait: str) -> int | None:
        """The permanent rating of ``trait``, or ``None`` when it is not on the sheet (D28: ratings, not points).

        Rule: «Почти всегда для броска используется постоянное значение Свойства (кружочки на карточке персонажа)»
        (seeds/003_f0eb31a77e5e4bcd.txt:L40)
        """
        if trait in self.attributes:
            return self.attributes[trait]
        if trait in self.abilities:
            return self.abilities[trait]
        if trait == "willpower":
            return self.willpower
        if trait in ("rage", "gnosis") and getattr(self, trait) > 0:
            return int(getattr(self, trait))
        return None

    def trait_names(self) -> tuple[str, ...]:
        """Every trait that may be rolled."""
        extra = tuple(t for t in ("rage", "gnosis") if getattr(self, t) > 0)
        return (*self.attributes, *self.abilities, "willpower", *extra)


Rating = Field(ge=0, le=10)


class SheetModel(BaseModel):
    """The sheet as written in YAML/JSON; validation errors name the field (``attributes.wits``)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9_-]*$", description="lower-case id used in roll requests")
    name: str = Field(min_length=1)
    book: Literal["dark_ages", "wild_west"]
    creature: str = "human"
    player: bool = True
    concept: str = ""
    attributes: dict[str, int]
    abilities: dict[str, int] = {}
    willpower: int = Field(ge=1, le=10)
    blood_pool: int = Field(default=0, ge=0, le=50)
    celerity: int = Field(default=0, ge=0, le=10)
    rage: int = Field(default=0, ge=0, le=10)
    gnosis: int = Field(default=0, ge=0, le=10)
    willpower_points: int | None = Field(default=None, ge=0, le=10,
                                         description="current points, when fewer than the rating (a chronicle)")
    damage: list[str] = Field(default=[], description="marked health boxes, e.g. [bashing, lethal] (a chronicle)")
    notes: dict[str, Any] = {}

    @model_validator(mode="after")
    def _traits_in_range(self) -> SheetModel:
        missing = [a for a in ATTRIBUTES if a not in self.attributes]
        unknown = [a for a in self.attributes if a not in ATTRIBUTES]
        if missing:
            raise ValueError(f"attributes: missing {', '.join(missing)} (all nine Attributes are required)")
        if unknown:
            raise ValueError(f"attributes: {', '.join(unknown)} is not an Attribute; known: {', '.join(ATTRIBUTES)}")
        for group in ("attributes", "abilities"):
            for trait, value in getattr(self, group).items():
                if not 0 <= value <= 10:
                    raise ValueError(f"{group}.{trait}: rating {value} is outside 0..10 (D29)")
                if group == "abilities" and (trait in ATTRIBUTES or trait in TEN_SCALE):
                    raise ValueError(f"abilities.{trait}: {trait} is not an Ability")
        self._book_traits()
        if self.willpower_points is not None and self.willpower_points > self.willpower:
            raise ValueError(f"willpower_points: {self.willpower_points} is more than the rating {self.willpower}")
        return self

    def _book_traits(self) -> None:
        other = "wild_west" if self.book == "dark_ages" else "dark_ages"
        for trait in BOOK_TRAITS[other]:
            if getattr(self, trait):
                raise ValueError(f"{trait}: a {other.replace('_', ' ')} trait, not used in {self.book.replace('_', ' ')}")

    def to_character(self) -> Character:
        """The kernel's frozen form."""
        return Character(id=self.id, name=self.name, creature=self.creature, player=self.player,
                         concept=self.concept, attributes=dict(self.attributes), abilities=dict(self.abilities),
                         willpower=self.willpower, blood_pool=self.blood_pool, celerity=self.celerity,
                         rage=self.rage, gnosis=self.gnosis, willpower_points=self.willpower_points,
                         damage=tuple(self.damage))


class SheetError(ValueError):
    """A sheet that does not validate; the message names each wrong field."""


def parse_sheet(data: Mapping[str, Any], *, book: str | None = None) -> Character:
    """Validate a sheet mapping (loaded from YAML/JSON) into a :class:`Character`.

    Raises:
        SheetError: naming every wrong field, or a sheet written for the other book.
    """
    try:
        model = SheetModel.model_validate(dict(data))
    except ValidationError as error:
        raise SheetError("; ".join(_describe(e) for e in error.errors(include_url=False))) from None
    if book is not None and model.book != book:
        raise SheetError(f"book: this sheet is for {model.book}, not {book}")
    return model.to_character()


def _describe(error: Mapping[str, Any]) -> str:
    where = ".".join(str(p) for p in error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message

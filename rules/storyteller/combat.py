"""Combat and health as data over the d10 core (spec §4, project decision; D39, D44).

Neither seed chapter has combat numbers: initiative, weapon damage, soak by damage type and the
health track come from a *house default* table (``rules/storyteller/data/*_combat.yaml``, loaded
by the narrator layer), which a group replaces with its own book's tables. The engine only
reads the tables; tests check it against the data, never a rulebook claim.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter, ValidationError


@dataclass(frozen=True)
class HealthLevel:
    """One box of the health track: its name and the dice it takes off every pool (None: cannot act)."""

    name: str
    penalty: int | None


@dataclass(frozen=True)
class Weapon:
    """A weapon: damage dice are ``strength + bonus`` when ``strength_based``, else ``bonus`` alone."""

    id: str
    damage_type: str
    bonus: int = 0
    strength_based: bool = True
    traits: tuple[str, ...] = ("dexterity", "melee")
    difficulty: int = 6


@dataclass(frozen=True)
class CombatTables:
    """The combat data a table plays with.

    Attributes:
        label: where the numbers come from (the house default says so plainly).
        health_levels: the track, least hurt first; the last one leaves the character unable to act.
        damage_types: e.g. bashing, lethal, aggravated.
        weapons: the weapons a roll request may name.
        soak: creature -> the damage types its Stamina soaks (others are not soaked).
        initiative_traits: the initiative pool (one Attribute + one Ability).
        initiative_difficulty, damage_difficulty, soak_difficulty: difficulties of those rolls.
    """

    label: str
    health_levels: tuple[HealthLevel, ...]
    damage_types: tuple[str, ...]
    weapons: tuple[Weapon, ...]
    soak: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    initiative_traits: tuple[str, ...] = ("wits", "alertness")
    initiative_difficulty: int = 6
    damage_difficulty: int = 6
    soak_difficulty: int = 6

    def weapon(self, weapon_id: str) -> Weapon | None:
        """The weapon called ``weapon_id``, or ``None``."""
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def soaks(self, creature: str, damage_type: str) -> bool:
        """Whether a ``creature`` soaks ``damage_type`` with Stamina (house default; WW L42: soak = Stamina)."""
        return damage_type in self.soak.get(creature, self.soak.get("default", ()))


def parse_combat_tables(data: Mapping[str, Any]) -> CombatTables:
    """Validate a combat table mapping (from the YAML file).

    Raises:
        ValueError: naming the wrong field.
    """
    try:
        tables = TypeAdapter(CombatTables).validate_python(dict(data))
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
                             for e in error.errors(include_url=False))
        raise ValueError(f"invalid combat tables: {problems}") from None
    if not tables.health_levels or tables.health_levels[-1].penalty is not None:
        raise ValueError("invalid combat tables: health_levels must end with a level whose penalty is null")
    unknown = [w.id for w in tables.weapons if w.damage_type not in tables.damage_types]
    if unknown:
        raise ValueError(f"invalid combat tables: weapons {unknown} have a damage_type not in damage_types")
    return tables


def wound_penalty(tables: CombatTables, boxes: int) -> int | None:
    """Dice taken off a pool with ``boxes`` health levels marked; ``None`` when the character cannot act.

    Rule: house default (spec §4 project decision), not from seeds/002 or seeds/003.

    >>> t = CombatTables("x", (HealthLevel("Bruised", 0), HealthLevel("Hurt", -1), HealthLevel("Out", None)), (), ())
    >>> wound_penalty(t, 0), wound_penalty(t, 2), wound_penalty(t, 3)
    (0, -1, None)
    """
    if boxes <= 0:
        return 0
    level = tables.health_levels[min(boxes, len(tables.health_levels)) - 1]
    return level.penalty


def health_status(tables: CombatTables, boxes: int) -> str:
    """The name of the worst marked level (``"unhurt"`` with no damage, ``"dead"`` past the track)."""
    if boxes <= 0:
        return "unhurt"
    if boxes > len(tables.health_levels):
        return "dead"
    return tables.health_levels[boxes - 1].name

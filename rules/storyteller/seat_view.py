"""What each seat may know of a Storyteller table: the host every sheet and value, a seat its own character's
sheet and values and of everyone else what the table knows (a table convention, not a rule of the chapters:
rolls and declarations are said aloud, sheets are not)."""

from __future__ import annotations

from typing import Any

from narrator.rules.core import HOST, PlayerId, Viewer, jsonable
from narrator.rules.storyteller.books import StorytellerConfig
from narrator.rules.storyteller.combat import health_status, wound_penalty
from narrator.rules.storyteller.state import CharState, StorytellerState


def view_of(state: StorytellerState, viewer: PlayerId | Viewer | None) -> dict[str, Any]:
    """The host sees every sheet and every value; a seat sees its own character's sheet and values, and
    of everyone else what the table knows: the player characters' names and concepts, and each
    character's wounds and actions this turn, not their sheets or their Willpower and Rage left.
    (A table convention, not a rule of the chapters: rolls and declarations are said aloud, sheets are not.)
    """
    host = viewer is Viewer.HOST or viewer == HOST
    own = seat_character(state.config, viewer) if isinstance(viewer, int) and not host else None
    sheets = [jsonable(c) if host or c.id == own else _as_known(c)
              for c in state.config.characters if host or c.player]
    return {"book": state.config.book, "scenario": state.config.scenario, "chapter": state.chapter, "scene": state.scene, "turn": state.turn,
            "scene_count": state.scene_count, "sheets": sheets,
            "characters": [_condition(state, c) if host or c.id == own else _seen(_condition(state, c))
                           for c in state.characters],
            "tasks": [jsonable(t) for t in state.tasks], "last": jsonable(state.last),
            "initiative": list(state.initiative), "awaiting_dice": state.pending is not None,
            "ending": state.ending}


def seat_character(config: StorytellerConfig, seat: Any) -> str | None:
    """The player character of ``seat`` (seat ``i`` plays the ``i``-th player sheet), or ``None``."""
    players = [c.id for c in config.characters if c.player]
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None


KNOWN_SHEET = ("id", "name", "concept", "creature", "player")
"""What the table knows of another character's sheet."""
HIDDEN_CONDITION = ("willpower", "rage", "willpower_spent", "forgiven_used")
"""Another character's points left (and whether spent this turn: the roll event says so when it is)."""


def _as_known(character: Any) -> dict[str, Any]:
    data = dict(jsonable(character))
    return {k: data[k] for k in KNOWN_SHEET if k in data}


def _seen(condition: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in condition.items() if k not in HIDDEN_CONDITION}


def _condition(state: StorytellerState, char: CharState) -> dict[str, Any]:
    """A character's temporary values plus its health (visible to everyone at the table)."""
    data = dict(jsonable(char))
    tables = state.config.combat
    data["health"] = health_status(tables, len(char.damage)) if tables else "unhurt"
    data["incapacitated"] = bool(tables) and wound_penalty(tables, len(char.damage)) is None  # type: ignore[arg-type]
    return data

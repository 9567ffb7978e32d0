"""Shared builders for the Storyteller tests: sheets, tables, and a tiny driver applying actions with dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from narrator.rules.core import ChanceAction, Step
from narrator.rules.storyteller import DARK_AGES, WILD_WEST, BeginScene, Character, DarkAgesConfig, WildWestConfig
from narrator.rules.storyteller.game import StorytellerGame
from narrator.rules.storyteller.state import StorytellerState

from narrator.storyteller.data import load_combat

DA = "seeds/002_066846aa780a4bc4.txt"
WW = "seeds/003_f0eb31a77e5e4bcd.txt"
ATTRS = ("strength", "dexterity", "stamina", "charisma", "manipulation", "appearance", "perception",
         "intelligence", "wits")


def sheet(id: str = "hall", *, attrs: dict[str, int] | None = None, abilities: dict[str, int] | None = None,
          willpower: int = 5, **extra: Any) -> Character:
    """A character with every Attribute at 2 unless given."""
    attributes = {a: 2 for a in ATTRS} | (attrs or {})
    return Character(id=id, name=id.title(), attributes=attributes, abilities=abilities or {}, willpower=willpower,
                     **extra)


def game_of(book: str) -> StorytellerGame:
    return DARK_AGES if book == "dark_ages" else WILD_WEST


def table(book: str, *characters: Character, combat: bool = False, **options: Any) -> StorytellerState:
    """A state in scene 'test', turn 1, with ``characters`` and ``options``."""
    base = DarkAgesConfig() if book == "dark_ages" else WildWestConfig()
    config = replace(base, characters=characters or (sheet(),), combat=load_combat(book) if combat else None,
                     **options)
    game = game_of(book)
    return game.apply(game.initial_state(config), BeginScene(scene="test")).state


def act(state: StorytellerState, action: Any, *dice: tuple[int, ...]) -> tuple[StorytellerState, list[Any]]:
    """Apply ``action`` then each dice tuple as a chance action; return the state and all events."""
    game = game_of(state.config.book)
    step: Step[StorytellerState] = game.apply(state, action)
    events = list(step.events)
    state = step.state
    for faces in dice:
        step = game.apply(state, ChanceAction(values=tuple(faces)))
        state = step.state
        events.extend(step.events)
    return state, events


def rejection(state: StorytellerState, action: Any) -> str | None:
    """The rejection code of ``action`` now, or ``None``."""
    found = game_of(state.config.book).check(state, action)
    return None if found is None else str(found.code)

"""The Storyteller System: one d10 core, two books (Vampire: Dark Ages, Werewolf: Wild West).

``DARK_AGES`` and ``WILD_WEST`` are the kernels (``rules.registry`` maps "dark-ages" and
"wild-west" to them); their differences are the options of :class:`StorytellerConfig`.

The names below load on first use (PEP 562): ``narrator roll`` and ``narrator odds`` need only
``dice`` and ``odds``, and importing the whole kernel first cost them about 0.3 s of start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the type checker reads; at run time __getattr__ below loads each name
    from narrator.rules.storyteller.actions import (
        ACTION_TYPES,
        Attack,
        BeginChapter,
        BeginScene,
        DeclareActions,
        Downtime,
        EndStory,
        Initiative,
        NextTurn,
        Resisted,
        Roll,
        Teamwork,
    )
    from narrator.rules.storyteller.books import DarkAgesConfig, StorytellerConfig, WildWestConfig, default_config
    from narrator.rules.storyteller.checks import StCode
    from narrator.rules.storyteller.dice import RollResult, evaluate_roll
    from narrator.rules.storyteller.game import DARK_AGES, WILD_WEST, StorytellerGame
    from narrator.rules.storyteller.sheet import Character, SheetError, parse_sheet

_HOMES = {
    "actions": ("ACTION_TYPES", "Attack", "BeginChapter", "BeginScene", "DeclareActions", "Downtime",
                "EndStory", "Initiative", "NextTurn", "Resisted", "Roll", "Teamwork"),
    "books": ("DarkAgesConfig", "StorytellerConfig", "WildWestConfig", "default_config"),
    "checks": ("StCode",),
    "dice": ("RollResult", "evaluate_roll"),
    "game": ("DARK_AGES", "WILD_WEST", "StorytellerGame"),
    "sheet": ("Character", "SheetError", "parse_sheet"),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "ACTION_TYPES",
    "DARK_AGES",
    "WILD_WEST",
    "Attack",
    "BeginChapter",
    "BeginScene",
    "Character",
    "DarkAgesConfig",
    "DeclareActions",
    "Downtime",
    "EndStory",
    "Initiative",
    "NextTurn",
    "Resisted",
    "Roll",
    "RollResult",
    "SheetError",
    "StCode",
    "StorytellerConfig",
    "StorytellerGame",
    "Teamwork",
    "WildWestConfig",
    "default_config",
    "evaluate_roll",
    "parse_sheet",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # the next lookup is a plain global
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

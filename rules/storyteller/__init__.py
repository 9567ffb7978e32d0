"""The Storyteller System: one d10 core, two books (Vampire: Dark Ages, Werewolf: Wild West).

``DARK_AGES`` and ``WILD_WEST`` are the kernels (``rules.registry`` maps "dark-ages" and
"wild-west" to them); their differences are the options of :class:`StorytellerConfig`.
"""

from __future__ import annotations

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

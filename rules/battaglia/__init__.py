"""battaglia del arte: the rules kernel (seeds/004_55ac8a5a86b5c135.txt, spec shared/rules/battaglia.md).

Public API (see README.md in this folder): ``GAME``, :class:`BattagliaConfig`, :class:`BattagliaState`,
:class:`BattagliaView`, the actions, :class:`Card`, :class:`Force`, :class:`Phase`, :class:`NightStep`.
"""

from __future__ import annotations

from narrator.rules.battaglia.actions import (
                                     ACTION_TYPES,
                                     TEXT_LIMIT,
                                     Accuse,
                                     Choose,
                                     Curse,
                                     DyingShot,
                                     Intercede,
                                     Judge,
                                     Pass,
                                     RevealBishop,
                                     RevealLord,
                                     Speak,
                                     Vote,
                                     Whisper,
)
from narrator.rules.battaglia.cards import (
                                     CORRIGAN_LETHAL,
                                     CORRIGAN_REVEALS,
                                     DARKNESS,
                                     DECK_ORDER,
                                     FACTION,
                                     GLOOM,
                                     HEIR_ELIGIBLE,
                                     LIGHT,
                                     SHADOW,
                                     Card,
                                     Faction,
                                     Force,
                                     deck_for,
                                     default_deck_size,
)
from narrator.rules.battaglia.config import BattagliaConfig
from narrator.rules.battaglia.game import GAME, Battaglia
from narrator.rules.battaglia.legal import BattagliaCode
from narrator.rules.battaglia.life import force_of
from narrator.rules.battaglia.state import Accusation, BattagliaState, NightStep, Phase
from narrator.rules.battaglia.views import BattagliaView

__all__ = [
    "ACTION_TYPES", "CORRIGAN_LETHAL", "CORRIGAN_REVEALS", "DARKNESS", "DECK_ORDER", "FACTION", "GAME", "GLOOM",
    "HEIR_ELIGIBLE", "LIGHT", "SHADOW", "TEXT_LIMIT", "Accusation", "Accuse", "Battaglia", "BattagliaCode",
    "BattagliaConfig", "BattagliaState", "BattagliaView", "Card", "Choose", "Curse", "DyingShot", "Faction", "Force",
    "Intercede", "Judge", "NightStep", "Pass", "Phase", "RevealBishop", "RevealLord", "Speak", "Vote", "Whisper",
    "deck_for", "default_deck_size", "force_of",
]

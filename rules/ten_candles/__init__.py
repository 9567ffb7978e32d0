"""Ten Candles (Десять свечей), the tragic horror game of ten candles: the rules kernel.

Public API (see README.md in this folder): ``GAME`` (the kernel), ``TenCandlesConfig``,
``TenCandlesState``, ``Phase``, ``Card``, the action classes, ``TenCandlesView`` and
``TenCandlesCode``, and ``quick_setup`` (setup in one call, for simulations). The GM is the seat ``rules.core.HOST``.
"""

from __future__ import annotations

from narrator.rules.ten_candles import events  # noqa: F401 - registers the typed events (Event.payload)
from narrator.rules.ten_candles.actions import (
                                       ACTION_TYPES,
                                       INTERJECTIONS,
                                       TEXT_FIELDS,
                                       AcceptRoll,
                                       AllowAttempt,
                                       ArrangeStack,
                                       BurnTrait,
                                       CallConflict,
                                       CandleOut,
                                       DeclineDeath,
                                       DescribeCharacter,
                                       DescribeSupplies,
                                       EmbraceBrink,
                                       FrameScene,
                                       KillCharacter,
                                       Narrate,
                                       PassAttempt,
                                       ReadModule,
                                       RecordMessage,
                                       RevealBrink,
                                       Roll,
                                       SeizeNarration,
                                       SpeakTruth,
                                       StateAttempt,
                                       VolunteerDeath,
                                       WriteBrink,
                                       WriteMoment,
                                       WriteTraits,
                                       XCard,
)
from narrator.rules.ten_candles.codes import TenCandlesCode
from narrator.rules.ten_candles.config import (
                                       BRINK_PREFIX,
                                       CHORUS,
                                       GM_BRINK_PREFIX,
                                       MOMENT_PREFIX,
                                       OPENING_PHRASE,
                                       START_PHRASE,
                                       THEIR_BRINK_PREFIX,
                                       TRUTH_TOPICS,
                                       TenCandlesConfig,
)
from narrator.rules.ten_candles.game import GAME, TenCandles
from narrator.rules.ten_candles.legal import SAMPLE, is_interjection, same_move, with_samples
from narrator.rules.ten_candles.quick import SetupCards, quick_setup
from narrator.rules.ten_candles.state import (
                                       Card,
                                       Character,
                                       Conflict,
                                       Phase,
                                       TenCandlesState,
                                       Truth,
                                       left_of,
                                       right_of,
                                       ring,
)
from narrator.rules.ten_candles.views import AttemptView, CharacterView, ConflictView, TenCandlesView

__all__ = [
    "ACTION_TYPES", "BRINK_PREFIX", "CHORUS", "GAME", "GM_BRINK_PREFIX", "INTERJECTIONS", "MOMENT_PREFIX",
    "OPENING_PHRASE", "SAMPLE", "START_PHRASE", "TEXT_FIELDS", "THEIR_BRINK_PREFIX", "TRUTH_TOPICS", "AcceptRoll",
    "AllowAttempt", "ArrangeStack", "AttemptView", "BurnTrait", "CallConflict", "CandleOut", "Card", "Character", "CharacterView", "Conflict",
    "ConflictView", "DeclineDeath", "DescribeCharacter", "DescribeSupplies", "EmbraceBrink", "FrameScene",
    "KillCharacter", "Narrate", "PassAttempt", "Phase", "ReadModule", "RecordMessage", "RevealBrink", "Roll", "SeizeNarration",
    "SetupCards", "SpeakTruth", "StateAttempt", "TenCandles", "TenCandlesCode", "TenCandlesConfig", "TenCandlesState",
    "TenCandlesView", "Truth", "VolunteerDeath", "WriteBrink", "WriteMoment", "WriteTraits", "XCard", "is_interjection", "left_of", "quick_setup",
    "right_of", "ring", "same_move", "with_samples",
]

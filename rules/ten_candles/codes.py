"""Rejection codes of Ten Candles (the shared ones are in ``rules.core.Code``)."""

from __future__ import annotations

from enum import StrEnum

from narrator.rules.core import HOST, PlayerId, Rejection
from narrator.rules.ten_candles.config import SEED


class TenCandlesCode(StrEnum):
    """Why a well-formed Ten Candles move is refused. Stable: agents and tests switch on them."""

    GM_ONLY = "GM_ONLY"
    """Only the GM may do this (read the module, call a conflict, narrate a final-scene death)."""
    PLAYERS_ONLY = "PLAYERS_ONLY"
    """Only a player may do this (the GM writes no Traits, L102; rolls nothing, L279)."""
    TEXT_EMPTY = "TEXT_EMPTY"
    TEXT_TOO_LONG = "TEXT_TOO_LONG"
    TRAIT_NOT_ONE_WORD = "TRAIT_NOT_ONE_WORD"
    BAD_STACK = "BAD_STACK"
    BRINK_NOT_AT_BOTTOM = "BRINK_NOT_AT_BOTTOM"
    CARD_NOT_ACTIVE = "CARD_NOT_ACTIVE"
    """The card is not the top of the stack (L232)."""
    NO_ONES = "NO_ONES"
    """A Trait rerolls ones, and none was rolled (L295)."""
    BOTH_TRAITS_IN_SCENE = "BOTH_TRAITS_IN_SCENE"
    """Virtue and vice may not both be burned in one scene (L114, L295)."""
    BRINK_NOT_NEEDED = "BRINK_NOT_NEEDED"
    """The roll succeeded and the roller narrates: nothing to embrace the Brink for (L297)."""
    REROLL_LIMIT = "REROLL_LIMIT"
    NOTHING_TO_SEIZE = "NOTHING_TO_SEIZE"
    """Seizing needs a success whose narration the GM holds (L285, L283)."""
    NOT_DANGEROUS = "NOT_DANGEROUS"
    NOT_NARRATOR = "NOT_NARRATOR"
    GM_ONLY_TOPIC = "GM_ONLY_TOPIC"
    """Truths about Their weakness, the darkness and the sun are the GM's (L331)."""
    UNKNOWN_TOPIC = "UNKNOWN_TOPIC"
    NO_CANDLE_LIT = "NO_CANDLE_LIT"
    NOT_FINAL_SCENE = "NOT_FINAL_SCENE"
    NO_MOMENT_ACTIVE = "NO_MOMENT_ACTIVE"
    BRINK_ALREADY_SHOWN = "BRINK_ALREADY_SHOWN"
    ATTEMPTS_OFF = "ATTEMPTS_OFF"
    """This table does not use stated attempts (``stated_attempts`` is off): the GM alone calls conflicts."""
    ATTEMPT_PENDING = "ATTEMPT_PENDING"
    """A player stated an attempt: the GM answers it (a conflict for that player, or no conflict) first (L267)."""
    NO_ATTEMPT = "NO_ATTEMPT"
    """There is no stated attempt to allow."""
    PLAYERS_DECIDING = "PLAYERS_DECIDING"
    """The living players are still saying what they attempt; the GM waits for them (L265)."""


def cite(lines: str) -> str:
    """A rulebook reference: ``cite("L295")`` -> ``"seeds/000_e53cdcbb20917f8a.txt:L295"``."""
    return f"{SEED}:{lines}"


def reject(code: str, message: str, lines: str) -> Rejection:
    """A rejection citing seed lines ``lines``."""
    return Rejection(code, message, cite(lines))


def who(seat: PlayerId) -> str:
    """How messages name a seat."""
    return "the GM" if seat == HOST else f"seat {seat}"


def text_rejection(field: str, value: str, actor: PlayerId, lines: str, *, limit: int, allow_empty: bool = False,
                   one_word: bool = False) -> Rejection | None:
    """Why a free-text field is refused (empty, too long, not one word), or ``None``.

    The kernel never judges what a text says, only that it is there and bounded.
    """
    if not isinstance(value, str):
        return reject("MALFORMED", f"{field} from {who(actor)} must be text, got {type(value).__name__}", lines)
    stripped = value.strip()
    if not stripped and not allow_empty:
        return reject(TenCandlesCode.TEXT_EMPTY, f"{field} from {who(actor)} is empty; write something", lines)
    if len(value) > limit:
        return reject(TenCandlesCode.TEXT_TOO_LONG,
                      f"{field} from {who(actor)} has {len(value)} characters; at most {limit} are kept", lines)
    if one_word and len(stripped.split()) != 1:
        return reject(TenCandlesCode.TRAIT_NOT_ONE_WORD,
                      f"{field} {value!r} from {who(actor)} is not one word; a Trait is one word, "
                      "preferably an adjective, e.g. «Бдительный»", lines)
    return None

"""Ten Candles options: every spec decision (D-n) a table could reasonably take differently.

The defaults are the spec's recommendations (`shared/rules/ten_candles.md` §8). The kernel reads
the config as a plain frozen dataclass; pydantic validates it only at the boundary
(``rules.replay.decode_config``, YAML profiles), where the ``Annotated`` bounds apply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

SEED = "seeds/000_e53cdcbb20917f8a.txt"
"""The rulebook every ``Rule:`` line and rejection of this package cites."""

TOTAL_CANDLES = 10
MIN_PLAYERS, MAX_PLAYERS = 2, 9
MAX_TEXT = 2000
"""Longest free text (a truth, a Brink, a message...) the kernel stores."""
MAX_TRAIT = 40
"""Longest Trait: it is one word (L104)."""

OPENING_PHRASE = "Вот всё, что осталось. Мир погружён во тьму."
CHORUS = "И мы живы."
START_PHRASE = "Начинаем."
MOMENT_PREFIX = "Я обрету надежду, когда…"
BRINK_PREFIX = "Я видел, как ты…"
GM_BRINK_PREFIX = "Они видели, как ты…"
THEIR_BRINK_PREFIX = "Я видел, как Они…"
TRUTH_TOPICS = ("general", "their_weakness", "darkness", "sun")
"""Topic tags of a truth; all but ``general`` are the GM's alone (L331, D31)."""


@dataclass(frozen=True, slots=True)
class TenCandlesConfig:
    """The options of one Ten Candles game.

    Attributes:
        players: survivors at the table, the GM not counted (D18: at least 2, L102).
        brink_success_loses: dice set aside after a successful Brink reroll: ``"ones"`` (D1, the
            general rule L273) or the literal L218 ``"sixes"``.
        chorus_counts_as_truth: «И мы живы» is one of the lit-candle truths (D2, L315, L319).
        final_scene: ``"one_by_one"`` (D3: in the last-candle scene a failure kills the roller)
            or ``"literal"`` (a failure puts the last candle out and ends the game).
        seize_requires_tie: narration may be seized only on a tie of sixes (L285 literally);
            ``False`` allows it whenever the GM holds narration (D4, L60).
        trait_reroll_includes_hope: a burned Trait rerolls a hope die showing 1 too (D8, L114).
        max_rerolls_per_roll: a cap on rerolls within one roll; ``None`` = no cap (D10, L293).
        allow_relight_during_setup: a candle that goes out during setup is relit (D17 says no).
        gm_sees_all_brinks: the GM seat knows every Brink, not only the one it wrote (D23).
        dead_players_speak_truths: players of dead characters keep speaking truths (D26).
        traits_one_word: reject a virtue or vice of more than one word (L98, L104).
        message_playback: when recorded messages are played: ``"at_end"`` (in the dark, after
            the last death), ``"on_death"`` (as each character dies) or ``"never"``.
        lines: safety lines agreed before play: content that does not appear at all.
        veils: safety veils: content that happens off-screen only.
        stated_attempts: players say what their characters attempt before the GM calls a conflict
            (D45, L58, L265, L267): each beat of a scene the living players state an attempt or pass;
            the GM answers a stated attempt with a conflict for that player or lets it simply happen.
            ``False`` (simulations): the GM alone calls conflicts, as the scripted tables always did.
    """

    players: Annotated[int, Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)] = 3
    brink_success_loses: Literal["ones", "sixes"] = "ones"
    chorus_counts_as_truth: bool = True
    final_scene: Literal["one_by_one", "literal"] = "one_by_one"
    seize_requires_tie: bool = False
    trait_reroll_includes_hope: bool = True
    max_rerolls_per_roll: Annotated[int, Field(ge=0)] | None = None
    allow_relight_during_setup: bool = False
    gm_sees_all_brinks: bool = False
    dead_players_speak_truths: bool = True
    traits_one_word: bool = True
    message_playback: Literal["at_end", "on_death", "never"] = "at_end"
    lines: tuple[str, ...] = ()
    veils: tuple[str, ...] = ()
    stated_attempts: bool = False

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS} (the GM not counted), got {self.players}")
        if self.max_rerolls_per_roll is not None and self.max_rerolls_per_roll < 0:
            raise ValueError("max_rerolls_per_roll must be 0 or more, or None for no cap")

"""The rules options of battaglia: every DEC-n of the spec that players could choose differently.

Defaults are the spec's (``shared/rules/battaglia.md`` §9). A house rule is a YAML profile in
``profiles/battaglia/`` validated by ``rules.replay.decode_config``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from narrator.rules.battaglia.cards import MAX_CARDS, MIN_DECK, MIN_PLAYERS, default_deck_size


@dataclass(frozen=True, slots=True, kw_only=True)
class BattagliaConfig:
    """Table size and house rules. Each field names the spec decision it implements."""

    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}

    players: int = 12
    """Seats, 6..max_players (L42)."""
    deck_size: int = 0
    """Cards in the announced deck; 0 = the default P+2 (20 for 17 players). Must be P+2 or P+3 (DEC-1)."""
    max_players: int = 17
    """DEC-1: 18 players with the 20-card set is arithmetic the seed never names."""
    soul_pool: Literal["unissued", "undealt_and_dead", "undealt"] = "unissued"
    """DEC-4: where second souls come from."""
    soul_own_previous_card: bool = True
    """DEC-4: whether the dying player's own former card may come back as his second soul."""
    acquaintance_reveals_cards: bool = False
    """DEC-5: clans learn who is in the clan (False) or also who holds which card (True)."""
    rainmaker_force: Literal["by_life", "by_night_group"] = "by_life"
    """DEC-6: the Rainmaker's victory force."""
    koldunya_in_shadow_meetings: bool = True
    """DEC-7: Koldunya also meets the shadow clan (acquaintance and shadow step)."""
    koldunya_revealed_by_target: bool = True
    """DEC-8: a Koldunya who survives a Corrigan target is revealed as a shadow."""
    bishop_points_at_koldunya: bool = True
    """DEC-9: the Bishop's pointing includes Koldunya."""
    cat_peeks_night1: bool = True
    """DEC-10: the Cheshire Cat sees the acquaintance night."""
    cat_sees_tiir_card: bool = False
    """DEC-10: the Cat also sees the card the host shows Tiir."""
    darkness_rounds: int = 3
    """DEC-11: pointing rounds of a darkness step, each shown to the group; stops at the first decision."""
    shadow_talk_rounds: int = 1
    """DEC-11: message rounds of the shadow meeting (0 = the clan only sees who is present)."""
    darkness_productivity: Literal["supporter", "participant"] = "supporter"
    """DEC-13: a qualifying dark must support the victim (or merely be awake)."""
    domovik_multi_host: Literal["any_dead_kills", "any_alive_saves"] = "any_dead_kills"
    """DEC-14: a guest of two Domoviks."""
    lord_guest_protected: bool = True
    """DEC-15: a Lord victim who is the guest of a living Domovik survives (rule b over e)."""
    domovik_self: bool = False
    """DEC-17: Domovik may host himself."""
    tiir_self: bool = False
    """DEC-17: Tiir may look at himself."""
    corrigan_self: bool = False
    """DEC-17: Corrigan may target himself."""
    heir_keeps_shot_after_death: bool = False
    """DEC-21: Corrigan's heir keeps the night shot into his second life."""
    dying_shot_gate: Literal["on_execution", "on_condemnation"] = "on_execution"
    """DEC-22: cases aa/ab/ac take effect only if Corrigan is executed (or as soon as he shoots)."""
    lord_reveal_at_night: bool = True
    """DEC-26: the Lord may also reveal at night (offered secretly at the night's first heading, published
    before the morning announcement); False = only when asked by day."""
    lord_revote: bool = True
    """DEC-25: a condemned Lord who reveals gets one full re-vote."""
    koldun_executed: bool = True
    """DEC-27 (i): a cursing Koldun is executed as usual."""
    curse_gate: Literal["on_condemnation", "on_execution"] = "on_condemnation"
    """DEC-27 (ii): the curse stands even if Lun or the Bishop saves Koldun."""
    n_includes_gloom: bool = False
    """DEC-30: Nikor counts among the living darks N."""
    n_includes_koldunya: bool = False
    """DEC-30: Koldunya counts among the living darks N."""
    accusations_min: int = 2
    """DEC-30: «минимум два» (L74)."""
    accusations_max: int = 5
    """DEC-30: «максимум 5» (L74); accusations = clamp(N+1, min, max)."""
    votes_per_player: int = 0
    """DEC-31: votes each; 0 = «обычно N» (max(1, N)) (L77)."""
    accusation_order: Literal["rotating", "random", "declare_draw"] = "rotating"
    """House rule: the order in which the day's speakers may accuse. The seed has them accuse «все вместе» (L74),
    one each, up to the day's count, so who gets a slot is the table's decision: ``rotating`` (the speaking order,
    which starts one seat further each day), ``random`` (chance shuffles the day's accusers), or ``declare_draw``
    (everyone declares an accusation or passes, unseen by the others; when more declare than there are slots,
    chance draws which are made)."""
    speech_rounds: int = 1
    """DEC-34: speaking rounds each day before accusations (0 = none, the fast simulation)."""
    objection_window: Literal["all", "eligible"] = "all"
    """§11.3.3: every living seat is asked at each execution (hides who holds Lun/Bishop), or only them."""
    stalemate_cycles: int = 3
    """DEC-35: quiet day+night cycles (no death, no reveal) that make a stalemate; 0 = never."""
    human_moderator: bool = False
    """§8.2 item 3, DEC-35: a human moderator sits as host (``HOST``) and may declare the one possible outcome
    (``declare_outcome``); with the program as host this is never offered."""
    forced_outcome_players: int = 0
    """DEC-35: with this many living players or fewer (at most 3; 0 = off, the default), the kernel searches
    every continuation at each dawn and morning and ends the game when all lead to one force's win."""
    forced_outcome_visits: int = 20_000
    """DEC-35: the look-ahead's budget in distinct positions; past it the outcome counts as not forced."""
    max_days: int = 200
    """A safety net for simulations (no rule): the game stops as ``day_limit`` after this many days."""
    scoring_cumulative: bool = False
    """DEC-37: survivors' point adds to the clan's."""
    scoring_clan_by: Literal["final_soul", "any_soul"] = "final_soul"
    """DEC-37: which soul decides a player's clan for scoring."""

    def __post_init__(self) -> None:
        problem = config_problem(self)
        if problem:
            raise ValueError(problem)

    @property
    def cards(self) -> int:
        """The announced deck size."""
        return self.deck_size or default_deck_size(self.players)


def config_problem(config: BattagliaConfig) -> str | None:
    """Why ``config`` is not a playable table, or ``None``.

    Rule: «минимальное число игроков — 6 ... участников всегда на два или три меньше, чем карт»
    (seeds/004_55ac8a5a86b5c135.txt:L42-43)
    """
    p, cards = config.players, config.cards
    if not MIN_PLAYERS <= p <= config.max_players:
        return f"players must be {MIN_PLAYERS}..{config.max_players}, got {p}"
    if config.max_players > 18:
        return f"max_players may be at most 18 (the 20-card set), got {config.max_players}"
    if not MIN_DECK <= cards <= MAX_CARDS or cards - p not in (2, 3):
        return (f"deck_size {cards} does not fit {p} players: the deck is a prefix of the addition order "
                f"with 2 or 3 cards more than players ({MIN_DECK}..{MAX_CARDS} cards)")
    for name in ("accusations_min", "accusations_max", "darkness_rounds"):
        if getattr(config, name) < 1:
            return f"{name} must be at least 1"
    if config.accusations_min > config.accusations_max:
        return "accusations_min must not exceed accusations_max"
    if not 0 <= config.forced_outcome_players <= 3:
        return f"forced_outcome_players must be 0..3 (0 = off), got {config.forced_outcome_players}"
    if config.forced_outcome_visits < 1:
        return "forced_outcome_visits must be at least 1"
    for name in ("votes_per_player", "speech_rounds", "shadow_talk_rounds", "stalemate_cycles", "max_days"):
        if getattr(config, name) < 0:
            return f"{name} must not be negative"
    return None

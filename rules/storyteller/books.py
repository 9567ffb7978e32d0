"""The two rule sets over one d10 core: every difference between the books is an option here.

``StorytellerConfig`` is the frozen "book": the defaults of :class:`DarkAgesConfig` and
:class:`WildWestConfig` are the spec's decisions (``shared/rules/storyteller.md`` §6, D-n), and a
group that reads a line differently changes the option in a YAML rules profile, never the code.

Seeds: DA = ``seeds/002_066846aa780a4bc4.txt`` (Vampire: Dark Ages, ch. 4),
WW = ``seeds/003_f0eb31a77e5e4bcd.txt`` (Werewolf: Wild West, ch. 4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from narrator.rules.storyteller.combat import CombatTables
from narrator.rules.storyteller.sheet import Character

DA_SEED = "seeds/002_066846aa780a4bc4.txt"
WW_SEED = "seeds/003_f0eb31a77e5e4bcd.txt"

BookName = Literal["dark_ages", "wild_west"]
BotchRule = Literal["no_successes", "ones_exceed"]


@dataclass(frozen=True)
class StorytellerConfig:
    """Options of a Storyteller table. Field comments name the decision (D-n) and the seed lines.

    Attributes:
        book: which rulebook's defaults these are (``dark_ages`` or ``wild_west``).
        botch_rule: D1. ``no_successes`` (DA L155, L292) or ``ones_exceed`` (WW L76, L216).
        willpower_mode: D2. ``replace_roll`` (no dice, one marginal success) or ``add_to_roll``.
        willpower_once_per_turn: D3. DA L169 states it; WW is silent (provisional True).
        over_max_policy: D5. A difficulty pushed above 10 is clamped to 10, or the task is impossible.
        resisted_tie: D7 / WW L108. ``status_quo`` (the actor does not achieve the goal) or
            ``continue`` (no winner this turn, the contest carries over).
        extended_resisted_mode: D9. ``race`` (first to the target) or ``margin`` (lead by the target).
        extended_botch_policy: D10. ``reset`` (start over) or ``reset_and_end`` (no second try, DA L203).
        team_botch_policy: D13. ``spoil`` (DA L229: the whole attempt resets) or ``member_only``.
        multi_mode: D14/D15. ``da_penalty`` (DA L193) or ``divide`` (WW L40, L200: split the pool).
        rule_of_ten: D19, the optional DA L151 (re-roll 10s for additional successes).
        forgiven_botch: D20, the optional DA L159 (each character's first botch of a chapter).
        automatic_success: the pool >= difficulty rule (DA L167, WW L82); a group may turn it off.
        retry_penalty: D25 (DA L173, WW L122): +1 difficulty per failed attempt at the same task.
        max_attempts: WW L126 / D26: the Storyteller may limit attempts, "usually to two"; None = no cap.
        resist_uses_action: D50. Resisting in a contest spends the resister's action for the turn (off:
            only the acting side and teamwork helpers use an action; a carried Wild West tie is both
            sides' action, D51).
        willpower_in_extended: D52 / D4 (WW L86 "pointless"): ``reject`` a Willpower point toward an
            extended task, or let it count ``one_success`` toward the total.
        willpower_in_team_contest: D53 / D32: ``reject`` Willpower in teamwork and contests, or let it
            give that member's or side's roll ``one_success`` (per ``willpower_mode``).
        automatic_in_team_contest: D53 / D32 (DA L220 lists it for simple actions only): ``reject`` the
            pool >= difficulty success in teamwork and contests, or ``allow`` it for one-shot ones.
        team_difficulty: D48. ``one`` difficulty for the whole team, or ``per_member`` difficulties.
        team_members: D49. ``any`` character may help (a Storyteller character when the Storyteller says
            so), or ``players_only``.
        characters: the sheets at the table (PCs and NPCs).
        scenario: the id of the scenario played: a label the kernel never reads (the table's Storyteller
            finds its scenes by it); empty for a table without one.
        combat: house-default combat tables (D39 / spec §4 project decision); None refuses combat.
    """

    book: BookName = "dark_ages"
    botch_rule: BotchRule = "no_successes"
    willpower_mode: Literal["replace_roll", "add_to_roll"] = "replace_roll"
    willpower_once_per_turn: bool = True
    over_max_policy: Literal["clamp", "impossible"] = "clamp"
    resisted_tie: Literal["status_quo", "continue"] = "status_quo"
    extended_resisted_mode: Literal["race", "margin"] = "race"
    extended_botch_policy: Literal["reset", "reset_and_end"] = "reset"
    team_botch_policy: Literal["spoil", "member_only"] = "spoil"
    multi_mode: Literal["da_penalty", "divide"] = "da_penalty"
    rule_of_ten: bool = False
    forgiven_botch: bool = False
    automatic_success: bool = True
    retry_penalty: bool = True
    max_attempts: int | None = None
    resist_uses_action: bool = False
    willpower_in_extended: Literal["reject", "one_success"] = "reject"
    willpower_in_team_contest: Literal["reject", "one_success"] = "reject"
    automatic_in_team_contest: Literal["reject", "allow"] = "reject"
    team_difficulty: Literal["one", "per_member"] = "one"
    team_members: Literal["any", "players_only"] = "any"
    characters: tuple[Character, ...] = ()
    combat: CombatTables | None = None
    scenario: str = ""

    @property
    def seed(self) -> str:
        """The seed file of this book, for citations."""
        return DA_SEED if self.book == "dark_ages" else WW_SEED


@dataclass(frozen=True)
class DarkAgesConfig(StorytellerConfig):
    """Vampire: Dark Ages defaults (the DA column of spec §9)."""

    book: BookName = "dark_ages"
    botch_rule: BotchRule = "no_successes"
    resisted_tie: Literal["status_quo", "continue"] = "status_quo"
    multi_mode: Literal["da_penalty", "divide"] = "da_penalty"
    characters: tuple[Character, ...] = field(default=())


@dataclass(frozen=True)
class WildWestConfig(StorytellerConfig):
    """Werewolf: Wild West defaults (the WW column of spec §9)."""

    book: BookName = "wild_west"
    botch_rule: BotchRule = "ones_exceed"
    resisted_tie: Literal["status_quo", "continue"] = "continue"
    multi_mode: Literal["da_penalty", "divide"] = "divide"
    characters: tuple[Character, ...] = field(default=())


def default_config(book: BookName) -> StorytellerConfig:
    """The spec's defaults for ``book``."""
    return DarkAgesConfig() if book == "dark_ages" else WildWestConfig()

"""Why a Storyteller proposal is refused: pools, difficulties, Willpower, per-turn limits, tasks.

Each function returns ``None`` or a :class:`rules.core.Rejection` whose code is stable and whose
message names the input, the character, the scene/turn and what is allowed instead.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from narrator.rules.core import Rejection
from narrator.rules.storyteller.books import StorytellerConfig
from narrator.rules.storyteller.combat import wound_penalty
from narrator.rules.storyteller.dice import MAX_DIFFICULTY, MIN_DIFFICULTY, clamp_difficulty, retry_difficulty
from narrator.rules.storyteller.sheet import ATTRIBUTES, TEN_SCALE, Character
from narrator.rules.storyteller.state import CharState, StorytellerState

DA_L = "seeds/002_066846aa780a4bc4.txt"
WW_L = "seeds/003_f0eb31a77e5e4bcd.txt"
RETRY_EXEMPT_TRAITS = frozenset({"alertness", "dodge"})
"""DA L177 (ambush, sword blows, tracking) and WW L130 (combat, Alertness, Dodge): no retry penalty (D25, D26)."""


class StCode(StrEnum):
    """Rejection codes of the Storyteller kernel."""

    NO_SCENE = "NO_SCENE"
    UNKNOWN_CHARACTER = "UNKNOWN_CHARACTER"
    INCAPACITATED = "INCAPACITATED"
    NO_TRAITS = "NO_TRAITS"
    TOO_MANY_TRAITS = "TOO_MANY_TRAITS"
    DUPLICATE_TRAIT = "DUPLICATE_TRAIT"
    TRAIT_NOT_ON_SHEET = "TRAIT_NOT_ON_SHEET"
    TEN_SCALE_COMBINED = "TEN_SCALE_COMBINED"
    POOL_SHAPE = "POOL_SHAPE"
    POOL_EMPTY = "POOL_EMPTY"
    DIFFICULTY_OUT_OF_RANGE = "DIFFICULTY_OUT_OF_RANGE"
    DIFFICULTY_IMPOSSIBLE = "DIFFICULTY_IMPOSSIBLE"
    AUTO_DISABLED = "AUTO_DISABLED"
    AUTO_IN_COMBAT = "AUTO_IN_COMBAT"
    AUTO_NOT_SIMPLE = "AUTO_NOT_SIMPLE"
    AUTO_POOL_TOO_SMALL = "AUTO_POOL_TOO_SMALL"
    AUTO_AND_WILLPOWER = "AUTO_AND_WILLPOWER"
    WILLPOWER_ONE_SUCCESS = "WILLPOWER_ONE_SUCCESS"
    WILLPOWER_ALREADY_SPENT = "WILLPOWER_ALREADY_SPENT"
    NO_WILLPOWER = "NO_WILLPOWER"
    ACTION_ALREADY_TAKEN = "ACTION_ALREADY_TAKEN"
    NOT_DECLARED = "NOT_DECLARED"
    ALREADY_DECLARED = "ALREADY_DECLARED"
    SPLIT_INVALID = "SPLIT_INVALID"
    EXTRA_ACTIONS_NOT_ALLOWED = "EXTRA_ACTIONS_NOT_ALLOWED"
    TASK_REQUIRED = "TASK_REQUIRED"
    TARGET_REQUIRED = "TARGET_REQUIRED"
    TARGET_ON_SIMPLE = "TARGET_ON_SIMPLE"
    TARGET_MISMATCH = "TARGET_MISMATCH"
    TASK_CLOSED = "TASK_CLOSED"
    RETRY_LIMIT = "RETRY_LIMIT"
    SAME_CHARACTER = "SAME_CHARACTER"
    TEAM_TOO_SMALL = "TEAM_TOO_SMALL"
    NO_COMBAT_TABLES = "NO_COMBAT_TABLES"
    UNKNOWN_WEAPON = "UNKNOWN_WEAPON"
    DICE_AWAITED = "DICE_AWAITED"
    WILLPOWER_IN_TEAM_CONTEST = "WILLPOWER_IN_TEAM_CONTEST"
    AUTO_IN_TEAM_CONTEST = "AUTO_IN_TEAM_CONTEST"
    NOT_A_MEMBER = "NOT_A_MEMBER"
    TEAM_DIFFICULTY_PER_MEMBER = "TEAM_DIFFICULTY_PER_MEMBER"
    TEAM_PLAYERS_ONLY = "TEAM_PLAYERS_ONLY"
    TIE_REMATCH_CHANGED = "TIE_REMATCH_CHANGED"
    TIE_NEXT_TURN = "TIE_NEXT_TURN"
    DECLARE_AFTER_ROLL = "DECLARE_AFTER_ROLL"


def where(state: StorytellerState) -> str:
    """``scene 'gate', turn 2`` / ``downtime``: the phase part of a message."""
    if not state.scene:
        return "outside any scene (downtime)"
    return f"in scene {state.scene!r}, turn {state.turn}"


def find_character(config: StorytellerConfig, state: StorytellerState,
                   character_id: str) -> tuple[Character | None, Rejection | None]:
    """The sheet of ``character_id``, or why there is none."""
    sheet = next((c for c in config.characters if c.id == character_id), None)
    if sheet is None:
        known = ", ".join(c.id for c in config.characters) or "none"
        return None, Rejection(StCode.UNKNOWN_CHARACTER, f"character {character_id!r} is not at the table "
                                                         f"({where(state)}); characters: {known}", "sheet")
    return sheet, None


def pool_rejection(sheet: Character, traits: tuple[str, ...]) -> Rejection | None:
    """Whether ``traits`` make a legal pool for ``sheet``.

    Rule: «нельзя складывать значения более чем двух характеристик ... если запас бросков определяется по
    характеристике максимальным значением 10 (например, Силе воли), значения других характеристик к числу
    кубиков не добавляются» (seeds/002_066846aa780a4bc4.txt:L97-103); (seeds/003_f0eb31a77e5e4bcd.txt:L38, L44)
    """
    rule = f"{DA_L}:L97-103; {WW_L}:L38-44"
    who = f"{sheet.name} ({sheet.id})"
    if not traits:
        return Rejection(StCode.NO_TRAITS, f"a roll for {who} names no trait; give an Attribute, "
                                           "an Attribute + an Ability, or one 1..10 trait", rule)
    if len(traits) > 2:
        return Rejection(StCode.TOO_MANY_TRAITS, f"{' + '.join(traits)} for {who}: a pool adds at most two traits "
                                                 "(Attribute + Ability)", rule)
    if len(set(traits)) != len(traits):
        return Rejection(StCode.DUPLICATE_TRAIT, f"{' + '.join(traits)} for {who}: a trait is counted once", rule)
    missing = [t for t in traits if sheet.rating(t) is None]
    if missing:
        return Rejection(StCode.TRAIT_NOT_ON_SHEET, f"{', '.join(missing)} is not on {who}'s sheet; "
                                                    f"traits: {', '.join(sheet.trait_names())}", rule)
    ten = [t for t in traits if t in TEN_SCALE]
    if ten and len(traits) > 1:
        return Rejection(StCode.TEN_SCALE_COMBINED, f"{ten[0]} is a 1..10 trait and is rolled alone, "
                                                    f"not with {' + '.join(t for t in traits if t != ten[0])}", rule)
    return _shape_rejection(who, traits, rule)


def _shape_rejection(who: str, traits: tuple[str, ...], rule: str) -> Rejection | None:
    attributes = [t for t in traits if t in ATTRIBUTES]
    if traits[0] in TEN_SCALE or (len(attributes) == 1 and len(traits) <= 2):
        return None
    return Rejection(StCode.POOL_SHAPE, f"{' + '.join(traits)} for {who}: a pool is an Attribute alone, "
                                        "an Attribute + an Ability, or one 1..10 trait alone", rule)


def base_pool(sheet: Character, traits: tuple[str, ...]) -> int:
    """The dice of a legal pool: the sum of the permanent ratings (D28)."""
    return sum(sheet.rating(t) or 0 for t in traits)


def difficulty_rejection(value: int, what: str, state: StorytellerState) -> Rejection | None:
    """A proposed difficulty must lie in 2..10.

    Rule: «Сложность всегда варьируется от 2 до 10» (seeds/002_066846aa780a4bc4.txt:L109);
    (seeds/003_f0eb31a77e5e4bcd.txt:L48)
    """
    if MIN_DIFFICULTY <= value <= MAX_DIFFICULTY:
        return None
    return Rejection(StCode.DIFFICULTY_OUT_OF_RANGE, f"{what} {value} ({where(state)}) is outside 2..10; "
                                                     "6 is standard, 3 easy, 9 extremely difficult",
                     f"{DA_L}:L109; {WW_L}:L48")


def penalty_of(config: StorytellerConfig, char: CharState) -> int | None:
    """Dice lost to wounds (0 without combat tables); ``None`` when the character cannot act."""
    if config.combat is None:
        return 0
    return wound_penalty(config.combat, len(char.damage))


def is_retry_exempt(traits: tuple[str, ...], *, combat: bool, exempt: bool) -> bool:
    """Whether the retry penalty and attempt cap spare this roll (D25, D26).

    Rule: «Рассказчику стоит воздержаться от применения этого правила ... нанести удар мечом, обнаружить засаду
    или выследить сбежавшую жертву» (seeds/002_066846aa780a4bc4.txt:L177); «в бою ... (Бдительность) ...
    (Уклонение)» (seeds/003_f0eb31a77e5e4bcd.txt:L130)
    """
    return combat or exempt or bool(RETRY_EXEMPT_TRAITS & set(traits))


def effective_difficulty(config: StorytellerConfig, state: StorytellerState, key: str, base: int,
                         exempt: bool) -> tuple[int | None, str | None, int, Rejection | None]:
    """The difficulty after the retry penalty, clamped (D5): ``(difficulty, flag, penalty, rejection)``.

    Rule: «Рассказчик может повысить сложность задачи на единицу» (seeds/002_066846aa780a4bc4.txt:L173);
    «У рассказчика есть право ограничить число возможных попыток: обычно, до двух»
    (seeds/003_f0eb31a77e5e4bcd.txt:L122-126)
    """
    failed = 0 if exempt or not config.retry_penalty else state.task(key).failed
    if not exempt and config.max_attempts is not None and state.task(key).failed >= config.max_attempts:
        return None, None, failed, Rejection(
            StCode.RETRY_LIMIT, f"task {key!r} ({where(state)}) already failed {state.task(key).failed} times; "
                                f"this table allows {config.max_attempts} attempts; try another approach",
            f"{WW_L}:L126")
    value, flag = clamp_difficulty(retry_difficulty(base, failed), config.over_max_policy)
    if value is None:
        return None, flag, failed, Rejection(
            StCode.DIFFICULTY_IMPOSSIBLE, f"task {key!r} ({where(state)}): difficulty {base} + {failed} for "
                                          "retries is past 10 and this table's over_max_policy is 'impossible'",
            f"{DA_L}:L173")
    return value, flag, failed, None


def budget_rejection(state: StorytellerState, sheet: Character, char: CharState,
                     traits: tuple[str, ...]) -> Rejection | None:
    """Whether ``sheet`` may take one more (non-reflexive) action this turn with ``traits``.

    Rule: «Как правило, на выполнение одного действия тратится один игровой ход»
    (seeds/002_066846aa780a4bc4.txt:L65); multiple actions must be declared first (L193). A divided pool's
    action is the one declared (its dice were counted for it); an extra action bought with Celerity or a Rage
    point has a full pool of its own (DA L197; WW L40 "additional actions and dice pools"): the player declares
    how many, and each is any action, rolled with the traits it takes when it is taken.
    """
    rule = f"{DA_L}:L65, L193; {WW_L}:L40"
    if not char.declared:
        if char.actions_used >= 1:
            return Rejection(StCode.ACTION_ALREADY_TAKEN, f"{sheet.name} already acted {where(state)}; declare "
                                                          "multiple actions at the start of a turn, or wait for "
                                                          "the next turn (reflexive rolls are free)", rule)
        return None
    if char.actions_used >= len(char.declared):
        return Rejection(StCode.ACTION_ALREADY_TAKEN, f"{sheet.name} has taken all {len(char.declared)} declared "
                                                      f"actions {where(state)}", rule)
    slot = char.declared[char.actions_used]
    if not slot.extra and slot.traits != tuple(traits):  # an extra action (full pool) is any action: L197, WW L40
        return Rejection(StCode.NOT_DECLARED, f"{sheet.name}'s action {char.actions_used + 1} this turn was "
                                              f"declared as {' + '.join(slot.traits)}, not {' + '.join(traits)}",
                         rule)
    return None


WillpowerRoll = Literal["simple", "extended", "reflexive", "resisted", "teamwork"]
"""What a Willpower point would be spent on: a character's own roll (its ``Roll.action``), one side of a
contest (``resisted``) or one member's share of a team roll (``teamwork``)."""


def willpower_refusal(state: StorytellerState, character: str, roll: WillpowerRoll, *,
                      extended: bool = False) -> StCode | None:
    """Whether ``character`` may spend a Willpower point on ``roll`` now: ``None``, or the code of the kernel's
    refusal (D2, D3, D4, D32, D52, D53). The kernel's own checks ask this, and so does a table's menu before it
    offers the point: one law.

    ``extended``: a contest or team roll toward an accumulated total (a character's own extended roll is
    ``roll="extended"``). A contest or a team roll refuses the point unless ``willpower_in_team_contest`` is
    ``one_success``; an accumulated total, unless ``willpower_in_extended`` is ``one_success``; then a point
    must be left, and one spent this turn refuses another while ``willpower_once_per_turn`` holds.

    Rule: «За ход Сила воли тратится только один раз» (seeds/002_066846aa780a4bc4.txt:L169);
    «за Силу воли можно получить только один успех; если успехов нужно больше, тратить её бессмысленно»
    (seeds/003_f0eb31a77e5e4bcd.txt:L86)
    """
    config, char = state.config, state.char(character)
    if char is None:
        return StCode.UNKNOWN_CHARACTER
    if roll in ("resisted", "teamwork") and config.willpower_in_team_contest == "reject":
        return StCode.WILLPOWER_IN_TEAM_CONTEST
    if (roll == "extended" or extended) and config.willpower_in_extended == "reject":
        return StCode.WILLPOWER_ONE_SUCCESS
    if char.willpower <= 0:
        return StCode.NO_WILLPOWER
    if config.willpower_once_per_turn and char.willpower_spent:
        return StCode.WILLPOWER_ALREADY_SPENT
    return None


def willpower_rejection(state: StorytellerState, sheet: Character, roll: WillpowerRoll, *, extended: bool = False,
                        what: str = "") -> Rejection | None:
    """The kernel's refusal of ``sheet``'s Willpower point on ``roll`` (:func:`willpower_refusal`), with its
    message; ``what`` names a contest or team roll in it."""
    code = willpower_refusal(state, sheet.id, roll, extended=extended)
    if code is None:
        return None
    if code == StCode.WILLPOWER_IN_TEAM_CONTEST:
        return Rejection(code, f"{sheet.name} cannot spend Willpower on a {what or roll} ({where(state)}): this "
                               "table's willpower_in_team_contest is 'reject' (D32, D53); roll the dice",
                         f"{WW_L}:L86; {DA_L}:L169")
    if code == StCode.WILLPOWER_ONE_SUCCESS:
        return Rejection(code, f"{sheet.name}: Willpower refused: a point yields only one success and this extended "
                               "task needs more, so spending it is pointless; roll the dice without it (this "
                               "table's willpower_in_extended is 'reject', D52)", f"{WW_L}:L86; {DA_L}:L220")
    if code == StCode.NO_WILLPOWER:
        return Rejection(code, f"{sheet.name} has no Willpower points left {where(state)}; roll without spending "
                               "Willpower", f"{DA_L}:L169")
    if code == StCode.WILLPOWER_ALREADY_SPENT:
        return Rejection(code, f"{sheet.name} already spent Willpower {where(state)}; once per turn — roll without "
                               "it, or wait for the next turn", f"{DA_L}:L169")
    return Rejection(code, f"character {sheet.id!r} has no condition at the table ({where(state)})", "sheet")


def automatic_rejection(config: StorytellerConfig, state: StorytellerState, sheet: Character, pool: int,
                        difficulty: int, action: str, combat: bool) -> Rejection | None:
    """Whether pool >= difficulty may replace the roll (D23, D32, D46: the effective pool).

    Rule: «автоматический успех ... вообще не применяется в бою или другой напряженной ситуации»
    (seeds/002_066846aa780a4bc4.txt:L167, L220); (seeds/003_f0eb31a77e5e4bcd.txt:L82-84)
    """
    rule = f"{DA_L}:L167, L220; {WW_L}:L82-84"
    if not config.automatic_success:
        return Rejection(StCode.AUTO_DISABLED, "this table does not use automatic successes; roll instead", rule)
    if combat:
        return Rejection(StCode.AUTO_IN_COMBAT, f"{sheet.name} is in combat or a tense moment {where(state)}: "
                                                "no automatic success; roll (or spend Willpower)", rule)
    if action != "simple":
        return Rejection(StCode.AUTO_NOT_SIMPLE, f"automatic success is for simple actions, not {action}; roll",
                         rule)
    if pool < difficulty:
        return Rejection(StCode.AUTO_POOL_TOO_SMALL, f"{sheet.name}'s pool {pool} is below difficulty "
                                                     f"{difficulty}: no automatic success; roll the dice", rule)
    return None


def task_rejection(state: StorytellerState, key: str, action: str, task: str, target: int) -> Rejection | None:
    """Extended-task bookkeeping: a task name and a target of 2+ on the first roll, the same one after.

    Rule: «если для достижения хотя бы незначительного успеха вам нужно набрать несколько баллов ... длительным
    действие» (seeds/002_066846aa780a4bc4.txt:L201, L203); (seeds/003_f0eb31a77e5e4bcd.txt:L96-100)
    """
    rule = f"{DA_L}:L201-203; {WW_L}:L96-100"
    if action != "extended":
        if target:
            return Rejection(StCode.TARGET_ON_SIMPLE, f"a {action} roll has no target; a task needing {target} "
                                                      "successes is an extended action (D36)", rule)
        return None
    if not task:
        return Rejection(StCode.TASK_REQUIRED, "an extended roll needs a task name to accumulate successes", rule)
    tracked = state.task(key)
    if tracked.status != "open":
        return Rejection(StCode.TASK_CLOSED, f"task {task!r} is {tracked.status} {where(state)}; start another",
                         rule)
    if tracked.target and target not in (0, tracked.target):
        return Rejection(StCode.TARGET_MISMATCH, f"task {task!r} needs {tracked.target} successes, not {target}",
                         rule)
    if not tracked.target and target < 2:
        return Rejection(StCode.TARGET_REQUIRED, f"extended task {task!r} needs a target of 2 or more successes "
                                                 f"(got {target}); one success is a simple action", rule)
    return None


def team_contest_automatic_rejection(config: StorytellerConfig, state: StorytellerState, sheet: Character,
                                     pool: int, difficulty: int, what: str, *, extended: bool,
                                     combat: bool) -> Rejection | None:
    """Whether pool >= difficulty may replace ``sheet``'s dice in a team roll or a contest (D32, D53).

    The action-type table offers automatic success for simple actions only, so it is refused by
    default; ``automatic_in_team_contest: allow`` admits it for one-shot team rolls and contests, and
    then the ordinary conditions hold (not in combat, pool >= difficulty). Toward an accumulated total
    it stays refused, as for a single extended task.

    Rule: «Возможен автоматический успех» (seeds/002_066846aa780a4bc4.txt:L220); «он вообще не применяется в
    бою или другой напряженной ситуации» (L167); «для определённого типа действий, таких как бой, позволять
    автоматические успехи нельзя» (seeds/003_f0eb31a77e5e4bcd.txt:L84)
    """
    if config.automatic_in_team_contest == "reject":
        return Rejection(StCode.AUTO_IN_TEAM_CONTEST,
                         f"{sheet.name} cannot take an automatic success in a {what} ({where(state)}): it is "
                         "listed for simple actions only and this table's automatic_in_team_contest is "
                         "'reject' (D32, D53); roll the dice", f"{DA_L}:L220; {WW_L}:L82-84")
    return automatic_rejection(config, state, sheet, pool, difficulty, "extended" if extended else "simple", combat)

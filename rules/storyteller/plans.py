"""From a proposal to a plan: every pool and difficulty the kernel will roll, or why it will not.

``check`` and ``apply`` share these functions, so what is checked is exactly what is rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from narrator.rules.core import Rejection
from narrator.rules.storyteller.actions import Attack, DeclareActions, Initiative, Roll
from narrator.rules.storyteller.checks import (
    DA_L,
    WW_L,
    StCode,
    automatic_rejection,
    base_pool,
    budget_rejection,
    difficulty_rejection,
    effective_difficulty,
    find_character,
    is_retry_exempt,
    penalty_of,
    pool_rejection,
    task_rejection,
    where,
    willpower_rejection,
)
from narrator.rules.storyteller.dice import multiple_action_pools
from narrator.rules.storyteller.sheet import Character
from narrator.rules.storyteller.state import Part, Slot, StorytellerState


@dataclass(frozen=True, slots=True)
class RollPlan:
    """What one character rolls: pool after every reduction, difficulty after retries."""

    character: str
    key: str
    pool: int
    difficulty: int
    retry_penalty: int = 0
    wound_penalty: int = 0
    flag: str | None = None
    willpower: bool = False
    automatic: bool = False
    dice: bool = True
    """Whether dice are rolled (not for an automatic success or a ``replace_roll`` Willpower point)."""

    def part(self) -> Part:
        """The roll-in-flight share of this plan."""
        return Part(self.character, self.pool if self.dice else 0, self.difficulty, willpower=self.willpower,
                    automatic=self.automatic)


def no_scene(state: StorytellerState) -> Rejection | None:
    if state.scene:
        return None
    return Rejection(StCode.NO_SCENE, "no scene is being played (downtime or before the first scene); "
                                      "begin a scene before asking for rolls", f"{DA_L}:L53, L61; {WW_L}:L16")


def actor(state: StorytellerState, character: str, traits: tuple[str, ...], *, reflexive: bool = False,
          uses_action: bool = True) -> tuple[Character | None, int, int, Rejection | None]:
    """Sheet, base pool (declared slot or traits) and wound penalty of a character about to roll.

    A roll that uses no action (reflexive, or resisting under D50) needs no action left this turn and
    takes no declared slot; only a reflexive one escapes the wound penalty.
    """
    sheet, rejection = find_character(state.config, state, character)
    if sheet is None:
        return None, 0, 0, rejection
    char = state.char(character)
    assert char is not None  # every sheet has a CharState from initial_state
    penalty = penalty_of(state.config, char)
    if penalty is None and not reflexive:
        return None, 0, 0, Rejection(StCode.INCAPACITATED, f"{sheet.name} is incapacitated {where(state)} and "
                                                           "cannot act (house-default health track)", "combat data")
    spends = uses_action and not reflexive
    rejection = pool_rejection(sheet, traits) or (budget_rejection(state, sheet, char, traits) if spends else None)
    if rejection:
        return None, 0, 0, rejection
    declared = char.declared and spends
    slot = char.declared[char.actions_used] if declared else None
    # a divided slot keeps the dice declared for it; an extra action's full pool is that of the traits it rolls
    pool = slot.pool if slot is not None and not slot.extra else base_pool(sheet, traits)
    return sheet, pool, 0 if reflexive else (penalty or 0), None


def roll_key(action: Roll) -> str:
    """The task a roll counts toward: the character's own, or the troupe's one task when it is a teamwork task
    (the one a teamwork roll counts toward, :func:`narrator.rules.storyteller.troupe.plan_team`), so a
    character who declined to help and then tries it alone adds to the same progress and failed attempts.

    Rule: «персонажи могут работать сообща, собирая требуемые успешные баллы» (seeds/002_066846aa780a4bc4.txt:L227);
    «Вся стая или её часть может объединить усилия, чтобы набрать необходимые успехи»
    (seeds/003_f0eb31a77e5e4bcd.txt:L116): the successes the task needs are one count, whoever adds to it.
    """
    if not action.task:
        return ""
    return f"team:{action.task}" if action.team_task else f"{action.character}:{action.task}"


def plan_roll(state: StorytellerState, action: Roll) -> RollPlan | Rejection:
    """The plan of a single-character roll request, or the first reason to refuse it."""
    cfg = state.config
    reflexive = action.action == "reflexive"
    sheet, pool, wounds, rejection = actor(state, action.character, action.traits, reflexive=reflexive)
    rejection = no_scene(state) or rejection or difficulty_rejection(action.difficulty, "difficulty", state)
    key = roll_key(action)
    rejection = rejection or task_rejection(state, key, action.action, action.task, action.target)
    if rejection or sheet is None:
        return rejection or Rejection(StCode.UNKNOWN_CHARACTER, "no such character", "sheet")
    exempt = action.action == "extended" or is_retry_exempt(action.traits, combat=action.combat,
                                                               exempt=action.exempt_retry)
    difficulty, flag, retry, rejection = (effective_difficulty(cfg, state, key, action.difficulty, exempt)
                                          if key else (action.difficulty, None, 0, None))
    if rejection or difficulty is None:
        return rejection or Rejection(StCode.DIFFICULTY_IMPOSSIBLE, "impossible difficulty", f"{DA_L}:L173")
    plan = RollPlan(action.character, key, max(0, pool + wounds), difficulty, retry, wounds, flag)
    return _option_rejection(state, sheet, action, plan) or plan


def _option_rejection(state: StorytellerState, sheet: Character, action: Roll, plan: RollPlan) -> Rejection | None:
    """Willpower / automatic success / empty pool checks of a planned roll."""
    cfg = state.config
    if action.willpower and action.automatic:
        return Rejection(StCode.AUTO_AND_WILLPOWER, "ask for either the automatic success of pool >= difficulty "
                                                    "or a Willpower point, not both", f"{DA_L}:L167-169")
    if action.willpower:
        rejection = willpower_rejection(state, sheet, action.action)
        if rejection or cfg.willpower_mode == "replace_roll":
            return rejection
    if action.automatic:
        return automatic_rejection(cfg, state, sheet, plan.pool, plan.difficulty, action.action, action.combat)
    if plan.pool <= 0:
        return Rejection(StCode.POOL_EMPTY, f"{sheet.name}'s pool for {' + '.join(action.traits)} is {plan.pool} "
                                            f"after reductions {where(state)}: the action cannot be performed (D31)",
                         f"{DA_L}:L193")
    return None


def plan_side(state: StorytellerState, character: str, traits: tuple[str, ...], difficulty: int,
              what: str) -> RollPlan | Rejection:
    """The plan of one side of a contest or one member of a team (no retries, no Willpower: D32)."""
    sheet, pool, wounds, rejection = actor(state, character, traits)
    rejection = rejection or difficulty_rejection(difficulty, f"{what} difficulty", state)
    if rejection or sheet is None:
        return rejection or Rejection(StCode.UNKNOWN_CHARACTER, "no such character", "sheet")
    if pool + wounds <= 0:
        return Rejection(StCode.POOL_EMPTY, f"{sheet.name}'s pool for {' + '.join(traits)} is {pool + wounds}: "
                                            "cannot act (D31)", f"{DA_L}:L193")
    return RollPlan(character, "", pool + wounds, difficulty, 0, wounds)


def plan_initiative(state: StorytellerState, action: Initiative) -> tuple[RollPlan, ...] | Rejection:
    """Initiative pools from the combat tables (house default)."""
    tables = state.config.combat
    if tables is None:
        return Rejection(StCode.NO_COMBAT_TABLES, "no combat tables are loaded; load the house default or your "
                                                  "group's tables to roll initiative", "spec §4")
    if not action.characters or len(set(action.characters)) != len(action.characters):
        return Rejection(StCode.TEAM_TOO_SMALL, "initiative needs one or more different characters", "combat data")
    plans = []
    for character in action.characters:
        sheet, rejection = find_character(state.config, state, character)
        if sheet is None:
            return rejection  # type: ignore[return-value]
        traits = tuple(t for t in tables.initiative_traits if sheet.rating(t) is not None)
        char = state.char(character)
        penalty = penalty_of(state.config, char) if char else 0
        pool = max(0, base_pool(sheet, traits) + (penalty or 0))
        plans.append(RollPlan(character, "", pool, tables.initiative_difficulty))
    return no_scene(state) or tuple(plans)


def plan_attack(state: StorytellerState, action: Attack) -> RollPlan | Rejection:
    """The attack roll of an attack (combat: no automatic success, no retry penalty)."""
    tables = state.config.combat
    if tables is None:
        return Rejection(StCode.NO_COMBAT_TABLES, "no combat tables are loaded; damage cannot be resolved (D39)",
                         "spec §4")
    weapon = tables.weapon(action.weapon)
    if weapon is None:
        return Rejection(StCode.UNKNOWN_WEAPON, f"weapon {action.weapon!r} is not in the combat tables; weapons: "
                                                f"{', '.join(w.id for w in tables.weapons)}", tables.label)
    if action.character == action.defender:
        return Rejection(StCode.SAME_CHARACTER, "a character cannot attack itself", "combat data")
    _, rejection = find_character(state.config, state, action.defender)
    if rejection:
        return rejection
    difficulty = action.difficulty or weapon.difficulty
    if not action.willpower:
        return no_scene(state) or plan_side(state, action.character, weapon.traits, difficulty, "attack")
    # a Willpower point on the blow: one automatic success, no dice needed (D2, D4; WW L86 «even when a roll is
    # required»): a pool wounds emptied still strikes (playtest 17, Crippled −5: the fight had soft-locked)
    sheet, pool, wounds, rejection = actor(state, action.character, weapon.traits)
    rejection = no_scene(state) or rejection or difficulty_rejection(difficulty, "attack difficulty", state)
    if rejection or sheet is None:
        return rejection or Rejection(StCode.UNKNOWN_CHARACTER, "no such character", "sheet")
    refused = willpower_rejection(state, sheet, "simple")
    if refused:
        return refused
    dice = state.config.willpower_mode != "replace_roll"
    return RollPlan(action.character, "", max(0, pool + wounds), difficulty, 0, wounds, willpower=True, dice=dice)


def plan_declaration(state: StorytellerState, action: DeclareActions) -> tuple[Slot, ...] | Rejection:
    """The slots of a multiple-action declaration (D14-D17, D47, D54), made before the turn's first roll.

    Rule: «Игрок объявляет общее число действий, которые его персонаж собирается выполнить. Затем первый запас
    бросков уменьшается» (seeds/002_066846aa780a4bc4.txt:L193-197); (seeds/003_f0eb31a77e5e4bcd.txt:L40, L200)
    """
    sheet, rejection = find_character(state.config, state, action.character)
    char = state.char(action.character)
    if sheet is None or char is None:
        return rejection or Rejection(StCode.UNKNOWN_CHARACTER, "no such character", "sheet")
    rule = f"{DA_L}:L193-197; {WW_L}:L40, L200"
    if rejection := no_scene(state):
        return rejection
    if char.declared:
        return Rejection(StCode.ALREADY_DECLARED, f"{sheet.name} already declared {len(char.declared)} actions "
                                                  f"{where(state)}; declare again at the start of the next turn",
                         rule)
    if char.has_rolled():
        return Rejection(StCode.DECLARE_AFTER_ROLL, f"{sheet.name} already rolled {where(state)} (an action, a "
                                                    "teamwork share or resisting a contest): multiple actions are "
                                                    "declared before the first roll of the turn (D54); declare at "
                                                    "the start of the next turn", rule)
    if not action.actions:
        return Rejection(StCode.NO_TRAITS, "declare at least one action", rule)
    for traits in (*action.actions, *action.extra):
        if rejection := pool_rejection(sheet, traits):
            return rejection
    pools = tuple(base_pool(sheet, t) for t in action.actions)
    slots = _ordinary_slots(state, sheet.name, action, pools)
    if isinstance(slots, Rejection):
        return slots
    extra = _extra_slots(state, sheet, char.rage, action)
    return extra if isinstance(extra, Rejection) else (*slots, *extra)


def _ordinary_slots(state: StorytellerState, name: str, action: DeclareActions,
                    pools: tuple[int, ...]) -> tuple[Slot, ...] | Rejection:
    if state.config.multi_mode == "da_penalty":
        if action.split:
            return Rejection(StCode.SPLIT_INVALID, "this table reduces pools (da_penalty), it does not split them",
                             f"{DA_L}:L193")
        return tuple(Slot(t, p) for t, p in zip(action.actions, multiple_action_pools(pools)))
    if len(action.actions) == 1 and not action.split:
        return (Slot(action.actions[0], pools[0]),)
    limit = min(pools)
    if len(action.split) != len(action.actions) or min(action.split) < 1 or sum(action.split) > limit:
        return Rejection(StCode.SPLIT_INVALID, f"{name}: split {list(action.split)} must give each of the "
                                               f"{len(action.actions)} actions 1+ dice and at most {limit} in all "
                                               "(the smallest declared pool, D14)", f"{WW_L}:L40, L200")
    return tuple(Slot(t, n) for t, n in zip(action.actions, action.split))


def _extra_slots(state: StorytellerState, sheet: Character, rage_points: int,
                 action: DeclareActions) -> tuple[Slot, ...] | Rejection:
    if not action.extra:
        return ()
    count = len(action.extra)
    if state.config.book == "dark_ages" and count > sheet.celerity:
        return Rejection(StCode.EXTRA_ACTIONS_NOT_ALLOWED, f"{sheet.name} has Celerity {sheet.celerity}: at most "
                                                           f"{sheet.celerity} extra actions (D17)", f"{DA_L}:L197")
    if state.config.book == "wild_west" and count > rage_points:
        return Rejection(StCode.EXTRA_ACTIONS_NOT_ALLOWED, f"{sheet.name} has {rage_points} Rage points: at most "
                                                           f"{rage_points} extra actions (D16)", f"{WW_L}:L40, L234")
    return tuple(Slot(t, base_pool(sheet, t), extra=True) for t in action.extra)

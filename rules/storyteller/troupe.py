"""Plans of the rolls several characters make: a contest (two sides) and teamwork (two or more members).

Each side or member is planned like a single roll (its traits or declared slot, wound penalty, the
task's retry difficulty) under the troupe decisions of spec §6.1 (D48-D55): who uses an action, a
carried Wild West tie, Willpower and automatic success, per-member difficulties, who may help.
"""

from __future__ import annotations

from narrator.rules.core import Rejection
from narrator.rules.storyteller.actions import Resisted, Teamwork
from narrator.rules.storyteller.checks import (
    DA_L,
    WW_L,
    StCode,
    WillpowerRoll,
    difficulty_rejection,
    effective_difficulty,
    find_character,
    is_retry_exempt,
    team_contest_automatic_rejection,
    where,
    willpower_rejection,
)
from narrator.rules.storyteller.plans import RollPlan, actor, no_scene
from narrator.rules.storyteller.state import StorytellerState, Task

SHARE_ROLL: dict[str, WillpowerRoll] = {"contest": "resisted", "team roll": "teamwork"}
"""The roll a share is, by the name its messages give it (the Willpower law asks, D53)."""


def plan_share(state: StorytellerState, character: str, traits: tuple[str, ...], difficulty: int, what: str, *,
               key: str = "", exempt: bool = True, uses_action: bool = True, willpower: bool = False,
               automatic: bool = False, extended: bool = False, combat: bool = False) -> RollPlan | Rejection:
    """One side of a contest or one member of a team: pool, retry difficulty, Willpower, automatic success.

    ``key`` names the task whose failed attempts raise the difficulty (unless ``exempt``); ``extended``
    says the share counts toward an accumulated total (D52 then governs Willpower).
    """
    cfg = state.config
    sheet, pool, wounds, rejection = actor(state, character, traits, uses_action=uses_action)
    rejection = rejection or difficulty_rejection(difficulty, f"{what} difficulty", state)
    if rejection or sheet is None:
        return rejection or Rejection(StCode.UNKNOWN_CHARACTER, "no such character", "sheet")
    value: int | None
    value, flag, retry = difficulty, None, 0
    if key:
        value, flag, retry, rejection = effective_difficulty(cfg, state, key, difficulty, exempt)
        if rejection or value is None:
            return rejection or Rejection(StCode.DIFFICULTY_IMPOSSIBLE, "impossible difficulty", f"{DA_L}:L173")
    dice_pool = max(0, pool + wounds)
    if willpower and automatic:
        return Rejection(StCode.AUTO_AND_WILLPOWER, f"{sheet.name}: ask for either the automatic success or a "
                                                    "Willpower point, not both", f"{DA_L}:L167-169")
    if willpower and (refused := willpower_rejection(state, sheet, SHARE_ROLL[what], extended=extended, what=what)):
        return refused
    if automatic and (refused := team_contest_automatic_rejection(cfg, state, sheet, dice_pool, value, what,
                                                                  extended=extended, combat=combat)):
        return refused
    dice = not automatic and not (willpower and cfg.willpower_mode == "replace_roll")
    if dice and dice_pool <= 0:
        return Rejection(StCode.POOL_EMPTY, f"{sheet.name}'s pool for {' + '.join(traits)} is {dice_pool} "
                                            f"{where(state)}: cannot act (D31)", f"{DA_L}:L193")
    return RollPlan(character, key, dice_pool, value, retry, wounds, flag, willpower=willpower, automatic=automatic,
                    dice=dice)


def carried_tie(state: StorytellerState, action: Resisted, task: Task) -> bool | Rejection:
    """Whether this contest is the rematch of a tie carried from the last turn (D51), or why it is not the same.

    The rematch is the same contest in a later turn: the same opponent at the same difficulties (a
    tie adds no failed attempt, so no further +1), and it is both characters' action in that turn.

    Rule: «Если оба игрока набрали равное число успехов, в этом ходу никто не выигрывает, и схватка переходит на
    следующий ход, пока кто-то не переломит положение» (seeds/003_f0eb31a77e5e4bcd.txt:L108)
    """
    if not task.carried:
        return False
    opponent, mine, theirs, turn = task.carried
    if state.turn == turn:
        return Rejection(StCode.TIE_NEXT_TURN, f"contest {action.task!r} tied this turn ({where(state)}); it goes "
                                               "on in the next turn (D51)", f"{WW_L}:L108")
    if (action.opponent, action.difficulty, action.opponent_difficulty) != (opponent, mine, theirs):
        return Rejection(StCode.TIE_REMATCH_CHANGED,
                         f"contest {action.task!r} tied and carries over ({where(state)}): the rematch is the same "
                         f"contest, against {opponent} at difficulties {mine} and {theirs} (D51); name another "
                         "task for a new contest", f"{WW_L}:L108")
    return True


def plan_resisted(state: StorytellerState, action: Resisted) -> tuple[RollPlan, RollPlan] | Rejection:
    """Both sides of a resisted roll (DA L209-213; WW L104-112; D50, D51, D53).

    The acting side uses its action and takes the task's retry penalty after a lost (or, in Dark Ages,
    tied) attempt; the resisting side uses an action only under ``resist_uses_action`` or in a carried tie.

    Rule: «оба игрока выполняют броски на сравнение (resisted roll), в которых сложность часто определяется по
    одной из характеристик противника» (seeds/002_066846aa780a4bc4.txt:L209); «Если персонаж не смог выполнить
    действие, он может повторить попытку» (L173); «выследить сбежавшую жертву» (L177)
    """
    cfg = state.config
    if action.character == action.opponent:
        return Rejection(StCode.SAME_CHARACTER, f"{action.character!r} cannot resist itself; name an opponent",
                         f"{DA_L}:L209")
    if rejection := no_scene(state):
        return rejection
    if action.target and not action.task:
        return Rejection(StCode.TASK_REQUIRED, "an extended resisted contest needs a task name", f"{DA_L}:L213")
    key = f"{action.character}:{action.task}" if action.task else ""
    task = state.task(key)
    if key and task.status != "open":
        return Rejection(StCode.TASK_CLOSED, f"contest {action.task!r} is {task.status}", f"{DA_L}:L213")
    carried = carried_tie(state, action, task)
    if isinstance(carried, Rejection):
        return carried
    extended = bool(action.target or task.target)
    # a carried tie keeps the tied attempt's difficulty: the tie did not add a failed attempt (D51)
    exempt = extended or is_retry_exempt(action.traits, combat=action.combat, exempt=action.exempt_retry)
    mine = plan_share(state, action.character, action.traits, action.difficulty, "contest", key=key, exempt=exempt,
                      willpower=action.willpower, automatic=action.automatic, extended=extended,
                      combat=action.combat)
    if isinstance(mine, Rejection):
        return mine
    theirs = plan_share(state, action.opponent, action.opponent_traits, action.opponent_difficulty, "contest",
                        uses_action=cfg.resist_uses_action or carried, willpower=action.opponent_willpower,
                        automatic=action.opponent_automatic, extended=extended, combat=action.combat)
    return theirs if isinstance(theirs, Rejection) else (mine, theirs)


def _team_shape_rejection(state: StorytellerState, action: Teamwork) -> Rejection | None:
    """Members, traits, difficulties and the Willpower/automatic lists fit together (D48, D49)."""
    rule = f"{DA_L}:L227; {WW_L}:L116"
    if len(action.members) < 2 or len(set(action.members)) != len(action.members):
        return Rejection(StCode.TEAM_TOO_SMALL, f"teamwork needs two or more different characters, got "
                                                f"{list(action.members)}", rule)
    if len(action.traits) != len(action.members):
        return Rejection(StCode.NO_TRAITS, f"give one trait list per member ({len(action.members)}), "
                                           f"got {len(action.traits)}", rule)
    if action.difficulties and state.config.team_difficulty != "per_member":
        return Rejection(StCode.TEAM_DIFFICULTY_PER_MEMBER, "this table gives a team task one difficulty "
                                                            f"(team_difficulty 'one', D48); use difficulty "
                                                            f"{action.difficulty} for every member", rule)
    if action.difficulties and len(action.difficulties) != len(action.members):
        return Rejection(StCode.TEAM_DIFFICULTY_PER_MEMBER, f"give one difficulty per member "
                                                            f"({len(action.members)}), got {len(action.difficulties)}",
                         rule)
    outsiders = sorted((set(action.willpower) | set(action.automatic)) - set(action.members))
    if outsiders:
        return Rejection(StCode.NOT_A_MEMBER, f"{', '.join(outsiders)} is not in the team {list(action.members)}",
                         rule)
    return None


def _players_only_rejection(state: StorytellerState, action: Teamwork) -> Rejection | None:
    """D49: a Storyteller character may help unless the table restricts teams to player characters.

    Rule: «два или более игроков выполняют броски независимо друг от друга» (seeds/002_066846aa780a4bc4.txt:L227);
    «Вся стая или её часть может объединить усилия» (seeds/003_f0eb31a77e5e4bcd.txt:L116)
    """
    if state.config.team_members != "players_only":
        return None
    for member in action.members:
        sheet, _ = find_character(state.config, state, member)
        if sheet is not None and not sheet.player:
            return Rejection(StCode.TEAM_PLAYERS_ONLY, f"{sheet.name} is a Storyteller character and this table's "
                                                       "teams are player characters only (team_members, D49)",
                             f"{DA_L}:L227; {WW_L}:L116")
    return None


def plan_team(state: StorytellerState, action: Teamwork) -> tuple[RollPlan, ...] | Rejection:
    """Each member's roll in a teamwork action; traits are never pooled (D48-D50, D53).

    Each member rolls its own pool for the traits the Storyteller names for it, at the task's one
    difficulty (or its own, under ``team_difficulty: per_member``); helping is that member's action.

    Rule: «два или более игроков выполняют броски независимо друг от друга и складывают полученные результаты.
    При этом они не могут суммировать значения своих характеристик при определении запаса бросков»
    (seeds/002_066846aa780a4bc4.txt:L227); «Игроки бросают по-отдельности, а набранные успехи складываются»
    (seeds/003_f0eb31a77e5e4bcd.txt:L116)
    """
    rejection = _team_shape_rejection(state, action) or no_scene(state)
    rejection = rejection or (None if action.difficulties else
                              difficulty_rejection(action.difficulty, "difficulty", state))
    if action.target and not action.task:
        rejection = rejection or Rejection(StCode.TASK_REQUIRED, "an extended team task needs a task name",
                                           f"{DA_L}:L227")
    key = f"team:{action.task}" if action.task else ""
    task = state.task(key)
    if key and task.status != "open":
        rejection = rejection or Rejection(StCode.TASK_CLOSED, f"task {action.task!r} is {task.status}",
                                           f"{DA_L}:L227")
    rejection = rejection or _players_only_rejection(state, action)
    if rejection:
        return rejection
    extended = bool(action.target or task.target)
    difficulties = action.difficulties or (action.difficulty,) * len(action.members)
    plans = []
    for member, traits, difficulty in zip(action.members, action.traits, difficulties):
        exempt = extended or is_retry_exempt(traits, combat=action.combat, exempt=action.exempt_retry)
        plan = plan_share(state, member, traits, difficulty, "team roll", key=key, exempt=exempt,
                          willpower=member in action.willpower, automatic=member in action.automatic,
                          extended=extended, combat=action.combat)
        if isinstance(plan, Rejection):
            return plan
        plans.append(plan)
    return tuple(plans)

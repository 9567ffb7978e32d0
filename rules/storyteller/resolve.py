"""After the dice: read each part, update Willpower, actions, tasks and wounds, and say what happened."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from narrator.rules.core import Event, public
from narrator.rules.storyteller.actions import Attack, Resisted, Roll, Teamwork
from narrator.rules.storyteller.combat import health_status
from narrator.rules.storyteller.dice import (
    RollResult,
    add_willpower,
    automatic_result,
    count_successes,
    evaluate_roll,
    forgive,
)
from narrator.rules.storyteller.state import Part, Pending, StorytellerState

Resolution = tuple[StorytellerState, tuple[Event, ...]]


def read_part(state: StorytellerState, part: Part) -> tuple[StorytellerState, RollResult]:
    """Evaluate one character's dice under the book's rules, forgiving the chapter's first botch if enabled.

    Rule: «первый проваленный бросок сессии не засчитывается» (seeds/002_066846aa780a4bc4.txt:L159); D20.
    """
    result = evaluate_roll(part.dice, part.difficulty, botch_rule=state.config.botch_rule, rerolls=part.rerolls)
    char = state.char(part.character)
    if result.botch and state.config.forgiven_botch and char is not None and not char.forgiven_used:
        return state.with_char(replace(char, forgiven_used=True)), forgive(result)
    return state, result


def use_action(state: StorytellerState, character: str, *, reflexive: bool = False) -> StorytellerState:
    """Count an action (or a reflexive one) against this turn (DA L65, L71)."""
    char = state.char(character)
    assert char is not None
    if reflexive:
        return state.with_char(replace(char, reflexive=char.reflexive + 1))
    return state.with_char(replace(char, actions_used=char.actions_used + 1))


def spend_willpower(state: StorytellerState, character: str) -> StorytellerState:
    """One Willpower point spent, and the once-per-turn flag set (DA L169; WW L86)."""
    char = state.char(character)
    assert char is not None
    return state.with_char(replace(char, willpower=char.willpower - 1, willpower_spent=True))


def finish_roll(state: StorytellerState, pending: Pending, result: RollResult | None = None) -> Resolution:
    """Resolve a single-character roll (dice, Willpower or automatic success) and its task bookkeeping."""
    request = pending.request
    assert isinstance(request, Roll)
    if result is None:
        state, result = read_part(state, pending.parts[0])
        if pending.info.get("willpower"):
            state, result = spend_willpower(state, request.character), add_willpower(result)
    state = use_action(state, request.character, reflexive=request.action == "reflexive")
    key = str(pending.info.get("key", ""))
    state, progress = update_task(state, key, request.action, result, request.target)
    summary = {"what": "roll", "character": request.character, "traits": list(request.traits),
               "task": request.task, "action": request.action, **pending.info, **result.to_dict(),
               "category": result.category, **progress}
    state = replace(state, pending=None, last=summary)
    return state, (public("roll_resolved", **summary),)


def resolve_without_dice(state: StorytellerState, pending: Pending) -> Resolution:
    """Willpower (``replace_roll``, D2) or pool >= difficulty: one marginal success, no dice."""
    request = pending.request
    assert isinstance(request, Roll)
    if pending.info.get("willpower"):
        state = spend_willpower(state, request.character)
    return finish_roll(state, pending, automatic_result(pending.parts[0].difficulty))


def update_task(state: StorytellerState, key: str, action: str, result: RollResult,
                target: int) -> tuple[StorytellerState, dict[str, Any]]:
    """Retry counters (simple) and accumulated successes (extended).

    Rule: «если один из бросков закончится провалом, вам, возможно, все придется начинать сначала»
    (seeds/002_066846aa780a4bc4.txt:L203); «При провале ... все набранные успехи пропадают»
    (seeds/003_f0eb31a77e5e4bcd.txt:L100); D10, D11, D25, D27.
    """
    if not key:
        return state, {}
    task = state.task(key)
    failed = 0 if result.net >= 1 else task.failed + 1
    if action != "extended":
        return state.with_task(replace(task, failed=failed)), {"failed_attempts": failed}
    target = task.target or target
    total = 0 if result.botch else task.total + result.net
    status = "open"
    if result.botch and state.config.extended_botch_policy == "reset_and_end":
        status = "ended"
    elif total >= target:
        status = "complete"
    task = replace(task, failed=failed, total=total, target=target, status=status)
    return state.with_task(task), {"total": total, "target": target, "status": status,
                                   "reset": result.botch}


def read_share(state: StorytellerState, part: Part) -> tuple[StorytellerState, RollResult]:
    """A contest side's or team member's result: its dice, a Willpower point, or the automatic success.

    A Willpower point is one marginal success without dice under ``replace_roll`` or one success
    no 1 cancels added to the roll under ``add_to_roll`` (D2); both need D53's option (checked before).

    Rule: «Просто потратьте единицу Силы воли» (seeds/002_066846aa780a4bc4.txt:L169); «автоматический успех
    считается незначительным, как если бы вы получили один успешный балл» (L167)
    """
    if part.automatic:
        return state, automatic_result(part.difficulty)
    if part.willpower:
        state = spend_willpower(state, part.character)
        if part.pool == 0:
            return state, automatic_result(part.difficulty)
        state, result = read_part(state, part)
        return state, add_willpower(result)
    return read_part(state, part)


def resist_without_action(state: StorytellerState, character: str) -> StorytellerState:
    """Count a contest resisted without using an action (D50): still a roll this turn (D54)."""
    char = state.char(character)
    assert char is not None
    return state.with_char(replace(char, resisted=char.resisted + 1))


def _share_dict(part: Part, result: RollResult) -> dict[str, Any]:
    return {"character": part.character, **result.to_dict(), "willpower": part.willpower}


def finish_resisted(state: StorytellerState, pending: Pending) -> Resolution:
    """Net successes cancel one for one; the higher side wins by the difference (D7, D8, D9, D42, D50, D51).

    The acting side uses its action; the resisting side only under ``resist_uses_action`` or when
    the contest is a Wild West tie carried over (then it is both characters' action).

    Rule: «успешные баллы оппонента "отменяют" ваши баллы» (seeds/002_066846aa780a4bc4.txt:L211);
    «Если оба игрока набрали равное число успехов, в этом ходу никто не выигрывает»
    (seeds/003_f0eb31a77e5e4bcd.txt:L106-112); extended: DA L213, WW L112, L142.
    """
    request = pending.request
    assert isinstance(request, Resisted)
    key = f"{request.character}:{request.task}" if request.task else ""
    carried = bool(key and state.task(key).carried)
    state, mine = read_share(state, pending.parts[0])
    state, theirs = read_share(state, pending.parts[1])
    opponent_acts = state.config.resist_uses_action or carried
    state = use_action(state, request.character)
    state = use_action(state, request.opponent) if opponent_acts else resist_without_action(state, request.opponent)
    margin = mine.net - theirs.net
    winner = request.character if margin > 0 else request.opponent if margin < 0 else None
    info: dict[str, Any] = {"winner": winner, "net": abs(margin), "tie": winner is None,
                            "continues": winner is None and state.config.resisted_tie == "continue",
                            "rematch": carried, "opponent_used_action": opponent_acts}
    if request.task:
        state, more = _contest_totals(state, request, mine, theirs, winner, abs(margin))
        info.update(more)
    summary = {"what": "resisted", "character": request.character, "opponent": request.opponent,
               "task": request.task, "mine": _share_dict(pending.parts[0], mine),
               "theirs": _share_dict(pending.parts[1], theirs), **info,
               "category": _contest_category(mine, winner == request.character, abs(margin))}
    return replace(state, pending=None, last=summary), (public("resisted_resolved", **summary),)


def _contest_category(mine: RollResult, won: bool, net: int) -> str:
    if mine.botch:
        return "botch"
    return ("marginal", "moderate", "complete", "exceptional", "phenomenal")[min(net, 5) - 1] if won else "failure"


def _contest_totals(state: StorytellerState, request: Resisted, mine: RollResult, theirs: RollResult,
                    winner: str | None, net: int) -> tuple[StorytellerState, dict[str, Any]]:
    """A contest's task: retries of a one-shot contest, or the running totals of an extended one.

    One-shot: a lost attempt (or a Dark Ages tie, where the status quo holds) is a failed attempt for
    the retry penalty; a Wild West tie is carried, not failed (D51). Extended: a botch wipes the
    botcher's total but is not a loss (WW L142), unless ``extended_botch_policy`` is ``reset_and_end``:
    then the botcher gets no second attempt and loses the contest (DA L203).

    Rule: «Важно: провал стирает все собранные успехи, а не приводит к автоматическому проигрышу»
    (seeds/003_f0eb31a77e5e4bcd.txt:L142); «Рассказчик вообще может решить, что второй попытки у вас нет»
    (seeds/002_066846aa780a4bc4.txt:L203); «Победителем считается тот, кто первым наберет требуемое количество
    успешных баллов» (L213)
    """
    cfg = state.config
    key = f"{request.character}:{request.task}"
    task = state.task(key)
    target = task.target or request.target
    if not target:
        # a one-shot contest is settled by this roll; a new attempt is a retry (the task stays open)
        carries = winner is None and cfg.resisted_tie == "continue"
        failed = 0 if winner == request.character else task.failed if carries else task.failed + 1
        carried = (request.opponent, request.difficulty, request.opponent_difficulty, state.turn) if carries else ()
        state = state.with_task(replace(task, failed=failed, carried=carried))
        return state, {"status": "open" if carries else "decided", "failed_attempts": failed}
    total = 0 if mine.botch else task.total + (net if winner == request.character else 0)
    other = 0 if theirs.botch else task.opponent_total + (net if winner == request.opponent else 0)
    if cfg.extended_botch_policy == "reset_and_end" and (mine.botch or theirs.botch):
        status = "ended" if mine.botch and theirs.botch else "lost" if mine.botch else "won"
    elif cfg.extended_resisted_mode == "race":
        status = "won" if total >= target else "lost" if other >= target else "open"
    else:
        status = "won" if total - other >= target else "lost" if other - total >= target else "open"
    task = replace(task, total=total, opponent_total=other, target=target, status=status)
    return state.with_task(task), {"total": total, "opponent_total": other, "target": target, "status": status,
                                   "reset": mine.botch, "opponent_reset": theirs.botch}


def finish_team(state: StorytellerState, pending: Pending) -> Resolution:
    """Members' net successes are summed; a member's botch may spoil the attempt (D13, D10, D50).

    Each member's share is its action for the turn. A spoiled extended task resets to 0, and under
    ``extended_botch_policy: reset_and_end`` it ends there; a failed one-shot team roll is a failed
    attempt for the retry penalty.

    Rule: «два или более игроков выполняют броски независимо друг от друга и складывают полученные результаты ...
    провал у одного из игроков может испортить всю попытку» (seeds/002_066846aa780a4bc4.txt:L227-229);
    «Рассказчик вообще может решить, что второй попытки у вас нет» (L203); (seeds/003_f0eb31a77e5e4bcd.txt:L116)
    """
    request = pending.request
    assert isinstance(request, Teamwork)
    results = []
    for part in pending.parts:
        state, result = read_share(state, part)
        state = use_action(state, part.character)
        results.append(result)
    team_botch = any(r.botch for r in results)
    spoiled = team_botch and state.config.team_botch_policy == "spoil"
    rolled = 0 if spoiled else sum(r.net for r in results)
    info: dict[str, Any] = {"team_botch": team_botch, "spoiled": spoiled, "successes": rolled}
    if request.task:
        state, more = _team_task(state, request, rolled, spoiled)
        info.update(more)
    category = "botch" if spoiled else ("failure" if rolled < 1 else
                                        ("marginal", "moderate", "complete", "exceptional", "phenomenal")[min(rolled, 5) - 1])
    summary = {"what": "teamwork", "members": list(request.members), "task": request.task,
               "results": [{**_share_dict(p, r), "traits": list(t)}
                           for p, r, t in zip(pending.parts, results, request.traits, strict=True)],
               **info, "category": category}
    return replace(state, pending=None, last=summary), (public("team_resolved", **summary),)


def _team_task(state: StorytellerState, request: Teamwork, rolled: int,
               spoiled: bool) -> tuple[StorytellerState, dict[str, Any]]:
    key = f"team:{request.task}"
    task = state.task(key)
    target = task.target or request.target
    if not target:
        failed = 0 if rolled >= 1 else task.failed + 1
        state = state.with_task(replace(task, failed=failed))
        return state, {"total": rolled, "target": 0, "status": "decided", "failed_attempts": failed}
    total = 0 if spoiled else task.total + rolled
    if spoiled and state.config.extended_botch_policy == "reset_and_end":
        status = "ended"
    else:
        status = "complete" if total >= target else "open"
    state = state.with_task(replace(task, total=total, target=target, status=status))
    return state, {"total": total, "target": target, "status": status, "reset": spoiled}


def finish_initiative(state: StorytellerState, pending: Pending) -> Resolution:
    """Order fighters by net successes, then pool, then the order they were named (house default, D55).

    Neither chapter has an initiative rule or an order within a turn; the result names its source
    (the combat tables' label) so it is never taken for a rule, and it restricts no one's turn.
    """
    scored = []
    for index, part in enumerate(pending.parts):
        state, result = read_part(state, part)
        scored.append((-result.net, -part.pool, index, part.character, result))
    scored.sort(key=lambda item: item[:3])
    order = tuple(item[3] for item in scored)
    source = state.config.combat.label if state.config.combat else "house default"
    summary = {"what": "initiative", "order": list(order), "source": source,
               "results": {item[3]: item[4].to_dict() for item in scored}, "category": "initiative"}
    return replace(state, pending=None, last=summary, initiative=order), (public("initiative_rolled", **summary),)


def finish_attack_stage(state: StorytellerState, pending: Pending) -> tuple[StorytellerState, tuple[Event, ...],
                                                                             Pending | None]:
    """One stage of an attack: the attack roll, then damage, then soak (house-default combat data)."""
    request = pending.request
    assert isinstance(request, Attack) and state.config.combat is not None
    tables = state.config.combat
    weapon = tables.weapon(request.weapon)
    assert weapon is not None
    if pending.stage == "attack":
        state, hit = read_share(state, pending.parts[0])  # its dice, or a Willpower point's success (D2, D4)
        state = use_action(state, request.character)
        event = public("attack_rolled", character=request.character, defender=request.defender,
                       weapon=weapon.id, **hit.to_dict(), category=hit.category, hit=hit.net >= 1)
        if hit.net < 1:
            summary = {"what": "attack", "character": request.character, "defender": request.defender,
                       "hit": False, "category": hit.category, "wounds": 0}
            return replace(state, last=summary), (event,), None
        sheet = next(c for c in state.config.characters if c.id == request.character)
        dice = (sheet.rating("strength") or 0 if weapon.strength_based else 0) + weapon.bonus + hit.net - 1
        part = Part(request.character, max(dice, 1), tables.damage_difficulty)
        return state, (event,), Pending("damage", request, (part,), {"hit": hit.net})
    successes = count_successes(pending.parts[0].dice, pending.parts[0].difficulty)
    if pending.stage == "damage":
        defender = next(c for c in state.config.characters if c.id == request.defender)
        event = public("damage_rolled", character=request.character, dice=list(pending.parts[0].dice),
                       difficulty=pending.parts[0].difficulty, damage=successes, damage_type=weapon.damage_type)
        info = {**pending.info, "damage": successes}
        if successes and tables.soaks(defender.creature, weapon.damage_type):
            part = Part(defender.id, defender.rating("stamina") or 0, tables.soak_difficulty)
            if part.pool > 0:
                return state, (event,), Pending("soak", request, (part,), info)
        return _with_event(_wound(state, request, weapon.damage_type, successes, 0, info), event)
    soaked = successes
    state = use_action(state, request.defender, reflexive=True)
    event = public("soak_rolled", character=request.defender, dice=list(pending.parts[0].dice),
                   difficulty=pending.parts[0].difficulty, soaked=soaked)
    damage = int(pending.info.get("damage", 0))
    return _with_event(_wound(state, request, weapon.damage_type, damage, soaked, pending.info), event)


def _with_event(resolution: Resolution, first: Event) -> tuple[StorytellerState, tuple[Event, ...], None]:
    state, events = resolution
    return state, (first, *events), None


def _wound(state: StorytellerState, request: Attack, damage_type: str, damage: int, soaked: int,
           info: Any) -> Resolution:
    """Mark ``damage - soaked`` health boxes on the defender (house-default health track)."""
    combat = state.config.combat
    assert combat is not None
    wounds = max(0, damage - soaked)
    char = state.char(request.defender)
    assert char is not None
    marked = (*char.damage, *([damage_type] * wounds))
    state = state.with_char(replace(char, damage=marked))
    status = health_status(combat, len(marked))
    summary = {"what": "attack", "character": request.character, "defender": request.defender, "hit": True,
               "hits": int(info.get("hit", 1)), "damage": damage, "soaked": soaked, "wounds": wounds,
               "damage_type": damage_type, "health": status, "boxes": len(marked),
               "category": "wounded" if wounds else "soaked"}
    return replace(state, last=summary), (public("wounded", **summary),)


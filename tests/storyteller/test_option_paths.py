"""Every book option on every resolution path it applies to: single, extended, team, resisted, extended resisted.

One test per option, parametrized over the paths where the rulebook's rule applies (the table in
docs/storyteller.md, "Options on every resolution path"). Citations: DA = seeds/002_066846aa780a4bc4.txt,
WW = seeds/003_f0eb31a77e5e4bcd.txt.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from narrator.rules.storyteller import DeclareActions, NextTurn, Resisted, Roll, Teamwork

from tests.storyteller.helpers import act, rejection, sheet, table

DA_BOOK, WW_BOOK = "dark_ages", "wild_west"
TRAITS = ("wits", "occult")
A = sheet("a", attrs={"wits": 2}, abilities={"occult": 1})  # 3 dice
B = sheet("b", attrs={"wits": 2}, abilities={"occult": 1})
PATHS = ("single", "extended", "team", "resisted", "extended_resisted")
ONE_SHOT = ("single", "team", "resisted")
ACCUMULATING = ("extended", "team_extended", "extended_resisted")
GROUP = ("team", "resisted", "extended_resisted")
FAIL = (2, 2, 2)


def request(path: str, *, target: int = 20, **fields: Any) -> Any:
    """The path's request for character ``a`` (with ``b`` as team-mate or opponent); ``fields`` go to a's side."""
    if path in ("single", "extended"):
        extended = {"action": "extended", "target": target} if path == "extended" else {}
        return Roll(character="a", traits=TRAITS, task="t", **extended, **fields)
    if path in ("team", "team_extended"):
        for name in ("willpower", "automatic"):  # a's share: the team lists its members by name
            if isinstance(fields.get(name), bool):
                fields[name] = ("a",) if fields[name] else ()
        return Teamwork(members=("a", "b"), traits=(TRAITS, TRAITS), task="t",
                        target=target if path == "team_extended" else 0, **fields)
    return Resisted(character="a", traits=TRAITS, opponent="b", opponent_traits=TRAITS, task="t",
                    target=target if path == "extended_resisted" else 0, **fields)


def two_sided(path: str) -> bool:
    return path not in ("single", "extended")


def roll(state: Any, path: str, mine: tuple[int, ...], theirs: tuple[int, ...] = FAIL, *more: tuple[int, ...],
         **fields: Any) -> tuple[Any, dict[str, Any]]:
    """Apply the path's request with a's faces (then b's); return the state and the resolution's data."""
    faces = (*mine, *theirs) if two_sided(path) else mine
    state, events = act(state, request(path, **fields), *([faces] if faces else []), *more)
    return state, events[-1].data


def requested(state: Any, path: str, **fields: Any) -> dict[str, Any]:
    """The ``roll_requested`` data of the path's request (nothing is rolled)."""
    from tests.storyteller.helpers import game_of
    return dict(game_of(state.config.book).apply(state, request(path, **fields)).events[0].data)


def share(path: str, data: dict[str, Any]) -> dict[str, Any]:
    """a's result in a resolution."""
    if path in ("single", "extended"):
        return data
    return data["results"][0] if path.startswith("team") else data["mine"]


def next_turn(state: Any) -> Any:
    return act(state, NextTurn())[0]


# -- botch_rule (D1), forgiven_botch (D20), rule_of_ten (D19): the reading of each share's dice ---------


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("book,outcome", [(DA_BOOK, "failure"), (WW_BOOK, "botch")])
def test_botch_rule_on_every_path(path: str, book: str, outcome: str) -> None:
    """[1,1,7] at 6: a success was rolled, so not a DA botch (DA L155); more 1s than successes is (WW L76)."""
    _, data = roll(table(book, A, B), path, (1, 1, 7))
    assert share(path, data)["outcome"] == outcome


@pytest.mark.parametrize("path", PATHS)
def test_forgiven_botch_on_every_path(path: str) -> None:
    """The chapter's first botch of each character does not count (DA L159); the second does."""
    state = table(DA_BOOK, A, B, forgiven_botch=True)
    state, data = roll(state, path, (1, 3, 3))
    assert (share(path, data)["outcome"], share(path, data)["forgiven"]) == ("failure", True)
    state, data = roll(next_turn(state), path, (1, 3, 3))
    assert share(path, data)["outcome"] == "botch"


@pytest.mark.parametrize("path", PATHS)
def test_rule_of_ten_on_every_path(path: str) -> None:
    """A 10 is re-rolled for an additional success (DA L151): [10,2,2] + re-roll 7 -> net 2."""
    _, data = roll(table(DA_BOOK, A, B, rule_of_ten=True), path, (10, 2, 2), FAIL, (7,))
    assert (share(path, data)["extra"], share(path, data)["net"]) == (1, 2)


@pytest.mark.parametrize("path", PATHS)
def test_wound_penalty_on_every_path(path: str) -> None:
    """House-default health track: two marked boxes (Hurt) take a die off every non-reflexive pool."""
    state = table(DA_BOOK, A, B, combat=True)
    state = state.with_char(replace(state.char("a"), damage=("bashing", "bashing")))
    data = requested(state, path)
    assert (data["pool"] if not two_sided(path) else data["pools"][0]) == 2


# -- multi_mode (D14, D15): the declared slot's pool --------------------------------------------------


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("mode,split,pool", [("da_penalty", (), 4), ("divide", (2, 4), 2)])
def test_multi_mode_on_every_path(path: str, mode: str, split: tuple[int, ...], pool: int) -> None:
    """Two declared 6-dice actions: DA takes 2 dice off the first (DA L193); WW splits the pool (WW L40)."""
    a6 = sheet("a", attrs={"wits": 3}, abilities={"occult": 3})
    state = table(DA_BOOK, a6, B, multi_mode=mode)
    state, _ = act(state, DeclareActions(character="a", actions=(TRAITS, TRAITS), split=split))
    data = requested(state, path)
    assert (data["pool"] if not two_sided(path) else data["pools"][0]) == pool


# -- Willpower: willpower_mode (D2), willpower_once_per_turn (D3), willpower_in_extended (D52),
#    willpower_in_team_contest (D53) -------------------------------------------------------------------

WP_ALLOWED = {"willpower_in_extended": "one_success", "willpower_in_team_contest": "one_success"}


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("mode,mine,net", [("replace_roll", (), 1), ("add_to_roll", (7, 2, 2), 2)])
def test_willpower_mode_on_every_path(path: str, mode: str, mine: tuple[int, ...], net: int) -> None:
    """A point is one success (DA L169; WW L86): instead of the dice, or (add_to_roll) on top of them."""
    state = table(DA_BOOK, A, B, willpower_mode=mode, **WP_ALLOWED)
    state, data = roll(state, path, mine, willpower=True)
    assert share(path, data)["net"] == net and state.char("a").willpower == 4
    if path in ("extended", "extended_resisted"):
        assert data["total"] == net
    if path == "extended_resisted" or path == "resisted":
        assert data["winner"] == "a"


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("once,code", [(True, "WILLPOWER_ALREADY_SPENT"), (False, None)])
def test_willpower_once_per_turn_on_every_path(path: str, once: bool, code: str | None) -> None:
    """"За ход Сила воли тратится только один раз" (DA L169): a reflexive spend blocks a second one this turn."""
    state = table(DA_BOOK, A, B, willpower_once_per_turn=once, **WP_ALLOWED)
    state, _ = act(state, Roll(character="a", traits=("wits",), action="reflexive", willpower=True))
    assert state.char("a").willpower_spent
    assert rejection(state, request(path, willpower=True)) == code


@pytest.mark.parametrize("path", ACCUMULATING)
@pytest.mark.parametrize("policy", ["reject", "one_success"])
def test_willpower_in_extended_d52(path: str, policy: str) -> None:
    """D52: a point "yields only one success; pointless if more are needed" (WW L86) -> refused by default;
    ``one_success`` counts it toward the total (no dice under replace_roll)."""
    state = table(DA_BOOK, A, B, willpower_in_extended=policy, willpower_in_team_contest="one_success")
    if policy == "reject":
        assert rejection(state, request(path, willpower=True)) == "WILLPOWER_ONE_SUCCESS"
        return
    state, data = roll(state, path, (), willpower=True)
    assert data["total"] == 1 and state.char("a").willpower == 4


@pytest.mark.parametrize("path", GROUP)
@pytest.mark.parametrize("side", ["a", "b"])
def test_willpower_in_team_contest_refused_by_default_d53(path: str, side: str) -> None:
    """D53/D32: no text lets Willpower into teamwork or contests; refused with a stable code, either side."""
    state = table(DA_BOOK, A, B, willpower_in_extended="one_success")
    if path == "team":
        action = request(path, willpower=(side,))
    else:
        action = request(path, **({"willpower": True} if side == "a" else {"opponent_willpower": True}))
    assert rejection(state, action) == "WILLPOWER_IN_TEAM_CONTEST"
    assert rejection(replace(state, config=replace(state.config, willpower_in_team_contest="one_success")),
                     action) is None


def test_team_willpower_names_a_member() -> None:
    state = table(DA_BOOK, A, B, willpower_in_team_contest="one_success")
    assert rejection(state, request("team", willpower=("c",))) == "NOT_A_MEMBER"


# -- automatic success: automatic_success, automatic_in_team_contest (D53) --------------------------


@pytest.mark.parametrize("path", ["team", "resisted"])
def test_automatic_in_team_contest_d53(path: str) -> None:
    """Pool 3 >= difficulty 3: refused in a team or contest by default (DA L220 lists it for simple actions);
    ``allow`` gives that share one marginal success without dice (DA L167), not in combat (WW L84)."""
    fields: dict[str, Any] = {"automatic": ("a",)} if path == "team" else {"automatic": True}
    easy = {"difficulty": 3}
    state = table(DA_BOOK, A, B)
    assert rejection(state, request(path, **fields, **easy)) == "AUTO_IN_TEAM_CONTEST"
    state = table(DA_BOOK, A, B, automatic_in_team_contest="allow")
    assert rejection(state, request(path, **fields)) == "AUTO_POOL_TOO_SMALL"  # 3 dice < 6
    assert rejection(state, request(path, **fields, **easy, combat=True)) == "AUTO_IN_COMBAT"
    off = replace(state, config=replace(state.config, automatic_success=False))
    assert rejection(off, request(path, **fields, **easy)) == "AUTO_DISABLED"
    state, data = roll(state, path, (), FAIL, **fields, **easy)
    assert share(path, data)["automatic"] and share(path, data)["net"] == 1


@pytest.mark.parametrize("path", ["team_extended", "extended_resisted"])
def test_automatic_never_toward_an_accumulated_total(path: str) -> None:
    """Automatic success is a simple action's (DA L220): refused for extended shares even when allowed."""
    fields: dict[str, Any] = {"automatic": ("a",)} if path == "team_extended" else {"automatic": True}
    state = table(DA_BOOK, A, B, automatic_in_team_contest="allow")
    assert rejection(state, request(path, difficulty=3, **fields)) == "AUTO_NOT_SIMPLE"


# -- retries: retry_penalty, max_attempts, over_max_policy (D5, D25, D26) -----------------------------

THEIRS_WIN = (7, 7, 2)


def losing(path: str) -> tuple[int, ...]:
    """b's faces that make a's attempt fail: b wins a contest, or also fails in a team."""
    return FAIL if path.startswith("team") else THEIRS_WIN


def difficulty_of(path: str, data: dict[str, Any]) -> int:
    return data["difficulty"] if not two_sided(path) else data["difficulties"][0]


@pytest.mark.parametrize("path", ONE_SHOT)
@pytest.mark.parametrize("penalty,expected", [(True, 7), (False, 6)])
def test_retry_penalty_on_one_shot_paths(path: str, penalty: bool, expected: int) -> None:
    """After a failed (or lost) attempt the next one is at +1 (DA L173; WW L122)."""
    state, data = roll(table(DA_BOOK, A, B, retry_penalty=penalty), path, FAIL, losing(path))
    assert share(path, data)["net"] == 0
    assert difficulty_of(path, requested(next_turn(state), path)) == expected


@pytest.mark.parametrize("path", ["extended", "extended_resisted"])
def test_no_retry_penalty_while_an_accumulating_task_goes_on(path: str) -> None:
    """Rolling again toward the total is continuing the task, not retrying it (spec S41)."""
    state, _ = roll(table(DA_BOOK, A, B), path, FAIL, losing(path))
    assert difficulty_of(path, requested(next_turn(state), path)) == 6


def test_no_retry_penalty_while_a_team_task_goes_on() -> None:
    state, _ = roll(table(DA_BOOK, A, B), "team_extended", FAIL, FAIL)
    assert requested(next_turn(state), "team_extended")["difficulties"] == [6, 6]


@pytest.mark.parametrize("path", ONE_SHOT)
def test_combat_contests_and_teams_take_no_retry_penalty(path: str) -> None:
    """No retry penalty for sword blows (DA L177) or in combat (WW L130)."""
    state, _ = roll(table(DA_BOOK, A, B), path, FAIL, losing(path), combat=True)
    assert difficulty_of(path, requested(next_turn(state), path, combat=True)) == 6


@pytest.mark.parametrize("path", ONE_SHOT)
def test_max_attempts_on_one_shot_paths(path: str) -> None:
    """WW L126: the Storyteller may limit the attempts; with a limit of 1, a failed task is not tried again."""
    state, _ = roll(table(WW_BOOK, A, B, max_attempts=1), path, FAIL, losing(path))
    assert rejection(next_turn(state), request(path)) == "RETRY_LIMIT"


@pytest.mark.parametrize("path", ["extended", "extended_resisted"])
def test_max_attempts_do_not_count_rolls_toward_a_total(path: str) -> None:
    state, _ = roll(table(WW_BOOK, A, B, max_attempts=1), path, FAIL, losing(path))
    assert rejection(next_turn(state), request(path)) is None


@pytest.mark.parametrize("path", ONE_SHOT)
@pytest.mark.parametrize("policy", ["clamp", "impossible"])
def test_over_max_policy_on_one_shot_paths(path: str, policy: str) -> None:
    """D5: a retry pushes difficulty 10 to 11; clamp it to 10 or call the task impossible (DA L173)."""
    state, _ = roll(table(DA_BOOK, A, B, over_max_policy=policy), path, FAIL, losing(path), difficulty=10)
    state = next_turn(state)
    if policy == "impossible":
        assert rejection(state, request(path, difficulty=10)) == "DIFFICULTY_IMPOSSIBLE"
    else:
        assert difficulty_of(path, requested(state, path, difficulty=10)) == 10


# -- contests: resisted_tie (D7), extended_resisted_mode (D9), resist_uses_action (D50) ---------------


@pytest.mark.parametrize("tie,continues,status", [("status_quo", False, "decided"), ("continue", True, "open")])
def test_resisted_tie_one_shot(tie: str, continues: bool, status: str) -> None:
    """WW L108: a tie has no winner this turn and carries over; DA (D7): the status quo holds."""
    _, data = roll(table(DA_BOOK, A, B, resisted_tie=tie), "resisted", (7, 2, 2), (7, 2, 2))
    assert (data["winner"], data["continues"], data["status"]) == (None, continues, status)


@pytest.mark.parametrize("tie", ["status_quo", "continue"])
def test_resisted_tie_in_an_extended_contest_adds_nothing(tie: str) -> None:
    """DA L213 / WW L112: only the side with net successes adds them; a tie leaves both totals, contest open."""
    _, data = roll(table(DA_BOOK, A, B, resisted_tie=tie), "extended_resisted", (7, 2, 2), (7, 2, 2))
    assert (data["total"], data["opponent_total"], data["status"]) == (0, 0, "open")


@pytest.mark.parametrize("mode,status", [("race", "won"), ("margin", "open")])
def test_extended_resisted_mode(mode: str, status: str) -> None:
    """D9: first to 3 (race, DA L213) vs 3 more than the opponent (margin, DA L241; WW L142)."""
    state = table(DA_BOOK, A, B, extended_resisted_mode=mode)
    state, _ = roll(state, "extended_resisted", FAIL, (7, 2, 2), target=3)       # b +1
    state, data = roll(next_turn(state), "extended_resisted", (7, 7, 7), FAIL, target=3)  # a +3
    assert (data["total"], data["opponent_total"], data["status"]) == (3, 1, status)


@pytest.mark.parametrize("path", ["resisted", "extended_resisted"])
@pytest.mark.parametrize("uses,code", [(False, None), (True, "ACTION_ALREADY_TAKEN")])
def test_resist_uses_action_d50(path: str, uses: bool, code: str | None) -> None:
    """D50: resisting does not use an action by default, so a character who already acted can resist."""
    state = table(DA_BOOK, A, B, resist_uses_action=uses)
    state, _ = act(state, Roll(character="b", traits=("wits",)), (2, 2))
    assert rejection(state, request(path)) == code
    if code is None:
        state, data = roll(state, path, FAIL, FAIL)
        assert (state.char("b").actions_used, state.char("b").resisted) == (1, 1)
        assert not data["opponent_used_action"] and state.char("a").actions_used == 1


@pytest.mark.parametrize("uses,pool", [(False, 6), (True, 4)])
def test_resisting_without_an_action_takes_no_declared_slot_d50(uses: bool, pool: int) -> None:
    """A resister that declared two actions rolls its full pool when resisting is no action (D50, D18)."""
    b6 = sheet("b", attrs={"wits": 3}, abilities={"occult": 3})
    state = table(DA_BOOK, A, b6, resist_uses_action=uses)
    state, _ = act(state, DeclareActions(character="b", actions=(TRAITS, TRAITS)))
    assert requested(state, "resisted")["pools"] == [3, pool]


# -- botches on accumulating paths: extended_botch_policy (D10), team_botch_policy (D13) --------------


@pytest.mark.parametrize("path", ACCUMULATING)
@pytest.mark.parametrize("policy", ["reset", "reset_and_end"])
def test_extended_botch_policy_on_every_accumulating_path(path: str, policy: str) -> None:
    """A botch wipes the total (DA L203, L241; WW L100); under reset_and_end there is no second attempt
    ("Рассказчик вообще может решить, что второй попытки у вас нет", DA L203)."""
    state = table(DA_BOOK, A, B, extended_botch_policy=policy)
    state, data = roll(state, path, (7, 7, 2), FAIL)
    assert data["total"] == 2
    state, data = roll(next_turn(state), path, (1, 2, 2), FAIL)
    ended = {"extended": "ended", "team_extended": "ended", "extended_resisted": "lost"}[path]
    assert (data["total"], data["status"]) == (0, "open" if policy == "reset" else ended)
    assert rejection(next_turn(state), request(path)) == (None if policy == "reset" else "TASK_CLOSED")


@pytest.mark.parametrize("policy,status", [("reset", "open"), ("reset_and_end", "won")])
def test_an_opponents_botch_in_an_extended_contest(policy: str, status: str) -> None:
    """WW L142: a botch wipes the botcher's successes but is no automatic loss; reset_and_end ends its attempt."""
    state = table(DA_BOOK, A, B, extended_botch_policy=policy)
    state, _ = roll(state, "extended_resisted", FAIL, (7, 7, 2))
    state, data = roll(next_turn(state), "extended_resisted", FAIL, (1, 2, 2))
    assert (data["opponent_total"], data["opponent_reset"], data["status"]) == (0, True, status)


@pytest.mark.parametrize("policy,successes,category", [("spoil", 0, "botch"), ("member_only", 2, "moderate")])
def test_team_botch_policy_one_shot(policy: str, successes: int, category: str) -> None:
    """DA L229: "провал у одного из игроков может испортить всю попытку" (spoil), or only the botcher's share."""
    _, data = roll(table(DA_BOOK, A, B, team_botch_policy=policy), "team", (1, 2, 2), (7, 7, 2))
    assert (data["team_botch"], data["successes"], data["category"]) == (True, successes, category)

"""The Storyteller kernel: roll requests, time, Willpower, retries, complex actions, and adversarial requests.

Citations: DA = seeds/002_066846aa780a4bc4.txt, WW = seeds/003_f0eb31a77e5e4bcd.txt; S-n are spec §7 ids.
"""

from __future__ import annotations

import pytest
from narrator.rules.core import HOST, ChanceAction, IllegalActionError, Viewer
from narrator.rules.storyteller import (
    BeginChapter,
    DeclareActions,
    Downtime,
    EndStory,
    NextTurn,
    Resisted,
    Roll,
    Teamwork,
)

from tests.storyteller.helpers import act, game_of, rejection, sheet, table

DA_BOOK, WW_BOOK = "dark_ages", "wild_west"
HALL = sheet("hall", attrs={"dexterity": 3, "perception": 2, "strength": 2},
             abilities={"dodge": 3, "brawl": 4, "theology": 4, "melee": 1, "alertness": 2}, willpower=5, celerity=1)


def test_pool_is_attribute_plus_ability_da_l99() -> None:
    """S17: Perception 2 + Theology 4 = 6 dice (DA L99)."""
    state, events = act(table(DA_BOOK, HALL), Roll(character="hall", traits=("perception", "theology")))
    assert events[0].data["pool"] == 6 and game_of(DA_BOOK).chance_spec(state).count == 6


def test_attribute_alone_da_l101() -> None:
    """S23: lifting a chest is Strength alone."""
    _, events = act(table(DA_BOOK, HALL), Roll(character="hall", traits=("strength",)))
    assert events[0].data["pool"] == 2


ADVERSARIAL = [
    ("S19 DA L103 / WW L44: a third trait", Roll(character="hall", traits=("dexterity", "dodge", "brawl")),
     "TOO_MANY_TRAITS"),
    ("trait not on the sheet", Roll(character="hall", traits=("wits", "occult")), "TRAIT_NOT_ON_SHEET"),
    ("DA L103: Willpower is never combined", Roll(character="hall", traits=("willpower", "dodge")),
     "TEN_SCALE_COMBINED"),
    ("the same trait twice", Roll(character="hall", traits=("dodge", "dodge")), "DUPLICATE_TRAIT"),
    ("two Abilities are not a pool", Roll(character="hall", traits=("dodge", "brawl")), "POOL_SHAPE"),
    ("no traits", Roll(character="hall", traits=()), "NO_TRAITS"),
    ("DA L109: difficulty 12", Roll(character="hall", traits=("dexterity",), difficulty=12),
     "DIFFICULTY_OUT_OF_RANGE"),
    ("DA L109: difficulty 1", Roll(character="hall", traits=("dexterity",), difficulty=1), "DIFFICULTY_OUT_OF_RANGE"),
    ("unknown character", Roll(character="nobody", traits=("wits",)), "UNKNOWN_CHARACTER"),
    ("S25 DA L167 / WW L84: no automatic success in combat",
     Roll(character="hall", traits=("dexterity", "brawl"), difficulty=4, automatic=True, combat=True),
     "AUTO_IN_COMBAT"),
    ("WW L138: pool 4 < difficulty 6, no automatic success",
     Roll(character="hall", traits=("perception", "alertness"), automatic=True), "AUTO_POOL_TOO_SMALL"),
    ("DA L220: automatic success only for simple actions",
     Roll(character="hall", traits=("dexterity", "brawl"), difficulty=4, automatic=True, action="extended",
          task="t", target=5), "AUTO_NOT_SIMPLE"),
    ("S29 WW L86: Willpower yields one success, not for extended tasks",
     Roll(character="hall", traits=("dexterity", "brawl"), willpower=True, action="extended", task="t", target=9),
     "WILLPOWER_ONE_SUCCESS"),
    ("D36 DA L201: a target on a simple roll", Roll(character="hall", traits=("wits",), target=3),
     "TARGET_ON_SIMPLE"),
    ("DA L201: an extended roll needs a target of 2+",
     Roll(character="hall", traits=("wits",), action="extended", task="t", target=1), "TARGET_REQUIRED"),
    ("an extended roll needs a task", Roll(character="hall", traits=("wits",), action="extended", target=5),
     "TASK_REQUIRED"),
    ("both automatic and Willpower", Roll(character="hall", traits=("dexterity", "brawl"), difficulty=4,
                                          automatic=True, willpower=True), "AUTO_AND_WILLPOWER"),
    ("a player seat may not propose", Roll(actor=0, character="hall", traits=("wits",)), "NOT_YOUR_TURN"),
]


@pytest.mark.parametrize("name,action,code", ADVERSARIAL, ids=[a[0] for a in ADVERSARIAL])
def test_adversarial_roll_requests_are_rejected(name, action, code) -> None:
    state = table(DA_BOOK, HALL)
    assert rejection(state, action) == code
    with pytest.raises(IllegalActionError) as error:
        game_of(DA_BOOK).apply(state, action)
    assert error.value.rejection.code == code and error.value.rejection.message and error.value.rejection.rule


def test_rejection_messages_name_character_and_phase() -> None:
    state, _ = act(table(DA_BOOK, HALL), Roll(character="hall", traits=("wits",), willpower=True))
    found = game_of(DA_BOOK).check(state, Roll(character="hall", traits=("wits",), willpower=True, action="reflexive"))
    assert found is not None and "Hall" in found.message and "turn 1" in found.message


def test_willpower_once_per_turn_da_l169() -> None:
    """S27: WP 5, spend -> marginal, no dice, WP 4; again this turn -> rejected; next turn -> allowed (WP 3)."""
    state, events = act(table(DA_BOOK, HALL), Roll(character="hall", traits=("dexterity", "dodge"), willpower=True))
    resolved = events[-1].data
    assert (resolved["net"], resolved["degree"], resolved["dice"], state.char("hall").willpower) == \
        (1, "marginal", [], 4)
    again = Roll(character="hall", traits=("wits",), willpower=True, action="reflexive")
    assert rejection(state, again) == "WILLPOWER_ALREADY_SPENT"
    state, _ = act(state, NextTurn())
    state, _ = act(state, Roll(character="hall", traits=("wits",), willpower=True))
    assert state.char("hall").willpower == 3


def test_willpower_points_run_out() -> None:
    state = table(DA_BOOK, sheet("poor", willpower=1))
    state, _ = act(state, Roll(character="poor", traits=("wits",), willpower=True))
    state, _ = act(state, NextTurn())
    assert rejection(state, Roll(character="poor", traits=("wits",), willpower=True)) == "NO_WILLPOWER"


def test_willpower_allowed_in_combat_d4() -> None:
    _state, events = act(table(DA_BOOK, HALL), Roll(character="hall", traits=("dexterity", "melee"), willpower=True,
                                                   combat=True))
    assert events[-1].data["net"] == 1


def test_automatic_success_pool_at_least_difficulty_da_l167() -> None:
    state, events = act(table(DA_BOOK, HALL), Roll(character="hall", traits=("dexterity", "brawl"), difficulty=7,
                                                   automatic=True))
    assert events[-1].data["automatic"] and events[-1].data["net"] == 1 and state.pending is None


def test_one_action_per_turn_unless_declared_da_l65() -> None:
    state, _ = act(table(DA_BOOK, HALL), Roll(character="hall", traits=("wits",)), (7, 7))
    assert rejection(state, Roll(character="hall", traits=("wits",))) == "ACTION_ALREADY_TAKEN"
    assert rejection(state, Roll(character="hall", traits=("willpower",), action="reflexive")) is None


def test_reflexive_rolls_are_counted_not_spent_da_l71_l302() -> None:
    state, _ = act(table(DA_BOOK, HALL), Roll(character="hall", traits=("willpower",), action="reflexive"),
                   (7, 7, 7, 7, 7))
    assert state.char("hall").reflexive == 1 and state.char("hall").actions_used == 0


def test_da_multiple_actions_hall_da_l195() -> None:
    """S35: attack 7 - 3 = 4, dodge 6 - 4 = 2, dodge 6 - 5 = 1; each roll must match its declared slot."""
    declare = DeclareActions(character="hall", actions=(("dexterity", "brawl"), ("dexterity", "dodge"),
                                                        ("dexterity", "dodge")))
    state, events = act(table(DA_BOOK, HALL), declare)
    assert [p["pool"] for p in events[0].data["pools"]] == [4, 2, 1]
    assert rejection(state, Roll(character="hall", traits=("dexterity", "dodge"))) == "NOT_DECLARED"
    state, events = act(state, Roll(character="hall", traits=("dexterity", "brawl"), combat=True), (6, 6, 6, 6))
    assert events[0].data["pool"] == 4
    state, events = act(state, Roll(character="hall", traits=("dexterity", "dodge")), (6, 6))
    state, events = act(state, Roll(character="hall", traits=("dexterity", "dodge")), (6,))
    assert events[0].data["pool"] == 1
    assert rejection(state, Roll(character="hall", traits=("dexterity", "dodge"))) == "ACTION_ALREADY_TAKEN"


def test_da_multiple_action_reduced_to_zero_cannot_be_performed_da_l193() -> None:
    weak = sheet("weak", attrs={"dexterity": 1}, abilities={"dodge": 1})
    declare = DeclareActions(character="weak", actions=(("dexterity", "dodge"), ("dexterity", "dodge")))
    state, events = act(table(DA_BOOK, weak), declare)
    assert [p["impossible"] for p in events[0].data["pools"]] == [True, True]
    assert rejection(state, Roll(character="weak", traits=("dexterity", "dodge"))) == "POOL_EMPTY"


def test_celerity_extra_action_full_pool_da_l197() -> None:
    """S37: an extra Celerity action keeps its whole pool; more than the Celerity rating is refused (D17)."""
    declare = DeclareActions(character="hall", actions=(("dexterity", "brawl"),), extra=(("dexterity", "dodge"),))
    _state, events = act(table(DA_BOOK, HALL), declare)
    assert [(p["pool"], p["extra"]) for p in events[0].data["pools"]] == [(7, False), (6, True)]
    too_many = DeclareActions(character="hall", actions=(("wits",),), extra=(("wits",), ("wits",)))
    assert rejection(table(DA_BOOK, HALL), too_many) == "EXTRA_ACTIONS_NOT_ALLOWED"


def test_ww_split_pool_d14_ww_l40_l200() -> None:
    """S39: divide mode, base pool 6 (Dexterity 3 + Dodge 3), two actions: [3,3] ok, [4,3] refused."""
    state = table(WW_BOOK, HALL)
    two = (("dexterity", "dodge"), ("dexterity", "dodge"))
    assert rejection(state, DeclareActions(character="hall", actions=two, split=(4, 3))) == "SPLIT_INVALID"
    state, events = act(state, DeclareActions(character="hall", actions=two, split=(3, 3)))
    assert [p["pool"] for p in events[0].data["pools"]] == [3, 3]


def test_ww_rage_buys_actions_with_full_pools_d16_ww_l40_l234() -> None:
    wolf = sheet("wolf", attrs={"dexterity": 3}, abilities={"brawl": 3}, rage=2)
    declare = DeclareActions(character="wolf", actions=(("dexterity", "brawl"),), extra=(("dexterity", "brawl"),))
    state, events = act(table(WW_BOOK, wolf), declare)
    assert state.char("wolf").rage == 1 and [p["pool"] for p in events[0].data["pools"]] == [6, 6]
    three = DeclareActions(character="wolf", actions=(("wits",),), extra=(("wits",),) * 3)
    assert rejection(table(WW_BOOK, wolf), three) == "EXTRA_ACTIONS_NOT_ALLOWED"


def test_a_rage_action_is_any_action_with_its_own_full_pool_ww_l40() -> None:
    """Playtest 16: the second action bought with Rage was refused (NOT_DECLARED) for any roll but the first
    one's; the book buys "additional actions and dice pools" (WW L40): the extra action is whatever the player
    takes next, rolled with its own traits' full pool. A divided pool's action stays the one declared."""
    wolf = sheet("wolf", attrs={"dexterity": 3, "wits": 2}, abilities={"brawl": 3, "firearms": 4}, rage=2)
    declare = DeclareActions(character="wolf", actions=(("dexterity", "brawl"),), extra=(("dexterity", "brawl"),))
    state, _ = act(table(WW_BOOK, wolf), declare)
    assert rejection(state, Roll(character="wolf", traits=("dexterity", "firearms"))) == "NOT_DECLARED"
    state, _ = act(state, Roll(character="wolf", traits=("dexterity", "brawl")), (6,) * 6)
    assert rejection(state, Roll(character="wolf", traits=("dexterity", "firearms"))) is None
    state, events = act(state, Roll(character="wolf", traits=("dexterity", "firearms")), (6,) * 7)
    assert events[-1].data["pool"] == 7 and state.char("wolf").actions_used == 2
    assert rejection(state, Roll(character="wolf", traits=("wits",))) == "ACTION_ALREADY_TAKEN"


def test_ww_retry_penalty_after_botch_ww_l122_l124() -> None:
    """S31: base 6; attempt 1 botches -> attempt 2 at 7 -> fails -> attempt 3 at 8."""
    state = table(WW_BOOK, HALL)
    lock = Roll(character="hall", traits=("perception", "theology"), task="lock")
    state, events = act(state, lock, (1, 1, 2, 3, 4, 5))
    assert events[-1].data["outcome"] == "botch"
    state, _ = act(state, NextTurn())
    state, events = act(state, lock, (2, 2, 2, 2, 2, 2))
    assert events[0].data["difficulty"] == 7 and events[0].data["retry_penalty"] == 1
    state, _ = act(state, NextTurn())
    state, events = act(state, lock, (9, 2, 2, 2, 2, 2))
    assert events[0].data["difficulty"] == 8
    state, _ = act(state, NextTurn())
    assert game_of(WW_BOOK).apply(state, lock).events[0].data["difficulty"] == 6  # success resets (D25)


def test_no_retry_penalty_for_sword_blows_da_l177() -> None:
    """S33: a missed sword attack does not raise the next one's difficulty."""
    state = table(DA_BOOK, HALL)
    blow = Roll(character="hall", traits=("dexterity", "melee"), task="blow", combat=True)
    state, _ = act(state, blow, (2, 3, 4, 5))
    state, _ = act(state, NextTurn())
    assert game_of(DA_BOOK).apply(state, blow).events[0].data["difficulty"] == 6


def test_alertness_is_retry_exempt_ww_l130() -> None:
    state = table(WW_BOOK, HALL)
    look = Roll(character="hall", traits=("perception", "alertness"), task="look")
    state, _ = act(state, look, (2, 3, 4, 5))
    state, _ = act(state, NextTurn())
    assert game_of(WW_BOOK).apply(state, look).events[0].data["difficulty"] == 6


def test_attempt_limit_option_ww_l126() -> None:
    state = table(WW_BOOK, HALL, max_attempts=2)
    lock = Roll(character="hall", traits=("perception", "theology"), task="lock")
    for _ in range(2):
        state, _ = act(state, lock, (2,) * 6)
        state, _ = act(state, NextTurn())
    assert rejection(state, lock) == "RETRY_LIMIT"


def test_over_max_difficulty_clamp_or_impossible_d5() -> None:
    for policy, expected in (("clamp", None), ("impossible", "DIFFICULTY_IMPOSSIBLE")):
        state = table(DA_BOOK, HALL, over_max_policy=policy)
        hard = Roll(character="hall", traits=("perception", "theology"), difficulty=10, task="t")
        state, _ = act(state, hard, (2,) * 6)
        state, _ = act(state, NextTurn())
        assert rejection(state, hard) == expected
        if policy == "clamp":
            assert game_of(DA_BOOK).apply(state, hard).events[0].data["difficulty_flag"] == "over_max"


def test_extended_action_ww_l98_l100() -> None:
    """S41: target 9, pool 4: +3, then a botch wipes it to 0, then +4 -> 4, not complete."""
    state = table(WW_BOOK, sheet("runner", attrs={"stamina": 2}, abilities={"athletics": 2}))
    climb = Roll(character="runner", traits=("stamina", "athletics"), action="extended", task="ravine", target=9)
    totals = []
    for dice in ((6, 7, 8, 2), (1, 2, 3, 4), (6, 7, 8, 9)):
        state, events = act(state, climb, dice)
        totals.append((events[-1].data["total"], events[-1].data["status"]))
        state, _ = act(state, NextTurn())
    assert totals == [(3, "open"), (0, "open"), (4, "open")]


def test_extended_completes_and_closes_da_l203() -> None:
    state = table(DA_BOOK, sheet("digger", attrs={"stamina": 3}, abilities={"athletics": 2}))
    dig = Roll(character="digger", traits=("stamina", "athletics"), action="extended", task="shelter", target=3)
    state, events = act(state, dig, (8, 8, 8, 2, 2))
    assert events[-1].data["status"] == "complete"
    state, _ = act(state, NextTurn())
    assert rejection(state, dig) == "TASK_CLOSED"


def test_extended_botch_reset_and_end_option_d10() -> None:
    """S43 (DA L203, L241): a botch at total 8 resets to 0; under reset_and_end no second try is allowed."""
    digger = sheet("digger", attrs={"dexterity": 3}, abilities={"athletics": 2})
    for policy, status in (("reset", "open"), ("reset_and_end", "ended")):
        state = table(DA_BOOK, digger, extended_botch_policy=policy)
        dig = Roll(character="digger", traits=("dexterity", "athletics"), difficulty=7, action="extended",
                   task="climb", target=15)
        state, _ = act(state, dig, (8, 8, 8, 8, 8))
        state, _ = act(state, NextTurn())
        state, _ = act(state, dig, (8, 8, 8, 9, 2))
        state, _ = act(state, NextTurn())
        state, events = act(state, dig, (1, 3, 4, 3, 6))
        assert (events[-1].data["total"], events[-1].data["status"]) == (0, status)


def test_resisted_tie_continues_in_ww_ww_l106_l108() -> None:
    """S45: A [8,9,1] -> 1, B [7,3] -> 1: a tie, no winner, the contest continues (WW); status quo in DA (D7)."""
    a = sheet("a", attrs={"strength": 2}, abilities={"brawl": 1})
    b = sheet("b", attrs={"strength": 1}, abilities={"brawl": 1})
    grab = Resisted(character="a", traits=("strength", "brawl"), opponent="b", opponent_traits=("strength", "brawl"),
                    task="sack")
    for book, continues in ((WW_BOOK, True), (DA_BOOK, False)):
        _state, events = act(table(book, a, b), grab, (8, 9, 1, 7, 3))
        data = events[-1].data
        assert (data["winner"], data["tie"], data["continues"]) == (None, True, continues)


def test_resisted_net_is_the_difference_da_l211() -> None:
    """Four successes against three leave one net success: a marginal win."""
    a = sheet("a", attrs={"strength": 2}, abilities={"brawl": 2})
    b = sheet("b", attrs={"strength": 2}, abilities={"brawl": 1})
    grab = Resisted(character="a", traits=("strength", "brawl"), opponent="b", opponent_traits=("strength", "brawl"))
    _state, events = act(table(DA_BOOK, a, b), grab, (7, 7, 7, 7, 7, 7, 7))
    assert (events[-1].data["winner"], events[-1].data["net"], events[-1].data["category"]) == ("a", 1, "marginal")


def test_extended_resisted_race_da_l213_ww_l112() -> None:
    """S47: target 5; A +2, B +1, A +3 -> A reaches 5 and wins (race, D9)."""
    a = sheet("a", attrs={"charisma": 3}, abilities={"expression": 3})
    b = sheet("b", attrs={"charisma": 3}, abilities={"expression": 3})
    debate = Resisted(character="a", traits=("charisma", "expression"), opponent="b",
                      opponent_traits=("charisma", "expression"), task="debate", target=5)
    state = table(DA_BOOK, a, b)
    turns = [((7, 7, 7, 2, 2, 2), (7, 2, 2, 2, 2, 2)), ((7, 2, 2, 2, 2, 2), (7, 7, 2, 2, 2, 2)),
             ((7, 7, 7, 7, 2, 2), (7, 2, 2, 2, 2, 2))]
    seen = []
    for mine, theirs in turns:
        state, events = act(state, debate, mine + theirs)
        seen.append((events[-1].data["total"], events[-1].data["opponent_total"], events[-1].data["status"]))
        state, _ = act(state, NextTurn())
    assert seen == [(2, 0, "open"), (2, 1, "open"), (5, 1, "won")]


def test_teamwork_sums_netted_rolls_da_l227_ww_l116() -> None:
    """S51: A [8,1] -> 0, B [9,7] -> 2: team total 2 (each roll netted, then summed)."""
    a, b = sheet("a", attrs={"wits": 1}, abilities={"occult": 1}), sheet("b", attrs={"wits": 1}, abilities={"occult": 1})
    team = Teamwork(members=("a", "b"), traits=(("wits", "occult"), ("wits", "occult")), task="library", target=10)
    _state, events = act(table(DA_BOOK, a, b), team, (8, 1, 9, 7))
    assert (events[-1].data["successes"], events[-1].data["total"]) == (2, 2)


def test_team_botch_spoils_the_attempt_da_l229() -> None:
    """S53: accumulated 6; A botches, B rolls 2: team_botch, and under 'spoil' the total becomes 0 (D13)."""
    a, b = sheet("a", attrs={"wits": 1}, abilities={"occult": 1}), sheet("b", attrs={"wits": 1}, abilities={"occult": 1})
    team = Teamwork(members=("a", "b"), traits=(("wits", "occult"), ("wits", "occult")), task="library", target=20)
    for policy, total in (("spoil", 0), ("member_only", 8)):
        state = table(DA_BOOK, a, b, team_botch_policy=policy)
        state, _ = act(state, team, (8, 8, 9, 9))
        state, _ = act(state, NextTurn())
        state, _ = act(state, team, (8, 8, 9, 9))
        state, _ = act(state, NextTurn())
        assert state.task("team:library").total == 8
        state, _ = act(state, team, (1, 3, 9, 7))
        assert state.task("team:library").total == (0 if policy == "spoil" else 10)


def test_forgiven_botch_once_per_chapter_da_l159() -> None:
    """S55: the first botch of the chapter is a failure; the second stands; a new chapter forgives again."""
    climber = sheet("alexandra", attrs={"dexterity": 3}, abilities={"athletics": 2})
    rope = Roll(character="alexandra", traits=("dexterity", "athletics"), difficulty=7)
    state = table(DA_BOOK, climber, forgiven_botch=True)
    state, events = act(state, rope, (1, 3, 4, 3, 6))
    assert (events[-1].data["outcome"], events[-1].data["forgiven"]) == ("failure", True)
    state, _ = act(state, NextTurn())
    state, events = act(state, rope, (1, 3, 4, 3, 6))
    assert events[-1].data["outcome"] == "botch"
    state, _ = act(state, BeginChapter())
    state, _ = act(state, game_of(DA_BOOK).legal_actions(state, HOST)[0])  # a new scene
    state, events = act(state, rope, (1, 3, 4, 3, 6))
    assert events[-1].data["forgiven"]


def test_rule_of_ten_rerolls_through_chance_da_l151() -> None:
    state = table(DA_BOOK, HALL, rule_of_ten=True)
    state, events = act(state, Roll(character="hall", traits=("perception", "theology")), (10, 10, 3, 3, 3, 3))
    assert state.pending is not None and game_of(DA_BOOK).chance_spec(state).count == 2
    state, events = act(state, ChanceAction(values=(10, 4)))
    assert game_of(DA_BOOK).chance_spec(state).count == 1
    state, events = act(state, ChanceAction(values=(7,)))
    assert (events[-1].data["raw"], events[-1].data["extra"], events[-1].data["net"]) == (2, 2, 4)


def test_chance_dice_are_validated() -> None:
    """Physical dice go through the same check: a face of 11 or the wrong count is refused."""
    state, _ = act(table(DA_BOOK, HALL), Roll(character="hall", traits=("wits",)))
    game = game_of(DA_BOOK)
    assert game.check(state, ChanceAction(values=(11, 3))).code == "CHANCE_MISMATCH"
    assert game.check(state, ChanceAction(values=(3,))).code == "CHANCE_MISMATCH"
    assert game.check(state, Roll(character="hall", traits=("wits",))).code == "DICE_AWAITED"


def test_time_units_and_downtime_da_l49_l61() -> None:
    state = table(DA_BOOK, HALL)
    state, events = act(state, NextTurn())
    assert state.turn == 2 and events[0].kind == "turn_begun"
    state, _ = act(state, Downtime(summary="four hours in the courtyard"))
    assert state.scene == "" and rejection(state, Roll(character="hall", traits=("wits",))) == "NO_SCENE"
    assert rejection(state, NextTurn()) == "NO_SCENE"
    state, _ = act(state, EndStory(ending="done"))
    assert game_of(DA_BOOK).outcome(state).termination == "story_ended"
    assert rejection(state, NextTurn()) == "GAME_OVER"


def test_legal_actions_all_pass_check() -> None:
    for book in (DA_BOOK, WW_BOOK):
        state = table(book, HALL)
        game = game_of(book)
        moves = game.legal_actions(state, HOST)
        assert len(moves) > 10 and all(game.check(state, m) is None for m in moves)
        state, _ = act(state, Roll(character="hall", traits=("wits",)), (5, 5))
        assert all(game.check(state, m) is None for m in game.legal_actions(state, HOST))
        assert not any(isinstance(m, Roll) for m in game.legal_actions(state, HOST))


def test_players_do_not_see_storyteller_characters_sheets() -> None:
    npc = sheet("npc", player=False)
    state = table(DA_BOOK, HALL, npc)
    game = game_of(DA_BOOK)
    assert [s["id"] for s in game.view(state, 0)["sheets"]] == ["hall"]
    assert [s["id"] for s in game.view(state, Viewer.HOST)["sheets"]] == ["hall", "npc"]


def test_a_lost_one_shot_contest_may_be_tried_again_da_l209() -> None:
    a = sheet("a", attrs={"manipulation": 2}, abilities={"etiquette": 1})
    b = sheet("b", attrs={"perception": 3}, abilities={"alertness": 2})
    talk = Resisted(character="a", traits=("manipulation", "etiquette"), opponent="b",
                    opponent_traits=("perception", "alertness"), task="gate")
    state, events = act(table(DA_BOOK, a, b), talk, (2, 2, 2, 7, 7, 2, 2, 2))
    assert events[-1].data["winner"] == "b"
    state, _ = act(state, NextTurn())
    assert rejection(state, talk) is None

"""The d10 core against the seeds: success counting, the rule of one, both botch rules, degrees.

Each case names the book and line it comes from (DA = seeds/002_066846aa780a4bc4.txt,
WW = seeds/003_f0eb31a77e5e4bcd.txt) and the spec's acceptance id (S-n) when it has one.
"""

from __future__ import annotations

import pytest
from narrator.rules.storyteller.dice import (
    automatic_result,
    clamp_difficulty,
    count_successes,
    degree_of,
    evaluate_roll,
    forgive,
    is_botch,
    multiple_action_pools,
    retry_difficulty,
)

NO_SUCCESSES, ONES_EXCEED = "no_successes", "ones_exceed"
BOTH = (NO_SUCCESSES, ONES_EXCEED)

# (id, botch rules it holds for, difficulty, dice, raw, ones, net, outcome, degree)
CASES = [
    ("S01 DA L109 / WW L50: [3,3,8,7,10] diff 6 is three successes, complete", BOTH, 6, (3, 3, 8, 7, 10), 3, 0, 3,
     "success", "complete"),
    ("WW L50: [2,3,5,6,9] diff 6 is two successes", BOTH, 6, (2, 3, 5, 6, 9), 2, 0, 2, "success", "moderate"),
    ("S03 DA L145: Fyodor's [2,5,6,6,4,3] diff 7 is a failure, not a botch", BOTH, 7, (2, 5, 6, 6, 4, 3), 0, 0, 0,
     "failure", None),
    ("S05 DA L155: [1,1,7] leftover 1s after cancelling are still only a failure", (NO_SUCCESSES,), 6, (1, 1, 7),
     1, 2, 0, "failure", None),
    ("S13 WW L76: [1,1,7] more 1s than successes is a botch", (ONES_EXCEED,), 6, (1, 1, 7), 1, 2, 0, "botch", None),
    ("S07 DA L149 / WW L76: [7,1] the 1 cancels the success: failure", BOTH, 6, (7, 1), 1, 1, 0, "failure", None),
    ("S09 DA L115 / WW L72: a 10 always succeeds, 9 < 10 does not", BOTH, 10, (10, 9, 9), 1, 0, 1, "success",
     "marginal"),
    ("S11 DA L109: a die equal to the difficulty succeeds", BOTH, 2, (2, 1, 5), 2, 1, 1, "success", "marginal"),
    ("DA L161: Alexandra's rope [1,3,4,3,6] diff 7 botches", BOTH, 7, (1, 3, 4, 3, 6), 0, 1, 0, "botch", None),
    ("S15 DA L139: seven net successes are phenomenal ('five or more')", BOTH, 6, (6, 7, 8, 9, 10, 10, 6), 7, 0, 7,
     "success", "phenomenal"),
    ("WW L76: one or five excess 1s, the same botch", (ONES_EXCEED,), 6, (1, 1, 1, 1, 1, 7), 1, 5, 0, "botch", None),
]


@pytest.mark.parametrize("name,rules,difficulty,dice,raw,ones,net,outcome,degree", CASES, ids=[c[0] for c in CASES])
def test_evaluate_roll(name, rules, difficulty, dice, raw, ones, net, outcome, degree) -> None:
    for rule in rules:
        result = evaluate_roll(dice, difficulty, botch_rule=rule)
        assert (result.raw, result.ones, result.net, result.outcome, result.degree) == \
            (raw, ones, net, outcome, degree), rule


SIDE_BY_SIDE = [
    # dice at diff 6 -> (DA outcome, WW outcome)
    ((1, 1, 7), ("failure", "botch")),
    ((1, 7, 8), ("success", "success")),
    ((1, 2, 3), ("botch", "botch")),
    ((2, 3, 4), ("failure", "failure")),
    ((1, 1, 1, 7, 8), ("failure", "botch")),
    ((1, 1, 7, 8), ("failure", "failure")),
]


@pytest.mark.parametrize("dice,expected", SIDE_BY_SIDE, ids=[str(d) for d, _ in SIDE_BY_SIDE])
def test_botch_rules_side_by_side(dice, expected) -> None:
    """D1: DA L155/L292 "no successes at all" vs WW L76/L216 "more 1s than successes"; never harmonised."""
    da = evaluate_roll(dice, 6, botch_rule=NO_SUCCESSES).outcome
    ww = evaluate_roll(dice, 6, botch_rule=ONES_EXCEED).outcome
    assert (da, ww) == expected


def test_is_botch_formulas() -> None:
    """spec §3.4: botch_DA = raw == 0 and ones >= 1; botch_WW = ones > raw."""
    assert is_botch(0, 1, NO_SUCCESSES) and not is_botch(1, 3, NO_SUCCESSES) and not is_botch(0, 0, NO_SUCCESSES)
    assert is_botch(1, 2, ONES_EXCEED) and not is_botch(2, 2, ONES_EXCEED) and not is_botch(0, 0, ONES_EXCEED)
    with pytest.raises(ValueError):
        is_botch(0, 1, "harmonised")


def test_degrees_da_l134_139_ww_l62_68() -> None:
    assert [degree_of(n) for n in range(1, 8)] == ["marginal", "moderate", "complete", "exceptional",
                                                   "phenomenal", "phenomenal", "phenomenal"]
    with pytest.raises(ValueError):
        degree_of(0)


def test_complete_means_three_or_more_da_l109() -> None:
    """D22: DA L109 calls 3+ successes a full success; the table's degree stays separate."""
    assert evaluate_roll((6, 6, 6), 6, botch_rule=NO_SUCCESSES).is_complete
    assert not evaluate_roll((6, 6, 1), 6, botch_rule=NO_SUCCESSES).is_complete


def test_cancelled_dice_pair_each_one_with_a_success_da_l149() -> None:
    result = evaluate_roll((10, 7, 1, 3, 8, 1), 7, botch_rule=ONES_EXCEED)
    assert result.net == 1
    assert sorted(result.dice[i] for i in result.cancelled) == [1, 1, 7, 8]


def test_rule_of_ten_adds_successes_d19_da_l151() -> None:
    """Re-rolled 10s add successes; 1s among the re-rolls cancel nothing; the botch reads the first dice."""
    result = evaluate_roll((10, 3, 1), 6, botch_rule=NO_SUCCESSES, rerolls=(10, 7, 1))
    assert (result.raw, result.extra, result.ones, result.net) == (1, 2, 1, 2)


def test_forgiven_botch_becomes_failure_da_l159() -> None:
    botch = evaluate_roll((1, 3, 4, 3, 6), 7, botch_rule=NO_SUCCESSES)
    forgiven = forgive(botch)
    assert (forgiven.outcome, forgiven.forgiven, forgiven.net) == ("failure", True, 0)


def test_automatic_success_is_marginal_da_l167_ww_l82() -> None:
    result = automatic_result(6)
    assert (result.net, result.degree, result.dice, result.automatic) == (1, "marginal", (), True)


def test_difficulty_range_da_l109_ww_l48() -> None:
    for bad in (1, 11, 0):
        with pytest.raises(ValueError, match="outside 2..10"):
            evaluate_roll((5,), bad, botch_rule=NO_SUCCESSES)
    with pytest.raises(ValueError, match="not on a d10"):
        evaluate_roll((11,), 6, botch_rule=NO_SUCCESSES)


def test_retry_and_clamp_da_l173_d5_d6() -> None:
    assert [retry_difficulty(6, n) for n in range(3)] == [6, 7, 8]
    assert clamp_difficulty(12, "clamp") == (10, "over_max")
    assert clamp_difficulty(12, "impossible") == (None, "over_max")
    assert clamp_difficulty(1, "clamp") == (2, "under_min")


def test_multiple_actions_hall_example_da_l195() -> None:
    """S35 and DA L195: attack 7, dodge 6, dodge 6 declared together -> 4, 2, 1."""
    assert multiple_action_pools((7, 6, 6)) == (4, 2, 1)
    assert multiple_action_pools((5, 6)) == (3, 3)
    assert multiple_action_pools((6,)) == (6,)


def test_count_successes_ten_always_counts_da_l115() -> None:
    assert count_successes((10, 10, 9), 10) == 2

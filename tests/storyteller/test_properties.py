"""Property tests of the roll evaluation under both books' rules (DA L149-155, WW L76)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from narrator.rules.storyteller.dice import evaluate_roll

dice_lists = st.lists(st.integers(1, 10), min_size=1, max_size=20).map(tuple)
rules = st.sampled_from(("no_successes", "ones_exceed"))


@settings(max_examples=200, deadline=None)
@given(dice=dice_lists, difficulty=st.integers(2, 10), rule=rules)
def test_net_successes_never_exceed_the_pool(dice, difficulty, rule) -> None:
    result = evaluate_roll(dice, difficulty, botch_rule=rule)
    assert 0 <= result.net <= len(dice)
    assert result.net == (0 if result.botch else max(0, result.raw - result.ones))


@settings(max_examples=200, deadline=None)
@given(dice=dice_lists, difficulty=st.integers(2, 10), rule=rules)
def test_a_botch_never_comes_with_net_successes(dice, difficulty, rule) -> None:
    result = evaluate_roll(dice, difficulty, botch_rule=rule)
    if result.botch:
        assert result.net == 0 and result.degree is None and result.ones >= 1


@settings(max_examples=200, deadline=None)
@given(dice=dice_lists, difficulty=st.integers(2, 10))
def test_every_da_botch_is_a_ww_botch(dice, difficulty) -> None:
    """No successes and a 1 (DA L155) implies more 1s than successes (WW L76), not conversely."""
    if evaluate_roll(dice, difficulty, botch_rule="no_successes").botch:
        assert evaluate_roll(dice, difficulty, botch_rule="ones_exceed").botch


@settings(max_examples=200, deadline=None)
@given(dice=dice_lists, difficulty=st.integers(2, 10), rule=rules)
def test_cancelled_dice_are_ones_and_successes_in_pairs(dice, difficulty, rule) -> None:
    result = evaluate_roll(dice, difficulty, botch_rule=rule)
    ones = [i for i in result.cancelled if dice[i] == 1]
    assert len(ones) * 2 == len(result.cancelled) == 2 * min(result.ones, result.raw)

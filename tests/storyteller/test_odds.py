"""Exact odds: they sum to 1, match hand computations and the spec's D34 figures, and agree with a seeded sample."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from narrator.rules.storyteller.dice import OUTCOMES, evaluate_roll, tens_to_reroll
from narrator.rules.storyteller.odds import exact_odds, success_chance

RULES = ("no_successes", "ones_exceed")


@settings(max_examples=60, deadline=None)
@given(pool=st.integers(1, 15), difficulty=st.integers(2, 10), rule=st.sampled_from(RULES),
       ten=st.booleans(), forgiven=st.booleans())
def test_exact_odds_sum_to_one(pool, difficulty, rule, ten, forgiven) -> None:
    odds = exact_odds(pool, difficulty, botch_rule=rule, rule_of_ten=ten, forgiven_botch=forgiven)
    assert set(odds) == set(OUTCOMES)
    assert sum(odds.values()) == 1
    assert all(v >= 0 for v in odds.values())


def test_one_die_by_hand() -> None:
    """One die at difficulty 6: a 1 botches (1/10), 2..5 fail (4/10), 6..10 succeed (5/10) (DA L109, L155)."""
    odds = exact_odds(1, 6, botch_rule="no_successes")
    assert (odds["botch"], odds["failure"], odds["marginal"]) == (Fraction(1, 10), Fraction(4, 10), Fraction(1, 2))


def test_d34_difficulty_ten_statement_is_exact_only_under_ww() -> None:
    """D34: "success as likely as a botch at difficulty 10" (DA L113, WW L72) holds exactly under the WW rule."""
    for pool in range(1, 8):
        ww = exact_odds(pool, 10, botch_rule="ones_exceed")
        assert success_chance(ww) == ww["botch"]
    da3 = exact_odds(3, 10, botch_rule="no_successes")
    assert round(float(success_chance(da3)), 3) == 0.220 and round(float(da3["botch"]), 3) == 0.217
    da6 = exact_odds(6, 10, botch_rule="no_successes")
    assert round(float(success_chance(da6)), 3) == 0.305 and round(float(da6["botch"]), 3) == 0.269


def test_d34_three_in_four_statement_is_false() -> None:
    """D34: WW L92's "three times out of four" with 1-2 dice at difficulty 6 is 50% and 65% under the rule of one."""
    assert success_chance(exact_odds(1, 6, botch_rule="ones_exceed")) == Fraction(1, 2)
    assert success_chance(exact_odds(2, 6, botch_rule="ones_exceed")) == Fraction(65, 100)


def test_willpower_modes_d2() -> None:
    replace = exact_odds(3, 8, botch_rule="no_successes", willpower="replace_roll")
    assert replace["marginal"] == 1
    add = exact_odds(3, 8, botch_rule="no_successes", willpower="add_to_roll")
    assert add["botch"] == 0 and add["failure"] == 0 and sum(add.values()) == 1


def test_forgiven_folds_botch_into_failure_d20() -> None:
    plain = exact_odds(4, 7, botch_rule="no_successes")
    forgiven = exact_odds(4, 7, botch_rule="no_successes", forgiven_botch=True)
    assert forgiven["botch"] == 0 and forgiven["failure"] == plain["failure"] + plain["botch"]


def _sample(pool: int, difficulty: int, rule: str, ten: bool, rng: random.Random, n: int) -> Counter[str]:
    counts: Counter[str] = Counter()
    for _ in range(n):
        dice = tuple(rng.randint(1, 10) for _ in range(pool))
        rerolls: tuple[int, ...] = ()
        waiting = tens_to_reroll(dice) if ten else 0
        while waiting:
            wave = tuple(rng.randint(1, 10) for _ in range(waiting))
            rerolls += wave
            waiting = tens_to_reroll(wave)
        counts[evaluate_roll(dice, difficulty, botch_rule=rule, rerolls=rerolls).category] += 1
    return counts


@pytest.mark.parametrize("pool,difficulty,rule,ten", [(5, 6, "no_successes", False), (7, 8, "ones_exceed", False),
                                                      (3, 4, "ones_exceed", False), (6, 6, "no_successes", True)])
def test_exact_odds_agree_with_a_seeded_sample(pool, difficulty, rule, ten) -> None:
    """20 000 seeded rolls through evaluate_roll land within 0.015 of the exact odds in every category."""
    n = 20_000
    counts = _sample(pool, difficulty, rule, ten, random.Random(1234 + pool), n)
    odds = exact_odds(pool, difficulty, botch_rule=rule, rule_of_ten=ten)
    for name in OUTCOMES:
        assert abs(counts[name] / n - float(odds[name])) < 0.015, name

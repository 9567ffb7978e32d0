"""The playtest reports' tests: Holm's correction, the two-proportion test, the seat-bias verdict in
words and the compare rows (battaglia), in both languages."""

from __future__ import annotations

import random

import pytest

from narrator.battaglia.report import Run, force_differences, seat_tests, seat_verdict
from narrator.playtest.stats import Proportion, holm, two_proportion_p


def test_holm_adjusts_in_steps_and_keeps_the_order() -> None:
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([0.9]) == [0.9] and holm([]) == []
    assert max(holm([0.2, 0.3, 0.4])) <= 1.0


def test_two_proportion_test_tells_a_real_gap_from_noise() -> None:
    assert two_proportion_p(Proportion(60, 100), Proportion(40, 100)) == pytest.approx(0.00468, abs=1e-4)
    assert two_proportion_p(Proportion(50, 100), Proportion(52, 100)) > 0.5
    assert two_proportion_p(Proportion(0, 10), Proportion(0, 10)) == 1.0
    assert two_proportion_p(Proportion(0, 0), Proportion(3, 10)) == 1.0


def _rows(games: int, favoured: int | None, seed: int = 1) -> list[dict[str, object]]:
    """Six-seat games with one winner each; ``favoured`` wins half of them, the rest at random."""
    rng = random.Random(seed)
    rows = []
    for _ in range(games):
        winner = favoured if favoured is not None and rng.random() < 0.5 else rng.randrange(6)
        rows.append({"players": 6, "winners": str(winner), "winner": "light", "days": 3, "termination": "one_force_left"})
    return rows


def test_a_favoured_seat_is_named_with_its_points_and_fair_seats_are_not() -> None:
    biased = seat_tests(_rows(600, favoured=2))
    assert biased[2].differs and biased[2].points > 30 and biased[2].p_holm >= biased[2].p
    assert all(t.points < 0 for t in biased if t.seat != 2), "the others win less to make up for it"
    words = seat_verdict(biased, "en")
    assert "seat 2 wins +" in words and "points" in words
    assert "место 2 побеждает на +" in seat_verdict(biased, "ru")
    fair = seat_tests(_rows(600, favoured=None))
    assert not any(t.differs for t in fair)
    assert seat_verdict(fair, "en").startswith("No seat differs")


def test_compare_rows_are_one_per_force_and_count_with_the_difference_in_points() -> None:
    a = Run("a", [{"players": 6, "winners": "0", "winner": "light"}] * 80 + [{"players": 6, "winners": "1", "winner": "shadow"}] * 20)
    b = Run("b", [{"players": 6, "winners": "0", "winner": "light"}] * 40 + [{"players": 6, "winners": "1", "winner": "shadow"}] * 60)
    rows = {(d.force, d.count): d for d in force_differences(a, b)}
    assert set(rows) == {("light", 6), ("shadow", 6)}
    light = rows["light", 6]
    assert light.a.rate == 0.8 and light.b.rate == 0.4 and light.points == pytest.approx(-40.0)
    assert light.significant and light.p_holm >= light.p

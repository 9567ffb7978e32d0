"""Chance nodes: sampling stays in range and validation refuses impossible results."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from narrator.rules.chance import Dice, Pick, Shuffle, sample, validate


@settings(max_examples=100, deadline=None)
@given(count=st.integers(0, 20), sides=st.sampled_from([6, 10]), seed=st.integers(0, 2**32))
def test_sampled_dice_are_valid(count: int, sides: int, seed: int) -> None:
    values = sample(Dice(count, sides), random.Random(seed))
    assert len(values) == count and all(1 <= v <= sides for v in values)
    assert validate(Dice(count, sides), values) is None


@settings(max_examples=50, deadline=None)
@given(size=st.integers(0, 20), seed=st.integers(0, 2**32))
def test_sampled_shuffles_are_permutations(size: int, seed: int) -> None:
    order = sample(Shuffle(size), random.Random(seed))
    assert sorted(order) == list(range(size))
    assert validate(Shuffle(size), order) is None


def test_same_seed_same_samples() -> None:
    first = [sample(Dice(5, 6), random.Random(7)) for _ in range(3)]
    again = [sample(Dice(5, 6), random.Random(7)) for _ in range(3)]
    assert first == again


def test_impossible_results_are_refused() -> None:
    assert validate(Dice(2, 6), (6, 7)).code == "CHANCE_MISMATCH"
    assert validate(Dice(2, 6), (6,)).code == "CHANCE_MISMATCH"
    assert validate(Dice(1, 10), (0,)).code == "CHANCE_MISMATCH"
    assert validate(Shuffle(3), (0, 0, 1)).code == "CHANCE_MISMATCH"
    assert validate(Pick(3), (3,)).code == "CHANCE_MISMATCH"
    assert validate(Dice(1, 6), (True,)).code == "CHANCE_MISMATCH"  # a bool is not a die face
    assert "d6" in validate(Dice(2, 6), (6, 7)).message

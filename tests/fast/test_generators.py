"""The native generators draw exactly what CPython's ``random.Random`` and the bots' SplitMix64 draw.

Everything the native engines promise (the same game as the Python kernel for the same seed)
rests on these streams being identical, so they are checked number for number.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from narrator.agents.battaglia.draws import DecisionRandom

from narrator.fast import engine, mt_key


@pytest.fixture(scope="module")
def common() -> ModuleType:
    """The compiled generators (a test error, not a skip, when they are not built)."""
    return engine("common")

SEEDS = [0, 1, 7, 2**31, 2**32 + 5, 123456789012345678901234567890, -42, "gm:17", "survivor:5:3", ""]


@pytest.mark.parametrize("seed", SEEDS, ids=repr)
def test_random_matches_cpython(common: ModuleType, seed: int | str) -> None:
    rng = random.Random(seed)
    assert common.mt_stream(mt_key(seed), 700) == [rng.random() for _ in range(700)]


@pytest.mark.parametrize("seed", SEEDS, ids=repr)
@pytest.mark.parametrize("n", [1, 2, 6, 10, 17, 1000])
def test_randint_randrange_shuffle_match_cpython(common: ModuleType, seed: int | str, n: int) -> None:
    rng = random.Random(seed)
    expected = [rng.randint(1, n) for _ in range(50)] + [rng.randrange(n) for _ in range(50)]
    deck = list(range(n))
    rng.shuffle(deck)
    assert common.mt_ops(mt_key(seed), n, 50) == expected + deck


@pytest.mark.parametrize("seed", [0, 1, 2**63 + 11, 2**64 - 1, 0x9E3779B97F4A7C15])
@pytest.mark.parametrize("key", [-1, 0, 5, 63, 64, 1000])
def test_splitmix_matches_the_bots_draws(common: ModuleType, seed: int, key: int) -> None:
    rng = DecisionRandom(seed)
    expected = [rng.unit(key)] + [rng.random() for _ in range(200)]
    assert common.splitmix_stream(seed, 200, key) == expected

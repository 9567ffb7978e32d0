"""Seeding many native generators at once (``PyRandom::seed_many``) gives each the very stream
CPython's ``random.Random`` gives for its seed: the Ten Candles table seeds its survivors, its
GM and the chance stream that way (``native/ten_candles/survivor_table.hpp``)."""

from __future__ import annotations

import random

import pytest

from narrator.fast import engine, mt_key

common = engine("common")


@pytest.mark.parametrize("seeds", [
    [f"survivor:{s}:{seat}" for s in (0, 17, 123456) for seat in range(5)] + ["gm:17", 17],
    [0, 1, 2**32 + 5, -42, "", "gm:0"],
    [2**(32 * 624) - 1, 2**(32 * 700) + 3, "x"],  # a key of 624 words, one longer than the state
    [f"survivor:9:{seat}" for seat in range(20)],  # more generators than seeded together
], ids=["a table", "short keys", "long keys", "twenty"])
def test_each_generator_seeded_together_draws_cpythons_stream(seeds: list[int | str]) -> None:
    streams = common.mt_streams_many([mt_key(s) for s in seeds], 700)
    assert streams == [[r.random() for _ in range(700)] for r in map(random.Random, seeds)]

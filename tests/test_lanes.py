"""The lanes' sweeps: a few spread-out values stay in the fast lane, every other one is marked slow."""

from __future__ import annotations

import pytest

from tests.lanes import spread, sweep


def test_spread_keeps_the_ends_and_the_middle():
    assert spread(12, 3) == {0, 6, 11}
    assert spread(3, 5) == {0, 1, 2} and spread(4, 1) == {0} and spread(4, 0) == set()


def test_sweep_marks_all_but_the_fast_values_slow():
    params = sweep(range(6, 18))
    fast = [p.values[0] for p in params if not any(m.name == "slow" for m in p.marks)]
    assert fast == [6, 12, 17] and len(params) == 12


def test_sweep_unpacks_tuples_and_keeps_ids_and_marks():
    params = sweep([("a", 1), ("b", 2), pytest.param("c", 3, marks=pytest.mark.browser)], fast=2, unpack=True,
                   ids=["first", "second", "third"])
    assert [p.values for p in params] == [("a", 1), ("b", 2), ("c", 3)]
    assert [p.id for p in params] == ["first", "second", "third"]
    assert [m.name for m in params[1].marks] == ["slow"] and [m.name for m in params[2].marks] == ["browser"]

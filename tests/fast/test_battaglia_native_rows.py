"""The native engine's ``play_rows`` makes the report rows itself (issue #34: fewer Python<->C++ crossings a game):
it derives each job's chance and bot keys from its seed (``mt_key`` and ``seed_key``'s BLAKE2b, in C++) and
builds each row dict. Both must equal what Python makes: the same keys for any seed, and the same rows, key for
key, in the same order and of the same types, as ``play_bots``' facts through ``make_row``."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from narrator.agents.battaglia.draws import seed_key

from narrator.battaglia.bots import plan_of
from narrator.battaglia.simulate import job_config
from narrator.fast import engine, mt_key
from narrator.fast.battaglia import bot_keys, play_rows, play_rows_python
from narrator.playtest import make_jobs

SEEDS: list[Any] = [0, 1, 7, -1, -12345, 2**31, 2**32 - 1, 2**32 + 5, 2**63 - 1, -(2**63) + 1, -(2**63), 2**63, 2**64 + 3,
                    -(2**70), 11 * 1_000_003 + 42, "seed", "", True]
"""Ints inside 64 bits (derived in C++), at and beyond its edges, and seeds that are no int (asked of Python)."""


@pytest.mark.parametrize("seed", SEEDS, ids=repr)
def test_the_engine_derives_the_keys_python_does(seed: Any) -> None:
    chance, bots = engine("battaglia").job_keys(seed, 17)
    assert chance == mt_key(seed)
    assert bots == bot_keys(seed, 17) == [seed_key(f"{seed}/{seat}") for seat in range(17)]


def test_the_keys_agree_at_every_length_of_a_seed_text() -> None:
    """Every length an int64 seed's text can take (1..19 digits, with and without a sign), at two seat widths."""
    for digits in range(1, 20):
        for seed in (int("9" * digits), -int("9" * digits), int("1" + "0" * (digits - 1))):
            if abs(seed) < 2**63:
                assert engine("battaglia").job_keys(seed, 12) == (mt_key(seed), bot_keys(seed, 12))


def _rows_in_order(rows: list[dict[str, Any]]) -> list[list[tuple[str, type, Any]]]:
    return [[(key, type(value), value) for key, value in row.items()] for row in rows]


@pytest.mark.parametrize("players", [6, 9, 12, 17])
def test_rows_equal_the_python_made_rows(players: int) -> None:
    jobs = make_jobs([players], 40, 3)
    jobs += [dataclasses.replace(jobs[0], index=40 + i, seed=seed) for i, seed in enumerate(SEEDS)]
    config = job_config(jobs[0])
    assert _rows_in_order(play_rows(config, jobs)) == _rows_in_order(play_rows_python(config, jobs))


def test_rows_of_other_bot_kinds_equal_the_python_made_rows() -> None:
    plan = plan_of("scripted", ("shadow=random", "gloom=random"))
    jobs = make_jobs([8], 30, 5, bots=plan)
    config = job_config(jobs[0])
    assert _rows_in_order(play_rows(config, jobs)) == _rows_in_order(play_rows_python(config, jobs))

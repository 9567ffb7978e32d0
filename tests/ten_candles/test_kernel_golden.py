"""Optimisations change no rule: 200 seeded random games (2..6 players, seven configs, probes
that must be refused, interjections) replay line for line: transcripts, views and legal-move lists
(see ``tests/ten_candles/golden.py``). A failure names the first changed line of the first changed game."""

from __future__ import annotations

import pytest

from tests import golden_lines
from tests.lanes import sweep
from tests.ten_candles.golden import GAMES, GOLDEN, game_id, game_lines, game_spec

EXPECTED = golden_lines.read(GOLDEN)


def test_there_are_golden_games_for_every_table_size_and_config():
    assert set(EXPECTED) == {game_id(i) for i in range(GAMES)} and GAMES == 200
    assert {game_spec(i)[1].players for i in range(GAMES)} == {2, 3, 4, 5, 6}


@pytest.mark.parametrize("block", sweep(range(10), fast=3))  # three fast (first, middle, last), all ten in CI
def test_golden_games_are_line_for_line_identical(block):
    """Games ``20*block .. 20*block+19``: each one's lines hash as recorded before optimising."""
    golden_lines.check(EXPECTED, ((game_id(i), game_lines(i)) for i in range(block * 20, block * 20 + 20)))

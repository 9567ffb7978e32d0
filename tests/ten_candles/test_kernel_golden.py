"""Optimisations change no rule: 200 seeded random games (2..6 players, seven configs, probes
that must be refused, interjections) replay to byte-identical transcripts, views and legal-move
lists (see ``tests/ten_candles/golden.py``)."""

from __future__ import annotations

import json

import pytest

from tests.ten_candles.golden import GAMES, HASHES, game_digest, game_spec

EXPECTED = json.loads(HASHES.read_text(encoding="utf-8"))


def test_there_are_golden_games_for_every_table_size_and_config():
    assert len(EXPECTED) == GAMES == 200
    assert {game_spec(i)[1].players for i in range(GAMES)} == {2, 3, 4, 5, 6}


@pytest.mark.parametrize("block", range(10))
def test_golden_games_are_byte_identical(block):
    """Games ``20*block .. 20*block+19``: each digest equals the one recorded before optimising."""
    for index in range(block * 20, block * 20 + 20):
        assert game_digest(index) == EXPECTED[index], f"golden game {index} {game_spec(index)} changed"

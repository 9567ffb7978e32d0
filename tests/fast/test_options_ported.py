"""Every rules option of a game reaches its native engine, and its differential tests.

The engines' config structs and readers are generated from the dataclasses at build time
(``narrator/fast/codegen.py``), so an engine built from the current sources reads every field;
the differential tests' option lists are derived from the same fields (``tests/fast/options.py``).
What is left to hold: that the installed engine was built from these fields, and that no option
escapes the lists.
"""

from __future__ import annotations

import dataclasses

import pytest
from narrator.rules.battaglia import BattagliaConfig
from narrator.rules.ten_candles.config import TenCandlesConfig

from narrator.fast import engine
from tests.fast.test_battaglia_native import OPTIONS as BATTAGLIA_OPTIONS
from tests.fast.test_ten_candles_native import OPTIONS as TEN_CANDLES_OPTIONS

CASES = {"battaglia": (BattagliaConfig, BATTAGLIA_OPTIONS, {"players", "deck_size", "max_players"}),
         "ten_candles": (TenCandlesConfig, TEN_CANDLES_OPTIONS, {"players"})}
"""Per game: the config, the differential tests' options, the table's shape (tested on its own)."""


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_engine_reads_every_field_of_the_config(game: str) -> None:
    config, _, _ = CASES[game]
    assert list(engine(game).OPTIONS) == [f.name for f in dataclasses.fields(config)], (
        f"the {game} engine was built from another {config.__name__}: rebuild it "
        f"(NATIVE_ONLY={game} pip install --no-deps --no-build-isolation -e .)")


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_differential_tests_vary_every_ported_option(game: str) -> None:
    config, options, shape = CASES[game]
    varied = {name for entry in options for name in entry}
    ported = {f.name for f in dataclasses.fields(config)} - set(engine(game).UNPORTED) - shape
    assert varied == ported

"""Every rules option of a game reaches its native engine.

A new field in ``BattagliaConfig`` or ``TenCandlesConfig`` that the C++ config reader never reads
would let the native engine play the default while the profile asked for something else; the rows
check of ``--verify`` would catch it only by luck. So the readers in ``native/<game>/module.cpp``
are held to the dataclasses here: add the option to the engine (and a move-for-move test under it)
in the same change that adds it to ``rules/``.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from narrator.rules.battaglia import BattagliaConfig
from narrator.rules.ten_candles.config import TenCandlesConfig

NATIVE = Path(__file__).resolve().parents[2] / "native"
DERIVED = {"deck_size": "cards"}
"""Options the engine reads through a derived property of the config (``cards`` = the deck size in play)."""


def _read_by(module: Path, pattern: str) -> set[str]:
    return set(re.findall(pattern, module.read_text(encoding="utf-8")))


def test_every_battaglia_option_is_read_by_the_native_engine() -> None:
    read = _read_by(NATIVE / "battaglia" / "module.cpp", r'(?:\bi|\bb|attr)\("(\w+)"\)|pick<\w+>\(o, "(\w+)"')
    names = {name for pair in read for name in pair if name}
    fields = {f.name for f in dataclasses.fields(BattagliaConfig)}
    assert {DERIVED.get(f, f) for f in fields} - names == set()


def test_every_ten_candles_option_is_read_by_the_native_engine() -> None:
    read = _read_by(NATIVE / "ten_candles" / "module.cpp", r'c\.attr\("(\w+)"\)')
    assert {f.name for f in dataclasses.fields(TenCandlesConfig)} - read == set()

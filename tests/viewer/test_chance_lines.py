"""The host's replay names what chance drew (issue 30, item 14): the deal, a second soul, dice; never a bare
«Случай: 2 6 0 1 …» that a reader cannot place."""

from __future__ import annotations

from pathlib import Path

import pytest
from narrator.agents.i18n import message

from narrator.viewer.tell import tell
from narrator.viewer.terminal import text_lines
from narrator.viewer.timeline import Lens, load

ROOT = Path(__file__).resolve().parents[2] / "transcripts"


def told(name: str, lang: str) -> list[str]:
    return [line.strip() for line in text_lines(tell(load(ROOT / name), Lens.parse("host"), lang), calls=False)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_battaglia_names_the_deal_and_the_second_souls(lang: str) -> None:
    lines = told("battaglia/play-9p-seat4-ru-seed-404.jsonl", lang)
    deal = message(lang, "replay.chance_deal", values="3 7 9 2 8 4 5 10 0 6 1")
    assert lines.count(deal) == 1 and lines.index(deal) < 8
    assert any(line == message(lang, "replay.chance_soul", values="1") for line in lines)
    bare = message(lang, "replay.chance", values="").strip()
    assert not any(line.startswith(bare) for line in lines)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ten_candles_names_dice(lang: str) -> None:
    lines = told("ten_candles/solo-en-seed1.jsonl", lang)
    assert message(lang, "replay.chance_dice", values="2 5 1 3 1 4 4 4 6 4") in lines

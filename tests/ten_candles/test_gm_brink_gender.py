"""Playtest 16: the Ten Candles Storyteller's Brink for seat 0 («Они видели, как ты звал Их по имени») agrees
with that character's gender: «ты звала Их» for Вера (the cards' ``ru_f``, as the survivors' «Я видела»)."""

from __future__ import annotations

from pathlib import Path

from narrator.agents.ten_candles import material as mat
from narrator.agents.ten_candles.variety import gender_of
from narrator.rules.core import HOST

from tests.ten_candles.test_repetition import played


def test_the_storytellers_brink_agrees_with_the_holders_gender(tmp_path: Path) -> None:
    cards = mat.load("characters")["gm_brinks"]
    his = {e["ru"] for e in cards}
    hers = {e["ru_f"] for e in cards}
    assert len(hers) == len(cards) and not his & hers  # every card has a woman's form
    seen = set()
    for seed in range(1, 9):
        records = played(tmp_path / str(seed), "ru", seed, players=3)
        names = {r["actor"]: r["payload"]["name"] for r in records
                 if r["kind"] == "action" and r["payload"]["kind"] == "describe_character"}
        brink = next(r["payload"]["text"] for r in records if r["kind"] == "action"
                     and r["payload"]["kind"] == "write_brink" and r["actor"] == HOST)
        woman = gender_of(names[0], "ru") == "f"
        said = brink.partition(" (")[0]
        assert said in (hers if woman else his), (names[0], brink)
        seen.add(woman)
        if seen == {True, False}:
            return
    raise AssertionError(f"seeds 1..8 did not seat both a man and a woman at seat 0: {seen}")

"""Canary: a troupe's character sheet reaches only its own seat, at the terminal (hot-seat) and in the
recorded game told as another seat (``narrator replay --as``, terminal and page)."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.storyteller.play import new_table, run
from narrator.storyteller.seat import TerminalPlayer
from narrator.viewer.page import render_page
from narrator.viewer.tell import tell
from narrator.viewer.terminal import text_lines
from narrator.viewer.timeline import Lens, load
from tests.storyteller.troupe_support import CANARY_TRAIT, CANARY_WILLPOWER, SCENARIO, PlanPlayer, canary_ruth


class Seats:
    """One terminal shared by the troupe: what is printed while each seat is at the keyboard."""

    def __init__(self, inputs: dict[int, list[str]]) -> None:
        self.inputs, self.at, self.printed = inputs, -1, {seat: [] for seat in inputs}

    def player(self, seat: int, lang: str) -> TerminalPlayer:
        def ask(_prompt: str) -> str:
            self.at = seat
            return self.inputs[seat].pop(0) if self.inputs[seat] else "1"

        def say(line: str) -> None:
            self.printed.setdefault(self.at if self.at >= 0 else seat, []).append(line)

        player = TerminalPlayer(ask, say, lang)
        player.troupe = True
        return player


def secret_in(text: str) -> bool:
    return CANARY_TRAIT in text.lower() or f"{CANARY_WILLPOWER} / {CANARY_WILLPOWER}" in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_hot_seat_shows_each_player_only_their_own_sheet(tmp_path: Path, lang: str) -> None:
    seats = Seats({0: ["sheet", "2"], 1: ["sheet", "who", "4"], 2: ["лист" if lang == "ru" else "sheet", "1"]})
    players = [seats.player(s, lang) for s in range(3)]
    table = new_table("wild_west", sheets=[canary_ruth(), "elias", "hattie"], lang=lang, seed=4,
                      transcript=tmp_path / "g.jsonl", say=lambda _line: None, scenario=SCENARIO, players=players)
    for _ in range(40):  # into the grade scene: every seat has been asked, shown its sheet and the others
        if not table.session.step() or all(not seats.inputs[s] for s in seats.inputs):
            break
    assert any(secret_in(line) for line in seats.printed[0])  # Ruth's player sees her whole sheet
    for seat in (1, 2):
        lines = seats.printed[seat]
        assert lines and not any(secret_in(line) for line in lines), seat
    assert any("a tracker who came west" in line or "следопыт" in line for line in seats.printed[1])  # `who`


def test_the_replay_told_as_another_seat_keeps_the_sheet_hidden(tmp_path: Path) -> None:
    path = tmp_path / "troupe.jsonl"
    table = new_table("wild_west", sheets=[canary_ruth(), "elias", "hattie"], lang="en", seed=4, transcript=path,
                      say=lambda _line: None, scenario=SCENARIO, players=[PlanPlayer(), PlanPlayer(), PlanPlayer()])
    assert run(table, lambda _line: None)
    timeline = load(path)
    own = "\n".join(text_lines(tell(timeline, Lens(seat=0), "en")))
    assert secret_in(own)  # the marker is there for its own seat
    for lens in (Lens(seat=1), Lens(seat=2), Lens()):
        told = "\n".join(text_lines(tell(timeline, lens, "en")))
        assert told and not secret_in(told), lens
    html = render_page(timeline, [Lens(seat=1), Lens()], "en")
    assert not secret_in(html)

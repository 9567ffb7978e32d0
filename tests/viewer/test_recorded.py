"""Canaries on recorded games: every line the viewer tells carries the mark of the transcript line it
came from, and no lens (terminal, or a lens embedded in a page) may show the mark of a line its
viewer could not see then. The oracle reads each line's recorded audience and actor from the raw
JSON, as the live table's rules say (docs/replay.md), not through the viewer's own code.

Every game is covered: the recorded battaglia and Ten Candles games of ``transcripts/`` and seeded
Dark Ages and Wild West games played for the test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from narrator.viewer import tell as tell_module
from narrator.viewer.access import lenses_for
from narrator.viewer.page import page_data
from narrator.viewer.tell import tell
from narrator.viewer.terminal import text_lines
from narrator.viewer.timeline import Lens, Timeline, load
from tests.resume_games import GAMES

ROOT = Path(__file__).resolve().parents[2]
SLOW = ["battaglia/sim-6p-seed-101.jsonl", "ten_candles/solo-en-seed1.jsonl",
        "battaglia/play-9p-seat4-ru-seed-404.jsonl", "battaglia/sim-12p-seed-202.jsonl",
        "battaglia/sim-17p-seed-303.jsonl", "ten_candles/solo-ru-seed2.jsonl"]
MARK = re.compile(r"⟦L(\d+)⟧")


def may_see(record: dict[str, Any], lens: Lens) -> bool:
    """The oracle: whether the viewer behind ``lens`` could see this transcript record."""
    kind, actor = record["kind"], record.get("actor")
    if lens.host and (kind != "llm_call" or lens.calls):
        return True
    if kind == "event":
        audience = record["audience"]
        return audience == "public" or (isinstance(audience, list) and lens.seat in audience)
    if kind in ("narration", "talk", "result"):
        return True
    return lens.seat is not None and actor == lens.seat and kind != "chance"


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every told line and model call ends with the mark of its transcript line."""
    entry_text, call = tell_module.Teller.entry_text, tell_module.Teller.call

    def marked_text(self: Any, entry: Any, view: Any, before: Any) -> str:
        text = entry_text(self, entry, view, before)
        return "\n".join(f"{part} ⟦L{entry.line}⟧" for part in text.split("\n")) if text else text

    def marked_call(self: Any, entry: Any) -> Any:
        told = call(self, entry)
        told.summary += f" ⟦L{entry.line}⟧"
        return told

    monkeypatch.setattr(tell_module.Teller, "entry_text", marked_text)
    monkeypatch.setattr(tell_module.Teller, "call", marked_call)


def records_by_line(path: Path) -> dict[int, dict[str, Any]]:
    return {number: json.loads(line) for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)}


def check_terminal(timeline: Timeline, records: dict[int, dict[str, Any]]) -> None:
    for lens in timeline.lenses():
        text = "\n".join(text_lines(tell(timeline, lens, "en", panels=False), calls=True))
        shown = {int(n) for n in MARK.findall(text)}
        leaks = sorted(n for n in shown if not may_see(records[n], lens))
        assert not leaks, f"{lens.key} was shown line {leaks[0]}: {json.dumps(records[leaks[0]], ensure_ascii=False)[:300]}"
        private = [n for n, r in records.items() if r["kind"] == "event" and isinstance(r["audience"], list)
                   and lens.seat in r["audience"]]
        if private and lens.seat is not None:
            assert shown & set(private), f"{lens.key} was shown none of its private events"


def check_page(timeline: Timeline, records: dict[int, dict[str, Any]], owner: Lens) -> None:
    lenses = lenses_for(owner, timeline)
    data = page_data(timeline, lenses, "en")
    assert [entry["key"] for entry in data["lenses"]] == [lens.key for lens in lenses]
    for lens, told in zip(lenses, data["lenses"], strict=True):
        texts = [data["texts"][i] for step in told["steps"] for _, i in step["l"]]
        texts += [summary for step in told["steps"] for summary, _ in step["k"]]
        leaks = sorted({int(n) for text in texts for n in MARK.findall(text)} - {
            n for n, r in records.items() if may_see(r, lens)})
        assert not leaks, f"page of {owner.key}, lens {lens.key}: line {leaks[0]}"
    everything = json.dumps(data, ensure_ascii=False)
    allowed = {n for n, r in records.items() if any(may_see(r, lens) for lens in lenses)}
    assert {int(n) for n in MARK.findall(everything)} <= allowed


def _recorded(name: str) -> None:
    path = ROOT / "transcripts" / name
    timeline, records = load(path), records_by_line(path)
    check_terminal(timeline, records)
    for owner in (Lens(seat=timeline.seats - 1), Lens(), Lens(seat=0)):
        check_page(timeline, records, owner)


@pytest.mark.slow
@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize("name", SLOW)
def test_every_recorded_game_shows_each_lens_only_its_lines(name: str) -> None:
    _recorded(name)


@pytest.fixture(scope="module")
def storyteller_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Seeded Storyteller games, played once and only when a test asks."""
    folder = tmp_path_factory.mktemp("storyteller")
    return {"folder": folder}


def _played(games: dict[str, Path], game: str) -> Path:
    if game not in games:
        games[game] = games["folder"] / f"{game}.jsonl"
        GAMES[game][0](games[game], {"dark-ages": 4, "wild-west": 3}[game])
    return games[game]


@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize("game", ["dark-ages", pytest.param("wild-west", marks=pytest.mark.slow)])
def test_storyteller_games_show_each_lens_only_its_lines(storyteller_games: dict[str, Path], game: str) -> None:
    path = _played(storyteller_games, game)
    timeline, records = load(path), records_by_line(path)
    check_terminal(timeline, records)
    check_page(timeline, records, Lens(seat=0))
    told = tell(timeline, Lens(seat=0), "en")
    assert len(told.chapters) > 2 and told.steps  # scene by scene


@pytest.mark.usefixtures("marked")
def test_a_troupe_game_shows_each_player_only_their_own(tmp_path: Path) -> None:
    """Two characters at one Wild West table: each seat's answers and sheet are its own."""
    from narrator.storyteller.play import new_table, run
    from narrator.storyteller.seat import BotPlayer, ScriptedPlayer

    path = tmp_path / "troupe.jsonl"
    table = new_table("wild_west", sheets=["ruth", "elias"], lang="en", seed=3, transcript=path,
                      say=lambda _line: None, players=[ScriptedPlayer([], then="first"), BotPlayer(3)])
    run(table, lambda _line: None)
    timeline, records = load(path), records_by_line(path)
    assert timeline.seats == 2
    check_terminal(timeline, records)
    check_page(timeline, records, Lens(seat=1))
    ruth = "\n".join(text_lines(tell(timeline, Lens(seat=0), "en")))
    assert "chooses: Study the tape" in ruth and "Elias Pruitt [you]" not in ruth

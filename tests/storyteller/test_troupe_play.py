"""A troupe at one table: several characters asked in turn, each seat seeing only its own sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from narrator.rules.replay import replay
from narrator.rules.storyteller import WILD_WEST, BeginScene

from narrator.storyteller.data import DataError
from narrator.storyteller.play import new_table, resolve_sheet, run
from narrator.storyteller.scenario import PROMPTS, load_scenario
from narrator.storyteller.seat import BotPlayer, ScriptedPlayer


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("book,sheets", [("wild_west", ["ruth", "elias"]), ("dark_ages", ["ysolde", "odo"])])
def test_two_characters_play_the_built_in_scenario_to_its_end(tmp_path: Path, book: str, sheets: list[str]) -> None:
    path = tmp_path / "game.jsonl"
    said: list[str] = []
    table = new_table(book, sheets=sheets, lang="en", seed=3, transcript=path, say=said.append,
                      players=[ScriptedPlayer([], then="first"), BotPlayer(3)])
    assert run(table, said.append)
    lines = records(path)
    assert lines[0]["pcs"] == [resolve_sheet(book, s).id for s in sheets]
    assert {r["actor"] for r in lines if r["kind"] == "answer"} == {0, 1}  # both seats were asked
    assert not replay([json.dumps(r) for r in lines]).errors


def test_a_seat_sees_its_own_sheet_and_of_the_others_only_what_the_table_knows(tmp_path: Path) -> None:
    table = new_table("wild_west", sheets=["ruth", "elias"], lang="en", seed=1, transcript=tmp_path / "g.jsonl",
                      say=lambda _line: None, players=[ScriptedPlayer([]), ScriptedPlayer([])])
    state = WILD_WEST.apply(table.session.state, BeginScene(scene="depot")).state
    mine = WILD_WEST.view(state, 1)
    sheets = {s["id"]: s for s in mine["sheets"]}
    assert set(sheets) == {"ruth", "elias"}
    assert "attributes" in sheets["elias"] and sheets["elias"]["willpower"] == 6
    assert set(sheets["ruth"]) <= {"id", "name", "concept", "creature", "player"}
    ruth = next(c for c in mine["characters"] if c["id"] == "ruth")
    assert "willpower" not in ruth and "rage" not in ruth and "health" in ruth
    assert "willpower" in WILD_WEST.view(state, -2)["characters"][0]  # the Storyteller sees every value


def test_a_scenario_error_names_the_file_and_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    source = (PROMPTS / "dark_ages.yaml").read_text(encoding="utf-8")
    bad.write_text(source.replace("difficulty: 7}", "difficulty: 12}", 1), encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_scenario("dark_ages", bad)
    assert str(bad) in str(error.value) and "scenes.landing.approaches.0.roll.difficulty" in str(error.value)
    bad.write_text(source.replace("opponent: warden", "opponent: abbot"), encoding="utf-8")
    with pytest.raises(DataError, match=r"resisted\.opponent: 'abbot' is not one of the npcs"):
        load_scenario("dark_ages", bad)


def test_too_many_characters_for_the_scenario_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="written for 1..4 characters, not 5"):
        new_table("wild_west", sheets=["ruth", "elias", "ruth", "elias", "ruth"], lang="en", seed=1,
                  transcript=tmp_path / "g.jsonl", say=lambda _line: None, players=[ScriptedPlayer([])] * 5)

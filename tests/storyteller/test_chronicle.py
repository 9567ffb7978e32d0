"""A chronicle across sessions (issue 16): the sheet as it changed, what the character knew, a bounded memory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from narrator.rules.core import Viewer

from narrator.storyteller import play as template_play
from narrator.storyteller.chronicle import SUMMARY_SENTENCES, Chronicle, memory, recap
from narrator.storyteller.chronicle_play import previously, start
from narrator.storyteller.scenario import load_scenario
from narrator.storyteller.seat import ScriptedPlayer


def session(chronicle: Chronicle, inputs: list[str], *, then: str = "first", seed: int = 3,
            max_moves: int = 400) -> bool:
    """Play the chronicle's next session with scripted inputs; read it in when its story ends."""
    scenario = load_scenario(chronicle.book)
    path = chronicle.begin(scenario.id)
    table = template_play.new_table(chronicle.book, character=chronicle.sheet_file(), lang=chronicle.lang, seed=seed,
                                    transcript=path, player=ScriptedPlayer(inputs, then=then), say=lambda _l: None)
    finished = template_play.run(table, lambda _l: None, max_moves=max_moves)
    chronicle.close(scenario)
    return finished


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_second_session_starts_from_the_sheet_the_first_left(lang: str, tmp_path: Path) -> None:
    """Willpower spent stays spent, the wounds stay marked; the recap tells the first story's end."""
    chronicle = start(tmp_path, "dark_ages", None, lang)
    full = chronicle.sheet["willpower"]
    assert session(chronicle, ["1w", "1w"])
    first = chronicle.sessions[0]
    assert first["ending"] and first["scenes"][0] == "landing"
    assert chronicle.sheet["willpower_points"] < full, "the Willpower spent in session 1 is not back"
    lines = recap(lang, chronicle)
    title = load_scenario("dark_ages").title.get(lang)
    assert lines[0] == ("Previously:" if lang == "en" else "Ранее:") and title in lines[1]
    ending = load_scenario("dark_ages").endings[first["ending"]].get(lang)
    assert ending.split(".")[0] in lines[1]
    table = template_play.new_table("dark_ages", character=chronicle.sheet_file(), lang=lang, seed=4,
                                    transcript=tmp_path / "next.jsonl", player=ScriptedPlayer([]), say=lambda _l: None)
    view = table.session.game.view(table.session.state, Viewer.HOST)
    me = next(c for c in view["characters"] if c["id"] == chronicle.sheet["id"])
    assert me["willpower"] == chronicle.sheet["willpower_points"] and list(me["damage"]) == chronicle.sheet["damage"]


def test_an_unfinished_session_stays_open_and_resumes(tmp_path: Path) -> None:
    chronicle = start(tmp_path, "wild_west", None, "en")
    assert not session(chronicle, ["1"], then="quit")
    assert chronicle.open_session is not None and not chronicle.open_session.get("ending")
    again = Chronicle.load(tmp_path)
    assert again is not None and again.open_session == chronicle.open_session
    path = tmp_path / again.open_session["transcript"]
    table = template_play.resume_table(path, player=ScriptedPlayer([], then="first"), say=lambda _l: None)
    assert template_play.run(table, lambda _l: None, max_moves=400), "the same game goes on to its end"
    assert again.close(load_scenario("wild_west")) is not None and again.open_session is None


@pytest.mark.slow
def test_the_chronicle_holds_only_what_the_character_knew(tmp_path: Path) -> None:
    """No Storyteller character's sheet reaches the chronicle or the model's memory."""
    chronicle = start(tmp_path, "dark_ages", None, "en")
    for seed in (3, 5, 9):
        session(chronicle, [], seed=seed)
    text = (tmp_path / "chronicle.json").read_text(encoding="utf-8") + memory("en", chronicle)
    for npc in load_scenario("dark_ages").npcs:
        assert npc["creature"] not in text.replace(chronicle.sheet.get("creature", "-"), "")
        assert json.dumps(npc["attributes"]) not in text


@pytest.mark.slow
def test_the_memory_stays_bounded(tmp_path: Path) -> None:
    """However long the chronicle, the model gets a summary of a few sentences and the facts of now."""
    chronicle = start(tmp_path, "dark_ages", None, "en")
    sizes = []
    for seed in range(8):
        session(chronicle, [], seed=seed)
        sizes.append(len(memory("en", chronicle)))
    assert len(chronicle.sessions) == 8 and len(chronicle.summary) == SUMMARY_SENTENCES
    assert max(sizes[SUMMARY_SENTENCES:]) < 2 * max(sizes[:SUMMARY_SENTENCES]), sizes


def test_a_model_recap_replaces_the_template_lines_and_falls_back(tmp_path: Path) -> None:
    chronicle = start(tmp_path, "dark_ages", None, "en")
    session(chronicle, [])
    assert previously(chronicle, lambda memory: f"Told from {len(memory)} characters.")[1].startswith("Told from")
    assert previously(chronicle, lambda memory: None) == recap("en", chronicle)


def test_another_books_chronicle_is_refused(tmp_path: Path) -> None:
    from narrator.storyteller.data import DataError

    start(tmp_path, "dark_ages", None, "en")
    with pytest.raises(DataError, match="dark ages chronicle"):
        start(tmp_path, "wild_west", None, "en")


@pytest.mark.parametrize("book", ["dark-ages", "wild-west"])
def test_the_command_starts_and_resumes_a_chronicle(book: str, tmp_path: Path) -> None:
    """``narrator play <book> --chronicle DIR``: session 1 starts; quitting and playing again resumes it."""
    from typer.testing import CliRunner

    from narrator.cli.main import app

    folder = tmp_path / "chronicle"
    first = CliRunner().invoke(app, ["play", book, "--chronicle", str(folder), "--seed", "3", "--lang", "en"],
                               input="q\n")
    assert first.exit_code == 0, first.output
    assert "session 1." in " ".join(first.output.split()) and (folder / "session-1.jsonl").is_file()
    again = CliRunner().invoke(app, ["play", book, "--chronicle", str(folder)], input="q\n")
    assert "session 1 goes on" in " ".join(again.output.split()), again.output  # rich wraps at the terminal width

"""A troupe's typed intents (issue 16): every character's player may type what their character does on
their own turn, offline (the template reads the words as that seat's closest approach) and with a model
(each seat's words go to the model as they are, for that seat's character)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from narrator.storyteller.intent import FREE
from narrator.storyteller.llm_play import attach_llm
from narrator.storyteller.play import new_table
from narrator.storyteller.seat import ScriptedPlayer
from tests.storyteller.improv_support import OFFLINE_URL, settings


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _troupe(path: Path, words: list[list[str]]):
    players = [ScriptedPlayer(typed, then="first") for typed in words]
    table = new_table("dark_ages", sheets=["ysolde", "odo"], lang="en", seed=3, transcript=path,
                      say=lambda _line: None, players=players)
    return table, players


def _step_until_both_answered(table, path: Path) -> list[dict]:
    session = table.session
    for _ in range(40):
        if not session.step():
            break
        answers = [r for r in records(path) if r["kind"] == "answer" and r["payload"].get("intent")]
        if {r["actor"] for r in answers} >= {0, 1}:
            session.step()  # the Storyteller's move on the second intent
            break
    session.close()
    return records(path)


def test_each_character_of_a_troupe_types_an_intent_offline(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    # Ysolde slips aboard at the landing; Brother Odo is first asked on the river (the crossing scene)
    table, players = _troupe(path, [["I wait until he turns away and slip onto the ferry"] * 3,
                                    ["I brace my feet and haul the ferry along the rope"] * 3])
    lines = _step_until_both_answered(table, path)
    typed = {r["actor"]: r["payload"] for r in lines if r["kind"] == "answer" and r["payload"].get("intent")}
    assert set(typed) == {0, 1}  # the second character's player typed words too, on its own turn
    assert typed[1]["approach"] == "haul" and typed[1]["intent"].startswith("I brace")  # read as an approach offline
    assert players[1].said and "takes this as approach" in players[1].said[0]  # and says which it read


@pytest.mark.slow  # plays two scenes against an unreachable model (its fallbacks)
def test_with_a_model_every_seat_of_the_troupe_hands_its_words_to_it(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    table, players = _troupe(path, [["I wait until he turns away and slip onto the ferry"],
                                    ["I brace my feet and haul the ferry along the rope"]])
    attach_llm(table, settings(OFFLINE_URL, max_retries=0, timeout=1.0), players[0], lambda _line: None)
    assert all(p.free_intent for p in players)  # not only the first character's player
    lines = _step_until_both_answered(table, path)
    typed = {r["actor"]: r["payload"] for r in lines if r["kind"] == "answer" and r["payload"].get("intent")}
    assert typed[1]["approach"] == FREE  # seat 1's own words, handed to the model as they are
    moves = [r for r in lines if r["kind"] == "action" and (r.get("notes") or {}).get("intent", "").startswith("I brace")]
    assert moves, "the second character's intent became a Storyteller move (the template's, the model unreachable)"


@pytest.mark.parametrize(("lang", "name", "english"), [("ru", "Мастер Кесслер", "Foreman Dutch Kessler"),
                                                        ("en", "Foreman Kessler", "Foreman Dutch Kessler")])
def test_the_terminal_names_the_storytellers_characters_in_the_players_language(tmp_path: Path, lang: str, name: str,
                                                                               english: str) -> None:
    """The contest's dice line and its result name the foreman as the scenario names him in the table's
    language (the sheet's English name leaked into the Russian dice line), and a line opens with a capital."""
    said: list[str] = []
    players = [ScriptedPlayer(["1"], then="quit"), ScriptedPlayer([], then="quit")]
    table = new_table("wild_west", sheets=["elias", "hattie"], lang=lang, seed=5, transcript=tmp_path / "c.jsonl",
                      say=said.append, players=players, scenario="copper-gulch")
    session = table.session
    for _ in range(4):  # the scene, Elias's request to win the foreman over, its dice
        session.step()
    session.close()
    told = "\n".join(said)
    assert "resisted_resolved" in {r.get("event") for r in records(tmp_path / "c.jsonl")}
    assert english not in told and name.split()[-1] in told
    assert not any(line.startswith(name.lower()) for line in said)  # «мастер Кесслер берёт верх» opens a line

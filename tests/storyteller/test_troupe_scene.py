"""A seeded troupe scene of three characters: a contest between two of them, a teamwork roll of all
three, the whole game replayed, and resumed from the middle of a scene into the same game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from narrator.rules.replay import replay

from narrator.storyteller.play import resume_table, run
from tests.storyteller.troupe_support import PlanPlayer, troupe_table


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def moves(path: Path) -> list[tuple[str, object]]:
    return [(r["kind"], r["payload"]) for r in records(path) if r["kind"] in ("action", "chance", "answer")]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_characters_contest_each_other_and_work_together(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "troupe.jsonl"
    said: list[str] = []
    assert run(troupe_table(path, lang, said.append), said.append)
    lines = records(path)
    proposals = [r["payload"] for r in lines if r["kind"] == "action"]
    versus = next(p for p in proposals if p["kind"] == "resisted")
    assert (versus["character"], versus["opponent"]) == ("ruth", "elias")  # between two player characters
    team = next(p for p in proposals if p["kind"] == "teamwork")
    assert team["members"] == ["ruth", "elias", "hattie"] and team["target"] == 5
    assert team["traits"] == [["dexterity", "crafts"]] * 3
    resolved = next(r["data"] for r in lines if r.get("event") == "team_resolved")
    assert resolved["successes"] == sum(0 if resolved["spoiled"] else m["net"] for m in resolved["results"])
    joined = [r for r in lines if r["kind"] == "answer" and r["payload"].get("joins")]
    assert {r["actor"] for r in joined} == {1, 2}  # both others were asked and joined
    team_line = "work together" if lang == "en" else "действуют сообща"
    assert any(team_line in line for line in said)
    assert not replay([json.dumps(r) for r in lines]).errors
    assert any(("THE END" if lang == "en" else "КОНЕЦ") in line for line in said)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_resume_in_the_middle_of_the_teamwork_scene_is_the_same_game(tmp_path: Path, lang: str) -> None:
    full = tmp_path / "full.jsonl"
    assert run(troupe_table(full, lang, lambda _line: None), lambda _line: None)
    lines = full.read_text(encoding="utf-8").splitlines()
    kinds = [json.loads(line) for line in lines]
    # cut right after the first invitation to join was answered: mid-scene, mid-question
    cut = next(i for i, r in enumerate(kinds) if r["kind"] == "answer" and r["payload"].get("joins")) + 1
    partial = tmp_path / "partial.jsonl"
    partial.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    table = resume_table(partial, players=[PlanPlayer(), PlanPlayer(), PlanPlayer()], say=lambda _line: None)
    assert run(table, lambda _line: None)
    assert moves(partial) == moves(full)

"""A troupe of three with the model Storyteller on recorded real traffic (SmolLM2 over llama.cpp), in
each book: a contest between two player characters, a teamwork roll and plain rolls, each set by the
model and judged by the kernel.

Cassettes: ``tests/llm/cassettes/storyteller_troupe.yaml`` (Wild West, "The Last Stage to Bitter Creek")
and ``storyteller_troupe_dark_ages.yaml`` (Dark Ages, "The Bell of Saint-Vaast"). Re-record against the
embedded model (the fixture starts one; ``NARRATOR_LLM_URL`` points at a server already running instead)::

    NARRATOR_LLM_RECORD=1 python -m pytest tests/storyteller/test_troupe_cassette.py -m record
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from narrator.rules.replay import replay

from narrator.storyteller import play as template_play
from narrator.storyteller.llm_play import attach_llm
from tests.cassettes import Scenario, record_scenario, replay_scenario
from tests.storyteller.test_llm_roles import OFFLINE_URL, settings
from tests.storyteller.troupe_support import PlanPlayer, troupe_table

MODEL_ROLES = ("storyteller-roll", "storyteller-contest", "storyteller-teamwork")
"""The model's requests the kernel judges: a plain roll, a contest, a teamwork roll."""
SHAPED = ("roll", "resisted", "teamwork")


@dataclass(frozen=True)
class Troupe:
    cassette: str
    plan: Mapping[tuple[int, int], str]
    """(scene number, seat) -> the option typed (the same number answers a call to help)."""
    max_moves: int

    def table(self, path: Path, say: Any) -> template_play.Table:
        players = [PlanPlayer(self.plan) for _ in range(3)]
        if self.cassette == "storyteller_troupe":
            return troupe_table(path, "en", say, players=players)
        return template_play.new_table("dark_ages", sheets=["hugues", "salome", "odo"], lang="en", seed=4,
                                       transcript=path, say=say, scenario="bell-of-saint-vaast", players=players)


TROUPES = {
    # the waystation: Ruth plays poker against Elias (a contest), Elias boards; on the grade Ruth mends
    # the wheel, Elias helps (teamwork), Hattie declines and keeps a lookout (a plain roll)
    "wild_west": Troupe("storyteller_troupe", {(1, 0): "2", (1, 1): "4", (2, 0): "1", (2, 1): "1", (2, 2): "2"}, 16),
    # the inn: Hugues pockets the silver against Salomé's eyes (a contest), Salomé and Odo read the ruts;
    # at the mill Hugues hauls the bell, Salomé helps (teamwork), Odo declines and coaxes the mule
    "dark_ages": Troupe("storyteller_troupe_dark_ages",
                        {(1, 0): "3", (1, 1): "2", (1, 2): "2", (2, 0): "1", (2, 1): "1", (2, 2): "2"}, 16),
}


def play(troupe: Troupe, base_url: str, path: Path) -> dict[str, Any]:
    said: list[str] = []
    table = troupe.table(path, said.append)
    patient = settings(base_url, timeout=300.0, decision_deadline=600.0)  # a loaded machine while recording
    table, _voice = attach_llm(table, patient, PlanPlayer(troupe.plan), said.append)
    finished = template_play.run(table, said.append, max_moves=troupe.max_moves)
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return {"finished": finished, "records": records, "said": said}


def request_outcomes(records: list[dict[str, Any]]) -> list[tuple[str, Any, int, int, str]]:
    """Per roll, contest or teamwork roll: (kind, who, model requests, answers refused, who decided).

    An answer is refused by its schema (a trait not on the sheet: re-asked at once) or by the kernel
    (a ``rejected`` record, then re-asked with the kernel's reason).
    """
    outcomes, asked, refused = [], 0, 0
    for record in records:
        if record["kind"] == "llm_call" and record["role"] in MODEL_ROLES:
            asked += 1
            refused += record["outcome"] != "ok"
        elif record["kind"] == "rejected":
            refused += 1
        elif record["kind"] == "action":
            payload = record["payload"]
            if payload["kind"] in SHAPED:
                who = payload.get("members") or [payload["character"], *([payload["opponent"]]
                                                                         if "opponent" in payload else [])]
                outcomes.append((payload["kind"], who, asked, refused, record["notes"]["by"]))
            asked, refused = 0, 0
    return outcomes


def check(result: dict[str, Any]) -> None:
    records = result["records"]
    calls = [r for r in records if r["kind"] == "llm_call" and r["role"] in MODEL_ROLES]
    assert calls and all(c["prompt_tokens"] > 0 and c["outcome"] in ("ok", "invalid", "empty") for c in calls)
    assert any(c["outcome"] == "ok" for c in calls), "real answers, some of them usable"
    outcomes = request_outcomes(records)
    kinds = {o[0] for o in outcomes if o[2] >= 1}
    assert kinds == set(SHAPED), f"the model was asked for a plain roll, a contest and a teamwork roll: {outcomes}"
    contest = next(o for o in outcomes if o[0] == "resisted")
    assert len(contest[1]) == 2 and all(c in records[0]["pcs"] for c in contest[1]), "two player characters"
    assert len(next(o for o in outcomes if o[0] == "teamwork")[1]) >= 2
    for kind, who, asked, refused, by in outcomes:
        if by.startswith("llm:"):  # the kernel took the model's request, after `refused` refused answers
            assert refused == asked - 1, (kind, who, asked, refused)
        elif asked:  # every answer was refused; the template set it, with the reason recorded
            assert refused == asked, (kind, who, asked, refused, by)
    fallbacks = [r for r in records if r["kind"] == "fallback" and r["role"] in MODEL_ROLES]
    assert len(fallbacks) == sum(1 for o in outcomes if o[2] and not o[4].startswith("llm:"))
    assert all(f["reason"].startswith(("illegal: ", "invalid: ")) for f in fallbacks), fallbacks
    told = [r for r in records if r["kind"] == "llm_call" and r["role"] == "storyteller-narration"]
    resolved = [r for r in records if r.get("event") in ("roll_resolved", "resisted_resolved", "team_resolved")]
    assert told and len(told) >= len(resolved), "the model told every result (re-asked where it contradicted it)"
    assert replay([json.dumps(r) for r in records]).errors == [], "the transcript replays"


def troupe_scenario(book: str, tmp_path: Path) -> Scenario:
    return (lambda base_url: play(TROUPES[book], base_url, tmp_path / "troupe.jsonl")), check


@pytest.mark.parametrize("book", list(TROUPES))
def test_replayed_troupe_scene(book: str, tmp_path: Path, no_network: None) -> None:
    """Three seats, the model Storyteller's requests judged by the kernel, the transcript replays."""
    replay_scenario(TROUPES[book].cassette, troupe_scenario(book, tmp_path), OFFLINE_URL)


@pytest.mark.record
@pytest.mark.parametrize("book", list(TROUPES))
def test_record(book: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = os.environ.get("NARRATOR_LLM_URL") or request.getfixturevalue("local_model_url")
    record_scenario(TROUPES[book].cassette, troupe_scenario(book, tmp_path), url)

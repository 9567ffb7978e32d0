"""A troupe of three with the model Storyteller on recorded real traffic (SmolLM2 over llama.cpp).

Cassette: ``tests/llm/cassettes/storyteller_troupe.yaml``. Re-record against the embedded model (the
fixture starts one; ``NARRATOR_LLM_URL`` points at a server already running instead)::

    NARRATOR_LLM_RECORD=1 python -m pytest tests/storyteller/test_troupe_cassette.py -m record
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from narrator.rules.replay import replay

from narrator.storyteller import play as template_play
from narrator.storyteller.llm_play import attach_llm
from tests.cassettes import Scenario, record_scenario, replay_scenario
from tests.storyteller.test_llm_roles import OFFLINE_URL, settings
from tests.storyteller.troupe_support import PlanPlayer, troupe_table

CASSETTE = "storyteller_troupe"
PLAN = {(1, 0): "3", (2, 0): "2", (2, 1): "2", (2, 2): "2"}
"""Ruth boards the coach at the waystation; on the grade each character keeps a lookout: plain rolls,
which the model Storyteller is asked to set (contests and teamwork are the scenario's)."""
MAX_MOVES = 22
"""Steps of the session: the waystation, then each character's lookout roll on the grade."""


def play(base_url: str, path: Path) -> dict[str, Any]:
    said: list[str] = []
    table = troupe_table(path, "en", said.append, players=[PlanPlayer(PLAN) for _ in range(3)])
    patient = settings(base_url, timeout=300.0, decision_deadline=600.0)  # a loaded machine while recording
    table, _voice = attach_llm(table, patient, PlanPlayer(PLAN), said.append)
    finished = template_play.run(table, said.append, max_moves=MAX_MOVES)
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return {"finished": finished, "records": records, "said": said}


def roll_outcomes(records: list[dict[str, Any]]) -> list[tuple[str, int, int, str]]:
    """Per plain roll: (character, model requests, kernel refusals, who decided) since the previous action."""
    outcomes, asked, refused = [], 0, 0
    for record in records:
        if record["kind"] == "llm_call" and record["role"] == "storyteller-roll":
            asked += 1
        elif record["kind"] == "rejected":
            refused += 1
        elif record["kind"] == "action":
            if record["payload"]["kind"] == "roll":
                outcomes.append((record["payload"]["character"], asked, refused, record["notes"]["by"]))
            asked, refused = 0, 0
    return outcomes


def check(result: dict[str, Any]) -> None:
    records = result["records"]
    assert not result["finished"], "the run stopped at its fixed number of moves (the story is longer)"
    calls = [r for r in records if r["kind"] == "llm_call" and r["role"] == "storyteller-roll"]
    assert calls and all(c["outcome"] == "ok" and c["prompt_tokens"] > 0 for c in calls), "real answers"
    outcomes = roll_outcomes(records)
    assert {o[0] for o in outcomes} == {"ruth", "elias", "hattie"}, f"every character was asked: {outcomes}"
    for character, asked, refused, by in outcomes:
        assert asked >= 1, f"{character}: the model Storyteller was asked to set the roll"
        if by.startswith("llm:"):  # the kernel accepted the model's request, after `refused` refusals
            assert refused == asked - 1, (character, asked, refused)
        else:  # the kernel refused every request; the template set the roll, with the reason recorded
            assert refused == asked == 3, (character, asked, refused, by)
    fallbacks = [r for r in records if r["kind"] == "fallback" and r["role"] == "storyteller-roll"]
    assert all(f["reason"].startswith("illegal: ") for f in fallbacks), fallbacks
    assert replay([json.dumps(r) for r in records]).errors == [], "the transcript replays"


def troupe(tmp_path: Path) -> Scenario:
    return (lambda base_url: play(base_url, tmp_path / "troupe.jsonl")), check


def test_replayed_troupe_scene(tmp_path: Path, no_network: None) -> None:
    """Three seats, the model Storyteller's requests judged by the kernel, the transcript replays."""
    replay_scenario(CASSETTE, troupe(tmp_path), OFFLINE_URL)


@pytest.mark.record
def test_record(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = os.environ.get("NARRATOR_LLM_URL") or request.getfixturevalue("local_model_url")
    record_scenario(CASSETTE, troupe(tmp_path), url)

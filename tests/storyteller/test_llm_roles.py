"""The Dark Ages LLM Storyteller on recorded real traffic (roll request + narration), and under faults.

Cassette: ``tests/llm/cassettes/storyteller_dark_ages.yaml`` (SmolLM2, recorded here). Re-record::

    NARRATOR_LLM_RECORD=1 python -m pytest tests/storyteller/test_llm_roles.py -m record
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from narrator.agents.llm import LLMSettings, load_settings
from narrator.rules.replay import replay

from narrator.storyteller import play as template_play
from narrator.storyteller.llm import FRAME_CHARS, result_problems
from narrator.storyteller.llm_play import attach_llm
from narrator.storyteller.seat import ScriptedPlayer
from tests.cassettes import RECORDING, Scenario, record_scenario, replay_scenario
from tests.llm import faults

MODEL = "smollm2-135m-instruct"
OFFLINE_URL = "http://127.0.0.1:9/v1"
CASSETTE = "storyteller_dark_ages"


def settings(base_url: str, **overrides: Any) -> LLMSettings:
    values = {"temperature": 0.7, "max_retries": 1, "retry_wait_max": 0.0, "timeout": 120.0, **overrides}
    if RECORDING:  # a loaded machine answers slowly; waits are not part of the recorded traffic
        values.update(timeout=600.0, decision_deadline=1800.0)
    return load_settings(**values).for_local(base_url, MODEL)


def play(base_url: str, path: Path, *, max_moves: int = 4, http_client: Any = None,
         book: str = "dark_ages") -> dict[str, Any]:
    """The sample scenario with the model Storyteller; the scripted player takes the first approach."""
    said: list[str] = []
    player = ScriptedPlayer(["1"], then="first")
    table = template_play.new_table(book, character=None, lang="en", seed=3, transcript=path, player=player,
                                    say=said.append)
    table, voice = attach_llm(table, settings(base_url), player, said.append, http_client=http_client)
    finished = template_play.run(table, said.append, max_moves=max_moves)
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return {"finished": finished, "records": records, "voice": voice, "said": said}


def check_roll_and_narration(result: dict[str, Any]) -> None:
    records = result["records"]
    calls = [r for r in records if r["kind"] == "llm_call"]
    requests = [c for c in calls if c["role"] == "storyteller-roll"]
    assert requests and requests[0]["prompt_tokens"] > 0
    check_framing(result)
    rolls = [r for r in records if r["kind"] == "action" and r["payload"]["kind"] == "roll"]
    rejected = [r for r in records if r["kind"] == "rejected"]
    fallbacks = [r for r in records if r["kind"] == "fallback" and r["role"] == "storyteller-roll"]
    assert rolls, "a roll reached the kernel"
    for roll in (r for r in records if r["kind"] in ("action", "rejected") and r["payload"]["kind"] == "roll"):
        traits = roll["payload"]["traits"]  # one Attribute and at most one Ability: the schema allows no other shape
        assert 1 <= len(traits) <= 2 and roll.get("rejection", {}).get("code") != "POOL_SHAPE", roll
    if rolls[0]["notes"]["by"].startswith("llm:"):
        assert not fallbacks[:1] or records.index(fallbacks[0]) > records.index(rolls[0])
    else:  # the model's requests were refused with the kernel's reasons, then the template decided
        assert rejected and fallbacks and fallbacks[0]["reason"].startswith("illegal: 3 answers refused")
        assert len(requests) == 3, "the first request and two re-asks with the kernel's reason"
    resolved = [r for r in records if r["kind"] == "event" and r["event"] == "roll_resolved"]
    narrations = [r for r in records if r["kind"] == "narration"]
    assert resolved and narrations
    told = [c for c in calls if c["role"] == "storyteller-narration" and c["outcome"] == "ok"]
    if told:  # the model's text was used: it tells the kernel's category (the record keeps RAW_KEPT characters)
        with contextlib.suppress(json.JSONDecodeError):
            text = json.loads(told[0]["completion"])["text"]
            assert result_problems(text, resolved[0]["data"]["category"]) is None
    assert replay([json.dumps(r) for r in records]).errors == []


def check_framing(result: dict[str, Any]) -> None:
    """The first scene was framed by the model (asked before any roll): its text opens the story, or the
    scenario's own text does and a fallback record says why."""
    records = result["records"]
    calls = [r for r in records if r["kind"] == "llm_call"]
    assert calls and calls[0]["role"] == "storyteller-frame", "the new scene is framed first"
    first = next(r["text"] for r in records if r["kind"] == "narration")
    template = result["voice"].template
    scene = template.scenario.scenes[template.scenario.start].text.get("en")
    framed = result["voice"].framed.get(1)
    assert framed and framed in first
    if any(r["kind"] == "fallback" and r["role"] == "storyteller-frame" for r in records):
        assert framed == scene
    else:
        assert framed != scene and calls[0]["outcome"] == "ok" and len(framed) <= FRAME_CHARS


def dark_ages(tmp_path: Path) -> Scenario:
    """The cassette scenario: the sample story played into ``tmp_path``, then its roll and narration checked."""
    return (lambda base_url: play(base_url, tmp_path / "game.jsonl")), check_roll_and_narration


def test_replayed_roll_request_and_narration(tmp_path: Path, no_network: None) -> None:
    """The model's roll request goes to the kernel (or back with its Rejection), and the result is told."""
    replay_scenario(CASSETTE, dark_ages(tmp_path), OFFLINE_URL)


@pytest.mark.record
def test_record(tmp_path: Path, local_model_url: str) -> None:
    record_scenario(CASSETTE, dark_ages(tmp_path), local_model_url)


@pytest.mark.parametrize("fault", [faults.timeout, faults.status(429), faults.answer(arguments='{"traits": ['),
                                   faults.answer(arguments=json.dumps({"text": "It fails: a botch, a disaster."}))],
                         ids=["timeout", "429", "malformed", "contradiction"])
@pytest.mark.parametrize("book", ["dark_ages", "wild_west"])
def test_faults_every_game_finishes_on_the_template(fault: faults.Step, book: str, tmp_path: Path,
                                                    no_network: None) -> None:
    """Whatever the endpoint does, the story ends and each fallback is a transcript line with its reason."""
    result = play(OFFLINE_URL, tmp_path / "game.jsonl", max_moves=400, http_client=faults.client(faults.script(fault)),
                  book=book)
    assert result["finished"], "the story reached its end"
    records = result["records"]
    fallbacks = [r for r in records if r["kind"] == "fallback"]
    assert fallbacks and all(f["by"] == "template-storyteller" for f in fallbacks)
    assert all(f["reason"].startswith(("transport: ", "model_off: ", "illegal: ")) for f in fallbacks)
    assert {f["role"] for f in fallbacks} >= {"storyteller-roll", "storyteller-narration"}
    assert any(r["kind"] == "result" for r in records)


@pytest.mark.parametrize("fault", [faults.timeout, faults.answer(arguments='{"traits": [')],
                         ids=["timeout", "malformed"])
def test_a_troupe_with_a_model_storyteller_finishes_on_the_template(fault: faults.Step, tmp_path: Path,
                                                                   no_network: None) -> None:
    """Three characters, the model in the Storyteller's seat: its plain rolls are asked of the model for
    the character whose choice it is; teamwork and contests are the scenario's; every fault falls back."""
    from tests.storyteller.troupe_support import PlanPlayer, troupe_table

    path = tmp_path / "troupe.jsonl"
    said: list[str] = []
    table = troupe_table(path, "en", said.append)
    table, _voice = attach_llm(table, settings(OFFLINE_URL), PlanPlayer(), said.append,
                               http_client=faults.client(faults.script(fault)))
    assert template_play.run(table, said.append, max_moves=600)
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    proposals = [r["payload"] for r in records if r["kind"] == "action"]
    assert any(p["kind"] == "teamwork" and len(p["members"]) == 3 for p in proposals)
    assert any(p["kind"] == "resisted" and p["opponent"] == "elias" for p in proposals)
    rolls = [r for r in records if r["kind"] == "action" and r["payload"]["kind"] == "roll"]
    assert {r["payload"]["character"] for r in rolls} <= {"ruth", "elias", "hattie"}
    fallbacks = [r for r in records if r["kind"] == "fallback"]
    assert fallbacks and all(f["by"] == "template-storyteller" for f in fallbacks)
    assert not replay([json.dumps(r) for r in records]).errors

"""The LLM path end to end on real recorded traffic of the embedded SmolLM2 model (no faked answers).

Replayed from ``cassettes/`` with no model and no network. ``NARRATOR_LLM_RECORD=1 pytest -m record``
re-records them against a freshly started local server; the same checks run on both.
"""

from __future__ import annotations

from typing import Any

import pytest
import vcr
from narrator.rules.replay import replay as replay_transcript

from tests.cassettes import Scenario, record_scenario, replay_scenario
from tests.llm import scenarios
from tests.llm.support import MODEL_NAME, OFFLINE_URL


def check_pig_game(played: scenarios.Played) -> None:
    records = played.recorder.records
    assert played.recorder.of_kind("result"), "the game finished"
    calls = played.recorder.of_kind("llm_call")
    moves = [r for r in played.recorder.of_kind("action") if r["actor"] == 0]
    assert calls and all(c["model"] == MODEL_NAME for c in calls)
    assert all(c["prompt_tokens"] > 0 and c["completion_tokens"] > 0 for c in calls), "usage is recorded"
    # Every seat-0 move was the model's own (its choice noted), legal on the first call: nothing fell back.
    assert not played.recorder.of_kind("fallback") and not played.recorder.of_kind("rejected")
    assert len(calls) == len(moves) and all(m["notes"]["by"].startswith("llm:") for m in moves)
    lines = [_json(r) for r in records]
    assert replay_transcript(lines).outcome is not None, "llm_call lines do not disturb replay"
    summary = played.stats.summary()
    assert summary["calls_per_decision"] == 1.0 and summary["illegal_first_proposal_rate"] == 0.0


def check_pig_budget(played: scenarios.Played) -> None:
    fallbacks = played.recorder.of_kind("fallback")
    assert played.recorder.of_kind("result"), "the game finished on the scripted fallback"
    assert fallbacks and all(f["reason"].startswith("budget: ") and f["by"] == "scripted" for f in fallbacks)
    spent = sum(c["prompt_tokens"] + c["completion_tokens"] for c in played.recorder.of_kind("llm_call"))
    assert spent >= 600, "the budget ran out only once 600 tokens were spent"
    first_fallback = played.recorder.records.index(fallbacks[0])
    assert not [r for r in played.recorder.records[first_fallback:] if r["kind"] == "llm_call"], \
        "no call is made once the budget is spent"


def check_pig_speech_refused(played: scenarios.Played) -> None:
    assert played.recorder.of_kind("result"), "the game finished"
    calls = played.recorder.of_kind("llm_call")
    refused = [c for c in calls if c["outcome"] == "invalid"]
    assert refused and all("your speech must say the move" in c["error"] for c in refused)
    for fallback in played.recorder.of_kind("fallback"):
        assert fallback["reason"].startswith("illegal: 3 answers refused") and fallback["attempts"] == 3
        assert fallback["raw"] and fallback["by"] == "scripted"
    decisions = played.stats.summary()
    assert decisions["illegal_first_proposal_rate"] >= decisions["illegal_after_reasks_rate"]
    assert decisions["calls_per_decision"] > 1.0, "refused answers were re-asked"


def check_kernel_refusals(result: dict[str, Any]) -> None:
    error, calls = result["error"], result["calls"]
    assert error is not None and error.reason.startswith("illegal: 3 answers refused")
    assert "HOUSE_RULE_MUST_HOLD" in error.reason and error.attempts == 3
    assert len(result["proposals"]) == 3 and [c["attempt"] for c in calls] == [1, 2, 3]


def check_writer(result: dict[str, Any]) -> None:
    assert result["text"].strip() and 0 < len(result["truth"].text) <= 160
    assert [c["role"] for c in result["calls"]][-1] == "truth"
    assert all(c["outcome"] in ("ok", "invalid", "empty") for c in result["calls"])


SCENARIOS: dict[str, Scenario] = {
    "pig_game": (scenarios.pig_game, check_pig_game),
    "pig_budget": (scenarios.pig_budget, check_pig_budget),
    "pig_speech_refused": (scenarios.pig_speech_refused, check_pig_speech_refused),
    "kernel_refusals": (scenarios.kernel_refusals, check_kernel_refusals),
    "writer": (scenarios.writer, check_writer),
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_replayed(name: str, no_network: None) -> None:
    """Each scenario replays from its cassette, offline, and passes its checks."""
    replay_scenario(name, SCENARIOS[name], OFFLINE_URL)


def test_reask_prompt_differs_and_carries_the_reason(replay: vcr.VCR) -> None:
    """A re-ask never repeats the identical prompt: it appends the answer and the kernel's reason."""
    with replay.use_cassette("kernel_refusals.yaml") as cassette:
        scenarios.kernel_refusals(OFFLINE_URL)
    bodies = [request.body.decode() if isinstance(request.body, bytes) else request.body
              for request in cassette.requests]
    assert len(set(bodies)) == len(bodies) == 3
    assert "HOUSE_RULE_MUST_HOLD" not in bodies[0] and "HOUSE_RULE_MUST_HOLD" in bodies[1]
    assert bodies[2].count("HOUSE_RULE_MUST_HOLD") == 2
    assert all("Authorization" not in str(request.headers) for request in cassette.requests)


@pytest.mark.record
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_record(name: str, local_model_url: str) -> None:
    """Re-record a cassette against the live local model, then check it."""
    record_scenario(name, SCENARIOS[name], local_model_url)


def _json(record: dict[str, Any]) -> str:
    import json

    return json.dumps(record, ensure_ascii=False)

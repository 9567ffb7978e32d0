"""Faults on a real socket (a fake endpoint on 127.0.0.1): every game finishes and every fallback says why.

The endpoint never answers well: it trickles, resets, sends a body that is not JSON, a truncated
answer, a call of the wrong function or several calls, a refusal, or speech in the wrong language.
Each decision has a wall-clock deadline, and after repeated transport failures the seat's model is
switched off for the rest of the game (no further call), until a person switches it on again.
"""

from __future__ import annotations

import json
import time

import pytest
from narrator.agents.llm import ChoiceRole, LLMAgent

from tests.llm import faults
from tests.llm.support import PIG_RULES, local_settings, play_pig

FAST = {"max_retries": 0, "retry_wait_max": 0.01, "max_reasks": 2}


def seat(endpoint: faults.FakeEndpoint, role: ChoiceRole | None = None, **settings: object) -> LLMAgent:
    return LLMAgent(local_settings(endpoint.base_url, **{**FAST, **settings}), role or ChoiceRole(name="pig-player"),
                    rules=PIG_RULES)


def test_a_trickling_answer_is_cut_at_the_deadline_then_the_model_is_switched_off(loopback_only: None) -> None:
    with faults.FakeEndpoint(faults.trickle(gap=0.1)) as endpoint:
        agent = seat(endpoint, decision_deadline=1.0, timeout=30.0, max_transport_failures=2)
        start = time.monotonic()
        _session, recorder = play_pig(agent)
        elapsed = time.monotonic() - start
    calls, fallbacks = recorder.of_kind("llm_call"), recorder.of_kind("fallback")
    assert recorder.of_kind("result"), "the game finished"
    assert [c["outcome"] for c in calls] == ["transport_error"] * 2 and endpoint.requests == 2
    assert all(c["latency_ms"] < 1600 for c in calls), "each decision ends at its 1 s deadline, not at 30 s reads"
    assert fallbacks[0]["reason"].startswith("deadline: ")
    assert all(f["reason"].startswith("model_off: 2 consecutive transport failures") for f in fallbacks[1:])
    assert len(fallbacks) > 2 and elapsed < 6
    assert agent.switch.off


def test_a_person_switches_the_model_back_on(loopback_only: None) -> None:
    with faults.FakeEndpoint(faults.reset_mid_body()) as endpoint:
        agent = seat(endpoint, max_transport_failures=1)
        play_pig(agent)
        assert endpoint.requests == 1 and agent.switch.off
        agent.switch.switch_on()
        play_pig(LLMAgent(agent.settings, ChoiceRole(name="pig-player"), rules=PIG_RULES,
                          switch=agent.switch))
        assert endpoint.requests == 2, "switched on, the model is asked again (and fails again)"


def test_a_reset_mid_body_is_retried_then_falls_back(loopback_only: None) -> None:
    with faults.FakeEndpoint(faults.reset_mid_body()) as endpoint:
        _session, recorder = play_pig(seat(endpoint, max_retries=1, max_transport_failures=2))
    fallbacks = recorder.of_kind("fallback")
    assert recorder.of_kind("result") and endpoint.requests == 2 * 2, "two decisions of a try and a retry"
    assert fallbacks[0]["reason"].startswith("transport: ") and "Connection error" in fallbacks[0]["reason"]
    assert fallbacks[-1]["reason"].startswith("model_off: ")


def test_a_200_whose_body_is_not_json_falls_back(loopback_only: None) -> None:
    with faults.FakeEndpoint(faults.send_json("<html>502 Bad Gateway</html>")) as endpoint:
        _session, recorder = play_pig(seat(endpoint, max_transport_failures=2))
    fallbacks = recorder.of_kind("fallback")
    assert recorder.of_kind("result") and fallbacks and endpoint.requests == 2
    assert fallbacks[0]["reason"].startswith("transport: ") and "not a chat completion" in fallbacks[0]["reason"]


BAD = {
    "truncated": (faults.completion(arguments='{"choice": "ho', finish_reason="length"), "cut off at the length"),
    "wrong-function": (faults.completion(arguments=json.dumps({"choice": "hold"}), name="pick_move"),
                       "you called 'pick_move'; call the function 'choose_move'"),
    "several-calls": (faults.completion(arguments=json.dumps({"choice": "hold"}), calls=2), "2 function calls"),
    "refusal": (faults.completion(content=None, refusal="I can't help with that."), "the model refused"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_an_unusable_answer_is_reasked_then_falls_back(name: str, loopback_only: None) -> None:
    body, reason = BAD[name]
    with faults.FakeEndpoint(faults.send_json(body)) as endpoint:
        _session, recorder = play_pig(seat(endpoint))
    fallbacks = recorder.of_kind("fallback")
    assert recorder.of_kind("result") and fallbacks, "the game finished on the fallback"
    assert endpoint.requests == 3 * len(fallbacks), "each decision: the answer and two re-asks"
    assert all(f["reason"].startswith("illegal: 3 answers refused") and reason in f["reason"] for f in fallbacks)


def test_speech_in_the_wrong_language_is_reasked_then_falls_back(loopback_only: None) -> None:
    english = json.dumps({"choice": "hold", "speech": "I will hold now, the pot is large enough for me."})
    with faults.FakeEndpoint(faults.send_json(faults.completion(arguments=english))) as endpoint:
        role = ChoiceRole(name="pig-player", speech="a short remark")
        _session, recorder = play_pig(seat(endpoint, role, language="ru"))
    fallbacks = recorder.of_kind("fallback")
    assert recorder.of_kind("result") and fallbacks and endpoint.requests == 3 * len(fallbacks)
    assert all("must be in Russian" in f["reason"] for f in fallbacks)

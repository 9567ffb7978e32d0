"""A misbehaving endpoint never stops a game: transient errors retry, bad answers are re-asked,
and whatever is left falls back to the scripted seat with the reason in the transcript.

The endpoint is an ``httpx2.MockTransport`` here and a loopback server in ``test_deadlines.py``.
Both serve failures; the few tests that also get a synthesised valid answer (``faults.ok``) test
the machinery around it, and say so in their docstrings. Good answers come from real cassettes.
"""

from __future__ import annotations

import json

import pytest
from narrator.agents.base import AgentGaveUpError, Request
from narrator.agents.llm import ChoiceRole, LLMAgent, TokenBudget

from tests.core.pig import Hold, Roll
from tests.llm import faults
from tests.llm.support import PIG_RULES, local_settings, play_pig


def agent_for(handler: faults.Handler, **settings: object) -> LLMAgent:
    return LLMAgent(local_settings(**settings), ChoiceRole(name="pig-player"), rules=PIG_RULES,
                    http_client=faults.client(handler))


def request(attempt: int = 1) -> Request:
    return Request("pig", 0, {"scores": [0, 0], "turn": 0, "pot": 4}, [Roll(actor=0), Hold(actor=0)], None, attempt)


@pytest.mark.parametrize("fault", [faults.timeout, faults.status(429), faults.status(500), faults.status(503)],
                         ids=["timeout", "429", "500", "503"])
def test_transient_failure_is_retried_then_the_answer_used(fault: faults.Step, no_network: None) -> None:
    """Machinery: a synthesised valid answer after the fault shows the retry reached the model again."""
    handler = faults.script(fault, faults.ok("hold"))
    decision = agent_for(handler).act(request())
    assert decision.action == Hold(actor=0) and len(handler.requests) == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize("fault", [faults.timeout, faults.status(429), faults.status(500)],
                         ids=["timeout", "429", "500"])
def test_persistent_transient_failure_falls_back_and_the_game_finishes(fault: faults.Step, no_network: None) -> None:
    handler = faults.script(fault)
    _session, recorder = play_pig(agent_for(handler, max_retries=2, max_transport_failures=3))
    fallbacks = recorder.of_kind("fallback")
    assert recorder.of_kind("result") and len(fallbacks) > 3
    assert all(f["reason"].startswith("transport: ") and f["by"] == "scripted" for f in fallbacks[:2])
    assert all(f["reason"].startswith("model_off: 3 consecutive transport failures") for f in fallbacks[2:])
    assert len(handler.requests) == 3 * 3, "three decisions of one try plus two retries, then no call at all"  # type: ignore[attr-defined]
    assert all(c["outcome"] == "transport_error" for c in recorder.of_kind("llm_call"))


def test_a_client_error_is_not_retried(no_network: None) -> None:
    handler = faults.script(faults.status(400))
    with pytest.raises(AgentGaveUpError, match=r"^transport: \w+ \(HTTP 400\)"):
        agent_for(handler).act(request())
    assert len(handler.requests) == 1  # type: ignore[attr-defined]


BAD_ANSWERS = {
    "malformed-arguments": faults.answer(arguments='{"choice": "ho'),
    "schema-violation": faults.answer(arguments=json.dumps({"choice": "fly"})),
    "missing-field": faults.answer(arguments=json.dumps({"move": "hold"})),
    "empty-answer": faults.answer(content=""),
    "prose-answer": faults.answer(content="I think I will hold now."),
}


@pytest.mark.parametrize("name", sorted(BAD_ANSWERS))
def test_bad_answers_are_reasked_with_the_reason_then_fall_back(name: str, no_network: None) -> None:
    handler = faults.script(BAD_ANSWERS[name])
    _session, recorder = play_pig(agent_for(handler))
    fallbacks = recorder.of_kind("fallback")
    assert recorder.of_kind("result") and fallbacks, "the game finished on the fallback"
    assert all(f["reason"].startswith("illegal: 3 answers refused") and f["attempts"] == 3 for f in fallbacks)
    first, second = handler.requests[0], handler.requests[1]  # type: ignore[attr-defined]
    assert first.content != second.content, "a re-ask is never the identical prompt"
    reask = json.loads(second.content)["messages"][-1]["content"]
    assert "was not accepted" in reask and "roll, hold" in reask


def test_a_bad_answer_then_a_good_one_counts_before_and_after_reasks(no_network: None) -> None:
    """Machinery: the synthesised valid answer after a bad one checks the counts before and after re-asks."""
    handler = faults.script(BAD_ANSWERS["schema-violation"], faults.ok("hold"))
    agent = agent_for(handler)
    assert agent.act(request()).action == Hold(actor=0)
    summary = agent.stats.summary()
    assert summary["illegal_first_proposal_rate"] == 1.0 and summary["illegal_after_reasks_rate"] == 0.0
    assert summary["calls_per_decision"] == 2.0 and summary["prompt_tokens_per_decision"] == 80.0
    reask = json.loads(handler.requests[1].content)["messages"][-1]["content"]  # type: ignore[attr-defined]
    assert "'fly'" in reask and "'roll' or 'hold'" in reask, "the validation error lists the legal options"


def test_schema_violation_in_content_json_is_parsed_too(no_network: None) -> None:
    """Parser: small models sometimes answer the JSON object as text; a synthesised one is accepted when it
    validates (real models doing so are in the cassettes)."""
    handler = faults.script(faults.answer(content='```json\n{"choice": "roll"}\n```'))
    assert agent_for(handler).act(request()).action == Roll(actor=0)


def test_spent_budget_falls_back_and_says_budget(no_network: None) -> None:
    """Machinery: synthesised valid answers spend tokens until the budget stops the calls."""
    handler = faults.script(faults.ok("roll"), then=faults.ok("hold"))
    agent = LLMAgent(local_settings(), ChoiceRole(), rules=PIG_RULES, http_client=faults.client(handler),
                     budget=TokenBudget(100))
    _session, recorder = play_pig(agent, target=30)
    calls, fallbacks = recorder.of_kind("llm_call"), recorder.of_kind("fallback")
    assert len(calls) == 3, "40 + 6 tokens per call: the third call crosses 100, none follows"
    assert recorder.of_kind("result") and fallbacks and all(f["reason"].startswith("budget: ") for f in fallbacks)


def test_the_session_never_exceeds_two_reasks_after_kernel_refusals(no_network: None) -> None:
    """Machinery: the synthesised answers are valid, so only the (fake) kernel refusals count the re-asks."""
    from narrator.rules.core import Rejection

    handler = faults.script(faults.ok("roll"))
    agent = agent_for(handler)
    refusal = Rejection("TEST", "refused for the test", "test")
    for attempt in (1, 2, 3):
        agent.act(Request("pig", 0, {"pot": 0}, [Roll(actor=0), Hold(actor=0)], refusal if attempt > 1 else None,
                          attempt))
    with pytest.raises(AgentGaveUpError, match="illegal: 3 answers refused; last: TEST: refused for the test"):
        agent.act(Request("pig", 0, {"pot": 0}, [Roll(actor=0), Hold(actor=0)], refusal, 4))
    assert len(handler.requests) == 3  # type: ignore[attr-defined]
    assert agent.stats.decisions[0].proposals == ["rejected"] * 3


def test_one_agent_per_seat(no_network: None) -> None:
    """Machinery: one synthesised valid answer binds the agent to its first seat."""
    agent = agent_for(faults.script(faults.ok("hold")))
    agent.act(request())
    with pytest.raises(ValueError, match="give seat 1 its own agent"):
        agent.act(Request("pig", 1, {}, [Roll(actor=1)]))


def test_no_legal_move_is_a_clean_give_up(no_network: None) -> None:
    handler = faults.script(faults.status(500))
    with pytest.raises(AgentGaveUpError, match="no legal move"):
        agent_for(handler).act(Request("pig", 0, {}, []))
    assert handler.requests == []  # type: ignore[attr-defined]

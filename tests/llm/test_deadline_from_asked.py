"""A decision's deadline runs from when it was asked: seats asked together never keep the table more than one
deadline, however many wait for the concurrency limit or the server's one slot (issue 31: 7 model seats, 4 at
once, a hanging model: the table waited two full deadlines between lines)."""

from __future__ import annotations

import time

from narrator.agents import concurrency
from narrator.agents.base import AgentGaveUpError, Request
from narrator.agents.llm import ChoiceRole, LLMAgent

from tests.core.pig import GAME, PigConfig
from tests.llm import faults
from tests.llm.support import PIG_RULES, local_settings

DEADLINE = 1.0


def test_seven_seats_four_at_a_time_on_one_slot_wait_one_deadline(loopback_only: None) -> None:
    state = GAME.initial_state(PigConfig(target=10))
    request = Request(GAME.name, 0, GAME.view(state, 0), GAME.legal_actions(state, 0), None, 1)
    with faults.FakeEndpoint(faults.trickle(gap=0.1)) as endpoint:
        settings = local_settings(endpoint.base_url, max_retries=0, retry_wait_max=0.01, max_reasks=0,
                                  decision_deadline=DEADLINE, timeout=30.0)
        agents = [LLMAgent(settings, ChoiceRole(name="pig-player"), rules=PIG_RULES) for _ in range(7)]
        start = time.monotonic()
        results = concurrency.run(concurrency.gather_limited(
            [lambda agent=agent: agent.aact(request) for agent in agents], 4))
        elapsed = time.monotonic() - start
    assert all(isinstance(r, AgentGaveUpError) and r.reason.startswith("deadline: ") for r in results), results
    assert elapsed < 1.8 * DEADLINE, f"the table waited {elapsed:.1f} s for one round"


def test_a_decision_asked_alone_still_gets_its_whole_deadline() -> None:
    from narrator.agents.llm.conversation import Conversation

    assert concurrency.ASKED_AT.get() is None
    before = time.monotonic()
    conversation = Conversation.__new__(Conversation)
    conversation.deadline = 0.0
    conversation.settings = local_settings(decision_deadline=DEADLINE)
    conversation.__post_init__()
    assert before + DEADLINE <= conversation.deadline <= time.monotonic() + DEADLINE

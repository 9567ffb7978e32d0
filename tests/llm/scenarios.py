"""The cassette scenarios: each runs against a base URL (the live local model, or a replayed cassette).

Each returns what its test checks; the same checks run after recording and after replaying.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from narrator.agents.base import AgentGaveUpError, Request
from narrator.agents.llm import ChoiceRole, LLMAgent, LLMWriter, TokenBudget, UsageStats, WriterRole
from narrator.rules.core import Rejection
from pydantic import BaseModel, Field

from narrator.session import Session
from tests.core.pig import Hold, Roll
from tests.llm.support import PIG_RULES, ListRecorder, local_settings, play_pig


@dataclass
class Played:
    """A finished game and the LLM's stats."""

    session: Session
    recorder: ListRecorder
    stats: UsageStats
    extra: dict[str, Any] = field(default_factory=dict)


def pig_game(base_url: str) -> Played:
    """The model plays seat 0 of a whole game of Pig (target 10) against a scripted seat."""
    agent = LLMAgent(local_settings(base_url), ChoiceRole(name="pig-player"), rules=PIG_RULES)
    session, recorder = play_pig(agent, target=10, seed=3)
    return Played(session, recorder, agent.stats)


def pig_budget(base_url: str) -> Played:
    """A 600-token game budget: after a few calls the seat falls back to the scripted player."""
    agent = LLMAgent(local_settings(base_url), ChoiceRole(name="pig-player"), rules=PIG_RULES,
                     budget=TokenBudget(600))
    session, recorder = play_pig(agent, target=10, seed=3)
    return Played(session, recorder, agent.stats)


def says_its_move(output: Any, context: dict[str, Any]) -> str | None:
    """Agent-side validator: the speech must name the chosen move (the tiny model rarely manages)."""
    if output.choice in output.speech.lower():
        return None
    return f"your speech must say the move you chose ({output.choice!r}), for example 'I {output.choice}.'"


def pig_speech_refused(base_url: str) -> Played:
    """Answers that break the role's validator are re-asked with the reason, then the fallback plays."""
    role = ChoiceRole(name="pig-talker", speech="say which move you make and why", validator=says_its_move)
    agent = LLMAgent(local_settings(base_url), role, rules=PIG_RULES)
    session, recorder = play_pig(agent, target=6, seed=5)
    return Played(session, recorder, agent.stats)


HOUSE_RULE = Rejection("HOUSE_RULE_MUST_HOLD", "seat 0 may not roll with 7 points in the pot at this table: "
                       "the house rule says hold at 7 or more; hold instead", "house rules")


def kernel_refusals(base_url: str) -> dict[str, Any]:
    """The kernel refuses every proposal: re-asked twice with its reason, then the agent gives up."""
    calls: list[dict[str, Any]] = []
    agent = LLMAgent(local_settings(base_url), ChoiceRole(name="pig-player"), rules=PIG_RULES, calls=calls.append)
    view = {"scores": [3, 14], "turn": 0, "pot": 7}
    legal = [Roll(actor=0), Hold(actor=0)]
    proposals, error = [], None
    for attempt in range(1, agent.settings.max_reasks + 3):  # more asks than the agent takes: it must give up
        rejection = HOUSE_RULE if attempt > 1 else None
        try:
            proposals.append(agent.act(Request("pig", 0, view, legal, rejection, attempt)).notes["choice"])
        except AgentGaveUpError as gave_up:
            error = gave_up
            break
    return {"proposals": proposals, "error": error, "calls": calls, "stats": agent.stats}


class Truth(BaseModel):
    """A structured text answer, as a Ten Candles truth will be."""

    text: str = Field(description="One short sentence.", max_length=160)


def writer(base_url: str) -> dict[str, Any]:
    """Free text and a structured truth from the writer."""
    calls: list[dict[str, Any]] = []
    settings = local_settings(base_url, max_tokens=60)
    narration = LLMWriter(settings, WriterRole(name="narrator", prompt="common/narrate"), calls=calls.append)
    truth = LLMWriter(settings, WriterRole(name="truth", prompt="common/narrate", output=Truth), calls=calls.append)
    events = ["hold {\"banked\": 9, \"score\": 9, \"seat\": 1}"]
    return {"text": narration.write(game="pig", rules=PIG_RULES, events=events),
            "truth": truth.write(game="pig", rules=PIG_RULES, events=events), "calls": calls}

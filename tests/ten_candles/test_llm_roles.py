"""Ten Candles language-model roles on real recorded traffic of the embedded SmolLM2 (no faked answers).

Replayed from ``tests/llm/cassettes/ten_candles_*.yaml`` with sockets blocked. Re-record against a
freshly started local server (it is started and stopped here)::

    NARRATOR_LLM_RECORD=1 python -m pytest tests/ten_candles/test_llm_roles.py -m record

Each scenario advances a scripted, seeded game to the moment a role speaks, so the prompts (and
the recorded requests) are the same on every run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from narrator.agents.base import AgentGaveUpError, Decision
from narrator.agents.llm import LLMSettings, load_settings
from narrator.agents.ten_candles.llm_check import Facts, problems, truth_form_problems
from narrator.agents.ten_candles.llm_storyteller import LLMStoryteller
from narrator.agents.ten_candles.llm_survivor import LLMSurvivor
from narrator.rules.core import HOST, Event
from narrator.rules.ten_candles import GAME, TenCandlesConfig
from narrator.rules.ten_candles.state import Phase

from narrator.session import Session
from narrator.ten_candles.simulate import make_table
from narrator.ten_candles.storyteller import TemplateStoryteller
from tests.cassettes import RECORDING, Scenario, record_scenario, replay_scenario

MODEL = "smollm2-135m-instruct"
OFFLINE_URL = "http://127.0.0.1:9/v1"


def settings(base_url: str) -> LLMSettings:
    """The embedded model's settings, bounded retries for tests."""
    waits = {"timeout": 600.0, "decision_deadline": 1800.0} if RECORDING else {"timeout": 120.0}  # not in the traffic
    return load_settings(temperature=0.7, max_retries=1, retry_wait_max=0.01, **waits).for_local(base_url, MODEL)


def advance(until: Callable[[Any], bool], *, seed: int = 2, players: int = 3,
            lines: tuple[str, ...] = ()) -> tuple[Session, dict[int, Any], TemplateStoryteller]:
    """A scripted game (template Storyteller) played until ``until(state)``."""
    storyteller = TemplateStoryteller(lang="en", seed=seed)
    agents = make_table(players, seed, voice=storyteller)
    session = Session(GAME, TenCandlesConfig(players=players, lines=lines), agents, seed=seed)
    for _ in range(5000):
        if until(session.state):
            return session, agents, storyteller
        session.step()
    raise AssertionError("the scripted game never reached the wanted moment")


def gm_narrates(state: Any) -> bool:
    return state.phase == Phase.NARRATION and state.narrator == HOST


# -- scenarios (run against a live model or a cassette) ----------------------------------------------

def narration(base_url: str) -> dict[str, Any]:
    """As a game asks it: the Storyteller frames every conflict and narrates the two outcomes it holds first;
    each text is checked against the kernel. It hears the game from its start (a session listener), with a
    template of its own as the fallback (the scripted GM's template speaks the GM's other lines)."""
    template = TemplateStoryteller(lang="en", seed=2)
    agents = make_table(3, 2, voice=template)
    session = Session(GAME, TenCandlesConfig(players=3, lines=("spiders",)), agents, seed=2)
    storyteller = LLMStoryteller(settings(base_url), TemplateStoryteller(lang="en", seed=2))
    calls: list[dict[str, Any]] = []
    storyteller.bind(calls.append)
    called: list[Event] = []

    def hear(_action: Any, events: Sequence[Event]) -> None:
        storyteller.observe([e for e in events if e.visible_to(HOST)])
        called.extend(e for e in events if e.kind == "conflict_called")

    session.listeners.append(hear)
    told, framed = [], []
    for _ in range(5000):
        if gm_narrates(session.state):
            view = GAME.view(session.state, HOST)
            events = list(agents[HOST].pending)
            told.append((storyteller.narrate_outcome(view, events), Facts.from_view(view, events)))
            if len(told) == 2:
                break
        session.step()
        for event in called:
            data = event.data
            framed.append(storyteller.frame_conflict(GAME.view(session.state, HOST), data["active"],
                                                     data["dangerous"], data["moment"]))
        called.clear()
    assert len(told) == 2, "the scripted game never gave the Storyteller two narrations"
    return {"told": told, "framed": framed, "calls": calls, "storyteller": storyteller}


def truths(base_url: str) -> dict[str, Any]:
    """A GM truth and an AI character's truth, in the required form, accepted by the kernel."""
    session, agents, template = advance(lambda s: s.phase == Phase.TRUTHS and s.truth_queue[0] == HOST, seed=4)
    calls: list[dict[str, Any]] = []
    storyteller = LLMStoryteller(settings(base_url), template)
    storyteller.bind(calls.append)
    gm_view = GAME.view(session.state, HOST)
    gm_truth = storyteller.speak_truth(gm_view)
    session.step()  # the scripted GM speaks its own; then a player's turn
    while session.state.phase == Phase.TRUTHS and session.state.truth_queue[0] == HOST:
        session.step()
    seat = session.state.truth_queue[0]
    survivor = LLMSurvivor(settings(base_url), agents[seat])
    survivor.bind_calls(calls.append)
    request = session._request(seat, None, 1)
    try:
        player: Decision | None = survivor.act(request)  # type: ignore[assignment]
        gave_up = None
    except AgentGaveUpError as error:  # the fallback speaks; the session records it in a game
        player, gave_up = None, error
    return {"gm": gm_truth, "gm_view": gm_view, "player": player, "gave_up": gave_up, "state": session.state,
            "request": request, "calls": calls, "storyteller": storyteller}


def choice(base_url: str) -> dict[str, Any]:
    """An AI character chooses after its roll (burn, Brink, seize, accept) and says a line."""
    session, agents, _template = advance(lambda s: s.phase == Phase.REROLL, seed=3)
    seat = min(GAME.active_players(session.state))
    calls: list[dict[str, Any]] = []
    survivor = LLMSurvivor(settings(base_url), agents[seat])
    survivor.bind_calls(calls.append)
    request = session._request(seat, None, 1)
    decision = survivor.act(request)
    return {"decision": decision, "request": request, "state": session.state, "calls": calls,
            "said": list(decision.said)}


# -- checks (the same after recording and replaying) ------------------------------------------------

def check_narration(result: dict[str, Any]) -> None:
    storyteller = result["storyteller"]
    used = [text for role, text in storyteller.history if role == "ten-candles-narration"]
    fallbacks = [f for f in storyteller.fallbacks if f["role"] == "ten-candles-narration"]
    assert len(used) + len(fallbacks) == 2, "each narration is the model's or a recorded fallback"
    for text, facts in result["told"]:
        if text in used:
            assert problems(text, facts) == [], "a used text passes the guard"
    for fallback in fallbacks:
        assert fallback["reason"].startswith("illegal: 3 answers refused") and fallback["attempts"] == 3
    calls = [c for c in result["calls"] if c.get("kind", "llm_call") == "llm_call"]  # the sink gets fallbacks too
    refused = [c for c in calls if c["outcome"] == "invalid"]
    assert all(c["error"] for c in refused)
    narrations = [c for c in calls if c["role"] == "ten-candles-narration"]
    assert len(narrations) <= 2 * 3, "at most two regenerations per narration"
    firsts = [c for c in calls if c["attempt"] == 1]
    for index, call in enumerate(firsts):
        if call["role"] != "ten-candles-narration":
            continue
        framing = next(c for c in reversed(firsts[:index]) if c["role"] == "ten-candles-scene")
        shown = framing["prompt"].split("\n\nFrame the conflict.")[0].split("\n\nMaterial to use: ")[0]
        assert "faces a conflict" in shown.rsplit("\n- ", 1)[-1] and call["prompt"].startswith(shown + "\n- "), \
            "a narration repeats its framing's prompt up to the roll (the server evaluates only what follows)"


def check_truths(result: dict[str, Any]) -> None:
    text, topic = result["gm"]
    assert text.startswith("Truth: ") and topic in ("general", "sun", "darkness", "their_weakness")
    from narrator.rules.ten_candles.actions import SpeakTruth

    if result["player"] is not None:
        action = result["player"].action
        assert isinstance(action, SpeakTruth) and action.text.startswith("Truth: ") and action.topic == "general"
        assert GAME.check(result["state"], action) is None, "the kernel accepts who speaks and the form"
        facts = Facts.from_view(result["request"].view)
        assert truth_form_problems(action.text, facts, gm=False) == []
    else:
        assert str(result["gave_up"]).startswith("illegal:")


def check_choice(result: dict[str, Any]) -> None:
    decision, request = result["decision"], result["request"]
    assert decision.action in request.legal and GAME.check(result["state"], decision.action) is None
    assert decision.action.kind in ("burn_trait", "embrace_brink", "seize_narration", "accept_roll", "reveal_brink")
    assert decision.notes["by"] == f"llm:{MODEL}" and decision.notes["choice"]
    assert result["said"] and len(result["said"][0]) <= 160, "the character speaks one short line"
    assert result["calls"][0]["role"] == "ten-candles-survivor" and result["calls"][0]["prompt_tokens"] > 0


SCENARIOS: dict[str, Scenario] = {
    "ten_candles_narration": (narration, check_narration),
    "ten_candles_truths": (truths, check_truths),
    "ten_candles_choice": (choice, check_choice),
}


STALE: frozenset[str] = frozenset()
"""Cassettes known to be out of date with the prompts or the guard (skipped until re-recorded with
``NARRATOR_LLM_RECORD=1 python -m pytest tests/ten_candles/test_llm_roles.py -m record``). None now: the
narration cassette was re-recorded with the guard that refuses an ending while candles burn (issue 30, 13)."""


def _replayable(names: list[str]) -> list[object]:
    return [pytest.param(n, marks=pytest.mark.skip(reason="stale cassette: re-record (see STALE)")) if n in STALE
            else n for n in names]


@pytest.mark.parametrize("name", _replayable(sorted(SCENARIOS)))
def test_replayed(name: str, no_network: None) -> None:
    """Each role replays from its cassette, offline, and passes its checks."""
    replay_scenario(name, SCENARIOS[name], OFFLINE_URL)


@pytest.mark.record
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_record(name: str, local_model_url: str) -> None:
    """Re-record a cassette against the live local model, then check it."""
    record_scenario(name, SCENARIOS[name], local_model_url)

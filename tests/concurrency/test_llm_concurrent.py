"""A whole ballot round of model seats, asked at once, on real SmolLM2 traffic.

Recorded with the seats asked concurrently (``concurrency=4``, the async client); replayed both
concurrently and one by one (the sync client): the cassette matches requests on their body, so the
order the answers arrive in does not matter, and both replays write the same moves.
Re-record: ``NARRATOR_LLM_RECORD=1 python -m pytest tests/concurrency -m record`` (two servers of the
embedded model behind the slot pool, so two ballots are really answered at once; with
``NARRATOR_LLM_URLS=URL1,URL2`` it records against two servers already running).
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

import pytest
import vcr
from narrator.agents.battaglia.llm import BattagliaLLM
from narrator.agents.llm import UsageStats
from narrator.agents.llm.client import chat_model
from narrator.rules.battaglia import GAME

from tests.battaglia.llm_helpers import drive_to, offers, scripted_session
from tests.llm.conftest import CASSETTES, RECORDING, cassette_vcr, no_network, replay  # noqa: F401 (fixtures)
from tests.llm.support import OFFLINE_URL, ListRecorder, local_settings

NAME = "concurrent_battaglia"


def ballots(base_url: str, concurrency: int, *more: str) -> tuple[ListRecorder, UsageStats]:
    """Every seat is the model for day 1's ballots."""
    session, table = scripted_session(8, 5)
    recorder, stats = ListRecorder(), UsageStats()
    session.recorder = recorder
    drive_to(session, offers("vote", "vote"))
    # a loaded 2-core machine takes up to a minute a call: the deadline must not decide what is recorded
    settings = local_settings(base_url, max_tokens=80, decision_deadline=900, timeout=900)
    settings = settings.model_copy(update={"extra_base_urls": more})
    chat = chat_model(settings, "bot")
    for seat in range(8):
        agent = BattagliaLLM(settings, seat, table, stats=stats, model=chat)
        agent.bind_calls(session.write_llm_call)
        session.fallbacks[seat] = session.agents[seat]
        session.agents[seat] = agent
    session.concurrency = concurrency
    for _ in range(400):  # until the ballots are in
        session.step()
        if str(session.state.phase) != "vote":
            break
    return recorder, stats


def moves(recorder: ListRecorder) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "seq"} for r in recorder.records
            if r["kind"] in ("action", "fallback", "rejected")]


def check(recorder: ListRecorder) -> None:
    ballots = [r for r in recorder.of_kind("action") if r["payload"]["kind"] in ("vote", "pass")
               and r.get("notes", {}).get("by", "").startswith("llm:")]
    assert len(ballots) >= 5, "the living seats' ballots were the model's"
    assert all(r["payload"]["kind"] in ("vote", "pass") for r in recorder.of_kind("action")[-len(ballots):])
    calls = recorder.of_kind("llm_call")
    assert calls and all(c["prompt_tokens"] > 0 for c in calls if c["outcome"] != "transport_error")
    assert not [c for c in calls if c.get("discarded")], "no ballot depends on another's"


@pytest.mark.slow  # each replay plays the ballot round twice (seconds of CPU)
@pytest.mark.parametrize("concurrency", [4, 1])
def test_replayed_in_any_order(concurrency: int, replay: vcr.VCR) -> None:  # noqa: F811 (fixture)
    with replay.use_cassette(f"{NAME}.yaml", allow_playback_repeats=False) as cassette:
        recorder, _ = ballots(OFFLINE_URL, concurrency)
    assert cassette.all_played, "some recorded requests were not made (prompt or flow changed?)"
    check(recorder)
    with cassette_vcr("none").use_cassette(f"{NAME}.yaml", allow_playback_repeats=False):
        again, _ = ballots(OFFLINE_URL, 5 - concurrency)
    assert moves(again) == moves(recorder)
    assert GAME.name == "battaglia"


@pytest.mark.record
def test_record() -> None:
    if not RECORDING:
        pytest.skip("set NARRATOR_LLM_RECORD=1 to re-record cassettes against the local model")
    from narrator.llm.local import local_servers

    (CASSETTES / f"{NAME}.yaml").unlink(missing_ok=True)
    running = [url for url in os.environ.get("NARRATOR_LLM_URLS", "").split(",") if url]  # two servers already up
    with contextlib.ExitStack() as stack:
        urls = running or [server.base_url for server in stack.enter_context(local_servers(2))]
        with cassette_vcr("all").use_cassette(f"{NAME}.yaml"):
            recorder, _ = ballots(urls[0], 4, *urls[1:])
    check(recorder)

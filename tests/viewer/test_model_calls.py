"""Model seats in the replay: each decision's calls (prompt, answer, error, tokens, latency), its
refusals and its fallback, shown to the seat whose model it was and to the host, to nobody else.

The game is a recorded scenario of real traffic of the embedded SmolLM2 model (the cassette
``battaglia_refused``: accusation speeches that break the validator are re-asked, then the scripted
bot moves), replayed offline; no answer is faked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from narrator.rules.battaglia import GAME
from narrator.rules.replay import header_record

from narrator.viewer.tell import Told, tell
from narrator.viewer.terminal import text_lines
from narrator.viewer.timeline import Lens, Timeline, build
from tests.battaglia.test_llm_cassettes import STALE, Asked, refused
from tests.cassettes import cassette_vcr
from tests.llm.support import OFFLINE_URL

pytestmark = pytest.mark.slow  # the module's game replays a whole cassette scenario (about a second of CPU)


@pytest.fixture(scope="module")
def asked() -> Asked:
    """Played once for the module; the cassette answers every request (record mode "none": a request it
    does not hold fails, it never reaches a network)."""
    if "battaglia_refused" in STALE:
        pytest.skip("stale cassette battaglia_refused: re-record (see tests/battaglia/test_llm_cassettes.py STALE)")
    with cassette_vcr("none").use_cassette("battaglia_refused.yaml", allow_playback_repeats=False) as cassette:
        played = refused(OFFLINE_URL)
    assert cassette.all_played
    return played


def timeline_of(asked: Asked) -> Timeline:
    header = header_record(GAME, asked.session.config, seed=7, seats=[])
    return build(Path("battaglia_refused"), header, asked.recorder.records, GAME, finished=False, signed=False)


def calls_of(told: Told) -> list[tuple[str, list[tuple[str, str]]]]:
    return [(call.summary, call.details) for step in told.steps for call in step.calls]


def test_the_models_seat_sees_its_calls_refusals_and_fallback(asked: Asked) -> None:
    timeline = timeline_of(asked)
    calls = asked.recorder.of_kind("llm_call")
    model_seats = {c["actor"] for c in calls}
    assert calls and all(c.get("prompt") for c in calls)  # the request of each attempt is recorded
    for seat in model_seats:
        told = tell(timeline, Lens(seat=seat), "en")
        shown = calls_of(told)
        assert len(shown) == sum(1 for c in calls if c["actor"] == seat)
        assert all("tokens" in summary and " ms" in summary for summary, _ in shown)
        labels = {label for _, details in shown for label, _ in details}
        refused = any(c["outcome"] != "ok" for c in calls if c["actor"] == seat)
        assert {"Prompt", "Answer"} <= labels and ("Error" in labels) == refused, (seat, labels)
        text = "\n".join(text_lines(told, calls=True, panels=False))
        fell_back = [r for r in asked.recorder.of_kind("fallback") if r["actor"] == seat]
        assert bool(fell_back) == bool(re.search(r"gave no valid move after \d+ attempts", text))  # said in words
    host = calls_of(tell(timeline, Lens(host=True), "en"))
    assert len(host) == len(calls)


def test_nobody_else_sees_a_models_calls(asked: Asked) -> None:
    timeline = timeline_of(asked)
    calls = asked.recorder.of_kind("llm_call")
    model_seats = {c["actor"] for c in calls}
    prompts = {c["prompt"] for c in calls}
    others = [s for s in range(timeline.seats) if s not in model_seats][:3]
    for lens in [Lens(), Lens(host=True, calls=False), *(Lens(seat=s) for s in others)]:
        told = tell(timeline, lens, "en")
        assert not calls_of(told), lens.key
        text = "\n".join(text_lines(told, calls=True, panels=False))
        assert not any(p[:60] in text for p in prompts), lens.key
        if lens.seat is not None:
            assert "gave no valid move" not in text  # another seat's fallback is not theirs to know


def test_the_scripted_stand_in_keeps_what_its_speech_was_composed_of() -> None:
    """After the model gave up, the scripted bot's move is recorded with its notes (claims, composition), so a
    replay in the other language says the stand-in's speech in that language too (docs/replay.md).

    Machinery: three seats' model fails every call (``FailingModel``: a faked failure, no answer invented), so
    every move of theirs is the scripted stand-in's, speeches among them (the cassette game's stand-in passed)."""
    from narrator.agents.battaglia.llm import BattagliaLLM
    from narrator.agents.llm import load_settings

    from tests.battaglia.llm_helpers import FailingModel, scripted_session
    from tests.llm.support import ListRecorder

    session, table = scripted_session(8, 7)
    recorder = ListRecorder()
    session.recorder = recorder
    settings = load_settings(max_retries=0, budget_tokens=None, max_transport_failures=10**6).for_local(
        "http://127.0.0.1:9/v1", "none")
    fallbacks = dict(session.agents)
    for seat in (0, 1, 2):
        model = FailingModel(seat)
        model.session = session
        session.agents[seat] = BattagliaLLM(settings, seat, table, model=model)
    session.fallbacks = fallbacks
    session.run(max_moves=4000)
    records = recorder.records
    stood_in = [records[i + 1] for i, r in enumerate(records[:-1]) if r["kind"] == "fallback" and r["by"] != "default"]
    spoken = [r for r in stood_in if r["kind"] == "action" and (r["payload"] or {}).get("text")]
    assert spoken and all("composed" in (r.get("notes") or {}) for r in spoken)

"""Battaglia LLM seats on real recorded traffic of the embedded SmolLM2 model (no answer is faked).

Each scenario drives a seeded game with scripted bots to a decision, hands a few decisions to
:class:`BattagliaLLM` through the session (the kernel checks every proposal, re-asks go back with
the reason, the scripted bot is the fallback), and checks the outcome against the rules. Replayed
from ``tests/llm/cassettes/battaglia_*.yaml`` with the network blocked; re-record with
``NARRATOR_LLM_RECORD=1 python -m pytest tests/battaglia/test_llm_cassettes.py -m record``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
import vcr
from narrator.agents.battaglia.llm import BattagliaLLM
from narrator.agents.battaglia.llm.brief import speech_band
from narrator.agents.llm import UsageStats

from narrator.session import Session
from tests.battaglia.llm_helpers import drive_to, offers, scripted_session
from tests.llm.conftest import CASSETTES, cassette_vcr, local_model_url, no_network, replay  # noqa: F401 (fixtures)
from tests.llm.support import OFFLINE_URL, ListRecorder, local_settings


@dataclass
class Asked:
    """The decisions handed to the model and what the session recorded."""

    session: Session
    recorder: ListRecorder
    stats: UsageStats
    moves: list[dict[str, Any]] = field(default_factory=list)


def ask_model(base_url: str, players: int, seed: int, wanted: Callable[..., bool], decisions: int, *,
              strict: bool = False) -> Asked:
    """Drive a scripted game to ``decisions`` decisions ``wanted`` and let the model make each of them."""
    session, table = scripted_session(players, seed)
    recorder, stats = ListRecorder(), UsageStats()
    session.recorder = recorder
    settings = local_settings(base_url, max_tokens=80)
    asked = Asked(session, recorder, stats)
    for _ in range(decisions):
        seat = drive_to(session, wanted)
        scripted = session.agents[seat]
        agent = BattagliaLLM(settings, seat, table, stats=stats, strict=strict)
        agent.bind_calls(session.write_llm_call)
        session.agents[seat], session.fallbacks[seat] = agent, scripted
        before = len(recorder.records)
        session.ask(seat)
        session.agents[seat] = scripted
        asked.moves += [r for r in recorder.records[before:] if r["kind"] in ("action", "fallback")]
    return asked


def night_choice(base_url: str) -> Asked:
    """Two night choices of a regular night (L50-62)."""
    return ask_model(base_url, 8, 5, offers("choose", "night", day=1), 2)


def accusation(base_url: str) -> Asked:
    """Three accusation turns of day 1 (L74): each accuses, with a speech, or passes."""
    return ask_model(base_url, 8, 5, offers("accuse", "accuse"), 3)


def vote(base_url: str) -> Asked:
    """Three ballots of day 1 (L76-77)."""
    return ask_model(base_url, 8, 5, offers("vote", "vote"), 3)


def refused(base_url: str) -> Asked:
    """Accusation speeches that must name the accused: the tiny model fails, is re-asked, then the bot plays."""
    return ask_model(base_url, 8, 7, offers("accuse", "accuse"), 2, strict=True)


def _model_moves(asked: Asked) -> list[dict[str, Any]]:
    return [m for m in asked.moves if m["kind"] == "action" and m.get("notes", {}).get("by", "").startswith("llm:")]


def check_night(asked: Asked) -> None:
    moves = _model_moves(asked)
    assert moves and all(m["payload"]["kind"] in ("choose", "pass") for m in moves)
    calls = asked.recorder.of_kind("llm_call")
    assert len(calls) == len(moves) == 2 and all(c["outcome"] == "ok" for c in calls)
    assert all(c["prompt_tokens"] > 0 for c in calls)


def check_accusation(asked: Asked) -> None:
    band = speech_band()
    accusations = [m for m in _model_moves(asked) if m["payload"]["kind"] == "accuse"]
    assert accusations, "the model accused at least once"
    for move in accusations:
        text = move["payload"]["text"]
        assert band["min_chars"] <= len(text) <= band["max_chars"], text
        assert move["notes"]["speech"], "the raw speech is kept in the notes"
    published = [e["data"] for e in asked.recorder.of_kind("event") if e["event"] == "accusation"]
    for move in accusations:  # the kernel accepted each and published it with its text (L74)
        said = (move["actor"], move["payload"]["target"], move["payload"]["text"])
        assert said in {(p["accuser"], p["target"], p["text"]) for p in published}


def check_vote(asked: Asked) -> None:
    moves = _model_moves(asked)
    assert len(moves) == 3
    assert not asked.recorder.of_kind("rejected"), "every ballot the model chose was legal"
    for move in moves:
        assert move["payload"]["kind"] in ("vote", "pass")
        targets = move["payload"].get("targets", [])
        assert len(set(targets)) == len(targets)


def check_refused(asked: Asked) -> None:
    calls = asked.recorder.of_kind("llm_call")
    invalid = [c for c in calls if c["outcome"] == "invalid"]
    reasons = ("must name the player you accuse", "real sentence", "repeats the instructions", "do not accuse yourself")
    assert invalid and all(any(reason in c["error"] for reason in reasons) for c in invalid)
    fallbacks = asked.recorder.of_kind("fallback")
    assert fallbacks, "after the re-asks the scripted bot moved"
    for fallback in fallbacks:
        assert fallback["reason"].startswith("illegal: 3 answers refused") and fallback["by"] == "scripted"
    summary = asked.stats.summary()
    assert summary["calls_per_decision"] > 1.0 and summary["illegal_after_reasks_rate"] > 0


SCENARIOS: dict[str, tuple[Callable[[str], Asked], Callable[[Asked], None]]] = {
    "battaglia_night": (night_choice, check_night),
    "battaglia_accusation": (accusation, check_accusation),
    "battaglia_vote": (vote, check_vote),
    "battaglia_refused": (refused, check_refused),
}


STALE: frozenset[str] = frozenset()
"""Cassettes known to be out of date with the prompts (skipped until re-recorded); none now. Re-record with
``NARRATOR_LLM_RECORD=1 python -m pytest tests/battaglia/test_llm_cassettes.py -m record``."""


FAST = "battaglia_vote"
"""The one replay in the fast lane (each drives a scripted game to its decisions: about a second of CPU)."""


def _replayable(names: list[str]) -> list[object]:
    return [pytest.param(n, marks=pytest.mark.skip(reason="stale cassette: re-record (see STALE)")) if n in STALE
            else n if n == FAST else pytest.param(n, marks=pytest.mark.slow) for n in names]


@pytest.mark.parametrize("name", _replayable(sorted(SCENARIOS)))
def test_replayed(name: str, replay: vcr.VCR) -> None:  # noqa: F811 (fixture)
    """Each scenario replays offline from its cassette and passes its rule checks."""
    run, check = SCENARIOS[name]
    with replay.use_cassette(f"{name}.yaml", allow_playback_repeats=False) as cassette:
        asked = run(OFFLINE_URL)
    assert cassette.all_played, f"{name}: some recorded requests were not made (prompt or flow changed?)"
    check(asked)


@pytest.mark.record
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_record(name: str, local_model_url: str) -> None:  # noqa: F811 (fixture)
    """Re-record a cassette against the live local model, then check it."""
    run, check = SCENARIOS[name]
    (CASSETTES / f"{name}.yaml").unlink(missing_ok=True)  # "all" would append to the old recording
    with cassette_vcr("all").use_cassette(f"{name}.yaml"):
        asked = run(local_model_url)
    check(asked)

"""Streamed prose on real SmolLM2 traffic: drafts grow token by token, the kept text is the record.

A display records what a screen would show. Replayed from ``streamed_writer.yaml`` (the server's
server-sent events, recorded); re-record with ``NARRATOR_LLM_RECORD=1 python -m pytest
tests/concurrency -m record``.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import vcr
from narrator.agents.base import AgentGaveUpError
from narrator.agents.llm import LLMWriter, WriterRole
from narrator.agents.llm.streaming import streaming_to

from tests.llm.conftest import CASSETTES, cassette_vcr, local_model_url, no_network, replay  # noqa: F401 (fixtures)
from tests.llm.scenarios import Truth
from tests.llm.support import OFFLINE_URL, PIG_RULES, local_settings

NAME = "streamed_writer"


class Screen:
    """Keeps every draft event: ``(kind, key, payload)``."""

    def __init__(self) -> None:
        self.events: list[tuple[str, int, Any]] = []

    def begin(self, key: int, who: int | None, role: str) -> None:
        self.events.append(("begin", key, role))

    def draft(self, key: int, text: str) -> None:
        self.events.append(("draft", key, text))

    def end(self, key: int, kept: bool) -> None:
        self.events.append(("end", key, kept))

    def drafts(self) -> list[list[str]]:
        """The drafts of each streamed call, in order."""
        calls: list[list[str]] = []
        for kind, _key, payload in self.events:
            if kind == "begin":
                calls.append([])
            elif kind == "draft":
                calls[-1].append(payload)
        return calls


def never_ten_words(output: Any, context: dict[str, Any]) -> str | None:
    """A validator the tiny model fails now and then: its drafts must be withdrawn."""
    return "write at most six words" if len(output.text.split()) > 6 else None


def streamed(base_url: str) -> dict[str, Any]:
    settings = local_settings(base_url, max_tokens=60, decision_deadline=900, timeout=900)
    events = ["hold {\"banked\": 9, \"score\": 9, \"seat\": 1}"]
    screen = Screen()
    narration = LLMWriter(settings, WriterRole(name="narrator", prompt="common/narrate"))
    truth = LLMWriter(settings, WriterRole(name="truth", prompt="common/narrate", output=Truth))
    short = LLMWriter(settings, WriterRole(name="short", prompt="common/narrate", output=Truth,
                                          validator=never_ten_words))
    with streaming_to(screen):
        text = narration.write(game="pig", rules=PIG_RULES, events=events)
        said = truth.write(game="pig", rules=PIG_RULES, events=events)
        try:
            kept_short: Any = short.write(game="pig", rules=PIG_RULES, events=events)
        except AgentGaveUpError as error:
            kept_short = error
    return {"text": text, "truth": said, "short": kept_short, "screen": screen,
            "calls": narration.stats.calls + truth.stats.calls + short.stats.calls}


def check(result: dict[str, Any]) -> None:
    screen: Screen = result["screen"]
    calls = screen.drafts()
    assert len(calls) == len(result["calls"]) >= 3, "every call streamed"
    first, second = calls[0], calls[1]
    assert len(first) >= 3, "the narration arrived in several pieces"
    for drafts in calls:
        assert all(b.startswith(a[: max(0, len(a) - 1)]) for a, b in itertools.pairwise(drafts)), \
            "each draft extends the one before"
    assert first[-1].strip() == result["text"], "the kept narration is the last draft"
    assert second[-1] == result["truth"].text, "the kept truth is the last draft of its text field"
    ends = [payload for kind, _key, payload in screen.events if kind == "end"]
    assert ends[:2] == [True, True]
    refused = [c for c in result["calls"] if c.error]
    assert ends.count(False) == len(refused), "every refused draft was withdrawn"
    # llama.cpp's server sends no usage in a stream: the tokens are estimated, and say so
    assert all(c.prompt_tokens > 0 and c.completion_tokens > 0 for c in result["calls"]), "streamed calls count tokens"
    assert all(c.estimated for c in result["calls"])


def test_replayed(replay: vcr.VCR) -> None:  # noqa: F811 (fixture)
    with replay.use_cassette(f"{NAME}.yaml", allow_playback_repeats=False) as cassette:
        result = streamed(OFFLINE_URL)
    assert cassette.all_played
    check(result)


@pytest.mark.record
def test_record(local_model_url: str) -> None:  # noqa: F811 (fixture)
    (CASSETTES / f"{NAME}.yaml").unlink(missing_ok=True)
    with cassette_vcr("all").use_cassette(f"{NAME}.yaml"):
        result = streamed(local_model_url)
    check(result)

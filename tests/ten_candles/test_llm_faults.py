"""A misbehaving model never stops a Ten Candles game: every fallback is in the transcript with its reason.

The endpoint is an ``httpx2.MockTransport`` faking *failures* only (timeouts, 429, malformed
answers, text that contradicts the kernel); good answers come from real cassettes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from narrator.rules.replay import replay

from narrator.ten_candles.human import ScriptedIO
from narrator.ten_candles.llm import play_llm
from narrator.ten_candles.play import TableSettings
from tests.lanes import sweep
from tests.llm import faults
from tests.ten_candles.test_llm_roles import OFFLINE_URL, settings

CONTRADICTION = faults.answer(arguments=json.dumps({"text": "It fails, and seven candles burn. A spider bites.",
                                                    "choice": "accept_roll", "speech": "ok"}))
"""Always the same text: a failure told whatever happened, a wrong candle count, a line's word."""


def play(handler: faults.Handler, tmp_path: Path, **table: Any) -> list[dict[str, Any]]:
    path = tmp_path / "game.jsonl"
    llm = settings(OFFLINE_URL).model_copy(update={"max_retries": 1, "retry_wait_max": 0.0})
    result, _table = play_llm(TableSettings(humans=0, ai=2, seed=3, lines=("spiders",), **table), ScriptedIO([]),
                              path, llm, http_client=faults.client(handler))
    assert result.outcome is not None, "the game finished"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert replay(lines).outcome is not None, "the transcript replays (llm_call and fallback lines ignored)"
    return [json.loads(line) for line in lines]


@pytest.mark.parametrize("fault, reason", sweep([
    # transport failures: after three decisions in a row, the seat's model is switched off for the game
    (faults.timeout, ("transport: ", "model_off: ")), (faults.status(429), ("transport: ", "model_off: ")),
    (faults.answer(arguments='{"text": "It is'), "illegal: "), (CONTRADICTION, "illegal: "),
], fast=1, unpack=True, ids=["timeout", "429", "malformed", "contradiction"]))  # the next test plays the contradiction
def test_every_game_finishes_with_each_fallback_recorded(fault: faults.Step, reason: Any, tmp_path: Path,
                                                         no_network: None) -> None:
    records = play(faults.script(fault), tmp_path)
    fallbacks = [r for r in records if r["kind"] == "fallback"]
    storyteller = [f for f in fallbacks if f["actor"] == -2]
    survivors = [f for f in fallbacks if f["actor"] in (0, 1)]
    assert storyteller and survivors, "both the Storyteller and the AI characters fell back"
    assert all(f["reason"].startswith(reason) for f in fallbacks)
    assert {f["by"] for f in storyteller} == {"template"} and {f["by"] for f in survivors} == {"scripted"}
    narrated = [r for r in records if r["kind"] == "action" and r["payload"]["kind"] == "narrate"]
    assert narrated and not any("seven candles" in r["payload"]["text"] for r in narrated)
    texts = [r for r in records if r["kind"] == "llm_call" and r["role"] not in ("ten-candles-survivor",
                                                                                 "ten-candles-truth")]
    assert texts and all(c["outcome"] != "ok" for c in texts), "no text the guard refused was ever used"
    # a truth is cut to its first sentence (one fact, L325): the line's word in the second is never spoken
    truths = [r["payload"]["text"] for r in records if r["kind"] == "action" and "truth" in r["payload"]["kind"]]
    assert not any("spider" in truth.lower() or truth.count(".") > 1 for truth in truths), truths


def test_contradiction_is_regenerated_twice_then_the_template_speaks(tmp_path: Path, no_network: None) -> None:
    """At most two regenerations per text (three calls), then the template's words, with the guard's reasons."""
    records = play(faults.script(CONTRADICTION), tmp_path)
    narration = [f for f in records if f["kind"] == "fallback" and f.get("role") == "ten-candles-narration"]
    assert narration and all(f["attempts"] == 3 for f in narration)
    assert all("lines" in f["reason"] for f in narration)
    calls = [r for r in records if r["kind"] == "llm_call" and r["role"] == "ten-candles-narration"]
    assert len(calls) == 3 * len(narration) and {c["attempt"] for c in calls} == {1, 2, 3}


"""Stated attempts ruled on by the embedded model (SmolLM2-135M), on recorded real traffic, with the kernel's
verdict (issue 16; the kernel's D45: L58, L265, L267, L289).

Cassettes ``tests/llm/cassettes/ten_candles_attempts_<lang>.yaml``: the Ten Candles attempts marked
``cassette: true`` in ``benchmarks/improv_intents.yaml`` (a plain one and an injection attempt), each
stated at the first beat of a fresh two-survivor table. Re-record (starts the local server, or uses
``NARRATOR_LLM_URL``)::

    NARRATOR_LLM_RECORD=1 python -m pytest tests/ten_candles/test_attempt_cassettes.py -m record
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.cassettes import Scenario, record_scenario, replay_scenario
from tests.storyteller.improv_support import OFFLINE_URL, settings
from tests.ten_candles.attempt_support import rule_on_attempt, verdict

INTENTS = Path(__file__).resolve().parents[2] / "benchmarks" / "improv_intents.yaml"
LANGS = ["en", "ru"]
INJECTION = "10"


def attempts() -> list[dict[str, Any]]:
    return [item for item in yaml.safe_load(INTENTS.read_text(encoding="utf-8"))["ten_candles"] if item.get("cassette")]


def scenario(lang: str, tmp_path: Path) -> Scenario:
    def run(base_url: str) -> list[dict[str, Any]]:
        found = []
        for number, item in enumerate(attempts()):
            result = rule_on_attempt(item[lang], tmp_path / f"{number}.jsonl", lang=lang, settings=settings(base_url))
            found.append({"item": item, "records": result["records"], **verdict(result["records"])})
        return found

    def check(found: list[dict[str, Any]]) -> None:
        for decision in found:
            records = decision["records"]
            stated = [r for r in records if r["kind"] == "action" and r["payload"]["kind"] == "state_attempt"]
            assert stated and stated[0]["payload"]["text"] == decision["item"][lang], "the words are the kernel move"
            assert decision["calls"] and decision["calls"][0]["prompt_tokens"] > 0, "the model was asked to rule"
            assert decision["by"] == "llm" or decision["fallbacks"] or len(decision["rejected"]) >= 2, \
                "a template ruling only after the model gave up or the kernel refused it twice"
            for code in decision["rejected"]:
                assert code.isupper(), "each refusal carries the kernel's code"
            move = decision["move"]
            # the kernel's verdict: the GM answered this attempt, with a conflict for the attempter or none
            assert move["kind"] in ("call_conflict", "allow_attempt")
            if move["kind"] == "call_conflict":
                assert move["active"] == 0
            if INJECTION in decision["item"][lang]:  # the injection stayed a plain attempt: no dice were faked
                assert not any(r["kind"] == "event" and r["event"] in ("dice_rolled", "conflict_resolved")
                               for r in records)
        verdicts = [(d["move"]["kind"], d["move"].get("dangerous"), d["by"], d["rejected"]) for d in found]
        print(json.dumps(verdicts, ensure_ascii=False))

    return run, check


@pytest.mark.parametrize("lang", LANGS)
def test_replayed_rulings(lang: str, tmp_path: Path, no_network: None) -> None:
    """The recorded rulings replay: each attempt got an answer the kernel accepted, or a recorded fallback."""
    replay_scenario(f"ten_candles_attempts_{lang}", scenario(lang, tmp_path), OFFLINE_URL)


@pytest.mark.record
@pytest.mark.parametrize("lang", LANGS)
def test_record(lang: str, tmp_path: Path, local_model_url: str) -> None:
    record_scenario(f"ten_candles_attempts_{lang}", scenario(lang, tmp_path), local_model_url)

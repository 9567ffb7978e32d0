"""Typed intents ruled on by the embedded model (SmolLM2-135M), on recorded real traffic, with the kernel's verdict.

Cassettes ``tests/llm/cassettes/storyteller_intents_<book>_<lang>.yaml``: the intents marked
``cassette: true`` in ``benchmarks/improv_intents.yaml`` (two per game: a plain one and an
injection attempt), each typed at its scene of a fresh table. Re-record (starts and stops the local server)::

    NARRATOR_LLM_RECORD=1 python -m pytest tests/storyteller/test_improv_cassettes.py -m record
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.cassettes import Scenario, record_scenario, replay_scenario
from tests.storyteller.improv_support import OFFLINE_URL, rule_on, verdict

INTENTS = Path(__file__).resolve().parents[2] / "benchmarks" / "improv_intents.yaml"
GAMES = [(book, lang) for book in ("dark_ages", "wild_west") for lang in ("en", "ru")]
INJECTION = "10"


def intents(book: str) -> list[dict[str, Any]]:
    return [item for item in yaml.safe_load(INTENTS.read_text(encoding="utf-8"))[book] if item.get("cassette")]


def scenario(book: str, lang: str, tmp_path: Path) -> Scenario:
    def run(base_url: str) -> list[dict[str, Any]]:
        found = []
        for number, item in enumerate(intents(book)):
            result = rule_on(item[lang], tmp_path / f"{number}.jsonl", book=book, lang=lang, base_url=base_url,
                             scene=item["scene"])
            found.append({"item": item, "records": result["records"], **verdict(result["records"]),
                          "reopened": [r.code for r in result["player"].rejections]})
        return found

    def check(found: list[dict[str, Any]]) -> None:
        sheets = {"dark_ages": "ysolde", "wild_west": "ruth"}
        for decision in found:
            text = decision["item"][lang]
            assert decision["intent"] == text, "the answer line keeps the player's words"
            asks = [c for c in decision["calls"] if c["role"] == "storyteller-intent"]
            assert asks and asks[0]["prompt_tokens"] > 0, "the model was asked to rule"
            move = decision["move"]
            if move is None:  # the model gave up and the template could not read the words: the player is asked
                assert decision["fallbacks"] and decision["reopened"] == ["INTENT_UNCLEAR"]
                continue
            by = decision["by"]
            assert by.startswith("llm:") or decision["fallbacks"], "a template move only after a recorded fallback"
            for code in decision["rejected"]:
                assert code.isupper(), "each refusal carries the kernel's code"
            if move["kind"] in ("roll", "resisted"):  # the kernel's verdict: a legal pool of the player's own sheet
                assert move["character"] in sheets.values() and 2 <= move["difficulty"] <= 10
                assert not move["willpower"] and not move.get("automatic")
            if INJECTION in text:  # the injection stayed a plain intent: nothing but a ruling came of it
                assert move["kind"] in ("roll", "resisted", "next_turn", "attack", "begin_scene", "end_story")
                assert not any(r["kind"] == "event" and r["event"] == "roll_resolved" and r["data"]["net"] >= 10
                               for r in decision["records"])
        verdicts = [(d["item"]["scene"], d["move"] and d["move"]["kind"], d["ruling"], d["rejected"]) for d in found]
        print(json.dumps(verdicts, ensure_ascii=False))

    return run, check


STALE: frozenset[str] = frozenset()
"""Cassettes known to be out of date with the prompts (skipped until re-recorded); none now."""


@pytest.mark.parametrize(("book", "lang"), [pytest.param(book, lang, marks=pytest.mark.skip(
    reason="stale cassette: re-record (see STALE)")) if f"storyteller_intents_{book}_{lang}" in STALE
    else (book, lang) for book, lang in GAMES])
def test_replayed_rulings(book: str, lang: str, tmp_path: Path, no_network: None) -> None:
    """The recorded rulings replay: each intent got a ruling the kernel checked, or a recorded fallback."""
    replay_scenario(f"storyteller_intents_{book}_{lang}", scenario(book, lang, tmp_path), OFFLINE_URL)


@pytest.mark.record
@pytest.mark.parametrize(("book", "lang"), GAMES)
def test_record(book: str, lang: str, tmp_path: Path, local_model_url: str) -> None:
    record_scenario(f"storyteller_intents_{book}_{lang}", scenario(book, lang, tmp_path), local_model_url)

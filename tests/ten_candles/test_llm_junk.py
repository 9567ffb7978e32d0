"""The embedded model's junk never reaches the player (issue 30, item 13): a text that echoes its instructions,
carries stray markup, or states a fact the kernel's state contradicts (the story over while candles burn, a
living character dead) is refused; the role re-asks, then the template speaks."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from narrator.agents.ten_candles.llm_check import Facts
from narrator.agents.ten_candles.llm_roles import check_prose, check_truth

from tests.llm import faults
from tests.ten_candles.test_llm_faults import play

JUNK = {
    "en": ["./10 successes} You are the Storyteller of Ten Candles, a game of tragic horror.",
           "{2017, 4, 30 } At the dry wash the wind turns over the stones.",
           "The candles are gone; the story ends.",
           "Vera is dead at the pier, and the lantern rolls into the water."],
    "ru": ["./10 успехов} Ты — Рассказчик игры «Десять свечей», трагического хоррора.",
           "{2017, 4, 30 } У сухого русла ветер ворочает камни.",
           "Свечи погасли; история окончена.",
           "Вера погибла у причала, и фонарь катится в воду."],
}
"""The issue's three texts word for word (and in Russian), and a living character told dead."""
FINE = {"en": "The lantern gutters at the end of the pier, and Vera nearly slips; Gleb catches her sleeve.",
        "ru": "Фонарь мигает в конце причала, Вера едва не падает; Глеб ловит её за рукав."}


def context(lang: str) -> dict:
    """Ten candles lit, Vera and Gleb alive: the table the junk was told at."""
    return {"facts": Facts(lit=10, lang=lang, alive=("Vera", "Gleb") if lang == "en" else ("Вера", "Глеб")),
            "gm": True, "events": ()}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("which", range(4), ids=["echoed instructions", "stray markup", "story over at 10 lit",
                                                 "a living character dead"])
def test_the_issues_junk_is_refused_as_narration_and_as_a_truth(lang: str, which: int) -> None:
    text = JUNK[lang][which]
    assert check_prose(SimpleNamespace(text=text), context(lang))
    assert check_truth(SimpleNamespace(text=text), context(lang))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_plain_sentence_that_comes_near_them_is_kept(lang: str) -> None:
    """«the end of the pier», «nearly slips»: no end of the story, nobody dead, no markup."""
    assert check_prose(SimpleNamespace(text=FINE[lang]), context(lang)) is None


def test_the_story_may_end_when_no_candle_burns() -> None:
    last = {"facts": Facts(lit=0, lang="en"), "gm": True, "events": ()}
    assert check_prose(SimpleNamespace(text="The candles are gone; the story ends in the dark."), last) is None


@pytest.mark.parametrize("junk", [0, 1, 2], ids=["echoed instructions", "stray markup", "story over"])
def test_a_model_answering_junk_is_reasked_then_replaced_and_never_heard(junk: int, tmp_path: Path,
                                                                         no_network: None) -> None:
    text = JUNK["en"][junk]
    records = play(faults.script(faults.answer(arguments=json.dumps({"text": text, "choice": "accept_roll",
                                                                     "speech": "ok"}))), tmp_path)
    storyteller = [r for r in records if r["kind"] == "fallback" and r["actor"] == -2]
    assert storyteller and all(f["reason"].startswith("illegal: ") and f["by"] == "template" for f in storyteller)
    said = [r["payload"].get("text", "") for r in records if r["kind"] == "action"]
    assert not any(text[:20] in s for s in said), "no refused text was used"
    refused = [r for r in records if r["kind"] == "llm_call" and r["role"] == "ten-candles-scene"]
    assert refused and all(c["outcome"] != "ok" for c in refused)
    assert max(c.get("attempt", 1) for c in refused) >= 1


def test_the_narration_cassettes_old_ending_is_refused() -> None:
    """The answer the narration cassette once recorded and used (it ended the story with candles lit) is
    refused now; the cassette was re-recorded with the guard in place (the refusal and its re-ask are in it)."""
    ending = "The story ends, and the room was lit by a candle."
    assert check_prose(SimpleNamespace(text=ending), context("en"))
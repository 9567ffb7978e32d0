"""The claim reader of a model's battaglia speech (agents/battaglia/llm/facts.py) on its labelled set and on
the issue's own sentences (#32): unnamed, paraphrased and negated claims are read and checked."""

from __future__ import annotations

import pytest
from narrator.agents.battaglia.claims import Claim, false_claims

from benchmarks.battaglia_speech_facts import labelled, measure, reader_module, record_of

DATA = labelled()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_labelled_set_is_read_with_high_recall_and_precision(lang: str) -> None:
    """166 sentences, measured 100% / 100% each language (the set was written first, the reader tuned on it:
    the bar is set below the measure so a new sentence of a kind it misses does not block everything)."""
    found = measure(lang, reader_module(None), DATA)
    assert len(DATA[lang]) >= 80
    assert found["recall"] >= 0.9, found["missed"]
    assert found["precision"] >= 0.9, found["alarms"]


@pytest.mark.parametrize(("text", "claim"), [
    ("Gleb never accused anybody.", Claim("never_accused", 3)),
    ("When Anna died her card was Tiir.", Claim("died_as", 0, card="TIIR")),
    ("Ivan was executed yesterday.", Claim("executed", 7)),
    ("Oleg is dead.", Claim("died", 6)),
    ("The accuser is Boris.", Claim("accuser", 1)),
    ("Someone voted to kill Daria.", Claim("got_votes", 4)),
    ("A Shadow is murdered today.", Claim("died_recent_as", -1, card="shadow")),
])
def test_the_issues_sentences_are_read(text: str, claim: Claim) -> None:
    reader = reader_module(None).SpeechFacts(DATA["names"]["en"], "en")
    assert claim in reader.claims(text)


def test_a_false_sentence_gets_the_records_correction() -> None:
    """The re-ask says what the record holds, not only that the speech was wrong."""
    facts = reader_module(None)
    record = record_of(DATA)
    wrong = false_claims(facts.SpeechFacts(DATA["names"]["en"], "en").claims("Gleb voted to kill Daria."), record)
    assert wrong == [Claim("voted", 3, 4)]
    told = facts.describe(wrong[0], "en", record)
    assert "P3 voted against P4" in told and "votes against P4 came from nobody" in told


def test_plans_and_guesses_state_no_fact() -> None:
    reader = reader_module(None).SpeechFacts(DATA["names"]["ru"], "ru")
    for text in ("Давайте обвиним Глеба.", "Сегодня я буду голосовать против Дарьи.", "Я думаю, Олег убит не был."):
        assert reader.claims(text) == [], text

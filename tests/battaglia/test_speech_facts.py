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


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_speech_validator_refuses_a_false_claim_of_a_real_game_and_passes_a_true_one(lang: str) -> None:
    """At a real accusation of day 2 (scripted game), a model speech that says a living seat died or that
    nobody died last night is refused with the record's correction; the same words about a seat that did die pass."""
    from types import SimpleNamespace

    from narrator.agents.battaglia.llm import Names
    from narrator.agents.battaglia.llm.brief import build_brief
    from narrator.agents.battaglia.llm.facts import speech_facts_problem
    from narrator.rules.battaglia import GAME

    from tests.battaglia.llm_helpers import drive_to, offers, scripted_session

    session, table = scripted_session(9, 11, lang)
    seat = drive_to(session, offers("accuse", "accuse", day=2))
    view = GAME.view(session.state, seat)
    brief = build_brief(view, "accuse", Names(table), GAME.legal_actions(session.state, seat))
    dead = sorted({s for s, _ in brief.record.deaths})
    alive = [s for s in range(9) if s not in dead and s != seat]
    assert dead and alive
    died = {"en": "{} is dead.", "ru": "{} погибает этой ночью, смерть не ждёт."}[lang]

    def problem(speech: str) -> str | None:
        return speech_facts_problem(SimpleNamespace(speech=speech), {"request": SimpleNamespace(view=brief)})

    refused = problem(died.format(f"P{alive[0]}"))
    assert refused and f"P{alive[0]} has died" in refused and "the record:" in refused
    assert problem(died.format(f"P{dead[0]}")) is None

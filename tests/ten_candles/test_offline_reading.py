"""Issue 28: the offline Storyteller of Ten Candles reads a stated attempt by the book's test (a conflict
is an attempt whose result is not obvious, seeds/000_e53cdcbb20917f8a.txt L58, L265; dangerous when failing
could kill, L289), through lemmas and typos; the Moment as the Moment (L77, D14); nonsense answered "did not
understand"; a cheat a plain intent that changes nothing on the table (the dice are rolled, L269; a dark
candle is never relit, L56). The thresholds are the issue's, over benchmarks/ten_candles_intents.yaml."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest
from narrator.rules.core import HOST
from narrator.rules.ten_candles import GAME, TenCandlesConfig

from narrator.session import Session
from narrator.ten_candles.attempts import line, template_ruling, unreadable
from narrator.ten_candles.reading import lemmas, read
from narrator.ten_candles.storyteller import TemplateStoryteller
from narrator.ten_candles.table_gm import NarratingTableGM
from tests.ten_candles.test_attempts_table import Attempter
from tests.ten_candles.test_kernel_support import through_setup

BENCH = runpy.run_path(str(Path(__file__).resolve().parents[2] / "benchmarks" / "ten_candles_intents.py"))


def test_the_benchmark_holds_the_issues_bar_in_each_language():
    report = BENCH["measure"]()
    for lang in ("en", "ru"):
        numbers = report[lang]
        assert numbers["items"] >= 100
        assert numbers["share"] >= 0.95, numbers["misses"]
        assert numbers["conflicts_on_cheat_or_nonsense"] == 0
        for kind in ("safe", "conflict", "danger", "moment", "nonsense", "cheat", "ambiguous"):
            assert numbers["kinds"].get(kind, 0) >= 7  # every kind the issue names is measured
    for lang in ("en/held_out", "ru/held_out", "en/held_out_2", "ru/held_out_2"):  # written after the lists
        assert report[lang]["share"] >= 0.85 and report[lang]["conflicts_on_cheat_or_nonsense"] == 0
    for lang in ("en/session_16", "ru/session_16"):  # the play-tester's classes (session 16), in our words
        assert report[lang]["share"] >= 0.95 and report[lang]["conflicts_on_cheat_or_nonsense"] == 0


@pytest.mark.parametrize(("word", "lang", "lemma"), [
    ("jumped", "en", "jump"), ("running", "en", "run"), ("tries", "en", "try"), ("fought", "en", "fight"),
    ("прыгаю", "ru", "прыгать"), ("отбиваюсь", "ru", "отбиваться"), ("перелез", "ru", "перелезть"),
])
def test_words_are_read_through_their_lemmas(word, lang, lemma):
    assert lemma in lemmas(word, lang)


@pytest.mark.parametrize(("text", "lang", "kind"), [
    ("I jmup over the fence", "en", "danger"),          # one typo from "jump"
    ("I serach the car for batteries", "en", "conflict"),
    ("Пргаю через забор", "ru", "danger"),
    ("I don't fight, I just sit and pray", "en", "safe"),  # a negated deed is not done
    ("Ищу еду в брошенном магазине", "ru", "conflict"),    # «брошенный», abandoned, is no throw
    ("I ask Tom where he found the flashlight", "en", "safe"),  # what is said, and another's deed
    ("I try to remember the code to the basement door", "en", "conflict"),  # recalling instructions, L267
    ("Шепчу Марии и пытаюсь вскрыть замок", "ru", "conflict"),  # said, and then a deed of its own
    ("Обнимаю сына и говорю, что всё будет хорошо", "ru", "safe"),
])
def test_the_reading_follows_the_book_not_a_single_word(text, lang, kind):
    assert read(text, lang).kind == kind


# session 16 (issue 28, the play-tester's last candle): a conflict needs risk; talk, thanks and memories are
# narrated even at one candle, and "try to" before a free act leaves it free; recalling know-how stays the
# book's conflict (L267); a line calling a companion by name is said to them, up to the caller's own deed
@pytest.mark.parametrize(("text", "lang", "conflict", "dangerous"), [
    ("Marta, thanks. I mean it.", "en", False, False),
    ("Марта, спасибо. Правда.", "ru", False, False),
    ("I try to remember how my brother used to laugh", "en", False, False),
    ("Пытаюсь вспомнить папин голос", "ru", False, False),
    ("I try to think of something good and pray", "en", False, False),
    ("Стараюсь представить себе море", "ru", False, False),
    ("Марта, прости меня за всё", "ru", False, False),
    ("hey Marta, you still got that lighter?", "en", False, False),
    ("I try to recall how to reset the breaker", "en", True, False),         # know-how: the book's conflict
    ("Пытаюсь вспомнить, как отключить сигнализацию", "ru", True, False),  # a comma does not make it a memory
    ("Marta, I climb over the wall", "en", True, True),                     # the call ends at "I": a climb
    ("Ребята, стойте тут, а я бегу к машине", "ru", True, True),
])
def test_a_conflict_needs_risk_and_a_memory_or_a_thank_you_is_narrated(text, lang, conflict, dangerous):
    view = SimpleNamespace(characters=[SimpleNamespace(name="Vera", top="virtue", moment=""),
                                       SimpleNamespace(name="Marta Lis", top="virtue", moment="")])
    ruling = template_ruling(view, 0, text, lang, "Vera")
    assert (ruling.conflict, ruling.dangerous) == (conflict, dangerous)
    if not conflict:
        assert text in ruling.narration  # told what simply happens, in the table's language


def test_the_moment_only_while_it_is_the_active_card_and_only_its_own_words():
    card = "I will find hope when I see my daughter's face again."
    assert read("I find my daughter among the survivors", "en", moment=card).kind == "moment"
    assert read("I ring the old bell", "en", moment=card).kind != "moment"
    assert read("I find my daughter among the survivors", "en").kind != "moment"


@pytest.mark.parametrize(("text", "lang", "said"), [
    ("ыыы ааа ооо", "ru", "не понял"), ("qwerty uiop", "en", "did not understand"),
])
def test_nonsense_is_answered_did_not_understand_in_the_tables_language(text, lang, said):
    view = SimpleNamespace(characters=[SimpleNamespace(name="Vera")])
    assert unreadable(view, text, lang)
    assert said in line("unreadable", lang, attempt=text, name="Vera")


@pytest.mark.parametrize(("text", "lang"), [("give me 10 successes", "en"), ("Верни мне все кубики", "ru"),
                                            ("I relight all the candles", "en")])
def test_a_cheat_is_a_plain_intent_that_changes_nothing_on_the_table(tmp_path: Path, text: str, lang: str):
    from narrator.transcript import TranscriptWriter

    ruling = template_ruling(SimpleNamespace(characters=[SimpleNamespace(top="virtue", moment="")]), 0, text,
                             lang, "Vera")
    assert not ruling.conflict and text in ruling.narration
    config = TenCandlesConfig(players=2, stated_attempts=True)
    state = through_setup(2, config)
    before = (state.lit, state.pool, state.gm_pool, state.char(0).hope)
    agents = {HOST: NarratingTableGM(seed=1, voice=TemplateStoryteller(lang=lang, seed=1)), 0: Attempter(text),
              1: Attempter("x")}
    agents[1].done = True
    path = tmp_path / "t.jsonl"
    session = Session(GAME, config, agents, seed=2, state=state, recorder=TranscriptWriter(path))
    for _ in range(4):
        session.step()
        records = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
        if any(r["kind"] == "action" and r["payload"]["kind"] == "allow_attempt" for r in records):
            break
    session.close()
    kinds = [r["payload"]["kind"] for r in records if r["kind"] == "action"]
    assert "allow_attempt" in kinds and "call_conflict" not in kinds
    assert (session.state.lit, session.state.pool, session.state.gm_pool, session.state.char(0).hope) == before
    assert session.state.conflict is None

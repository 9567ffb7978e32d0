"""Playtest 16, the web table: the Storyteller's question back about typed words is a question, not a refusal:
its own style and label («Рассказчик спрашивает:», never «Отклонено:»), the readings it names as buttons that
take them with the words asked about, and a plain "yes" answering a question that named one reading."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from narrator.web import create_app
from tests.web.conftest import Tables
from tests.web.test_storyteller import seat_page

INTENT = "type_intent"


def _answers(tables: Tables, created: dict[str, Any]) -> list[dict[str, Any]]:
    lines = tables.manager.transcript_path(created["table"]).read_text(encoding="utf-8").splitlines()
    return [r["payload"] for r in map(json.loads, lines) if r["kind"] == "answer"]


@pytest.mark.parametrize(("lang", "two", "asks", "refused", "yes_label"), [
    ("en", "I sneak up and threaten him", "The Storyteller asks:", "Refused:", "I mean: "),  # two readings: no "Yes"
    ("ru", "Крадусь и пугаю его", "Рассказчик спрашивает:", "Отклонено:", "Я имею в виду: "),
])
def test_a_question_back_is_asked_and_its_readings_are_buttons(tables: Tables, lang: str, two: str, asks: str,
                                                                refused: str, yes_label: str) -> None:
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, language=lang, seed=11)
    asked = tables.act(created, 0, {"kind": INTENT, "text": two}).json()
    assert asked["ok"] is False and asked["rejection"]["question"] is True, asked
    page = seat_page(tables, created)
    assert asks in page and refused not in page
    assert page.count(asks) == 1, "said once, above its buttons (it was under each of them and the words box)"
    assert 'class="refusal question-back" role="status"' in page
    takes = [m for m in tables.state(created, 0)["table_moves"] if m["action"].get("take")]
    assert sorted(m["action"]["take"] for m in takes) == ["frighten", "slip-aboard"], takes
    assert all(m["label"].startswith(yes_label) and m["action"]["text"] == two for m in takes)
    sneak = next(m for m in takes if m["action"]["take"] == "slip-aboard")
    assert tables.act(created, 0, sneak["action"]).json() == {"ok": True, "rejection": None}
    chosen = _answers(tables, created)[-1]
    assert chosen["approach"] == "slip-aboard" and chosen["intent"] == two


@pytest.mark.parametrize(("lang", "one", "yes"), [
    ("en", "I show him silver", "yes"),
    ("ru", "Показываю серебро", "да"),
])
def test_yes_answers_a_question_back_that_named_one_reading(tables: Tables, lang: str, one: str, yes: str) -> None:
    """«…не уверен, что вы имеете в виду "Дать ему увидеть, кто вы"» then «да»: the answer is that reading, with
    the words asked about (it was refused as words of no deed before)."""
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, language=lang, seed=11)
    asked = tables.act(created, 0, {"kind": INTENT, "text": one}).json()
    assert asked["rejection"]["question"] is True, asked
    assert tables.act(created, 0, {"kind": INTENT, "text": yes}).json() == {"ok": True, "rejection": None}
    chosen = _answers(tables, created)[-1]
    # the one reading is a bribe, improvised (play-test 17: silver shown is no "Frighten him", a threat its words do
    # not back, which a question back no longer names)
    assert chosen["approach"] == "intent" and chosen["intent"] == one


def test_a_take_not_asked_about_is_refused(tables: Tables) -> None:
    """A button's reading is only one the question named, with its words: no approach taken by a forged take."""
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, seed=11)
    tables.act(created, 0, {"kind": INTENT, "text": "I show him silver"})
    forged = tables.act(created, 0, {"kind": INTENT, "text": "I show him silver", "take": "persuade"}).json()
    assert forged["ok"] is False and not _answers(tables, created)


# -- play-test 17: every reading a question names can be picked (a deed no approach lists too) ---------------------

UNARMED = "Поднимаю пустые руки и кричу: «Я безоружен, сержант! Я за братом Ансельмом, не руби!»"
SHOUT_AND_SWING = "Кричу сержанту и замахиваюсь посохом"  # a shout or a blow: the question names both


def _log(tables: Tables, created: dict[str, Any]) -> list[str]:
    from tests.web.test_storyteller_log_once import log_lines

    return log_lines(seat_page(tables, created))


def _takes(tables: Tables, created: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {m["action"]["take"]: m for m in tables.state(created, 0)["table_moves"] if m["action"].get("take")}


def test_the_talk_a_question_names_in_a_fight_is_a_button_and_costs_no_action(tables: Tables) -> None:
    """Hospice s2: «…«Ударить клинком» или без броска (разговор)?» showed one button, the blade; the talk had none."""
    from tests.web.test_storyteller_log_once import into_the_fight

    created = into_the_fight(tables)
    asked = tables.act(created, 0, {"kind": INTENT, "text": SHOUT_AND_SWING}).json()
    assert asked["rejection"]["question"] is True and "без броска (разговор)" in asked["rejection"]["message"], asked
    takes = _takes(tables, created)
    assert set(takes) == {"strike", "act:talk"}, takes
    assert takes["act:talk"]["label"] == "Я имею в виду: Без броска (разговор)"
    assert not any(m["label"].startswith("Да: ") for m in takes.values())  # two readings: neither is a plain yes
    before = _answers(tables, created)
    assert tables.act(created, 0, takes["act:talk"]["action"]).json() == {"ok": True, "rejection": None}
    assert _answers(tables, created) == before  # words cost no action: no blow, no move taken for the round
    state = tables.state(created, 0)
    assert state["waiting_for"] == [0] and {m["action"].get("approach") for m in state["table_moves"]} >= {"strike"}
    assert not any(m["action"].get("take") for m in state["table_moves"])  # the question is answered
    log = _log(tables, created)
    assert log[-2] == f"Брат Одо: «{SHOUT_AND_SWING}»"
    assert log[-1].startswith("Слова в бою ничего не стоят и хода не занимают")


def test_an_unarmed_plea_typed_in_a_fight_is_said_and_costs_no_action(tables: Tables) -> None:
    """«…не руби!» with empty hands raised is talk (play-test 17: the only button was the blade): in a fight it is
    said in the log and the round waits for the seat's move, no question, no blow."""
    from tests.web.test_storyteller_log_once import into_the_fight

    created = into_the_fight(tables)
    before = _answers(tables, created)
    assert tables.act(created, 0, {"kind": INTENT, "text": UNARMED}).json() == {"ok": True, "rejection": None}
    assert _answers(tables, created) == before and tables.state(created, 0)["waiting_for"] == [0]
    log = _log(tables, created)
    assert log[-2] == "Брат Одо: «Поднимаю пустые руки и кричу: „Я безоружен, сержант! Я за братом Ансельмом, не руби!“»"
    assert log[-1].startswith("Слова в бою ничего не стоят и хода не занимают")


def test_a_typed_no_i_only_talk_answers_the_question_and_is_no_dice_talk(tables: Tables) -> None:
    """«нет, я просто говорю с ним, руки вверх» got «Это про кубики…» (the reader reads «просто говорю» as dice talk):
    as the answer to a question that named the talk, it is the talk."""
    from tests.web.test_storyteller_log_once import into_the_fight

    created = into_the_fight(tables)
    tables.act(created, 0, {"kind": INTENT, "text": SHOUT_AND_SWING})
    before = _answers(tables, created)
    replied = tables.act(created, 0, {"kind": INTENT, "text": "нет, я просто говорю с ним, руки вверх"}).json()
    assert replied == {"ok": True, "rejection": None}, replied
    assert _answers(tables, created) == before
    log = _log(tables, created)
    assert not any("про кубики" in line for line in log) and log[-1].startswith("Слова в бою ничего не стоят")


def test_a_deed_no_approach_lists_is_a_button_and_rolled_as_that_deed(tables: Tables) -> None:
    """Copper Gulch s1 (WW ru): «бросок Сила (грубая сила) или бросок Манипулирование (подкуп)?» had no button for
    either (the terminal: no number); each is a button now, and the one taken is rolled, not asked again."""
    created = tables.create(game="wild-west", options={"character": "ruth", "scenario": "copper-gulch"}, language="ru",
                            seed=2)
    words = "Ставлю локоть на бочку: кто тут самый сильный? давай на руках, на доллар"
    assert tables.act(created, 0, {"kind": INTENT, "text": words}).json()["rejection"]["question"] is True
    takes = _takes(tables, created)
    assert set(takes) == {"act:force", "act:bribe"}, takes
    assert takes["act:force"]["label"] == "Я имею в виду: Бросок Сила + Атлетика (грубая сила)"
    assert tables.act(created, 0, takes["act:force"]["action"]).json() == {"ok": True, "rejection": None}
    lines = [json.loads(line) for line in tables.manager.transcript_path(created["table"]).read_text().splitlines()]
    rolls = [r["payload"] for r in lines if r["kind"] == "action" and r["payload"]["kind"] == "roll"]
    assert rolls and rolls[-1]["task"] == "intent:strength+athletics/force", rolls
    assert _answers(tables, created)[-1]["intent"] == words
    assert tables.state(created, 0)["view"]["turn"] == 2


def test_a_forged_deed_not_asked_about_is_refused(tables: Tables) -> None:
    created = tables.create(game="wild-west", options={"character": "ruth", "scenario": "copper-gulch"}, language="ru",
                            seed=2)
    words = "Ставлю локоть на бочку: кто тут самый сильный? давай на руках, на доллар"
    tables.act(created, 0, {"kind": INTENT, "text": words})
    forged = tables.act(created, 0, {"kind": INTENT, "text": words, "take": "act:shoot"}).json()
    assert forged["ok"] is False and not _answers(tables, created)


def test_speech_typed_in_quotes_is_quoted_once(tables: Tables) -> None:
    """«««Сестра…»»» on the web (play-test 17): the log wraps a seat's words in one pair of quotes."""
    created = tables.create(game="dark-ages", options={"character": "odo", "scenario": "hospice-of-saint-lazare"},
                            language="ru", seed=2)
    plea = "«Сестра, я брат Одо, родня Ансельма. Он послал за мной, пустите, Христа ради»"
    asked = tables.act(created, 0, {"kind": INTENT, "text": plea}).json()
    if asked["rejection"] is not None:  # asked back about the one reading: a plain yes takes it
        assert tables.act(created, 0, {"kind": INTENT, "text": "да"}).json()["rejection"] is None
    said = [line for line in _log(tables, created) if line.startswith("Брат Одо: «Сестра")]
    assert said == ["Брат Одо: «Сестра, я брат Одо, родня Ансельма. Он послал за мной, пустите, Христа ради»"], said


def test_a_deed_taken_from_the_question_survives_a_restart(data_dir: Path) -> None:
    """The deed taken is ruled once; a restarted server resumes after it (the recorded roll, the next turn) and plays on."""
    words = "Ставлю локоть на бочку: кто тут самый сильный? давай на руках, на доллар"
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        created = tables.create(game="wild-west", options={"character": "ruth", "scenario": "copper-gulch"},
                                language="ru", seed=2)
        tables.act(created, 0, {"kind": INTENT, "text": words})
        assert tables.act(created, 0, _takes(tables, created)["act:force"]["action"]).json()["ok"]
        before = tables.state(created, 0)
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        after = tables.state(created, 0)
        assert after["view"] == before["view"] and after["events"] == before["events"]
        first = after["table_moves"][0]["action"]
        assert tables.act(created, 0, first).json() == {"ok": True, "rejection": None}


def test_the_talk_said_anew_after_the_question_is_said_with_its_own_words(tables: Tables) -> None:
    """After «… или без броска (разговор)?», «кричу сержанту, что сдаюсь» is the talk the question named: in a
    fight it is said (its own words, not the ones asked about) and costs no action."""
    from tests.web.test_storyteller_log_once import into_the_fight

    created = into_the_fight(tables)
    tables.act(created, 0, {"kind": INTENT, "text": SHOUT_AND_SWING})
    before = _answers(tables, created)
    assert tables.act(created, 0, {"kind": INTENT, "text": "кричу сержанту, что сдаюсь"}).json()["ok"]
    assert _answers(tables, created) == before
    log = _log(tables, created)
    assert log[-2] == "Брат Одо: «кричу сержанту, что сдаюсь»" and log[-1].startswith("Слова в бою ничего не стоят")

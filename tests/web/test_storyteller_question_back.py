"""Playtest 16, the web table: the Storyteller's question back about typed words is a question, not a refusal:
its own style and label («Рассказчик спрашивает:», never «Отклонено:»), the readings it names as buttons that
take them with the words asked about, and a plain "yes" answering a question that named one reading."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.conftest import Tables
from tests.web.test_storyteller import seat_page

INTENT = "type_intent"


def _answers(tables: Tables, created: dict[str, Any]) -> list[dict[str, Any]]:
    lines = tables.manager.transcript_path(created["table"]).read_text(encoding="utf-8").splitlines()
    return [r["payload"] for r in map(json.loads, lines) if r["kind"] == "answer"]


@pytest.mark.parametrize(("lang", "two", "asks", "refused", "yes_label"), [
    ("en", "I sneak up and threaten him", "The Storyteller asks:", "Refused:", "Yes: "),
    ("ru", "Крадусь и пугаю его", "Рассказчик спрашивает:", "Отклонено:", "Да: "),
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
    assert chosen["approach"] == "frighten" and chosen["intent"] == one


def test_a_take_not_asked_about_is_refused(tables: Tables) -> None:
    """A button's reading is only one the question named, with its words: no approach taken by a forged take."""
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, seed=11)
    tables.act(created, 0, {"kind": INTENT, "text": "I show him silver"})
    forged = tables.act(created, 0, {"kind": INTENT, "text": "I show him silver", "take": "persuade"}).json()
    assert forged["ok"] is False and not _answers(tables, created)

"""Playtest 16 in headless Chromium: the Storyteller's question back about typed words is shown as its question
(«Рассказчик спрашивает:», not red «Отклонено:»), and a button of a reading it names takes that reading."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_browser import (
    PHONE,
    TIMEOUT_MS,
    Server,
    browser,  # noqa: F401 - a fixture
    fast_server,  # noqa: F401 - a fixture
    post_json,
    wait_text,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
WORDS = {"ru": ("Крадусь и пугаю его", "Рассказчик спрашивает", "Отклонено", "Я имею в виду: Проскользнуть"),
         "en": ("I sneak up and threaten him", "The Storyteller asks", "Refused", "I mean: Slip aboard")}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_question_back_is_asked_and_answered_by_its_button_in_chromium(
        fast_server: Server, browser: Any, lang: str) -> None:  # noqa: F811
    words, asks, refused, button = WORDS[lang]
    body = post_json(fast_server.url + "/api/tables", {"game": "dark-ages", "options": {"character": "ysolde"},
                                                       "language": lang, "seed": 11})
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(fast_server.url + body["seats"][0]["url"])
    box = page.locator("#actions form.control", has=page.locator("textarea[name=text]"))
    box.locator("textarea[name=text]").wait_for(timeout=TIMEOUT_MS)
    box.locator("textarea[name=text]").fill(words)
    box.locator("button[type=submit]").click()
    wait_text(page, "#actions .question-back", asks)
    shown = page.inner_text("#actions")
    assert refused not in shown and asks in shown
    # the words sent are on the question's buttons, not left in the box (play-test 17)
    assert box.locator("textarea[name=text]").input_value() == ""
    color = page.eval_on_selector("#actions .question-back", "e => getComputedStyle(e).color")
    bad = page.eval_on_selector("body", "e => getComputedStyle(e).getPropertyValue('--bad').trim()")
    assert color.replace(" ", "") != bad.replace(" ", ""), (color, bad)
    page.locator("#actions form.control button", has_text=button).first.click()
    wait_text(page, "#events li", words)  # the words said, as the reading taken
    assert not page.locator("#actions .question-back").count()  # answered: the question is gone

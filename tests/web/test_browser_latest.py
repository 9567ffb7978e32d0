"""A Storyteller seat at 390 px (play-test): the log was newest first, so «Сцена 2» sat below its own text,
and a move's result was ~2,500 px below the buttons. Now the log reads oldest first (a scene's heading above
its framing) and what happened since the seat's move is shown just above its choices, in sight after a move.
Screenshots go to tests/artifacts/ (not docs/screenshots)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_browser import (
    ARTIFACTS,
    PHONE,
    TIMEOUT_MS,
    Server,
    browser,  # noqa: F401 - a fixture
    fast_server,  # noqa: F401 - a fixture
    ferry_from_the_form,
    wait_text,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
WORDS = {"ru": {"live": "на связи", "scene": "Сцена 1", "framing": "Ночь над рекой", "persuade": "Убедить его"},
         "en": {"live": "live", "scene": "Scene 1", "framing": "Night over the river", "persuade": "Persuade him"}}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_moves_result_is_in_sight_above_the_choices(fast_server: Server, browser: Any, lang: str) -> None:  # noqa: F811
    w = WORDS[lang]
    _, links = ferry_from_the_form(fast_server, browser, lang)
    anna = browser.new_context(viewport=PHONE).new_page()
    anna.goto(fast_server.url + str(links.nth(1).get_attribute("href")))
    wait_text(anna, ".live.on", w["live"])
    log = anna.locator("#events li").all_inner_texts()
    heading = next(i for i, line in enumerate(log) if line.strip().startswith(w["scene"]))
    framing = next(i for i, line in enumerate(log) if w["framing"] in line)
    assert heading < framing, "the scene's heading reads above its text"
    assert anna.locator("#latest li").count() == 0  # nothing yet since this seat's move
    anna.locator("#actions form.control", has_text=w["persuade"]).locator("button").first.click()
    anna.locator("#latest li").first.wait_for(timeout=TIMEOUT_MS)
    anna.wait_for_timeout(300)  # the bot Storyteller's lines of the same move
    latest = anna.locator("#latest").bounding_box()
    actions = anna.locator("#actions").bounding_box()
    assert latest is not None and actions is not None
    assert latest["y"] < actions["y"], "just above the choices"
    assert 0 <= latest["y"] < PHONE["height"], "in sight after the move, without scrolling"
    told = anna.inner_text("#latest")
    assert told.strip() and told.strip().splitlines()[-1] in anna.inner_text("#events")  # the log's own lines
    anna.screenshot(path=str(ARTIFACTS / f"latest-seat-phone-{lang}.png"))
    anna.screenshot(path=str(ARTIFACTS / f"latest-seat-phone-full-{lang}.png"), full_page=True)

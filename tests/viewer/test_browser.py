"""The offline replay page in real headless Chromium, opened from ``file://``: stepping with buttons,
the slider and the keys, switching lenses at the same moment, the votes table, nothing fetched.

Needs Debian's chromium and the ``playwright`` pip package (never ``playwright install``); skipped
with a reason otherwise. Screenshots land in ``tests/artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from narrator.viewer.access import lenses_for
from narrator.viewer.page import write_page
from narrator.viewer.timeline import Lens, load
from tests.web.test_browser import ARTIFACTS, CHROMIUM, CHROMIUM_FLAGS, PHONE, sync_api

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "transcripts" / "battaglia" / "sim-6p-seed-101.jsonl"


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Any]:
    timeline = load(GAME)
    out = tmp_path / "replay.html"
    write_page(out, timeline, lenses_for(Lens(host=True), timeline), "en")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        context = browser.new_context(viewport=PHONE)
        requests: list[str] = []
        context.on("request", lambda request: requests.append(request.url))
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(out.as_uri())
        yield tab
        assert not errors, errors
        assert requests == [out.as_uri()], requests  # nothing but the page itself: works offline
        browser.close()


def position(tab: Any) -> tuple[int, int]:
    shown = re.fullmatch(r"Step (\d+) of (\d+)", tab.inner_text("#position"))
    assert shown, tab.inner_text("#position")
    return int(shown[1]), int(shown[2])


def test_stepping_through_a_recorded_game(page: Any) -> None:
    tab = page
    assert position(tab)[0] == 1 and tab.inner_text("#chapter") == "Before the game"
    total = position(tab)[1]
    for _ in range(5):
        tab.keyboard.press("ArrowRight")
    assert position(tab) == (6, total)
    tab.click("#next")
    tab.click("#previous")
    tab.click("#previous")
    assert position(tab) == (5, total)
    tab.keyboard.press("End")
    assert position(tab) == (total, total)
    assert "The game is over" in tab.inner_text("#lines")
    tab.keyboard.press("Home")
    tab.keyboard.press("PageDown")
    assert tab.inner_text("#chapter") != "Before the game"
    while "Day" not in tab.inner_text("#chapter") or "votes" not in tab.inner_text("#moves"):
        tab.keyboard.press("ArrowRight")  # on to a day's first ballot: the votes table fills
        assert position(tab)[0] < total
    assert tab.locator("#moves tr").count() >= 2  # a heading and a voter's row
    tab.screenshot(path=str(ARTIFACTS / "replay-host-phone.png"), full_page=True)


def test_switching_lenses_keeps_the_moment_and_shows_only_that_lens(page: Any) -> None:
    tab = page
    options = tab.eval_on_selector_all("#lens option", "nodes => nodes.map(n => n.value)")
    assert options == ["host", "public", *(f"seat-{s}" for s in range(6))]
    for _ in range(30):
        tab.keyboard.press("ArrowRight")
    night = tab.inner_text("#chapter")
    tab.select_option("#lens", "seat-2")
    assert "Daria (2)" in tab.inner_text("#title") and tab.inner_text("#chapter") == night
    assert "Fluid" in tab.inner_text("#panel")  # her own mask, from her own view
    tab.select_option("#lens", "public")
    seen = []
    tab.keyboard.press("Home")
    for _ in range(position(tab)[1]):
        seen.append(tab.inner_text("#lines") + tab.inner_text("#panel"))
        tab.keyboard.press("ArrowRight")
    assert not any("[you only]" in text or "Your mask" in text for text in seen)
    tab.screenshot(path=str(ARTIFACTS / "replay-public-phone.png"), full_page=True)

"""The offline replay page in real headless Chromium, opened from ``file://``: stepping with buttons,
the slider and the keys, switching lenses at the same moment, the votes table, nothing fetched.

Needs Debian's chromium and the ``playwright`` pip package (never ``playwright install``); skipped
with a reason otherwise. Screenshots land in ``tests/artifacts/``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from narrator.viewer.access import lenses_for
from narrator.viewer.page import write_page
from narrator.viewer.timeline import Lens, load
from tests.web.test_browser import (  # noqa: F401 (fast_server is a fixture)
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_FLAGS,
    PHONE,
    Server,
    fast_server,
    get_json,
    post_json,
    sync_api,
)

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


def test_a_troupe_game_fits_a_phone_at_every_step(tmp_path: Path) -> None:
    """A Storyteller troupe's page on a 390-pixel phone: no step is wider than the screen (the panel's labels
    name the others with their concepts, which once widened the page to 900 pixels)."""
    from narrator.storyteller.play import run
    from tests.storyteller.troupe_support import troupe_table

    game, out = tmp_path / "troupe.jsonl", tmp_path / "troupe.html"
    assert run(troupe_table(game, "ru", lambda _line: None), lambda _line: None)
    timeline = load(game)
    write_page(out, timeline, lenses_for(Lens(seat=1), timeline), "en")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        tab = browser.new_context(viewport=PHONE).new_page()
        tab.goto(out.as_uri())
        total = position(tab)[1]
        widths = []
        for _ in range(total):
            widths.append(tab.evaluate("document.documentElement.scrollWidth"))
            tab.keyboard.press("ArrowRight")
        tab.screenshot(path=str(ARTIFACTS / "replay-troupe-phone.png"), full_page=True)
        browser.close()
    assert max(widths) <= PHONE["width"], widths


def test_a_finished_web_table_serves_the_viewer_under_its_csp(fast_server: Server) -> None:  # noqa: F811 (fixture)
    """The served page links its script and style (no inline ones: the CSP would block them) and runs."""
    created = post_json(fast_server.url + "/api/tables", {"game": "battaglia", "options": {"players": 6},
                                                          "bot_seats": [0, 1, 2, 3, 4, 5], "seed": 5, "language": "ru"})
    state_url = f"{fast_server.url}/api/t/{created['table']}/host/state"
    deadline = time.monotonic() + 120
    while get_json(state_url, created["host_url"])["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.5)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        tab = browser.new_context(viewport=PHONE).new_page()
        problems: list[str] = []
        tab.on("pageerror", lambda error: problems.append(str(error)))
        tab.on("console", lambda m: problems.append(m.text) if m.type == "error" and "404" not in m.text else None)
        tab.on("response", lambda r: problems.append(r.url) if r.status >= 400 and "favicon" not in r.url else None)
        tab.goto(fast_server.url + created["host_url"])  # the invite link sets the host's cookie
        tab.click(".replay-link a")
        assert re.fullmatch(r"Шаг 1 из \d+", tab.inner_text("#position"))
        options = tab.eval_on_selector_all("#lens option", "nodes => nodes.map(n => n.value)")
        assert options == ["public", "host"]  # the program hosted: the public's page, and the truth after the end
        tab.keyboard.press("End")
        assert "Игра окончена" in tab.inner_text("#lines")
        tab.screenshot(path=str(ARTIFACTS / "replay-web-ru-phone.png"), full_page=True)
        browser.close()
    assert not problems, problems

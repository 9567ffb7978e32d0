"""A first sitting at the web table in headless Chromium, at 390 px and 1280 px, in Russian and English
(issue 30, items 1-7; the server-side half is ``test_first_sitting.py``):

- the create form shows the chosen game's fields only, with its scenario's limits;
- the links list names each seat by its character; a bot's seat says how a person takes it;
- a seat not asked is told it is not its move (no "Your move!" title, no outline), the asked one is;
- an approach's dice come under its button, the hand-over stands apart and is smaller;
- an unticked "cannot be undone" box is named on the page, the box beside its words, nothing sent;
- an open battaglia page's header follows the seat's second soul (seed 004 L44);
- the event list leaves room for every number (none clipped by the scrolling box).

Screenshots go to ``tests/artifacts/first-sitting-*.png``.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.web.test_browser import (
    ARTIFACTS,
    PHONE,
    TIMEOUT_MS,
    Server,
    browser,  # noqa: F401 - a fixture
    fast_server,  # noqa: F401 - a fixture
    post_json,
    wait_text,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
DESK = {"width": 1280, "height": 900}
WORDS = {
    "ru": {"live": "на связи", "mine": "Ваш ход", "not_mine": "Не ваш ход", "turn": "Ваш ход!", "seat": "место",
           "bot": "«Занять место» у него на странице ведущего", "count": "1–4", "needed": "Ход не отправлен"},
    "en": {"live": "live", "mine": "Your move", "not_mine": "Not your move", "turn": "Your move!", "seat": "seat",
           "bot": "“Take over” beside it on the host page", "count": "1–4", "needed": "Not sent"},
}


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found, selector
    return found


def create_troupe_from_the_form(page: Any, server: Server, lang: str) -> dict[str, Any]:
    """The form's fields game by game, then a Dark Ages troupe: two people and a bot."""
    w = WORDS[lang]
    page.goto(f"{server.url}/?lang={lang}")
    page.select_option("select[name=game]", "battaglia")
    assert not page.locator("[data-character-field]").is_visible(), "no sheet box for battaglia"
    assert page.locator("[data-host-field]").is_visible() and page.locator("[data-players-field]").is_visible()
    page.select_option("select[name=game]", "dark-ages")
    character = page.locator("[data-character-field]")
    assert character.is_visible() and "odo" in character.inner_text() and "ruth" not in character.inner_text()
    assert "players" not in (page.get_attribute("textarea[name=options_text]", "placeholder") or "")
    assert w["count"] in page.inner_text("[data-troupe-field]") and "5" not in page.inner_text("[data-count-label]")
    page.fill("input[name=troupe_size]", "3")
    page.dispatch_event("input[name=troupe_size]", "input")
    page.locator(".troupe-row").nth(2).locator("input[data-bot-seat]").check()
    page.select_option("select[name=language]", lang)
    page.fill("input[name=seed]", "2")
    with page.expect_response(lambda r: r.url.endswith("/api/tables") and r.request.method == "POST",
                              timeout=TIMEOUT_MS) as created:
        page.click("#create-table button[type=submit]")
    body = created.value.json()
    page.locator("#created .links a").first.wait_for(timeout=TIMEOUT_MS)
    items = page.locator("#created .links li").all_inner_texts()
    for seat, item in zip(body["seats"], items[1:], strict=True):
        assert item.lower().startswith(seat["label"].lower()), (item, seat["label"])
        assert f"({w['seat']} {seat['seat']})" in item and "—)" not in item
    assert w["bot"] in page.inner_text("#created [data-bot-note]")  # a bot's seat: how a person takes it
    return body


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("width", ["phone", "desk"])
def test_a_first_sitting_at_a_storyteller_table_in_chromium(
        fast_server: Server, browser: Any, lang: str, width: str) -> None:  # noqa: F811
    w = WORDS[lang]
    context = browser.new_context(viewport=PHONE if width == "phone" else DESK)
    body = create_troupe_from_the_form(context.new_page(), fast_server, lang)
    asked, waiting = context.new_page(), context.new_page()
    asked.goto(fast_server.url + body["seats"][0]["url"])
    waiting.goto(fast_server.url + body["seats"][1]["url"])
    for page in (asked, waiting):
        wait_text(page, ".live.on", w["live"])
    wait_text(asked, "#actions .moves-heading", w["mine"])
    assert asked.title().startswith(w["turn"])
    assert waiting.inner_text("#actions .moves-heading") == w["not_mine"]
    assert not waiting.title().startswith(w["turn"]) and "my-move" not in (waiting.get_attribute("body", "class") or "")
    assert waiting.locator("#actions .tools form").count() == 1, "the roll from the sheet stays, apart"
    card = "#actions form.control.option"
    assert box(asked, f"{card} button")["y"] < box(asked, f"{card} .hint")["y"], "the dice under their button"
    assert not asked.inner_text(f"{card} .hint").startswith("—")
    last_move = asked.locator("#actions .controls form").last.bounding_box()
    swap = box(asked, "button[data-control=bot]")
    assert swap["y"] - (last_move["y"] + last_move["height"]) >= 24, "the hand-over stands apart"
    assert swap["height"] < box(asked, f"{card} button")["height"]
    asked.screenshot(path=str(ARTIFACTS / f"first-sitting-asked-{lang}-{width}.png"), full_page=True)
    waiting.screenshot(path=str(ARTIFACTS / f"first-sitting-waiting-{lang}-{width}.png"), full_page=True)


FETCH = """async ([url, body]) => {  // as the page itself asks: its cookie, its origin; again after a 429
    for (let i = 0; i < 40; i++) {
        const r = await fetch(url, body ? {method: "POST", headers: {"Content-Type": "application/json"},
                                           body: JSON.stringify(body)} : {});
        if (r.status !== 429) return r.json();
        await new Promise(done => setTimeout(done, 1000 * Number(r.headers.get("Retry-After") || 1)));
    }
    throw new Error("refused for the rate, again and again");
}"""


def seat_states(pages: dict[int, Any], table: str) -> dict[int, Any]:
    return {s: page.evaluate(FETCH, [f"/api/t/{table}/seat/{s}/state", None]) for s, page in pages.items()}


def drive_until(pages: dict[int, Any], table: str, done: Any, limit: int = 300) -> dict[int, Any]:
    """The people make their first legal move (silence where they may speak) until ``done(states)``."""
    for _ in range(limit):
        states = seat_states(pages, table)
        if done(states) or any(st["outcome"] for st in states.values()):
            return states
        seat = next((s for s, st in states.items() if st["legal"]), None)
        if seat is None:
            time.sleep(0.1)
            continue
        move = {k: ("" if v is None and k == "text" else v) for k, v in states[seat]["legal"][0].items()}
        pages[seat].evaluate(FETCH, [f"/api/t/{table}/seat/{seat}/act", {"action": move}])
    raise AssertionError("the game did not get there")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_battaglia_seats_header_confirmation_and_event_numbers_in_chromium(
        fast_server: Server, browser: Any, lang: str) -> None:  # noqa: F811
    w = WORDS[lang]
    created = post_json(fast_server.url + "/api/tables", {"game": "battaglia", "options": {"players": 6},
                                                          "bot_seats": [2, 3, 4, 5], "names": ["Anna", "Boris"],
                                                          "seed": 5, "language": lang})
    phone, desk = browser.new_context(viewport=PHONE), browser.new_context(viewport=DESK)
    pages = {0: phone.new_page(), 1: desk.new_page()}
    for seat, page in pages.items():
        page.goto(fast_server.url + created["seats"][seat]["url"])
        wait_text(page, ".live.on", w["live"])
    first = {seat: page.inner_text("#you") for seat, page in pages.items()}
    cards = {s: st["view"]["card"] for s, st in seat_states(pages, created["table"]).items()}

    def confirm_offered(states: dict[int, Any]) -> bool:
        return any(page.locator("#actions input[data-confirm]").count() for page in pages.values())

    drive_until(pages, created["table"], confirm_offered)
    page = next(p for p in pages.values() if p.locator("#actions input[data-confirm]").count())
    form = page.locator("#actions form.control:has(input[data-confirm])").first
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.url) if "/act" in r.url else None)
    form.locator("button").click()
    needed = form.locator(".confirm-needed")
    needed.wait_for(state="visible", timeout=TIMEOUT_MS)
    assert w["needed"] in needed.inner_text() and not posted, "said on the page; nothing sent"
    tick, words = box(page, "#actions label.confirm input"), box(page, "#actions label.confirm span")
    assert tick["x"] + tick["width"] <= words["x"] and abs((tick["y"] + tick["height"] / 2)
                                                            - (words["y"] + words["height"] / 2)) < words["height"]
    page.screenshot(path=str(ARTIFACTS / f"first-sitting-confirm-{lang}.png"), full_page=True)
    form.locator("input[data-confirm]").check()
    assert not needed.is_visible()

    def second_soul(states: dict[int, Any]) -> bool:  # L44: a first death deals a new soul
        return any(st["view"]["card"] != cards[s] and s not in st["view"]["out"] for s, st in states.items())

    states = drive_until(pages, created["table"], second_soul)
    reborn = next(s for s, st in states.items() if st["view"]["card"] != cards[s])
    pages[reborn].wait_for_function("first => document.querySelector('#you').textContent.trim() !== first",
                                    arg=first[reborn].strip(), timeout=TIMEOUT_MS)
    assert pages[reborn].inner_text("#you") != first[reborn]
    pages[reborn].screenshot(path=str(ARTIFACTS / f"first-sitting-second-soul-{lang}.png"), full_page=True)

    events = pages[1].locator("#events li")
    assert events.count() >= 10, "two-digit numbers on the desk page"
    room = pages[1].evaluate("""() => {
        const log = document.querySelector('#events');
        const probe = document.createElement('canvas').getContext('2d');
        probe.font = getComputedStyle(log.querySelector('li')).font;
        return [parseFloat(getComputedStyle(log).paddingLeft), probe.measureText(log.children.length + '. ').width];
    }""")
    assert room[0] >= room[1], f"the numbers need {room[1]:.0f} px, the margin is {room[0]:.0f} px"

"""The phone controls end to end in Chromium at 390 px, in Russian and in English: the creation form
(player count, ticked bot seats, copy button, QR code), the ballot of checkboxes, the accusation
picker, the tab title and the vibration on your move, "you are out". Screenshots of each go to
``docs/screenshots/`` (committed: docs/web.md shows them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.test_browser import (
    PHONE,
    TIMEOUT_MS,
    Server,
    act_once,
    browser,  # noqa: F401 - a fixture
    fast_server,  # noqa: F401 - a fixture
    wait_text,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

WORDS = {
    "ru": {"live": "на связи", "ballot": "Отметьте", "vote": "Проголосовать", "accuse": "Обвинить",
           "legend": "по легенде", "turn": "Ваш ход!", "copy": "Копировать", "copied": "скопировано", "out": "Вы выбыли из игры насовсем",
           "players": "Игроков", "finished": "окончена"},
    "en": {"live": "live", "ballot": "Tick", "vote": "Cast my vote", "accuse": "Accuse", "legend": "by legend",
           "turn": "Your move!", "copy": "Copy", "copied": "copied", "out": "You are out of the game for good",
           "players": "Players", "finished": "finished"},
}
VIBRATIONS = "window.__buzz = []; navigator.vibrate = pattern => { window.__buzz.push(pattern); return true; };"


def phone(chromium: Any) -> Any:
    """A 390 px phone page whose vibrations are counted (``window.__buzz``)."""
    context = chromium.new_context(viewport=PHONE, permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script(VIBRATIONS)
    return context.new_page()


def create_from_the_form(page: Any, server: Server, lang: str, seed: int) -> list[str]:
    """battaglia for 6 from form fields only: Anna and Boris are people, seats 2-5 bots."""
    w = WORDS[lang]
    page.goto(f"{server.url}/?lang={lang}")
    page.select_option("select[name=game]", "battaglia")
    assert w["players"] in page.inner_text("#create-table")
    page.fill("input[name=players]", "6")
    page.dispatch_event("input[name=players]", "input")
    assert page.locator("input[data-bot-seat]").count() == 6
    for seat in (2, 3, 4, 5):
        page.check(f"input[data-bot-seat][value='{seat}']")
    page.select_option("select[name=language]", lang)
    page.fill("input[name=names]", "Anna, Boris")
    page.fill("input[name=seed]", str(seed))
    page.click("#create-table button[type=submit]")
    links = page.locator("#created .links a")
    links.first.wait_for(timeout=TIMEOUT_MS)
    assert links.count() == 3, "the host and the two people; bots have no link"
    assert page.locator("#created figure.qr svg").count() == 2, "a QR code for each person's invite"
    assert page.locator("#created button.copy").all_inner_texts() == [w["copy"]] * 3
    page.locator("#created button.copy").nth(1).click()
    wait_text(page, "#created button.copy", w["copied"])
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == server.url + links.nth(1).get_attribute("href")
    page.screenshot(path=str(SHOTS / f"create-battaglia-phone-{lang}.png"), full_page=True)
    return [links.nth(i).get_attribute("href") for i in range(3)]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_phone_controls_in_chromium(fast_server: Server, browser: Any, lang: str) -> None:  # noqa: F811
    pytest.importorskip("segno", reason="QR invites are drawn by segno")
    w = WORDS[lang]
    host = phone(browser)
    _host_url, anna_url, boris_url = create_from_the_form(host, fast_server, lang, seed=5 if lang == "ru" else 8)
    anna, boris = phone(browser), phone(browser)
    anna.goto(fast_server.url + anna_url)
    boris.goto(fast_server.url + boris_url)
    for page in (anna, boris):
        wait_text(page, ".live.on", w["live"])
    seen: dict[str, bool] = {}
    for _ in range(500):
        if w["finished"] in anna.inner_text("#status"):
            break
        for name, page in (("anna", anna), ("boris", boris)):
            mine = page.locator("#actions form.control").count() > 0
            if mine:
                assert page.title().startswith(w["turn"]), "the tab says it is your move"
                seen["buzz"] = seen.get("buzz", False) or page.evaluate("window.__buzz.length") > 0
            ballot = page.locator("#actions form.control.ballot")
            if ballot.count() and "ballot" not in seen:
                assert w["ballot"] in ballot.inner_text() and ballot.locator("button").is_disabled()
                boxes = ballot.locator("input[data-target]")
                most = int(ballot.get_attribute("data-most") or "1")
                for i in range(boxes.count()):
                    boxes.nth(i).check() if i < most else None
                if boxes.count() > most:
                    assert boxes.nth(most).is_disabled(), "no more ticks than the ballot allows"
                assert ballot.locator("button", has_text=w["vote"]).is_enabled()
                page.screenshot(path=str(SHOTS / f"battaglia-vote-phone-{lang}.png"), full_page=True)
                seen["ballot"] = True
            picker = page.locator("#actions form.control.accusation")
            if picker.count() and "picker" not in seen:
                assert w["legend"] in picker.inner_text() and picker.locator("button", has_text=w["accuse"]).count()
                me = 0 if name == "anna" else 1
                options = picker.locator("select[data-pick=target] option").evaluate_all("os => os.map(o => o.value)")
                assert str(me) not in options and options, "the picker never offers yourself"
                page.screenshot(path=str(SHOTS / f"battaglia-accuse-phone-{lang}.png"), full_page=True)
                seen["picker"] = True
            if page.locator("#actions [data-out]").count() and "out" not in seen:
                assert w["out"] in page.inner_text("#actions") and not page.locator("#actions .idle, .swap").count()
                page.screenshot(path=str(SHOTS / f"battaglia-out-phone-{lang}.png"), full_page=True)
                seen["out"] = True
            if mine:
                act_once(page)
        anna.wait_for_timeout(50)
    assert {"ballot", "picker", "buzz"} <= set(seen), seen
    seat_url = fast_server.url + "/api/t/" + anna_url.split("/")[2] + "/seat/{}/state"
    # through each seat's own browser: an invite link opened there no longer opens the seat by its bare token
    out = {s for s, page in ((0, anna), (1, boris)) if s in page.request.get(seat_url.format(s)).json()["view"]["out"]}
    assert ("out" in seen) == bool(out), "the notice shows exactly when a person's seat is out for good"

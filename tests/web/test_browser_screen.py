"""The room's public screen end to end in Chromium (issue #35), in Russian and in English.

A battaglia table (Anna and Boris are people on their phones, four scripted bots) plays through a night
and a day vote while the screen is open on a TV (1920x1080) and a laptop (1366x768); a Ten Candles table
(Anna and two scripted survivors, the bot GM) plays into its second scene. The screen updates live,
carries no canary secret (a whisper's words, a Brink, a recorded message) and reads aloud exactly the
new public lines, in order, in the table's language, one voice per seat where the browser has several:
the speech API is a stub here that records each utterance (no voice sounds). Boris ticks "read aloud" on
his phone: his page speaks the public lines only, never his own whisper. Screenshots of the screen go to
``docs/screenshots/screen-*.png`` (docs/web.md shows them).
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
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
from tests.web.test_ten_candles import canary, fill, turn_moves

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
TV = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 768}
LIVE = {"ru": "на связи", "en": "live"}
VOICES = {"en": [("Narrator en", "en-US"), ("Second en", "en-GB"), ("Third en", "en-AU")],
          "ru": [("Рассказчик", "ru-RU"), ("Второй", "ru-RU"), ("Третий", "ru-RU"), ("Четвёртый", "ru-RU")]}

SAID = {"ru": "Я видел свет в окне часовни, и это уже {n}-я ночь подряд",
        "en": "I saw a light in the chapel window, and that makes {n} nights in a row"}
"""A person's public words (each one different: the test looks for every one in what was read aloud)."""

SPEECH_STUB = """
window.__spoken = [];
(() => {
  const voices = %s.map(([name, lang]) => ({ name: name, lang: lang, localService: true, default: false }));
  const fake = {
    speaking: false, pending: false, paused: false,
    speak(u) { window.__spoken.push({ text: u.text, lang: u.lang, rate: u.rate, pitch: u.pitch,
                                      voice: u.voice ? u.voice.name : null });
               if (u.onstart) u.onstart(); },
    cancel() {}, pause() {}, resume() {},
    getVoices() { return voices; },
    addEventListener() {}, removeEventListener() {},
  };
  Object.defineProperty(window, "speechSynthesis", { value: fake, configurable: true });
  window.SpeechSynthesisUtterance = function (text) { this.text = text; };
  // every public line as the socket delivered it (a line's words may be told anew later: a survivor
  // named after the line was said), so the test compares what was said with what was sent at the time
  window.__received = [];
  const Native = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const socket = new Native(url, protocols);
    socket.addEventListener("message", event => {
      const message = JSON.parse(event.data);
      if (message.type === "screen") window.__received.push(...message.lines);
    });
    return socket;
  };
})();
"""


def stubbed(chromium: Any, viewport: dict[str, int], lang: str) -> Any:
    """A page whose speech synthesis records what it is asked to say (``window.__spoken``)."""
    voices = [[name, code] for name, code in VOICES["en"] + VOICES["ru"]]
    context = chromium.new_context(viewport=viewport)
    context.add_init_script(SPEECH_STUB % json.dumps(voices))
    return context.new_page()


def screen_link(host: Any) -> str:
    """The screen's link on the host page (asked again while the table is still being dealt)."""
    url, found = host.url, None
    for _ in range(20):
        found = re.search(r'<a href="([^"]+)"[^>]*data-screen-link', host.content())
        if found:
            break
        host.wait_for_timeout(250)
        host.goto(url)
    assert found, "the host page links the screen"
    assert host.locator(".screen-link figure.qr svg").count() == 1, "with its QR code"
    return unescape(found.group(1))


class Seat:
    """A person's phone: the page (its invite opened there, so its cookie holds the seat) and its moves,
    posted through the page's own cookie."""

    def __init__(self, chromium: Any, server: Server, table: str, seat: int, url: str, lang: str) -> None:
        self.page = stubbed(chromium, PHONE, lang)
        self.page.goto(server.url + url)
        self.base, self.table, self.seat = server.url, table, seat

    def state(self) -> dict[str, Any]:
        return self.page.request.get(f"{self.base}/api/t/{self.table}/seat/{self.seat}/state").json()

    def act(self, move: dict[str, Any]) -> dict[str, Any]:
        response = self.page.request.post(f"{self.base}/api/t/{self.table}/seat/{self.seat}/act",
                                          data=json.dumps({"action": move}),
                                          headers={"Content-Type": "application/json"})
        assert response.ok, response.text()
        return response.json()


def screen_state(page: Any, server: Server, table: str) -> dict[str, Any]:
    return page.request.get(f"{server.url}/api/t/{table}/screen/state").json()


def spoken(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("window.__spoken")


def settled(page: Any, server: Server, table: str, heard: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """What the page said, and the public lines after ``heard`` as its socket first delivered them, once
    the page has caught up with the table (the bots may still be moving: asked again until all agree)."""
    for _ in range(100):
        known = {line["n"] for line in new_lines(screen_state(page, server, table), heard)}
        said, received = spoken(page), page.evaluate("window.__received")
        first: dict[int, dict[str, Any]] = {}
        for line in received:
            if line["n"] >= heard:
                first.setdefault(line["n"], line)
        if len(said) == len(first) and set(first) == known:
            return said, [first[n] for n in sorted(first)]
        page.wait_for_timeout(150)
    raise AssertionError(f"the page said {len(spoken(page))} lines; the table has {len(known)} new ones")


def reading_the_latest(page: Any, server: Server, table: str, heard: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``settled``, once the line the page marks as being read is the newest one it has: the bots may still be
    moving after the people stop, so a line can arrive between the two looks (CI saw 25 read after 24 settled)."""
    for _ in range(20):
        said, lines = settled(page, server, table, heard)
        wait_text(page, "#lines li", lines[-1]["text"].splitlines()[0][:40])
        assert page.locator("#lines li.reading").count() == 1, "the line being read stands out"
        if page.get_attribute("#lines li.reading", "data-n") == str(lines[-1]["n"]):
            return said, lines
    raise AssertionError("the line being read never was the newest line")


def new_lines(state: dict[str, Any], heard: int) -> list[dict[str, Any]]:
    return [line for line in state["lines"] if line["n"] >= heard]


def check_voices(said: list[dict[str, Any]], lines: list[dict[str, Any]], lang: str) -> None:
    """Exactly the public lines, in order, in the table's language; the narrator's voice apart from the seats'."""
    assert [s["text"] for s in said] == [line["text"] for line in lines]
    assert {s["lang"] for s in said} == {lang}
    narrator = VOICES[lang][0][0]
    for s, line in zip(said, lines, strict=True):
        assert (s["voice"] == narrator) == (line["voice"] == "narrator"), (s, line)
    by_seat: dict[str, set[str]] = {}
    for s, line in zip(said, lines, strict=True):
        by_seat.setdefault(line["voice"], set()).add(s["voice"])
    assert all(len(names) == 1 for names in by_seat.values()), "one voice per speaker"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_screen_follows_a_battaglia_night_and_day_and_reads_it_aloud(fast_server: Server, browser: Any,  # noqa: F811
                                                                          lang: str) -> None:
    created = post_json(fast_server.url + "/api/tables", {"game": "battaglia", "options": {"players": 6},
                                                          "bot_seats": [2, 3, 4, 5], "names": ["Anna", "Boris"],
                                                          "seed": 5, "language": lang})
    table = created["table"]
    host = browser.new_context(viewport=LAPTOP).new_page()
    host.goto(fast_server.url + created["host_url"])
    link = screen_link(host)
    tv, laptop = stubbed(browser, TV, lang), stubbed(browser, LAPTOP, lang)
    for page in (tv, laptop):
        page.goto(fast_server.url + link)
        assert "token=" not in page.url  # the key became the screen's cookie
        wait_text(page, ".live.on", LIVE[lang])
    tv.evaluate("document.querySelector('[data-rate]').value = '1.2';"
                "document.querySelector('[data-rate]').dispatchEvent(new Event('input'))")
    heard = int(tv.evaluate("document.body.dataset.heard"))
    anna, boris = (Seat(browser, fast_server, table, s, created["seats"][s]["url"], lang) for s in (0, 1))
    boris.page.check("input[data-speech-seat]")  # Boris's phone reads the table's public words too
    boris.page.wait_for_timeout(300)
    canaries: list[str] = []
    public: list[str] = []
    themes: set[str] = set()
    shots: set[str] = set()

    def move(seat: Seat) -> bool:
        legal = seat.state()["legal"]
        if not legal:
            return False
        worded = [a for a in legal if "text" in a and a["kind"] in ("whisper", "speak", "accuse")
                  and a.get("target") != seat.seat]  # nobody accuses themself
        chosen = dict(worded[0] if worded else legal[0])
        if "text" in chosen and chosen["kind"] == "whisper":
            chosen["text"] = f"CANARY-whisper-{seat.seat}-{len(canaries)}"
            canaries.append(chosen["text"])
        elif "text" in chosen and chosen["kind"] in ("speak", "accuse"):
            chosen["text"] = SAID[lang].format(n=len(public) + 2)
        answer = seat.act(chosen)
        if answer["ok"] and chosen.get("text", "") == SAID[lang].format(n=len(public) + 2):
            public.append(chosen["text"])
        elif not answer["ok"]:
            assert seat.act(legal[0])["ok"]
        return True

    def look() -> dict[str, Any]:
        theme = tv.evaluate("document.body.dataset.theme")
        themes.add(theme)
        state = screen_state(tv, fast_server, table)
        if theme == "night" and "night" not in shots:
            tv.mouse.click(5, TV["height"] - 5)  # the first click lets the page speak (its notice goes)
            tv.wait_for_timeout(1500)  # the page's colours ease into the night
            tv.screenshot(path=str(SHOTS / f"screen-battaglia-night-tv-{lang}.png"))
            shots.add("night")
        if state["view"]["phase"] == "vote" and state["view"]["candidates"] and "day" not in shots:
            wait_text(tv, ".board .headline", state["board"]["headline"])
            for page in (tv, laptop):
                page.mouse.click(5, page.viewport_size["height"] - 5)
            tv.screenshot(path=str(SHOTS / f"screen-battaglia-day-tv-{lang}.png"))
            laptop.screenshot(path=str(SHOTS / f"screen-battaglia-day-laptop-{lang}.png"))
            shots.add("day")
        return state

    for _ in range(400):
        state = look()
        kinds = [e["kind"] for e in state["events"]]
        if "ballots" in kinds and "morning" in kinds[kinds.index("ballots"):] or state["board"]["status"] != "active":
            break
        if not (move(anna) or move(boris)):
            tv.wait_for_timeout(50)
    else:
        raise AssertionError("the table did not get through a night and a day vote")
    assert "day" in shots and {"day", "night"} <= themes, themes
    assert public, "the people said something aloud"

    said, lines = reading_the_latest(tv, fast_server, table, heard)
    check_voices(said, lines, lang)
    assert {s["rate"] for s in said} == {1.2}
    for text in public:
        assert any(text in s["text"] for s in said), text
    tally = "Итог:" if lang == "ru" else "Tally:"
    assert any(tally in s["text"] for s in said), "the vote is read aloud as the host tells it"
    for page in (tv, laptop):
        content = page.content() + json.dumps(spoken(page), ensure_ascii=False)
        assert not any(c in content for c in canaries)
    if canaries:
        assert any(c in boris.page.content() + anna.page.content() for c in canaries), "the canaries are real"
    boris_heard = " ".join(s["text"] for s in spoken(boris.page))
    assert any(text in boris_heard for text in public) and not any(c in boris_heard for c in canaries)

    # muted: the lines still come, nothing more is read; kept across a reload
    tv.click("[data-mute]")
    before = len(spoken(tv))
    for _ in range(40):
        if not (move(anna) or move(boris)):
            tv.wait_for_timeout(50)
        if screen_state(tv, fast_server, table)["lines"][-1]["n"] > lines[-1]["n"] + 2:
            break
    tv.wait_for_function(f"Number(document.querySelector('#lines li').dataset.n) > {lines[-1]['n']}",
                         timeout=TIMEOUT_MS)  # the lines still come
    tv.wait_for_timeout(300)
    assert len(spoken(tv)) == before, "nothing is read while muted"
    tv.reload()
    wait_text(tv, ".live.on", LIVE[lang])
    assert tv.get_attribute("[data-mute]", "aria-pressed") == "true" and tv.input_value("[data-rate]") == "1.2"
    reopened = int(tv.evaluate("document.body.dataset.heard"))
    tv.click("[data-mute]")
    tv.wait_for_timeout(800)
    fresh = {line["text"] for line in new_lines(screen_state(tv, fast_server, table), reopened)}
    assert all(s["text"] in fresh for s in spoken(tv)), "a page opened again reads none of the old lines"


SECRET_KINDS = ("write_brink", "record_message")
WORDS = {"ru": {"name": "Вера", "appearance": "в мокром плаще", "description": "медсестра из посёлка",
                "text": "Вера светит фонарём в темноту"},
         "en": {"name": "Vera", "appearance": "in a wet coat", "description": "the village nurse",
                "text": "Vera shines her torch into the dark"}}


def readable(move: dict[str, Any], lang: str) -> dict[str, Any]:
    """Anna's move with words a table would say aloud; her secrets (a Brink, a message) stay canaries."""
    if move["kind"] in SECRET_KINDS:
        return move
    return {**move, **{k: v for k, v in WORDS[lang].items() if k in move and str(move[k]).startswith("CANARY")}}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_screen_draws_ten_candles_and_what_darkened_them(fast_server: Server, browser: Any,  # noqa: F811
                                                             lang: str) -> None:
    created = post_json(fast_server.url + "/api/tables", {"game": "ten-candles",
                                                          "options": {"players": 3, "message_playback": "never"},
                                                          "bot_seats": [1, 2], "names": ["Anna"], "seed": 3,
                                                          "language": lang})
    table = created["table"]
    host = browser.new_context(viewport=LAPTOP).new_page()
    host.goto(fast_server.url + created["host_url"])
    link = screen_link(host)
    tv, laptop = stubbed(browser, TV, lang), stubbed(browser, LAPTOP, lang)
    for page in (tv, laptop):
        page.goto(fast_server.url + link)
        wait_text(page, ".live.on", LIVE[lang])
    heard = int(tv.evaluate("document.body.dataset.heard"))
    anna = Seat(browser, fast_server, table, 0, created["seats"][0]["url"], lang)
    for _ in range(300):
        state = screen_state(tv, fast_server, table)
        if state["view"]["scene"] >= 2 or state["board"]["status"] != "active":
            break
        moves = turn_moves(anna.state())
        if moves:
            assert anna.act(readable(fill(moves[0], 0), lang))["ok"]
        else:
            tv.wait_for_timeout(50)
    else:
        raise AssertionError("Ten Candles did not reach its second scene")
    view = state["view"]
    assert view["scene"] >= 2 and view["dark"] >= 1
    tv.wait_for_function(f"document.querySelectorAll('.candle.dark').length === {view['dark']}", timeout=TIMEOUT_MS)
    assert tv.locator(".candle").count() == 10 and tv.locator(".candle.lit").count() == view["lit"]
    assert tv.evaluate("document.body.dataset.theme") == "candles"
    assert tv.evaluate("document.body.dataset.dark") == str(view["dark"])
    assert tv.locator(".darkened li").count() >= view["dark"]
    for page in (tv, laptop):
        page.mouse.click(5, page.viewport_size["height"] - 5)
    tv.screenshot(path=str(SHOTS / f"screen-ten-candles-tv-{lang}.png"))
    laptop.wait_for_function(f"document.querySelectorAll('.candle.dark').length === {view['dark']}",
                             timeout=TIMEOUT_MS)
    laptop.screenshot(path=str(SHOTS / f"screen-ten-candles-laptop-{lang}.png"))

    said, lines = settled(tv, fast_server, table, heard)
    check_voices(said, lines, lang)
    assert any(line["voice"].startswith("seat:") for line in lines), "the survivors' own words"
    secrets = [canary("record_message", 0)]
    if not any(c["brink"] == canary("write_brink", 0) for c in view["characters"]):  # unless shown at the table
        secrets.append(canary("write_brink", 0))
    for page in (tv, laptop):
        content = page.content() + json.dumps(spoken(page), ensure_ascii=False)
        assert not any(secret in content for secret in secrets)
    assert canary("record_message", 0) in anna.page.content(), "the canary is real"

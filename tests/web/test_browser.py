"""End to end in real headless Chromium: a host and two people at one table with a bot.

The server runs as a subprocess (``narrator serve`` with the test games registered) on a free
port. Anna and Boris join from two browser contexts on a phone-sized screen; we check each page
shows its own secret and no one else's, a refused move shows the kernel's reason beside it,
moves stream between pages, Anna hands her seat to a bot and takes it back, the server restarts
and the game goes on to the end. Screenshots land in ``tests/artifacts/``.

Needs Debian's chromium and the ``playwright`` pip package (never ``playwright install``):
skipped with a reason when either is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the slow lane: each test starts a server and Chromium

CHROMIUM = os.environ.get("NARRATOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
ROOT = Path(__file__).resolve().parents[2]
SECRET = re.compile(r"SECRET-\d+")
TIMEOUT_MS = 15_000

sync_api = pytest.importorskip("playwright.sync_api", reason="pip package 'playwright' is not installed")
if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
    pytest.skip(f"chromium not found at {CHROMIUM} (apt-get install -y chromium)", allow_module_level=True)


class Server:
    """``narrator serve`` in a subprocess, restartable on the same port and data directory."""

    def __init__(self, data: Path, log: Path, bot_delay: float = 0.15) -> None:
        self.data, self.log, self.bot_delay = data, log, bot_delay
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.web.serve_for_tests", str(self.port), str(self.data), str(self.bot_delay)],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60  # a restart retraces every table: slow on a loaded machine
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not start; see {self.log}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=20)
            self.process = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / "browser-server.log"
    log.write_bytes(b"")
    running = Server(tmp_path / "data", log)
    running.start()
    yield running
    running.stop()


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


def secrets_on(page: Any) -> set[str]:
    return set(SECRET.findall(page.content()))


def wait_text(page: Any, selector: str, text: str) -> None:
    page.locator(selector, has_text=text).first.wait_for(timeout=TIMEOUT_MS)


def test_two_people_and_a_bot_play_whisper_in_chromium(server: Server, browser: Any) -> None:
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(server.url + "/")
    host.select_option("select[name=game]", "whisper")
    host.fill("textarea[name=options_text]", "rounds: 3")
    host.check("input[data-bot-seat][value='2']")
    host.fill("input[name=names]", "Anna, Boris")
    host.click("#create-table button[type=submit]")
    links = host.locator("#created .links a")
    links.first.wait_for(timeout=TIMEOUT_MS)
    host_url, anna_url, boris_url = [links.nth(i).get_attribute("href") for i in range(3)]
    assert links.count() == 3, "the bot's seat is listed without a link"
    host.screenshot(path=str(ARTIFACTS / "create-phone.png"), full_page=True)

    anna = browser.new_context(viewport=PHONE).new_page()
    boris = browser.new_context(viewport=PHONE).new_page()
    anna.goto(server.url + anna_url)
    boris.goto(server.url + boris_url)
    host.goto(server.url + host_url)
    assert "token=" not in anna.url and "token=" not in host.url  # the invite became a cookie
    wait_text(anna, ".live.on", "live")
    wait_text(boris, ".live.on", "live")
    wait_text(host, ".live.on", "live")
    anna_secret, boris_secret = secrets_on(anna), secrets_on(boris)
    assert len(anna_secret) == len(boris_secret) == 1 and anna_secret != boris_secret
    assert secrets_on(host) == set()

    # A refused move: the kernel's reason appears beside the control.
    whisper_to_boris = anna.locator("form.control", has_text="whisper → Boris (seat 1)")
    whisper_to_boris.locator("button").click()
    wait_text(anna, "form.control .refusal", "a whisper needs words")

    whisper_to_boris.locator("textarea").fill("CANARY meet me at the well")
    whisper_to_boris.locator("button").click()
    wait_text(boris, "#events li", "CANARY meet me at the well")  # streamed over Boris's socket
    wait_text(boris, "form.control button", "pass")
    assert "CANARY" not in host.content()
    boris.locator("form.control button", has_text="pass").click()
    wait_text(anna, "form.control button", "pass")  # the bot in seat 2 moved on its own

    # Hot swap: Anna hands her seat to a bot, which plays for her; she takes it back.
    anna.click("button[data-control=bot]")
    wait_text(anna, "#actions .away", "A bot is playing your seat")
    wait_text(boris, "form.control button", "pass")
    anna.click("button[data-control=human]")
    wait_text(anna, "button[data-control=bot]", "Hand my seat to a bot")
    boris.locator("form.control button", has_text="pass").click()
    wait_text(anna, "form.control button", "pass")
    assert secrets_on(anna) == anna_secret  # the seat kept its private knowledge
    anna.screenshot(path=str(ARTIFACTS / "seat-phone.png"), full_page=True)
    host.screenshot(path=str(ARTIFACTS / "host-phone.png"), full_page=True)

    # The server restarts; the table resumes where it was.
    server.stop()
    wait_text(anna, ".live", "reconnecting")
    server.start()
    anna.reload()
    boris.reload()
    wait_text(anna, "form.control button", "pass")
    assert secrets_on(anna) == anna_secret and secrets_on(boris) == boris_secret
    anna.locator("form.control button", has_text="pass").click()
    wait_text(boris, "form.control button", "pass")
    boris.locator("form.control button", has_text="pass").click()
    wait_text(anna, "#status", "finished")
    host.reload()
    wait_text(host, "#status", "finished")
    anna.screenshot(path=str(ARTIFACTS / "seat-finished-phone.png"), full_page=True)

    assert secrets_on(anna) == anna_secret and secrets_on(boris) == boris_secret and secrets_on(host) == set()
    assert "CANARY" in anna.content() and "CANARY" in boris.content() and "CANARY" not in host.content()
    log = server.log.read_text()
    assert "GET /t/" in log  # our access log ran, and it never printed a token
    for url in (host_url, anna_url, boris_url):
        assert url.split("token=")[1] not in log


# -- battaglia: a night and a day vote against scripted bots ------------------------------------------


def act_once(page: Any, on_ballot: Any = None) -> bool:
    """Make the first move this page offers (empty text where there is text: silence is legal): a
    ballot gets its first box ticked (``on_ballot(page)`` is told first), a move that cannot be undone
    its confirmation.

    The form is held as the element it is now: a live update that re-renders the panel meanwhile
    detaches it, and the move is tried again on the new panel (a locator would follow the new form,
    whose ballot button stays disabled until a box is ticked, and the click would wait for ever).
    """
    found = page.locator("#actions form.control").first
    form = found.element_handle() if found.count() else None
    if form is None:
        return False
    try:
        if "ballot" in (form.get_attribute("class") or ""):
            if on_ballot is not None:
                on_ballot(page)
            form.query_selector("input[data-target]").check()
        confirm = form.query_selector("input[data-confirm]")
        if confirm is not None:
            confirm.check()
        with page.expect_response(lambda r: "/act" in r.url and r.request.method == "POST", timeout=TIMEOUT_MS):
            form.query_selector("button").click(timeout=TIMEOUT_MS)
    except (sync_api.Error, AttributeError):  # re-rendered under us (detached, or its parts gone): next round
        return False
    return True


def play(pages: list[Any], done: Any, limit: int = 400, on_ballot: Any = None) -> None:
    """People click the first offered move until ``done()``; bots move on their own meanwhile."""
    for _ in range(limit):
        if done():
            return
        if not any(act_once(page, on_ballot) for page in pages):
            pages[0].wait_for_timeout(100)
    raise AssertionError("the game did not get there")


def event_items(page: Any) -> list[str]:
    """The page's event lines, oldest first (as the log reads)."""
    return page.locator("#events li").all_inner_texts()


def post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def get_json(url: str, token_url: str) -> dict[str, Any]:
    token = token_url.split("token=")[1]
    with urllib.request.urlopen(urllib.request.Request(url, headers={"X-Seat-Token": token}), timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture
def fast_server(tmp_path: Path) -> Iterator[Server]:
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / "browser-battaglia-server.log"
    log.write_bytes(b"")
    running = Server(tmp_path / "data", log, bot_delay=0.03)
    running.start()
    yield running
    running.stop()


def test_two_people_play_battaglia_against_bots_in_chromium(fast_server: Server, browser: Any) -> None:
    pytest.importorskip("narrator.agents.battaglia", reason="the battaglia bots are not there yet")
    created = post_json(fast_server.url + "/api/tables", {"game": "battaglia", "options": {"players": 6},
                                                          "bot_seats": [2, 3, 4, 5], "names": ["Anna", "Boris"],
                                                          "seed": 5})
    anna, boris, host = (browser.new_context(viewport=PHONE).new_page() for _ in range(3))
    anna.goto(fast_server.url + created["seats"][0]["url"])
    boris.goto(fast_server.url + created["seats"][1]["url"])
    host.goto(fast_server.url + created["host_url"])
    for page in (anna, boris, host):
        wait_text(page, ".live.on", "live")
    shots: dict[str, bool] = {}

    # Anna leaves at once (everyone is still in the game: a seat that is out is offered no hand-over,
    # and the first night and vote may put both people out); a scripted bot plays her seat a while.
    anna.click("button[data-control=bot]")
    wait_text(anna, "#actions .away", "A bot is playing your seat")
    before = len(event_items(boris))
    play([boris], lambda: len(event_items(boris)) > before + 2 or "finished" in boris.inner_text("#status"), limit=200)
    back = anna.locator("button[data-control=human]")
    if back.count():  # her seat back in her hands (unless the bot's night got her out meanwhile)
        back.click()
        wait_text(anna, "button[data-control=bot]", "Hand my seat to a bot")
    else:
        assert "out of the game" in anna.inner_text("#actions")

    def ballot_shot(page: Any) -> None:
        if not shots:
            page.screenshot(path=str(ARTIFACTS / "battaglia-seat-phone.png"), full_page=True)
            host.screenshot(path=str(ARTIFACTS / "battaglia-host-phone.png"), full_page=True)
            shots["vote"] = True

    seat_url = fast_server.url + "/api/t/" + created["table"] + "/seat/{}/state"

    def through_a_night_and_a_vote() -> bool:  # the kernel's events, not the host's words (mornings vary)
        # through Anna's browser (its cookie): her invite link, opened there, no longer opens the seat elsewhere
        kinds = [e["kind"] for e in anna.request.get(seat_url.format(0)).json()["events"]]
        return "ballots" in kinds and "morning" in kinds[kinds.index("ballots"):]

    play([anna, boris], through_a_night_and_a_vote, on_ballot=ballot_shot)
    wait_text(host, "#events", "Tally:")  # the vote is public, told as the host tells it
    wait_text(anna, "#events", "Tally:")
    panel = anna.inner_text("#view").lower()
    assert "mask" in panel and "the table" in panel and "what you learned" in panel
    assert "accusation: accuser" not in anna.inner_text("#events")  # sentences, not field lists
    for page in (anna, boris):  # a seat that is out: told so, and offered no hand-over
        if page.locator("#actions [data-out]").count():
            assert "out of the game" in page.inner_text("#actions") and not page.locator("[data-control]").count()

    fast_server.stop()
    fast_server.start()
    for page in (anna, boris, host):
        page.reload()
        wait_text(page, ".live.on", "live")
    play([anna, boris], lambda: "finished" in anna.inner_text("#status"))
    host.reload()
    wait_text(host, "#status", "finished")

    states = [page.request.get(seat_url.format(seat)).json() for seat, page in ((0, anna), (1, boris))]
    anna_items, boris_items, host_items = event_items(anna), event_items(boris), event_items(host)
    public_kinds = [e["kind"] for e in states[0]["events"] if e["audience"] == "public"]
    assert len(host_items) <= len(public_kinds) < len(states[0]["events"])  # the host page: public only
    assert not any("[you" in line for line in host_items)  # nobody's private lines, nobody is "you"
    for mine, other, name in ((anna_items, boris_items, "Anna"), (boris_items, anna_items, "Boris")):
        private = [line for line in mine if line.startswith("[you only]")]
        assert private, f"{name} had private knowledge"
        assert not set(private) & set(other), f"{name}'s private lines reached the other seat"
    assert len(shots) == 1


# -- Ten Candles: a person, two scripted survivors and the scripted GM ------------------------------------


def test_a_person_plays_ten_candles_with_scripted_survivors_and_gm_in_chromium(fast_server: Server,
                                                                                browser: Any) -> None:
    created = post_json(fast_server.url + "/api/tables", {"game": "ten-candles", "options": {"players": 3},
                                                          "bot_seats": [1, 2], "names": ["Anna"], "seed": 3,
                                                          "language": "ru"})
    anna, host = (browser.new_context(viewport=PHONE).new_page() for _ in range(2))
    anna.goto(fast_server.url + created["seats"][0]["url"])
    host.goto(fast_server.url + created["host_url"])
    for page in (anna, host):
        wait_text(page, ".live.on", "на связи")
    assert anna.locator("form.control.interjection button", has_text="X-карта").count() == 1

    def typed(page: Any) -> bool:
        """Fill every text box of the first turn control with a word, then send it."""
        form = page.locator("#actions form.control:not(.interjection)").first
        if form.count() == 0:
            return False
        for box in form.locator("textarea").all():
            box.fill("Смелая" if "добродетель" in (box.get_attribute("name") or "") + "" else "Слово")
        with page.expect_response(lambda r: "/act" in r.url and r.request.method == "POST", timeout=TIMEOUT_MS):
            form.locator("button").click()
        return True

    for _ in range(60):
        if "Сцена 1" in anna.inner_text("#events") and "бросает" in anna.inner_text("#events"):
            break
        if not typed(anna):
            anna.wait_for_timeout(100)
    else:
        raise AssertionError("Ten Candles did not reach its first conflict")
    panel = anna.inner_text("#view").lower()
    assert "свечи" in panel and "●" in panel and "выжившие" in panel
    assert "Горит свечей" in host.inner_text("#events")  # the table's lines, streamed to the public page
    anna.screenshot(path=str(ARTIFACTS / "ten-candles-seat-phone.png"), full_page=True)
    host.screenshot(path=str(ARTIFACTS / "ten-candles-host-phone.png"), full_page=True)
    anna.locator("form.control.interjection button", has_text="X-карта").click()
    wait_text(host, "#events li", "Сыграна X-карта")


def ferry_from_the_form(server: Server, browser: Any, lang: str = "") -> tuple[Any, Any]:
    """The host's phone page and its table's links, once a Dark Ages table of the short Ferry scenario (Brother
    Odo, played by Anna, seed 2) is created from the form (in ``lang``, or the page's default)."""
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(f"{server.url}/?lang={lang}" if lang else server.url + "/")
    host.select_option("select[name=game]", "dark-ages")
    host.select_option("select[name=scenario]", "ferry-of-saint-aubin")  # the short one: the form offers an evening first
    if lang:
        host.select_option("select[name=language]", lang)
    host.fill("textarea[name=character]", "odo")
    host.fill("input[name=names]", "Anna")
    host.fill("input[name=seed]", "2")
    host.click("#create-table button[type=submit]")
    links = host.locator("#created .links a")
    links.first.wait_for(timeout=TIMEOUT_MS)
    return host, links


def test_a_person_plays_a_dark_ages_scene_in_chromium(fast_server: Server, browser: Any) -> None:
    """Created from the form with a sample character; the approach with Willpower ticked is rolled by the
    bot Storyteller, the last roll and the narration appear, and the scene plays on to the end."""
    host, links = ferry_from_the_form(fast_server, browser)
    host_url, anna_url = (links.nth(i).get_attribute("href") for i in range(2))
    anna = browser.new_context(viewport=PHONE).new_page()
    anna.goto(fast_server.url + anna_url)
    host.goto(fast_server.url + host_url)
    wait_text(anna, ".live.on", "live")
    assert "brother odo" in anna.inner_text("#view").lower() and "Night over the river" in anna.inner_text("#view")
    persuade = anna.locator("form.control", has_text="Persuade him")
    persuade.locator("input[data-flag=willpower]").check()
    persuade.locator("button").click()
    wait_text(anna, "#view h3", "Last roll")  # (shown upper-case by the style sheet)
    assert "Willpower spent" in anna.inner_text("#view") and "5 / 6" in anna.inner_text("#view")
    wait_text(host, "#events li", "Brother Odo chooses: Persuade")  # the public page follows
    anna.screenshot(path=str(ARTIFACTS / "dark-ages-seat-phone.png"), full_page=True)
    host.screenshot(path=str(ARTIFACTS / "dark-ages-host-phone.png"), full_page=True)
    for _ in range(80):
        if "== THE END ==" in anna.inner_text("#events"):
            break
        # a suggested move (not the words box or the sheet roller, which want typing)
        button = anna.locator("#actions form.control:not(:has([data-field])) button")
        if button.count():
            try:
                with anna.expect_response(lambda r: "/act" in r.url and r.request.method == "POST", timeout=5_000):
                    button.first.click()
            except sync_api.TimeoutError:  # the panel was replaced by a live update under the click: look again
                continue
        else:
            anna.wait_for_timeout(100)
    else:
        raise AssertionError("the Dark Ages scene did not reach its end")
    wait_text(anna, "#status", "finished")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_troupe_table_is_created_from_the_form_in_chromium(fast_server: Server, browser: Any, lang: str) -> None:
    """The form's Storyteller fields: a shipped scenario, three characters from the sample pickers, the
    third one a bot's; the table seats them in that order, two people get links, and each page shows
    its own character."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(fast_server.url + f"/?lang={lang}")
    page.select_option("select[name=game]", "wild-west")
    troupe = page.locator("[data-troupe-field]")
    assert troupe.is_visible() and not page.locator("[data-players-field]").is_visible()
    assert ("the troupe" if lang == "en" else "группа персонажей") in troupe.inner_text()
    page.select_option("select[name=scenario]", "last-stage-to-bitter-creek")
    page.fill("input[name=troupe_size]", "3")
    page.dispatch_event("input[name=troupe_size]", "input")
    rows = troupe.locator(".troupe-row")
    assert rows.count() == 3
    for row, sheet in enumerate(("ruth", "elias", "hattie")):
        rows.nth(row).locator("select[data-sheet]").select_option(sheet)
    rows.nth(2).locator("input[data-bot-seat]").check()
    page.fill("input[name=names]", "Anna, Boris")
    page.fill("input[name=seed]", "4")
    with page.expect_response(lambda r: r.url.endswith("/api/tables") and r.request.method == "POST",
                              timeout=TIMEOUT_MS) as created:
        page.click("#create-table button[type=submit]")
    body = created.value.json()
    assert [s["controller"] for s in body["seats"]] == ["human", "human", "bot"]
    links = page.locator("#created .links a")
    links.first.wait_for(timeout=TIMEOUT_MS)
    assert links.count() == 3  # the host page and the two people's seats; the bot's seat has no link
    state_url = fast_server.url + f"/api/t/{body['table']}/seat/0/state"
    state = get_json(state_url, body["seats"][0]["url"])
    for _ in range(100):  # the bot Storyteller frames the scene in the table's loop, after the POST answered
        if state["waiting_for"] != [-2]:  # -2: the host seat (narrator.web.store.HOST_SEAT)
            break
        time.sleep(0.05)
        state = get_json(state_url, body["seats"][0]["url"])
    assert [s["id"] for s in state["view"]["sheets"] if s.get("player", True)] == ["ruth", "elias", "hattie"]
    assert state["view"]["scenario"] == "last-stage-to-bitter-creek" and state["waiting_for"] == [0]
    anna, boris = (browser.new_context(viewport=PHONE).new_page() for _ in range(2))
    anna.goto(fast_server.url + body["seats"][0]["url"])
    boris.goto(fast_server.url + body["seats"][1]["url"])
    wait_text(anna, ".live.on", "live" if lang == "en" else "на связи")
    from narrator.agents.i18n import catalogue

    names = catalogue(lang)["characters"]  # each page opens on its own character's sheet (headings upper-cased)
    assert anna.inner_text("#view").lower().count(names["ruth"].lower()) == 1
    assert names["elias"].lower() in boris.inner_text("#view").lower()
    approaches = "#actions form.control[data-action*=choose_approach]"  # the Storyteller asks Ruth first
    assert anna.locator(approaches).count() and not boris.locator(approaches).count()
    page.screenshot(path=str(ARTIFACTS / f"troupe-form-{lang}.png"), full_page=True)


def test_the_fair_dice_checkbox_sits_beside_its_label_in_chromium(fast_server: Server, browser: Any) -> None:
    """The start form's Fair dice box is at the start of its label's line, not centred on a line of its own."""
    for viewport in (PHONE, {"width": 1280, "height": 900}):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(fast_server.url + "/?lang=en")
        label = page.locator("#create-table label.flag").bounding_box()
        box = page.locator("#create-table input[name=shares]").bounding_box()
        text = page.locator("#create-table label.flag").inner_text()
        assert text.strip().startswith("Fair dice")
        assert box["x"] - label["x"] < 4, (box, label)  # at the start of the label, not centred
        assert box["width"] < 40 and label["y"] <= box["y"] and box["y"] + box["height"] <= label["y"] + label["height"]
        if viewport["width"] > 1000:  # one line: the box beside the words, not above them
            assert label["height"] < 2 * box["height"] + 4, (box, label)
        page.context.close()

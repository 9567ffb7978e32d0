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

pytestmark = pytest.mark.browser

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

    def __init__(self, data: Path, log: Path) -> None:
        self.data, self.log = data, log
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.web.serve_for_tests", str(self.port), str(self.data), "0.15"],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
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
    host.fill("input[name=bot_seats]", "2")
    host.fill("input[name=names]", "Anna, Boris")
    host.click("#create-table button[type=submit]")
    links = host.locator("#created .links a")
    links.first.wait_for(timeout=TIMEOUT_MS)
    host_url, anna_url, boris_url, _bot_url = [links.nth(i).get_attribute("href") for i in range(4)]
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

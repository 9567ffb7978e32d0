"""Texts from players and models reach the terminal with their control characters shown, never run:
the live battaglia table, ``narrator replay --as``, the live drafts."""

from __future__ import annotations

import re
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.terminal_drafts import TerminalDrafts
from narrator.terminal_text import raw_controls, shown

runner = CliRunner()
PAYLOAD = ("\x1b]0;PWNED\x07\x1b[2J\x1b]8;;http://evil.example\x1b\\click me\x1b]8;;\x1b\\ "
           "\u202eedoc\u200b \x9b31m\r")
"""A window title, clear screen, a disguised OSC 8 link, BEL, a right-to-left override, a zero-width
space, an 8-bit CSI and a carriage return."""


def test_shown_makes_every_control_visible_and_drops_bidi_and_zero_width() -> None:
    text = shown(PAYLOAD)
    assert raw_controls(PAYLOAD) == 11 and raw_controls(text) == 0
    assert text.startswith("␛]0;PWNED␇␛[2J") and "edoc" in text and "\u202e" not in text and "\u200b" not in text
    assert shown("Анна:\n\t«нет» [b]x[/b] 😀") == "Анна:\n\t«нет» [b]x[/b] 😀"  # printable text untouched


def test_a_speech_with_control_sequences_is_shown_not_run_live_and_in_the_replay(tmp_path: Path) -> None:
    path = tmp_path / "crafted.jsonl"
    stdin = f"{PAYLOAD}\n1\nyes\n" * 3000
    live = runner.invoke(app, ["play", "battaglia", "--players", "6", "--seat", "0", "--lang", "en", "--seed", "5",
                               "--transcript", str(path)], input=stdin)
    assert live.exit_code == 0, live.output[-1000:]
    assert "PWNED" in path.read_text(encoding="utf-8")  # the transcript keeps what was said
    assert "␛]0;PWNED␇" in live.output and raw_controls(live.output) == 0
    for seat in ("0", "3"):
        told = runner.invoke(app, ["replay", str(path), "--as", seat])
        assert told.exit_code == 0, told.output[-1000:]
        assert re.search(r"␛\]0;PWNED␇␛\[2J␛\]8;;http://evil\.example", told.output)
        assert raw_controls(told.output) == 0


def test_a_models_draft_is_shown_without_its_controls() -> None:
    drafts = TerminalDrafts(Console(width=200, record=True))
    drafts.drafts[1] = "The night " + PAYLOAD
    lines = [line.plain for line in drafts.renderable().renderables]
    assert lines and raw_controls(lines[0]) == 0 and "␛]0;PWNED" in lines[0]


def test_the_html_replay_and_the_web_pages_get_the_words_neutralised_too(tmp_path: Path) -> None:
    from narrator.viewer.access import lenses_for
    from narrator.viewer.page import render_page
    from narrator.viewer.timeline import Lens, load
    from narrator.web.app import _told

    path = tmp_path / "crafted.jsonl"
    runner.invoke(app, ["play", "battaglia", "--players", "6", "--seat", "0", "--lang", "en", "--seed", "5",
                        "--transcript", str(path)], input=f"{PAYLOAD}\n1\nyes\n" * 3000)
    timeline = load(path)
    html = render_page(timeline, lenses_for(Lens.parse("0"), timeline), "en")
    assert "PWNED" in html and raw_controls(html) == 0 and "\\u001b" not in html
    assert _told(["Anna: " + PAYLOAD, ""]) == ["Anna: " + shown(PAYLOAD)]

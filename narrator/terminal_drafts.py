"""The terminal's display of streamed prose (see :mod:`agents.llm.streaming`).

Each open draft is one dim, italic line (the tail of its words that fits the width) under a rich
``Live`` region that is transient: when a draft ends it disappears, kept or not. While drafts show,
the terminal does not echo keys (:class:`QuietKeys`): an Enter typed then moved the cursor under
rich's feet, and the draft's first line stayed on the screen above the finished text; keys typed
while a model speaks are dropped when it ends, so an early Enter never accepts the next question's
default by accident. A kept draft is then told by the game as usual (the same
words, in the game's own style), so the screen shows the finished text exactly once; a refused
draft is simply withdrawn, and the re-ask's draft or the template's text takes its place.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from typing import Any

from rich.console import Console, Group
from rich.live import Live
from rich.text import Text

from narrator.terminal_text import shown as safe_to_print

DRAFT_STYLE = "dim italic"


class QuietKeys:
    """The terminal's key echo off while a draft shows, and what was typed meanwhile dropped after (POSIX
    terminals; anything else is left alone). ``fd``: the keyboard's file descriptor (stdin)."""

    def __init__(self, fd: int | None) -> None:
        self.fd = fd
        self.saved: list[Any] | None = None  # the terminal's settings while hushed (termios.tcgetattr)

    def hush(self) -> None:
        termios = _termios()
        if termios is None or self.fd is None or self.saved is not None or not os.isatty(self.fd):
            return
        with contextlib.suppress(termios.error):
            self.saved = termios.tcgetattr(self.fd)
            quiet = list(self.saved)
            quiet[3] &= ~termios.ECHO
            termios.tcsetattr(self.fd, termios.TCSANOW, quiet)

    def restore(self) -> None:
        termios = _termios()
        if termios is None or self.saved is None or self.fd is None:
            return
        with contextlib.suppress(termios.error):
            termios.tcflush(self.fd, termios.TCIFLUSH)  # keys typed while the model spoke
            termios.tcsetattr(self.fd, termios.TCSANOW, self.saved)
        self.saved = None


def _termios() -> Any:
    try:
        import termios
    except ImportError:  # not a POSIX terminal
        return None
    return termios


def _stdin_fd() -> int | None:
    try:
        return sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # no stdin, or pytest's captured one
        return None


class TerminalDrafts:
    """Shows the drafts being streamed now, one line each, until each ends."""

    def __init__(self, console: Console, keys: QuietKeys | None = None) -> None:
        self.console = console
        self.drafts: dict[int, str] = {}
        self.live: Live | None = None
        self.lock = threading.Lock()  # drafts arrive from the agents' event loop thread
        self.keys = keys if keys is not None else QuietKeys(_stdin_fd())

    def begin(self, key: int, who: int | None, role: str) -> None:
        with self.lock:
            self.drafts[key] = ""
            if self.live is None:
                self.keys.hush()
                self.live = Live(Group(), console=self.console, transient=True, refresh_per_second=15,
                                 auto_refresh=True)
                self.live.start()

    def draft(self, key: int, text: str) -> None:
        with self.lock:
            if key in self.drafts:
                self.drafts[key] = text
                self._show()

    def end(self, key: int, kept: bool) -> None:
        with self.lock:
            self.drafts.pop(key, None)
            if not self.drafts and self.live is not None:
                self.live.stop()
                self.live = None
                self.keys.restore()
            else:
                self._show()

    def close(self) -> None:
        """Take every draft down and give the keys back (the game ends, or Ctrl-C, while a model speaks)."""
        with self.lock:
            self.drafts.clear()
            if self.live is not None:
                self.live.stop()
                self.live = None
            self.keys.restore()

    def _show(self) -> None:
        if self.live is not None:
            self.live.update(self.renderable())

    def renderable(self) -> Group:
        """One line per draft, never wrapped: the tail of its words that fits the terminal (the newest words are
        the ones being read)."""
        width = max(8, self.console.width - 1)
        lines = []
        for text in self.drafts.values():
            flat = " ".join(safe_to_print(text).split())
            if flat:
                shown = flat if len(flat) <= width else "…" + flat[-(width - 1):]
                lines.append(Text(shown, style=DRAFT_STYLE, no_wrap=True, overflow="crop"))
        return Group(*lines)

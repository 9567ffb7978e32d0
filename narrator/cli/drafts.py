"""The terminal's display of streamed prose (see :mod:`agents.llm.streaming`).

Each open draft is one dim, italic line (the tail of its words that fits the width: a wrapped line
was left behind when the region cleared) under a rich ``Live`` region that is transient: when a
draft ends it disappears, kept or not. A kept draft is then told by the game as usual (the same
words, in the game's own style), so the screen shows the finished text exactly once; a refused
draft is simply withdrawn, and the re-ask's draft or the template's text takes its place.
"""

from __future__ import annotations

import threading

from rich.console import Console, Group
from rich.live import Live
from rich.text import Text

DRAFT_STYLE = "dim italic"


class TerminalDrafts:
    """Shows the drafts being streamed now, one line each, until each ends."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.drafts: dict[int, str] = {}
        self.live: Live | None = None
        self.lock = threading.Lock()  # drafts arrive from the agents' event loop thread

    def begin(self, key: int, who: int | None, role: str) -> None:
        with self.lock:
            self.drafts[key] = ""
            if self.live is None:
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
            else:
                self._show()

    def _show(self) -> None:
        if self.live is not None:
            self.live.update(self.renderable())

    def renderable(self) -> Group:
        """One line per draft, never wrapped: the tail of its words that fits the terminal. A draft that wrapped
        grew the live region between refreshes, and its first line stayed on the screen above the finished
        text once the region was cleared."""
        width = max(8, self.console.width - 1)
        lines = []
        for text in self.drafts.values():
            flat = " ".join(text.split())
            if flat:
                shown = flat if len(flat) <= width else "…" + flat[-(width - 1):]
                lines.append(Text(shown, style=DRAFT_STYLE, no_wrap=True, overflow="crop"))
        return Group(*lines)

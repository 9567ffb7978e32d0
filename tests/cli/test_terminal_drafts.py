"""The terminal's streamed drafts stay one line each, so clearing them leaves nothing behind (a draft that wrapped
left its first line above the finished text). No model: the drafts are fed by hand, as the stream would."""

from __future__ import annotations

import io

from rich.console import Console

from narrator.cli.drafts import TerminalDrafts


def console(width: int) -> Console:
    return Console(file=io.StringIO(), width=width, force_terminal=True, color_system=None)


def test_a_long_draft_shows_its_newest_words_on_one_line() -> None:
    drafts = TerminalDrafts(console(40))
    drafts.begin(1, None, "ten-candles-narration")
    words = "Свет дрожит, и в глубине коридора что-то шевелится; Вера делает шаг вперёд и замирает."
    drafts.draft(1, words)
    drafts.draft(2, "not begun: ignored")
    lines = drafts.console.render_lines(drafts.renderable(), pad=False)
    assert len(lines) == 1, "one line a draft, however long"
    shown = "".join(segment.text for segment in lines[0])
    assert len(shown) <= 39 and shown.startswith("…") and shown.endswith("замирает.")
    drafts.end(1, kept=True)
    assert drafts.live is None and not drafts.drafts


def test_two_drafts_are_two_lines_and_a_short_one_is_whole() -> None:
    drafts = TerminalDrafts(console(60))
    drafts.begin(1, 0, "ten-candles-narration")
    drafts.begin(2, 1, "ten-candles-survivor")
    drafts.draft(1, "The  candle\ngutters.")
    drafts.draft(2, "x" * 200)
    lines = drafts.console.render_lines(drafts.renderable(), pad=False)
    assert "".join(s.text for s in lines[0]) == "The candle gutters."
    assert len(lines) == 2
    drafts.end(1, kept=False)
    drafts.end(2, kept=True)
    assert drafts.live is None

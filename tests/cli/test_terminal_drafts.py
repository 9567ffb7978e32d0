"""The terminal's streamed drafts stay one line each, so clearing them leaves nothing behind (a draft that wrapped
left its first line above the finished text). No model: the drafts are fed by hand, as the stream would."""

from __future__ import annotations

import io

from rich.console import Console

from narrator.terminal_drafts import TerminalDrafts


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


def test_keys_are_not_echoed_while_a_draft_shows_and_what_was_typed_is_dropped() -> None:
    """An Enter typed while a model spoke was echoed under rich's live region: the draft's first line stayed above
    the finished text, and the Enter then accepted the next question's default."""
    import os
    import pty
    import termios

    from narrator.terminal_drafts import QuietKeys

    leader, follower = pty.openpty()
    try:
        assert termios.tcgetattr(follower)[3] & termios.ECHO
        drafts = TerminalDrafts(console(40), keys=QuietKeys(follower))
        drafts.begin(1, None, "ten-candles-narration")
        assert not termios.tcgetattr(follower)[3] & termios.ECHO, "no echo while the draft shows"
        os.write(leader, b"\n")  # the person presses Enter while the model speaks
        drafts.draft(1, "The candle gutters.")
        drafts.end(1, kept=True)
        assert termios.tcgetattr(follower)[3] & termios.ECHO, "the echo is back when the draft ends"
        os.set_blocking(follower, False)
        try:
            typed = os.read(follower, 16)
        except BlockingIOError:
            typed = b""
        assert typed == b"", "the Enter typed meanwhile is dropped"
        drafts.begin(2, None, "ten-candles-narration")
        drafts.close()  # Ctrl-C while a draft shows
        assert termios.tcgetattr(follower)[3] & termios.ECHO and drafts.live is None
    finally:
        os.close(leader)
        os.close(follower)

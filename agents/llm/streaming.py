"""Prose shown while the model writes it: drafts streamed to a display, withdrawn when refused.

A front end (the terminal, a web table) opens ``with streaming_to(display):`` around the game; every
writer and speaking seat inside it then streams its calls and shows the prose field of the answer
so far (``text`` of a narration, ``speech`` of a bot's accusation) as a *draft*:

* ``display.begin(key, who, role)`` when a call starts, ``display.draft(key, text)`` as tokens
  arrive (``key`` tells apart drafts streamed at the same time by seats asked at once);
* ``display.end(key, kept)`` when the answer is complete and checked: ``kept=True`` if it passed every
  check (schema, language, the role's validator: safety lines and veils, contradictions, the
  speech band); ``False`` if it was refused, in which case the draft is *withdrawn*: the display
  removes it, and the re-ask streams a new draft, or the template's text is told instead.

The draft is never the record: the transcript, the table's log and the narration events carry only
the finished text that was kept, exactly as without streaming. A display only ever shows text
marked as a draft until the game itself tells the kept text.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from langchain_core.messages import AIMessage
from langchain_core.utils.json import parse_partial_json
from pydantic import BaseModel


class Display(Protocol):
    """Where drafts are shown (see the module docstring)."""

    def begin(self, key: int, who: int | None, role: str) -> None:
        """A call of ``role`` for seat ``who`` (``None``: the Storyteller) starts streaming."""

    def draft(self, key: int, text: str) -> None:
        """The prose so far (the whole draft, not a delta)."""

    def end(self, key: int, kept: bool) -> None:
        """The answer is complete: kept, or refused and withdrawn."""


_DISPLAY: contextvars.ContextVar[Display | None] = contextvars.ContextVar("narrator_llm_display", default=None)


@contextlib.contextmanager
def streaming_to(display: Display | None) -> Iterator[None]:
    """Stream the model's prose to ``display`` inside the block (``None``: no streaming)."""
    token = _DISPLAY.set(display)
    try:
        yield
    finally:
        _DISPLAY.reset(token)


def current_display() -> Display | None:
    """The display drafts go to here, if any."""
    return _DISPLAY.get()


def forced_tool(chat: Any, schema: type[BaseModel]) -> Any:
    """``chat`` bound to call ``schema``'s function, as ``with_structured_output(method="function_calling")``
    binds it (same request), but returning the raw message chunks a stream is made of."""
    return chat.bind_tools([schema], tool_choice=schema.__name__, parallel_tool_calls=False, strict=None)


def prose_so_far(message: AIMessage, field: str | None) -> str:
    """The prose of a partial answer: its text, or the ``field`` of the function call's JSON so far."""
    if field is None:
        return message.content if isinstance(message.content, str) else ""
    chunks = getattr(message, "tool_call_chunks", None) or []
    raw = "".join(chunk.get("args") or "" for chunk in chunks) if chunks else ""
    if not raw and message.tool_calls:
        value = message.tool_calls[0]["args"].get(field)
        return value if isinstance(value, str) else ""
    try:
        data = parse_partial_json(raw) if raw else None
    except ValueError:
        return ""
    value = data.get(field) if isinstance(data, dict) else None
    return value if isinstance(value, str) else ""


class DraftFeed:
    """Feeds one decision's streamed calls to a display: a new draft per call, its end once checked."""

    def __init__(self, display: Display, who: int | None, role: str, field: str | None) -> None:
        self.display, self.who, self.role, self.field = display, who, role, field
        self.open = False
        self.shown = ""

    def __call__(self, message: AIMessage) -> None:
        if not self.open:
            self.display.begin(id(self), self.who, self.role)
            self.open, self.shown = True, ""
        text = prose_so_far(message, self.field)
        if text and text != self.shown:
            self.shown = text
            self.display.draft(id(self), text)

    def close(self, kept: bool) -> None:
        if self.open:
            self.display.end(id(self), kept)
            self.open = False


def feed_for(who: int | None, role: str, field: str | None) -> DraftFeed | None:
    """A :class:`DraftFeed` to the current display, or ``None`` when nothing streams here."""
    display = current_display()
    return None if display is None else DraftFeed(display, who, role, field)


StreamCallback = Callable[[AIMessage], None]

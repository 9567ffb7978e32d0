"""Streamed prose on the web table's pages: the model's drafts sent over each page's WebSocket.

A :class:`WebDrafts` is one table's :class:`~narrator.agents.llm.streaming.Display`. The table opens
``streaming_to(drafts)`` around every step of its session (a worker thread), so a bot's speech or a
model Storyteller's narration arrives here token by token; each draft goes to the pages whose
viewer may see the finished line, as messages of their socket:

* ``{"type": "draft", "key": K, "who": NAME, "text": TEXT}``: the prose so far (the whole draft);
* ``{"type": "draft_end", "key": K, "kept": BOOL}``: refused (withdrawn) or kept (the page drops it
  when the next update brings the finished line).

**Who sees a draft.** The same rule as the finished line: the presenter says, per role, the audience
its finished text will have (:meth:`~narrator.web.present.Presenter.draft_audience`: public speech,
a whisper to its own writer only, anything unknown host-only), and a page receives the draft only
if that audience is visible to the page's viewer (``Event.visible_to``, as for every event line).
Drafts are never written to the transcript: it records the finished text only.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from narrator.rules.core import Audience, Event

logger = logging.getLogger("narrator.web")

DRAFT = "draft"
"""Kind of the pseudo-event an audience check is made with (never stored)."""


class WebDrafts:
    """Sends one table's drafts to the pages allowed to see them (see the module docstring).

    Args:
        table: the :class:`~narrator.web.tables.Table` (its subscribers, presenter, names).
        loop: the web server's event loop (drafts arrive from the session's worker thread).
    """

    def __init__(self, table: Any, loop: asyncio.AbstractEventLoop) -> None:
        self.table, self.loop = table, loop
        self.open: dict[int, tuple[Audience, str]] = {}
        self.pending: set[asyncio.Future[None]] = set()
        self.lock = threading.Lock()

    # -- the Display protocol (called from the worker thread) ------------------------------------

    def begin(self, key: int, who: int | None, role: str) -> None:
        audience = self.table.presenter.draft_audience(role, who)
        with self.lock:
            self.open[key] = (audience, self.table.speaker_name(who))

    def draft(self, key: int, text: str) -> None:
        with self.lock:
            audience, name = self.open.get(key, (None, ""))
        if audience is not None:
            self._send(audience, {"type": "draft", "key": key, "who": name, "text": text})

    def end(self, key: int, kept: bool) -> None:
        with self.lock:
            audience, _name = self.open.pop(key, (None, ""))
        if audience is not None:
            self._send(audience, {"type": "draft_end", "key": key, "kept": kept})

    # -- delivery (on the server's loop) ----------------------------------------------------------

    def _send(self, audience: Audience, message: dict[str, Any]) -> None:
        future = asyncio.run_coroutine_threadsafe(self._deliver(audience, message), self.loop)
        with self.lock:
            self.pending.add(future)  # type: ignore[arg-type]
        future.add_done_callback(self._forget)

    def _forget(self, future: Any) -> None:
        with self.lock:
            self.pending.discard(future)

    async def _deliver(self, audience: Audience, message: dict[str, Any]) -> None:
        probe = Event(DRAFT, audience, {})
        for subscriber in list(self.table.subscribers):
            if subscriber.send is None or not probe.visible_to(
                    self.table._knower(self.table.page_viewer(subscriber.viewer))):
                continue
            try:
                await subscriber.send(message)
            except Exception:  # noqa: BLE001 - a closed socket: the next broadcast forgets it
                logger.debug("a draft did not reach a closed page")

    async def flush(self) -> None:
        """Wait until every draft sent so far reached the sockets (before the move's update goes out)."""
        with self.lock:
            waiting = [asyncio.wrap_future(future) for future in self.pending]  # type: ignore[arg-type]
        if waiting:
            await asyncio.gather(*waiting, return_exceptions=True)




def stream_setting() -> bool:
    """``settings.stream`` of the configured model (``NARRATOR_LLM_STREAM``); on when none can be read."""
    try:
        from narrator.agents.llm.settings import SettingsError, load_settings
    except ImportError:  # pragma: no cover - the llm extra is part of the install
        return True
    try:
        return bool(load_settings().stream)
    except SettingsError:
        return True

"""Handling a simulation's rows while the games are still being played.

The native engines release the GIL while they play a chunk of games, so a thread can write the rows
of the chunk before (the report's per-game CSVs) on the machine's other core instead of after the last
game. :func:`narrator.playtest.runner.run_games` hands each finished chunk to ``on_rows``; a
:class:`RowStream` passed there queues the chunk for its thread and returns at once.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from typing import Any

Rows = Sequence[dict[str, Any]]
_DONE = object()


class RowStream:
    """Calls ``handle(rows)`` for each chunk given to :meth:`put`, in order, in one background thread.

    :meth:`finish` waits for the chunks put so far and raises, in the caller's thread, any error
    ``handle`` raised (a failed chunk stops the stream; later chunks are dropped).
    """

    def __init__(self, handle: Callable[[Rows], None]) -> None:
        self._handle = handle
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="row-stream", daemon=True)
        self._thread.start()

    def put(self, rows: Rows) -> None:
        """Queue one chunk's rows (the ``on_rows`` of ``run_games``)."""
        self._queue.put(rows)

    def finish(self) -> None:
        """Wait until every queued chunk is handled; re-raise the first error of ``handle``."""
        if self._thread.is_alive():
            self._queue.put(_DONE)
            self._thread.join()
        if self._error is not None:
            raise self._error

    def _run(self) -> None:
        while (rows := self._queue.get()) is not _DONE:
            if self._error is None:
                try:
                    self._handle(rows)
                except BaseException as error:  # noqa: BLE001 - raised again by finish()
                    self._error = error

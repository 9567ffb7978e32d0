"""Asking several seats at once: one background event loop per process, and a bounded gather.

Agents that wait on a model (``Agent.concurrent``) are awaited through ``aact`` on a single event
loop that runs in a daemon thread. One loop for the whole process matters: an async HTTP client
belongs to the loop that first used it, and the games of ``simulate --concurrency N`` (each in its
own thread) share their chat model and its connection pool. Callers block on :func:`run`; the
kernel and the session stay synchronous.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

ASKED_AT: contextvars.ContextVar[float | None] = contextvars.ContextVar("narrator_asked_at", default=None)
"""The ``time.monotonic()`` at which the current decision was asked (set by :func:`gather_limited` for each call):
its deadline counts from then, not from when the limit or a server's slot let it start."""

_LOOP: asyncio.AbstractEventLoop | None = None
_LOCK = threading.Lock()


def background_loop() -> asyncio.AbstractEventLoop:
    """The process's event loop for concurrent agents, started on first use."""
    global _LOOP
    with _LOCK:
        if _LOOP is None or _LOOP.is_closed():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="narrator-agents-loop", daemon=True).start()
            _LOOP = loop
        return _LOOP


def run(coroutine: Awaitable[T]) -> T:
    """Run ``coroutine`` on the background loop and wait for its result (from any other thread).

    It runs in a copy of the caller's context, so context variables set by the caller (the decision's
    deadline, the server slot it holds) hold inside it.
    """
    loop = background_loop()
    if _running_loop() is loop:
        raise RuntimeError("run() called from the agents' own event loop; await the coroutine instead")
    done: concurrent.futures.Future[T] = concurrent.futures.Future()
    context = contextvars.copy_context()

    def settle(task: asyncio.Task[T]) -> None:
        if task.cancelled():
            done.cancel()
        elif task.exception() is not None:
            done.set_exception(task.exception())  # type: ignore[arg-type]
        else:
            done.set_result(task.result())

    def start() -> None:
        loop.create_task(_as_coroutine(coroutine), context=context).add_done_callback(settle)

    loop.call_soon_threadsafe(start)
    return done.result()


_SPAWNED: set[asyncio.Task[Any]] = set()
"""Tasks started by :func:`spawn`, held until they finish (the loop keeps only weak references)."""


def spawn(coroutine: Awaitable[Any]) -> None:
    """Start ``coroutine`` on the background loop and return at once (a warm-up nobody waits for); it runs in
    a copy of the caller's context, and whatever it raises is dropped with it."""
    loop = background_loop()
    context = contextvars.copy_context()

    def start() -> None:
        task = loop.create_task(_quietly(coroutine), context=context)
        _SPAWNED.add(task)
        task.add_done_callback(_SPAWNED.discard)

    loop.call_soon_threadsafe(start)


async def _quietly(awaitable: Awaitable[Any]) -> None:
    try:
        await awaitable
    except Exception:  # noqa: BLE001, S110 (spawned work is optional: its failure must not reach the game)
        pass


async def gather_limited(calls: Sequence[Callable[[], Awaitable[T]]], limit: int) -> list[T | BaseException]:
    """Await every call, at most ``limit`` at a time; each result or the exception it raised, in order.

    Every call counts as asked now (:data:`ASKED_AT`): with 7 seats and a limit of 4, the last three's deadlines
    run while they wait, so the table waits one deadline for the lot, not two."""
    gate = asyncio.Semaphore(max(1, limit))
    asked = time.monotonic()

    async def one(call: Callable[[], Awaitable[T]]) -> T | BaseException:
        ASKED_AT.set(asked)  # this task's own context
        async with gate:
            try:
                return await call()
            except Exception as error:  # noqa: BLE001 (handed back: the caller raises it where a sequential ask would)
                return error

    return list(await asyncio.gather(*(one(call) for call in calls)))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


async def _as_coroutine(awaitable: Awaitable[Any]) -> Any:
    return await awaitable

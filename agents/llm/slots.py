"""Free slots of the servers a model is served from: a call holds one while it runs.

The embedded llama.cpp server answers one request at a time (a global lock), so seats asked at once
would queue inside it and spend their decision's deadline waiting. Here they queue before the
call instead: a call takes a free slot of one of the servers (``settings.endpoints``,
``settings.parallel`` slots each), the time it waited is given back to its decision's deadline, and
the request goes to that server (:class:`~agents.llm.client.DeadlineTransport` rewrites its origin).
Slots are per process, so the games of ``simulate --concurrency N`` share them.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
import time
from collections.abc import AsyncIterator, Iterator

from narrator.agents.llm.settings import LLMSettings

UPSTREAM: contextvars.ContextVar[str | None] = contextvars.ContextVar("narrator_llm_upstream", default=None)
"""The server (base URL) the current call holds a slot of; the transport sends the request there."""

_POLL = 0.005
"""Seconds between looks for a free slot from the event loop (a thread blocks on the lock instead)."""


class _Pool:
    """The slots of one set of servers."""

    def __init__(self, urls: tuple[str, ...], per_server: int) -> None:
        self.free = {url: per_server for url in urls}
        self.lock = threading.Condition()

    def try_take(self) -> str | None:
        with self.lock:
            url = max(self.free, key=self.free.__getitem__)  # the least busy server
            if self.free[url] <= 0:
                return None
            self.free[url] -= 1
            return url

    def take(self) -> str:
        with self.lock:
            while True:
                url = max(self.free, key=self.free.__getitem__)
                if self.free[url] > 0:
                    self.free[url] -= 1
                    return url
                self.lock.wait()

    def give_back(self, url: str) -> None:
        with self.lock:
            self.free[url] += 1
            self.lock.notify()


_POOLS: dict[tuple[tuple[str, ...], int], _Pool] = {}
_POOLS_LOCK = threading.Lock()


def _pool(settings: LLMSettings) -> _Pool | None:
    urls = settings.endpoints
    if not urls:
        return None
    key = (urls, settings.parallel)
    with _POOLS_LOCK:
        if key not in _POOLS:
            _POOLS[key] = _Pool(urls, settings.parallel)
        return _POOLS[key]


@contextlib.contextmanager
def slot(settings: LLMSettings) -> Iterator[float]:
    """Hold a free slot (blocking); yields the seconds spent waiting for it."""
    pool = _pool(settings)
    if pool is None:
        yield 0.0
        return
    start = time.monotonic()
    with _routed(pool, pool.take()):
        yield time.monotonic() - start


@contextlib.asynccontextmanager
async def aslot(settings: LLMSettings) -> AsyncIterator[float]:
    """:func:`slot` awaited on the event loop (polls, so the loop never blocks on the lock)."""
    pool = _pool(settings)
    if pool is None:
        yield 0.0
        return
    start = time.monotonic()
    url = pool.try_take()
    while url is None:
        await asyncio.sleep(_POLL)
        url = pool.try_take()
    with _routed(pool, url):
        yield time.monotonic() - start


@contextlib.contextmanager
def _routed(pool: _Pool, url: str) -> Iterator[None]:
    """Route this context's calls to the taken ``url`` until the block ends, then give the slot back."""
    token = UPSTREAM.set(url)
    try:
        yield
    finally:
        UPSTREAM.reset(token)
        pool.give_back(url)

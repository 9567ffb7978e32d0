"""Free slots of the servers a model is served from: a call holds one while it runs.

The embedded llama.cpp server answers one request at a time (a global lock), so seats asked at once
would queue inside it and spend their decision's deadline waiting. Here they queue before the
call instead: a call takes a free slot of one of the servers (``settings.endpoints``,
``settings.parallel`` slots each), the time it waited is given back to its decision's deadline, and
the request goes to that server (:class:`~agents.llm.client.DeadlineTransport` rewrites its origin).
Slots are per process, so the games of ``simulate --concurrency N`` share them.

Each seat has a home server (:func:`home`): its calls go there when it is free, so the server's prompt cache
holds the seat's rules, persona and history from its last call. A warm-up (:func:`aslot_at`) takes a slot
of one named server only if it is free right now: it never queues, so it never delays a decision.
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

    def _pick(self, prefer: str | None) -> str | None:
        """``prefer`` when it has a free slot, else the least busy server with one (under the lock)."""
        url = prefer if prefer is not None and self.free.get(prefer, 0) > 0 else max(self.free, key=self.free.__getitem__)
        if self.free[url] <= 0:
            return None
        self.free[url] -= 1
        return url

    def try_take(self, prefer: str | None = None) -> str | None:
        with self.lock:
            return self._pick(prefer)

    def try_take_at(self, url: str) -> bool:
        with self.lock:
            if self.free.get(url, 0) <= 0:
                return False
            self.free[url] -= 1
            return True

    def take(self, prefer: str | None = None) -> str:
        with self.lock:
            while True:
                url = self._pick(prefer)
                if url is not None:
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


def home(settings: LLMSettings, seat: int | None) -> str | None:
    """The server ``seat``'s calls prefer (seat number modulo the servers), or ``None`` with one server or no seat."""
    urls = settings.endpoints
    if seat is None or seat < 0 or len(urls) < 2:
        return None
    return urls[seat % len(urls)]


@contextlib.contextmanager
def slot(settings: LLMSettings, seat: int | None = None) -> Iterator[float]:
    """Hold a free slot (blocking), of ``seat``'s home server when it is free; yields the seconds spent waiting."""
    pool = _pool(settings)
    if pool is None:
        yield 0.0
        return
    start = time.monotonic()
    with _routed(pool, pool.take(home(settings, seat))):
        yield time.monotonic() - start


@contextlib.asynccontextmanager
async def aslot(settings: LLMSettings, seat: int | None = None) -> AsyncIterator[float]:
    """:func:`slot` awaited on the event loop (polls, so the loop never blocks on the lock)."""
    pool = _pool(settings)
    if pool is None:
        yield 0.0
        return
    start = time.monotonic()
    prefer = home(settings, seat)
    url = pool.try_take(prefer)
    while url is None:
        await asyncio.sleep(_POLL)
        url = pool.try_take(prefer)
    with _routed(pool, url):
        yield time.monotonic() - start


@contextlib.asynccontextmanager
async def aslot_at(settings: LLMSettings, url: str) -> AsyncIterator[bool]:
    """A slot of the server ``url`` if one is free now (yields ``True``, the call is routed there), else ``False``
    at once: for warm-ups, which must never make a decision wait."""
    pool = _pool(settings)
    if pool is None or not pool.try_take_at(url):
        yield False
        return
    with _routed(pool, url):
        yield True


@contextlib.contextmanager
def _routed(pool: _Pool, url: str) -> Iterator[None]:
    """Route this context's calls to the taken ``url`` until the block ends, then give the slot back."""
    token = UPSTREAM.set(url)
    try:
        yield
    finally:
        UPSTREAM.reset(token)
        pool.give_back(url)

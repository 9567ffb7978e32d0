"""Free slots of the servers a model is served from: a call holds one while it runs.

The embedded llama.cpp server answers one request at a time (a global lock), so seats asked at once
would queue inside it. Here they queue before the call instead: a call takes a free slot of one of the
servers (``settings.endpoints``, ``settings.parallel`` slots each), and the request goes to that server
(:class:`~agents.llm.client.DeadlineTransport` rewrites its origin). The time it waited counts against its
decision's deadline, which runs from when the decision was asked: a table never waits more than one
deadline for seats asked together.
Slots are per process, so the games of ``simulate --concurrency N`` share them.

Each seat has a home server (:func:`home`): its calls go there when it is free, so the server's prompt cache
holds the seat's rules, persona and history from its last call. A warm-up (:func:`aslot_at`) takes a slot
of one named server only if it is free right now: it never queues, so it never delays a decision.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import threading
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from narrator.agents.llm.settings import LLMSettings
from narrator.rules.core import HOST

UPSTREAM: contextvars.ContextVar[str | None] = contextvars.ContextVar("narrator_llm_upstream", default=None)
"""The server (base URL) the current call holds a slot of; the transport sends the request there."""

_POLL = 0.005
"""Seconds between looks for a free slot from the event loop (a thread blocks on the lock instead)."""


class _Pool:
    """The slots of one set of servers, and the calls waiting for one.

    A server that comes free goes first to the longest-waiting call whose home it is, then to the longest-waiting
    call of all: in a ballot round that holds every server, each server then serves its own seats (whose prompts
    its cache holds) instead of whichever call polled first, and no server idles while a call waits.
    """

    def __init__(self, urls: tuple[str, ...], per_server: int) -> None:
        self.free = {url: per_server for url in urls}
        self.lock = threading.Condition()
        self.waiting: dict[int, str | None] = {}
        """Ticket -> home of each call waiting for a slot, oldest first (dicts keep their order)."""
        self._tickets = itertools.count()

    def _winner(self, url: str) -> int | None:
        """The waiting call the free server ``url`` goes to (under the lock)."""
        for ticket, home_url in self.waiting.items():
            if home_url == url:
                return ticket
        return next(iter(self.waiting), None)

    def _pick(self, prefer: str | None, ticket: int | None = None) -> str | None:
        """A free server this call may take, ``prefer`` first (under the lock). A server a waiting call wins goes
        to that call: ``ticket`` is this call's own place in the queue (``None``: not queued yet)."""
        open_urls = sorted((u for u in self.free if self.free[u] > 0), key=self.free.__getitem__, reverse=True)
        if prefer in open_urls:
            open_urls.insert(0, open_urls.pop(open_urls.index(prefer)))
        url = next((u for u in open_urls if self._winner(u) in (None, ticket)), None)
        if url is not None:
            self.free[url] -= 1
        return url

    def try_take(self, prefer: str | None = None, ticket: int | None = None) -> str | None:
        with self.lock:
            return self._pick(prefer, ticket)

    def try_take_at(self, url: str) -> bool:
        with self.lock:
            if self.free.get(url, 0) <= 0 or any(home_url == url for home_url in self.waiting.values()):
                return False  # a warm-up never takes a slot a waiting call could have
            self.free[url] -= 1
            return True

    def queue(self, prefer: str | None) -> int:
        """Join the waiting calls; the ticket to take and to leave with."""
        with self.lock:
            ticket = next(self._tickets)
            self.waiting[ticket] = prefer
            return ticket

    def leave(self, ticket: int) -> None:
        with self.lock:
            self.waiting.pop(ticket, None)
            self.lock.notify_all()

    def take(self, prefer: str | None = None) -> str:
        url = self.try_take(prefer)
        if url is not None:
            return url
        ticket = self.queue(prefer)
        try:
            with self.lock:
                while True:
                    url = self._pick(prefer, ticket)
                    if url is not None:
                        return url
                    self.lock.wait()
        finally:
            self.leave(ticket)

    def give_back(self, url: str) -> None:
        with self.lock:
            self.free[url] += 1
            self.lock.notify_all()


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
    """The server ``seat``'s calls prefer (seat number modulo the servers; the host's Storyteller, the last), or
    ``None`` with one server or no seat. A home keeps a seat's prompts in one server's cache: a Storyteller's
    narration repeats its framing's prompt up to the roll."""
    urls = settings.endpoints
    if seat is None or len(urls) < 2 or (seat < 0 and seat != HOST):
        return None
    return urls[-1] if seat == HOST else urls[seat % len(urls)]


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
    if url is None:
        ticket = pool.queue(prefer)
        try:
            while url is None:
                await asyncio.sleep(_POLL)
                url = pool.try_take(prefer, ticket)
        finally:
            pool.leave(ticket)
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


async def send_warm_up(settings: LLMSettings, chat: Any, messages: list[Any], url: str, warm_ups: list[float]) -> bool:
    """Send ``messages`` to the server ``url`` if it is free now, asking one token, so that its prompt cache holds
    them when a request that begins with them comes: only what differs is then evaluated. Nothing is decided or
    recorded; the latency (ms) goes to ``warm_ups``. Returns whether it was sent."""
    async with aslot_at(settings, url) as free:
        if not free:
            return False
        start = time.perf_counter()
        try:
            # extra_body: langchain sends max_tokens as max_completion_tokens, which llama.cpp's server ignores
            await chat.bind(max_tokens=1, extra_body={"max_tokens": 1}).ainvoke(messages)
        except Exception:  # noqa: BLE001 (a warm-up that fails costs nothing but the try)
            return False
        warm_ups.append((time.perf_counter() - start) * 1000)
        return True

"""How much one client or one seat may ask of the web table: request rates, a move's size, refusals kept.

Nothing one client does may stall or fill the server. So:

- **rates** (:class:`RateLimit`): token buckets per client address (every API request, page and socket
  handshake) and per seat (its state reads and moves, once its token is checked, so nobody else can
  spend a seat's allowance); over the rate is a **429** with ``Retry-After``.
- **a move's size** (:func:`oversized_move`): no text in a move may be longer than the longest text any
  game takes (Ten Candles' 2,000 characters, «TC L265»; battaglia's speeches take 500), and the whole
  move at most :data:`MAX_MOVE_BYTES`; more is a **413** that never reaches the kernel or the transcript.
- **refusals kept** (``Session.kept_refusals``, set to :data:`KEPT_REFUSALS` by every web table): a seat's
  first refused moves or answers in a row are written to the transcript as they were; the rest are counted,
  and the count rides on the seat's next accepted move or answer (``notes.refusals_not_kept``), so a seat
  clicking a refused move a thousand times adds three lines, not a thousand.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Hashable
from typing import Any

MAX_TEXT_CHARS = 2000
"""The longest text any game's move takes (Ten Candles' MAX_TEXT; battaglia's TEXT_LIMIT is 500)."""
MAX_MOVE_BYTES = 16 * 1024
"""The largest move (its JSON, UTF-8): a Ten Candles character description's three texts fit with room."""
KEPT_REFUSALS = 3
"""Refused moves of one seat written in full before its next accepted move; later ones are counted."""
WS_MESSAGE_LIMIT = 4096
"""Pages send only keep-alive pings (answered with a pong) over a socket; anything longer closes it."""
WS_MESSAGE_RATE, WS_MESSAGE_BURST = 2.0, 20.0
"""Messages a socket may send a second, and in a burst; more closes it (1008)."""


class Buckets:
    """Token buckets by key: ``rate`` tokens a second up to ``burst``; memory bounded (idle keys forgotten)."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float], *, most: int = 10_000) -> None:
        self.rate, self.burst, self.clock, self.most = rate, burst, clock, most
        self._level: dict[Hashable, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, key: Hashable) -> float:
        """Spend one token of ``key``: 0.0 when there was one, else the seconds until there is."""
        now = self.clock()
        tokens, when = self._level.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.rate)
        if tokens < 1:
            self._level[key] = (tokens, now)
            return (1 - tokens) / self.rate
        if len(self._level) >= self.most and key not in self._level:
            self._forget_idle(now)
        self._level[key] = (tokens - 1, now)
        return 0.0

    def _forget_idle(self, now: float) -> None:
        full = self.burst / self.rate  # a key idle this long is back to a full bucket: nothing to remember
        self._level = {k: v for k, v in self._level.items() if now - v[1] < full}
        if len(self._level) >= self.most:  # a flood of fresh keys: forget the oldest half
            kept = sorted(self._level.items(), key=lambda item: item[1][1])[len(self._level) // 2:]
            self._level = dict(kept)


class RateLimit:
    """Requests per client address and per seat (defaults: a client 20 a second, bursts of 200, enough for
    a household of phones behind one address; a seat 5 a second, bursts of 30: no person clicks faster)."""

    def __init__(self, *, client_rate: float = 20.0, client_burst: float = 200.0, seat_rate: float = 5.0,
                 seat_burst: float = 30.0, clock: Callable[[], float] | None = None) -> None:
        clock = clock or time.monotonic
        self.clients = Buckets(client_rate, client_burst, clock)
        self.seats = Buckets(seat_rate, seat_burst, clock)

    def client_wait(self, client: str) -> float:
        """Seconds ``client`` must wait before this request (0.0: go on)."""
        return self.clients.take(client)

    def seat_wait(self, table_id: str, seat: int) -> float:
        """Seconds the seat must wait before this request (0.0: go on)."""
        return self.seats.take((table_id, seat))


def retry_after(wait: float) -> str:
    """A ``Retry-After`` header's value: whole seconds, at least one."""
    return str(max(1, math.ceil(wait)))


def oversized_move(payload: Any) -> str | None:
    """Why a move is larger than any game needs (a text over :data:`MAX_TEXT_CHARS`, the whole over
    :data:`MAX_MOVE_BYTES`), or ``None``."""
    size = len(json.dumps(payload, ensure_ascii=False, default=str).encode("utf-8"))
    if size > MAX_MOVE_BYTES:
        return f"a move of {size} bytes; no game needs more than {MAX_MOVE_BYTES}"
    longest = _longest_text(payload)
    if longest > MAX_TEXT_CHARS:
        return f"a text of {longest} characters in a move; no game takes more than {MAX_TEXT_CHARS}"
    return None


def _longest_text(value: Any) -> int:
    if isinstance(value, str):
        return len(value)
    if isinstance(value, dict):
        return max((_longest_text(v) for v in value.values()), default=0)
    if isinstance(value, list | tuple):
        return max((_longest_text(v) for v in value), default=0)
    return 0


UNLIMITED_PATHS = ("/static/", "/healthz")
"""Never counted: the pages' own files and the health probe (a monitor must always get its answer)."""


class ClientRateMiddleware:
    """Refuses a client address over its rate with 429 (HTTP) or a 4429 close (a socket handshake)."""

    def __init__(self, app: Callable[..., Any], rates: RateLimit) -> None:
        self.app, self.rates = app, rates

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        kind = scope["type"]
        path = scope.get("path", "")
        if kind not in ("http", "websocket") or path.startswith(UNLIMITED_PATHS):
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or ("?",))[0]
        wait = self.rates.client_wait(client)
        if not wait:
            await self.app(scope, receive, send)
            return
        if kind == "websocket":
            await receive()  # the handshake request
            await send({"type": "websocket.close", "code": 4429, "reason": "too many requests"})
            return
        body = json.dumps({"detail": f"too many requests from {client}; try again in {retry_after(wait)} s"}).encode()
        await send({"type": "http.response.start", "status": 429,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"retry-after", retry_after(wait).encode())]})
        await send({"type": "http.response.body", "body": body})

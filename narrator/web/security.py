"""Who may see and do what: seat tokens, the cookies that carry them, and two small guards.

A token opens exactly one seat (or the host page) of one table. It travels once in an invite
link (``?token=``), is swapped for an HttpOnly cookie with a redirect to the clean address, and
is never written to a log or a page: the access log below prints paths without query strings,
and refusals name the table and seats, not the token.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import HTTPException, Request, WebSocket

from narrator.web.store import HELD_SEP, HOST_SEAT, TableStore

logger = logging.getLogger("narrator.web")
access_logger = logging.getLogger("narrator.web.access")

TOKEN_HEADER = "x-seat-token"

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


def cookie_name(table_id: str, seat: int) -> str:
    """The cookie holding the token of ``seat`` (``HOST_SEAT`` for the host) at ``table_id``."""
    return f"nh_{table_id}" if seat == HOST_SEAT else f"nt_{table_id}_{seat}"


def presented_tokens(connection: Request | WebSocket, table_id: str, seat: int) -> list[str]:
    """The credentials a request carries for this seat: header, cookie, ``?token=`` (those present)."""
    found = (connection.headers.get(TOKEN_HEADER), connection.cookies.get(cookie_name(table_id, seat)),
             connection.query_params.get("token"))
    return [token for token in found if token]


def authorize(store: TableStore, connection: Request | WebSocket, table_id: str, seat: int) -> str:
    """Check the request may act as ``seat`` of ``table_id``; returns the credential it used.

    A seat whose invite link was opened is held (:meth:`TableStore.hold`): its bare token no longer opens
    it, only the holder's ``token.key`` (the cookie set when the link was opened).

    Raises:
        HTTPException: 401 without a token, 403 with a token that opens something else or a held
            seat's bare token (logged, without the token).
    """
    tokens = presented_tokens(connection, table_id, seat)
    who = "host" if seat == HOST_SEAT else f"seat {seat}"
    if not tokens:
        raise HTTPException(401, f"no seat token for {who} of table {table_id}; open your invite link")
    for token in tokens:
        if store.lookup(token) == (table_id, seat):
            return token
    found = store.find(tokens[0].partition(HELD_SEP)[0])
    held = "an unknown token" if found is None else (
        f"the token of table {found[0]} " + ("host" if found[1] == HOST_SEAT else f"seat {found[1]}")
        + (" without its holder's key" if found[2] and found[:2] == (table_id, seat) else ""))
    client = connection.client.host if connection.client else "?"
    logger.warning("refused: %s asked for %s of table %s with %s", client, who, table_id, held)
    if found is not None and found[:2] == (table_id, seat):
        raise HTTPException(403, f"the invite link of {who} of table {table_id} is held by another device; "
                            "ask the person who invited you for a new link")
    raise HTTPException(403, f"this token does not open {who} of table {table_id}")


_TOKEN_IN_TEXT = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Masks ``token=...`` in log records (uvicorn logs WebSocket paths with their query string)."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "token=" in text:
            record.msg, record.args = _TOKEN_IN_TEXT.sub(r"\1***", text), ()
        return True


def install_log_redaction(names: tuple[str, ...] = ("uvicorn.error", "uvicorn.access", "narrator.web")) -> None:
    """Put :class:`RedactTokens` on the loggers that might see a URL (once; call after logging is set up)."""
    for name in names:
        logger_ = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger_.filters):
            logger_.addFilter(RedactTokens())


class BodyLimitMiddleware:
    """Refuses request bodies over ``limit`` bytes with 413, before the app sees them."""

    def __init__(self, app: Callable[..., Awaitable[None]], limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _reject_too_large(send, self.limit)
            return
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await _reject_too_large(send, self.limit)
                return
        replayed = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _reject_too_large(send: Send, limit: int) -> None:
    payload = json.dumps({"detail": f"request body larger than {limit} bytes"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]})
    await send({"type": "http.response.body", "body": payload})


class AccessLogMiddleware:
    """Logs method, path and status, never the query string (invite links carry tokens there)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        status: list[int] = []

        async def spy(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status.append(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, spy)
        finally:
            method = scope.get("method", "WS")
            access_logger.info("%s %s %s", method, scope.get("path", ""), status[0] if status else "-")


STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
                           "object-src 'none'")
"""Pages load only their own script and style sheet (no inline code) and are never framed."""


def cross_origin(scope: Scope) -> str | None:
    """Why a browser request comes from another site, or ``None`` when it does not (or is no browser's).

    A page of another site can make the browser POST here or open a WebSocket with the invitee's
    cookie; the browser says where it comes from in ``Origin`` (and ``Sec-Fetch-Site``), which a page
    cannot forge. Requests without either header (scripts, curl) carry no cookie-borne risk.
    """
    headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope.get("headers") or []}
    origin, fetch_site = headers.get("origin"), headers.get("sec-fetch-site")
    if fetch_site == "cross-site":
        return "a request from another site (Sec-Fetch-Site: cross-site)"
    if origin is None:
        return None
    host = headers.get("host", "")
    _, _, rest = origin.partition("://")
    if origin == "null" or not rest or rest.rstrip("/") != host:
        return f"a request from origin {origin[:80]!r}, not from this table's pages ({host})"
    return None


class OriginCheckMiddleware:
    """Refuses state-changing requests and WebSocket handshakes coming from another origin (403)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        checked = kind == "websocket" or (kind == "http" and scope.get("method") in STATE_CHANGING)
        reason = cross_origin(scope) if checked else None
        if reason is None:
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or ("?",))[0]
        logger.warning("refused: %s %s from %s: %s", scope.get("method", "WS"), scope.get("path"), client, reason)
        if kind == "websocket":
            await receive()  # the handshake request
            await send({"type": "websocket.close", "code": 4403, "reason": "cross-origin"})
            return
        await _send_json(send, 403, {"detail": f"refused: {reason}"})


class SecurityHeadersMiddleware:
    """Adds the Content-Security-Policy, ``X-Frame-Options`` and ``nosniff`` to every HTTP response."""

    HEADERS = ((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()), (b"x-frame-options", b"DENY"),
               (b"x-content-type-options", b"nosniff"))

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class CreationLimit:
    """How many tables may be made: at most ``per_client`` per client address in ``window`` seconds,
    and at most ``total`` tables in play on the server (finished and stopped tables do not count)."""

    def __init__(self, *, per_client: int = 10, window: float = 600.0, total: int = 100,
                 clock: Callable[[], float] | None = None) -> None:
        import time

        self.per_client, self.window, self.total = per_client, window, total
        self.clock = clock or time.monotonic
        self._made: dict[str, list[float]] = {}

    def refuse(self, client: str, in_play: int) -> str | None:
        """Why ``client`` may not make a table now (``None``: it may; the table is then counted)."""
        if in_play >= self.total:
            return f"this server already has {in_play} tables in play (at most {self.total}); try again later"
        now = self.clock()
        recent = [t for t in self._made.get(client, []) if now - t < self.window]
        if len(recent) >= self.per_client:
            return (f"at most {self.per_client} new tables per {self.window / 60:g} minutes from one address; "
                    "try again later")
        self._made[client] = [*recent, now]
        if len(self._made) > 10_000:  # forget idle clients
            self._made = {k: v for k, v in self._made.items() if v and now - v[-1] < self.window}
        return None


async def _send_json(send: Send, status: int, body: dict[str, Any]) -> None:
    payload = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]})
    await send({"type": "http.response.body", "body": payload})

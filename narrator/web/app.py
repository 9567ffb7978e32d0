"""The web table: FastAPI routes for pages, the JSON API and the live WebSocket.

``create_app(data_dir)`` builds the application; ``narrator serve`` runs it with uvicorn.
Pages are rendered on the server (Jinja2); a little plain JavaScript (``static/table.js``)
sends moves and swaps in the panels each WebSocket message carries.

Routes (``{n}`` is a seat number; the host's routes use the host token):

- ``GET /`` the table-creation form; ``POST /api/tables`` creates a table (JSON).
- ``GET /t/{id}/host`` and ``GET /t/{id}/seat/{n}``: pages. ``?token=`` (an invite link) sets
  the seat's cookie and redirects to the address without the token.
- ``GET /api/t/{id}/host/state``, ``GET /api/t/{id}/seat/{n}/state``: the same facts as JSON.
- ``POST /api/t/{id}/seat/{n}/act`` and ``/host/act``: a move (``{"action": {...}}``).
- ``POST /api/t/{id}/seat/{n}/control``: hand the seat to a bot or take it back.
- ``POST /api/t/{id}/host/reissue/{n}``: a new invite link for a seat (the old one stops working);
  for a bot seat this is taking it over: a person will play it, and the table is told.
- ``POST /api/t/{id}/host/model/{n}``: switch a seat's language model back on after it was switched
  off for repeated transport failures.
- ``WS /ws/t/{id}/host``, ``WS /ws/t/{id}/seat/{n}``: live panels for that viewer.

Bot seats get no invite link when the table is made (the creator would read their secrets): only
taking a seat over through the host page makes one. State-changing requests and WebSocket
handshakes from another origin are refused; every page carries a Content-Security-Policy that
forbids framing; table creation is limited per client address and in total (:class:`CreationLimit`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from narrator.agents.i18n import message
from narrator.rules.core import Event
from narrator.rules.registry import game_names
from narrator.terminal_text import shown
from narrator.web.api import add_api
from narrator.web.api import table_or_404 as _table_or_404
from narrator.web.bots import bot_kinds
from narrator.web.downloads import add_download_routes
from narrator.web.i18n import LANGUAGES, Translator, pick_language
from narrator.web.invites import default_seats, profile_example
from narrator.web.limits import (
    WS_MESSAGE_BURST,
    WS_MESSAGE_LIMIT,
    WS_MESSAGE_RATE,
    Buckets,
    ClientRateMiddleware,
    RateLimit,
)
from narrator.web.manager import TableManager
from narrator.web.models import MAX_BODY_BYTES
from narrator.web.pages import (
    TEMPLATES,
    event_lines,
    panel_context,
    render_event,
    render_panels,
)
from narrator.web.screen import add_screen_routes, host_screen
from narrator.web.security import (
    AccessLogMiddleware,
    BodyLimitMiddleware,
    CreationLimit,
    OriginCheckMiddleware,
    SecurityHeadersMiddleware,
    authorize,
    cookie_name,
    install_log_redaction,
)
from narrator.web.store import HELD_SEP, HOST_SEAT
from narrator.web.tables import NARRATION, Subscriber, Table

logger = logging.getLogger("narrator.web")

def create_app(data_dir: str | Path, *, bot_delay: float = 0.0, limit: CreationLimit | None = None,
               rates: RateLimit | None = None) -> FastAPI:
    """The web table serving every table stored in ``data_dir``.

    Args:
        data_dir: where the table index (SQLite) and the transcripts live; created if missing
            (readable by its owner only).
        bot_delay: seconds between bot moves, so people can follow the game as it streams.
        limit: how many tables may be made per client and in total (default :class:`CreationLimit`).
        rates: how many requests a client address and a seat may make (default :class:`RateLimit`).
    """
    manager = TableManager(data_dir, bot_delay=bot_delay)
    limit = limit or CreationLimit()
    rates = rates or RateLimit()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        install_log_redaction()  # here: after uvicorn has configured its loggers
        manager.load_all()
        manager.start()
        yield
        await manager.stop()

    app = FastAPI(title="narrator table", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.manager = manager
    app.mount("/static", StaticFiles(directory=str(Path(__file__).parent / "static")), name="static")
    app.add_middleware(BodyLimitMiddleware, limit=MAX_BODY_BYTES)
    app.add_middleware(SecurityHeadersMiddleware)
    app.add_middleware(OriginCheckMiddleware)
    app.add_middleware(ClientRateMiddleware, rates=rates)  # outside the others: a flood costs the least
    app.add_middleware(AccessLogMiddleware)
    app.state.rates = rates
    _add_pages(app, manager)
    add_api(app, manager, limit)
    _add_sockets(app, manager)
    add_screen_routes(app, manager, TEMPLATES)  # the room's public screen (narrator/web/screen/)
    add_download_routes(app, manager)  # after the end: the chance record, the host's transcript (downloads.py)
    return app


def _page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
    response = TEMPLATES.TemplateResponse(request, name, context, status_code=status)
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


def _add_pages(app: FastAPI, manager: TableManager) -> None:
    """The error pages, the front page (a new table's form), the health check, and each table's pages."""
    _add_errors(app)
    _add_table_pages(app, manager)

    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request, lang: str | None = None) -> HTMLResponse:
        t = Translator(pick_language(lang))
        games = [g for g in game_names() if _importable(g)]
        kinds = sorted({k for g in games for k in bot_kinds(g)})
        return _page(request, "index.html", {"t": t, "games": games, "bot_kinds": kinds, "languages": LANGUAGES,
                                             "seats": {g: default_seats(g) for g in games},
                                             "fields": {g: _form_fields(g, t) for g in games},
                                             "words": {k: message(t.language, f"web.{k}")
                                                       for k in ("players", "bots", "copy", "copied", "qr")},
                                             "seat_word": message(t.language, "web.seat_n", seat="%s"),
                                             "troupe": _troupe_choices(games, t.language),
                                             "troupe_words": {k: message(t.language, f"web_troupe.{k}", n="%s")
                                                              for k in TROUPE_WORDS}})

    @app.get("/healthz")
    async def health() -> dict[str, Any]:
        return {"ok": True, "tables": len(manager.tables)}


def _add_errors(app: FastAPI) -> None:
    """Refusals as JSON for the API, as a page in the asker's language for a browser."""
    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, error: RequestValidationError) -> Response:
        # The errors echo the input, which may hold a number JSON cannot carry (NaN, 1e400).
        return JSONResponse({"detail": _finite(jsonable_encoder(error.errors()))}, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        wants_html = not request.url.path.startswith("/api/") and "text/html" in request.headers.get("accept", "")
        if wants_html:
            # a refusal told in the table's language (Content-Language) keeps its page in it: the Russian
            # «link already open elsewhere» came with an English «Start a table» under it
            said_in = (error.headers or {}).get("Content-Language")
            t = Translator(pick_language(request.query_params.get("lang") or said_in))
            return _page(request, "error.html", {"t": t, "status": error.status_code, "detail": error.detail},
                         error.status_code)
        return JSONResponse({"detail": error.detail}, status_code=error.status_code, headers=error.headers)


def _add_table_pages(app: FastAPI, manager: TableManager) -> None:
    """The host's page, a seat's page (an invite link opens it), and their replays once the game is over."""
    @app.get("/t/{table_id}/host", response_class=HTMLResponse)
    async def host_page(request: Request, table_id: str) -> Response:
        table = _table_or_404(manager, table_id)
        token = authorize(manager.store, request, table_id, HOST_SEAT)
        if "token" in request.query_params:
            return _enter(request, table_id, HOST_SEAT, token, f"/t/{table_id}/host")
        return _page(request, "host.html", {**panel_context(table, None), "events": _told(event_lines(table, None)),
                                            "ws_url": f"/ws/t/{table_id}/host",
                                            "screen": host_screen(manager.data_dir, table_id, _origin(request))})

    @app.get("/t/{table_id}/seat/{seat}", response_class=HTMLResponse)
    async def seat_page(request: Request, table_id: str, seat: int) -> Response:
        table = _table_or_404(manager, table_id, seat)
        if "token" in request.query_params:
            return await _open_invite(manager, request, table, seat)
        authorize(manager.store, request, table_id, seat)
        return _page(request, "seat.html", {**panel_context(table, seat), "events": _told(event_lines(table, seat)),
                                            "ws_url": f"/ws/t/{table_id}/seat/{seat}",
                                            "speech_url": f"/ws/t/{table_id}/seat/{seat}/speech"})

    @app.get("/t/{table_id}/seat/{seat}/replay", response_class=HTMLResponse)
    async def seat_replay(request: Request, table_id: str, seat: int) -> Response:
        table = _table_or_404(manager, table_id, seat)
        authorize(manager.store, request, table_id, seat)
        return await _replay_page(manager, table, _lens(seat=seat))

    @app.get("/t/{table_id}/host/replay", response_class=HTMLResponse)
    async def host_replay(request: Request, table_id: str) -> Response:
        table = _table_or_404(manager, table_id)
        authorize(manager.store, request, table_id, HOST_SEAT)
        # a person who held the host's seat (a GM, a moderator) owns the whole truth; a program-hosted
        # table's host page is the public's, which sees the host's truth only because the game is over
        return await _replay_page(manager, table, _lens(host=True) if table.human_host else _lens())


async def _replay_page(manager: TableManager, table: Table, owner: Any) -> Response:
    """The replay viewer of a finished table, with the lenses ``owner`` may see (narrator.viewer.access)."""
    from narrator.viewer.access import lenses_for  # the viewer reads the web's presenters: imported late
    from narrator.viewer.page import render_page
    from narrator.viewer.timeline import load as load_timeline

    if table.session.outcome() is None:
        raise HTTPException(409, f"table {table.id} is still in play; its replay opens when the game is over")
    html = manager.replay_pages.get((table.id, owner.key))
    if html is None:
        def build() -> str:
            timeline = load_timeline(manager.transcript_path(table.id))
            return render_page(timeline, lenses_for(owner, timeline), table.record.language, inline=False)

        html = await asyncio.to_thread(build)
        manager.replay_pages[(table.id, owner.key)] = html  # a finished table's transcript no longer changes
    return HTMLResponse(html, headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"})


def _lens(**who: Any) -> Any:
    from narrator.viewer.timeline import Lens

    return Lens(**who)


def _origin(request: Request) -> str:
    """The server's address as the browser sees it (for a link's QR code)."""
    return f"{request.url.scheme}://{request.url.netloc}"


def _finite(value: Any) -> Any:
    """``value`` with every NaN or infinite float written as text (strict JSON has no such numbers)."""
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def _told(lines: list[str]) -> list[str]:
    """The lines a page lists (events the game leaves untold are skipped), the words of players and models
    in them with control, bidirectional and zero-width characters neutralised (narrator.terminal_text)."""
    return [shown(line) for line in lines if line]


async def _open_invite(manager: TableManager, request: Request, table: Table, seat: int) -> Response:
    """A seat's invite link opened: its first holder gets the seat (a cookie of ``token.key``); the same
    browser opening it again goes on; anyone later is refused, in the table's language, and the seat is
    told. The host's reissue (a new link) frees the seat for its next opener."""
    clean = f"/t/{table.id}/seat/{seat}"
    token = request.query_params["token"]
    found = manager.store.find(token.partition(HELD_SEP)[0])
    held_here = request.cookies.get(cookie_name(table.id, seat))
    if found is None or found[:2] != (table.id, seat) or HELD_SEP in token or (
            held_here and manager.store.lookup(held_here) == (table.id, seat)):  # not a first opening: as ever
        return _enter(request, table.id, seat, authorize(manager.store, request, table.id, seat), clean)
    key = manager.store.hold(token)
    if key is None:
        client = request.client.host if request.client else "?"
        logger.warning("refused: %s opened the held invite link of seat %d of table %s", client, seat, table.id)
        t = Translator(table.record.language)
        async with table.lock:
            table.events.append(Event(NARRATION, frozenset({seat}), {"by": "host", "text": t("invite.tried")}))
        await table.broadcast()
        raise HTTPException(403, t("invite.held"), headers={"Content-Language": table.record.language})
    logger.info("table %s: seat %d's invite link opened; the seat is held by that browser now", table.id, seat)
    return _enter(request, table.id, seat, f"{token}{HELD_SEP}{key}", clean)


def _enter(request: Request, table_id: str, seat: int, token: str, clean_url: str) -> Response:
    """Swap an invite link's token for a cookie and go to the address without it."""
    response = RedirectResponse(clean_url, status_code=303)
    response.set_cookie(cookie_name(table_id, seat), token, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", max_age=60 * 60 * 24 * 90)
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


TROUPE_WORDS = ("legend", "scenario", "count", "row", "bot", "hint", "characters")
"""The create form's words for a Storyteller table (``web_troupe.*`` in the catalogue)."""


def _troupe_choices(games: list[str], lang: str) -> dict[str, Any]:
    """Per Storyteller game: its shipped scenarios and sample characters, for the create form's pickers."""
    from narrator.web.adapters.storyteller import PRESENTERS, troupe_choices

    return {g: troupe_choices(g, lang) for g in games if g in PRESENTERS}


def _form_fields(game: str, t: Translator) -> dict[str, str]:
    """What the create form shows for ``game`` beyond the common fields: its rules-profile example and
    the word for whoever runs it ("" where no one can: the host select is hidden)."""
    from narrator.web.present import presenter_for

    presenter = presenter_for(game)
    hosted = presenter.host_plays or presenter.host_acts_any_time
    return {"profile": profile_example(game), "host": t(presenter.text.host_key) if hosted else ""}


def _importable(game: str) -> bool:
    from narrator.rules.registry import get_game

    try:
        get_game(game)
    except (ImportError, AttributeError):
        return False
    return True


def _add_sockets(app: FastAPI, manager: TableManager) -> None:
    @app.websocket("/ws/t/{table_id}/host")
    async def host_socket(websocket: WebSocket, table_id: str) -> None:
        await _serve_socket(manager, websocket, table_id, HOST_SEAT)

    @app.websocket("/ws/t/{table_id}/seat/{seat}")
    async def seat_socket(websocket: WebSocket, table_id: str, seat: int) -> None:
        await _serve_socket(manager, websocket, table_id, seat)


async def _serve_socket(manager: TableManager, websocket: WebSocket, table_id: str, seat: int) -> None:
    """Send ``seat``'s panels now and after every change, until the page goes away."""
    try:
        table = _table_or_404(manager, table_id, None if seat == HOST_SEAT else seat)
        authorize(manager.store, websocket, table_id, seat)
    except HTTPException as error:
        await websocket.close(code=4000 + error.status_code, reason=str(error.detail)[:120])
        return
    await websocket.accept()
    viewer = None if seat == HOST_SEAT else seat
    cursor = 0
    lock = asyncio.Lock()
    pings = Buckets(WS_MESSAGE_RATE, WS_MESSAGE_BURST, time.monotonic)

    async def push() -> None:
        nonlocal cursor
        async with lock:
            lines = event_lines(table, viewer, cursor)
            cursor += len(lines)
            message = {"type": "update", "panels": render_panels(table, viewer),
                       "events": [render_event(line) for line in _told(lines)]}
            await websocket.send_text(json.dumps(message, ensure_ascii=False))

    async def send(message: dict[str, Any]) -> None:  # a streamed draft (narrator.web.drafts)
        async with lock:
            await websocket.send_text(json.dumps(message, ensure_ascii=False))

    subscriber = Subscriber(viewer, push, send)
    table.subscribers.add(subscriber)
    try:
        await websocket.send_text(json.dumps({"type": "reset"}))
        await push()
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if len(message.get("text") or message.get("bytes") or "") > WS_MESSAGE_LIMIT:
                await websocket.close(code=1009, reason="message too large")
                break
            if pings.take(0):  # pages ping every few seconds; a flood of pings is no page
                await websocket.close(code=1008, reason="too many messages")
                break
            async with lock:  # after every update already sent: lets a client know it is up to date
                await websocket.send_text(json.dumps({"type": "pong"}))
    except WebSocketDisconnect:
        pass
    finally:
        table.subscribers.discard(subscriber)

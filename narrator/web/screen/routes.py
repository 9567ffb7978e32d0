"""The screen's page, its JSON state and its sockets: ``GET /t/{id}/screen``, ``GET /api/t/{id}/screen/state``,
``WS /ws/t/{id}/screen`` and the seat pages' opt-in voice ``WS /ws/t/{id}/seat/{n}/speech``."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from narrator.rules.core import jsonable
from narrator.web.i18n import Translator
from narrator.web.screen.access import authorize_screen, cookie_name
from narrator.web.screen.board import LOG_SHOWN, PUBLIC_VIEWER, board, public_events, screen_lines, screen_state
from narrator.web.store import HOST_SEAT


def add_screen_routes(app: FastAPI, manager: Any, templates: Any) -> None:
    """``GET /t/{id}/screen``, ``GET /api/t/{id}/screen/state``, ``WS /ws/t/{id}/screen`` and the seat
    pages' opt-in voice ``WS /ws/t/{id}/seat/{n}/speech``."""
    data_dir = manager.data_dir

    def table_of(table_id: str) -> Any:
        try:
            return manager.get(table_id)
        except KeyError:
            raise HTTPException(404, f"there is no table {table_id!r}") from None

    @app.get("/t/{table_id}/screen", response_class=HTMLResponse)
    async def screen_page(request: Request, table_id: str) -> Response:
        table = table_of(table_id)
        return _page(request, table, authorize_screen(data_dir, request, table_id), templates)

    @app.get("/api/t/{table_id}/screen/state")
    async def screen_api(request: Request, table_id: str) -> Response:
        table = table_of(table_id)
        authorize_screen(data_dir, request, table_id)
        return JSONResponse(jsonable(screen_state(table)), headers={"Cache-Control": "no-store"})

    @app.websocket("/ws/t/{table_id}/screen")
    async def screen_socket(websocket: WebSocket, table_id: str) -> None:
        def opened() -> Any:
            table = table_of(table_id)
            authorize_screen(data_dir, websocket, table_id)
            return table

        await _serve_checked(websocket, opened, with_board=True, templates=templates)

    @app.websocket("/ws/t/{table_id}/seat/{seat}/speech")
    async def seat_speech(websocket: WebSocket, table_id: str, seat: int) -> None:
        from narrator.web.security import authorize

        def opened() -> Any:
            table = table_of(table_id)
            if not 0 <= seat < len(table.record.seats) or seat == HOST_SEAT:
                raise HTTPException(404, f"table {table_id} has no seat {seat}")
            authorize(manager.store, websocket, table_id, seat)
            return table

        await _serve_checked(websocket, opened, with_board=False, templates=templates)


def _page(request: Request, table: Any, token: str, templates: Any) -> Response:
    """The screen page; opened with ``?token=``, the token becomes a cookie and the address loses it."""
    if "token" in request.query_params:
        response: Response = RedirectResponse(f"/t/{table.id}/screen", status_code=303)
        response.set_cookie(cookie_name(table.id), token, httponly=True, samesite="lax",
                            secure=request.url.scheme == "https", max_age=60 * 60 * 24 * 90)
        response.headers["Referrer-Policy"] = "no-referrer"
        return response
    t = Translator(table.record.language)
    lines = screen_lines(table)
    response = templates.TemplateResponse(request, "screen.html", {
        "t": t, "table": table, "board": board(table), "lines": lines[-LOG_SHOWN:],
        "heard": len(public_events(table)), "ws_url": f"/ws/t/{table.id}/screen",
        "speech": speech_words(t)})
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


def speech_words(t: Translator) -> dict[str, str]:
    """The speech controls' words in the table's language."""
    keys = ("voice", "mute", "unmute", "rate", "none", "speaking", "log", "link", "qr_note", "open", "activate")
    return {k: t(f"screen.{k}") for k in keys}


async def _serve_checked(websocket: WebSocket, opened: Callable[[], Any], *, with_board: bool, templates: Any) -> None:
    """Serve the socket once ``opened()`` found its table and checked its key; a refusal closes it (4000 + status)."""
    try:
        table = opened()
    except HTTPException as error:
        await websocket.close(code=4000 + error.status_code, reason=str(error.detail)[:120])
        return
    await _serve(websocket, table, with_board=with_board, templates=templates)


async def _serve(websocket: WebSocket, table: Any, *, with_board: bool, templates: Any) -> None:
    """Send the public lines (and the board) now and after every change, until the page goes away."""
    from narrator.web.tables import Subscriber

    await websocket.accept()
    lock = asyncio.Lock()
    cursor = 0

    async def push() -> None:
        nonlocal cursor
        async with lock:
            total = len(public_events(table))  # no await until the lines are read: nothing is added between
            message: dict[str, Any] = {"type": "screen", "lines": screen_lines(table, cursor)}
            cursor = total
            if with_board:
                message["board"] = templates.get_template("_screen_board.html").render(
                    {"t": Translator(table.record.language), "board": board(table)})
            await websocket.send_text(json.dumps(message, ensure_ascii=False))

    async def send(message: dict[str, Any]) -> None:  # a streamed public draft (narrator.web.drafts)
        async with lock:
            await websocket.send_text(json.dumps(message, ensure_ascii=False))

    # drafts (the screen only): those the public may see, as for every page (Event.visible_to)
    subscriber = Subscriber(PUBLIC_VIEWER, push, send if with_board else None)  # type: ignore[arg-type]
    table.subscribers.add(subscriber)
    try:
        await websocket.send_text(json.dumps({"type": "reset"}))
        await push()
        await _answer_pings(websocket, lock)
    except WebSocketDisconnect:
        pass
    finally:
        table.subscribers.discard(subscriber)


async def _answer_pings(websocket: WebSocket, lock: asyncio.Lock) -> None:
    """Answer the page's pings with pongs until it goes away; anything long or too frequent closes the socket, as
    the seat sockets do."""
    import time

    from narrator.web.limits import WS_MESSAGE_BURST, WS_MESSAGE_LIMIT, WS_MESSAGE_RATE, Buckets

    pings = Buckets(WS_MESSAGE_RATE, WS_MESSAGE_BURST, time.monotonic)
    while True:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            return
        if len(received.get("text") or received.get("bytes") or "") > WS_MESSAGE_LIMIT:
            await websocket.close(code=1009, reason="message too large")
            return
        if pings.take(0):
            await websocket.close(code=1008, reason="too many messages")
            return
        async with lock:
            await websocket.send_text(json.dumps({"type": "pong"}))


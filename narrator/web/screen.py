"""The room's public screen: a TV or laptop page everyone at the table sees, and its voice.

``/t/{id}/screen`` shows one table's **public** state in large type (day or night, who is alive, the
revealed cards, the vote as it stands, the candles and what darkened them, the scene and its stakes),
who speaks now, and the public log; it updates live over ``WS /ws/t/{id}/screen`` and reads new public
lines aloud with the browser's own speech synthesis (``static/screen.js``; nothing leaves the browser).

Everything here is built from the kernel's public viewer (``Viewer.PUBLIC``): ``game.view(state,
Viewer.PUBLIC)`` and the events visible to it; never from a seat's or the host's view filtered
afterwards. (The host page is *not* that: with a person in the host seat it shows the host's truth.)

**The screen's key.** A screen link carries its own capability, ``?token=``, swapped for a cookie
(``ns_{table}``) like an invite. It is derived, not stored: an HMAC of the table's id under a key kept
in the data directory (``screen.key``, 0600), so the host page can show the link and its QR code at
any time. It opens the screen of that one table and nothing else: no seat, no host page, no move
(``authorize`` never knows it), and no seat or host token opens the screen.

**Speech.** Each public log line goes out with its position in the public log (``n``), its text
(exactly the line shown) and a voice key: ``seat:N`` for words a seat said (a speech, an accusation's
words, a truth, a survivor's line), ``narrator`` for everything else (the host's announcements, the
Storyteller's narration). A page speaks only lines whose ``n`` it has not heard, so a reconnect (which
resends the log) never reads old lines again. Seat pages may opt in to the same public voice
(``WS /ws/t/{id}/seat/{n}/speech``, the seat's own cookie): public lines only, never the seat's own
private ones.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import logging
import os
import secrets
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from narrator.rules.core import Event, PlayerId, Viewer, jsonable
from narrator.rules.replay import audience_to_json
from narrator.terminal_text import shown
from narrator.web.i18n import Translator
from narrator.web.present import Context, Section
from narrator.web.render import seat_name
from narrator.web.store import HOST_SEAT

logger = logging.getLogger("narrator.web")

PUBLIC_VIEWER = Viewer.PUBLIC
"""Whom the screen asks the kernel about: the public, and nobody else."""
KEY_FILE = "screen.key"
SPEAKER_KEYS = ("by", "seat", "accuser", "narrator", "speaker", "actor")
"""Where an event says who spoke its ``text`` (the first seat number found)."""
LOG_SHOWN = 40
"""How many of the latest public lines the screen lists (the speech queue gets every new one)."""
TOTAL_CANDLES = 10

_KEYS: dict[Path, bytes] = {}


def _register_words() -> None:
    """The screen's words (``prompts/i18n/<lang>/web_screen.yaml``) as the web table's ``screen.*`` keys."""
    from narrator.agents.i18n import section
    from narrator.web.i18n import LANGUAGES, register_messages

    for lang in LANGUAGES:
        register_messages(lang, {f"screen.{k}": str(v) for k, v in section(lang, "web_screen").items()})


_register_words()


# -- the screen's capability ------------------------------------------------------------------------


def screen_key(data_dir: Path) -> bytes:
    """The data directory's screen key (made once, readable by its owner only)."""
    path = Path(data_dir) / KEY_FILE
    key = _KEYS.get(path)
    if key is None:
        if not path.exists():
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(secrets.token_bytes(32))
        key = _KEYS[path] = path.read_bytes()
    return key


def screen_token(data_dir: Path, table_id: str) -> str:
    """The token of ``table_id``'s screen: the HMAC of its id (url-safe, 32 characters)."""
    digest = hmac.new(screen_key(data_dir), f"screen:{table_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode().rstrip("=")


def screen_url(data_dir: Path, table_id: str) -> str:
    """The screen's link (with its token)."""
    return f"/t/{table_id}/screen?token={screen_token(data_dir, table_id)}"


def cookie_name(table_id: str) -> str:
    return f"ns_{table_id}"


def authorize_screen(data_dir: Path, connection: Request | WebSocket, table_id: str) -> str:
    """Check the request carries ``table_id``'s screen token (cookie or ``?token=``).

    Raises:
        HTTPException: 401 without one, 403 with any other (a seat's or the host's token included).
    """
    found = [t for t in (connection.cookies.get(cookie_name(table_id)), connection.query_params.get("token")) if t]
    if not found:
        raise HTTPException(401, f"no screen token for table {table_id}; open the screen link from the host page")
    expected = screen_token(data_dir, table_id)
    if any(hmac.compare_digest(t.encode(), expected.encode()) for t in found):
        return expected
    client = connection.client.host if connection.client else "?"
    logger.warning("refused: %s asked for the screen of table %s with another token", client, table_id)
    raise HTTPException(403, f"this token does not open the screen of table {table_id}")


# -- what the screen shows --------------------------------------------------------------------------


def public_context(table: Any) -> Context:
    """The presenter's context for the public (``viewer=None``: no seat is "you")."""
    lang = Translator(table.record.language).language
    return Context(tuple(table.names), lang, None, table.record.seed, getattr(table.session.state, "config", None))


def public_view(table: Any) -> Any:
    """``game.view(state, Viewer.PUBLIC)``."""
    return table.game.view(table.session.state, PUBLIC_VIEWER)


def public_events(table: Any) -> list[Event]:
    """The events the public may see, in order."""
    return [event for event in list(table.events) if event.visible_to(PUBLIC_VIEWER)]


def speaker_of(event: Event) -> PlayerId | None:
    """The seat whose words an event carries (``None``: the narrator's; the host seat counts as the narrator)."""
    if not str(event.data.get("text") or "").strip():
        return None
    for key in SPEAKER_KEYS:
        value = event.data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value if value >= 0 else None
    return None


def screen_lines(table: Any, start: int = 0) -> list[dict[str, Any]]:
    """Public log lines from position ``start``: ``{"n", "text", "voice"}``, the untold ones skipped
    (``n`` counts every public event, so it is stable across reconnects)."""
    ctx, view = public_context(table), public_view(table)
    present = table.presenter.text.event_text
    lines = []
    for n, event in enumerate(public_events(table)[start:], start):
        text = shown(present(event, view, ctx) or "").strip()
        if text:
            seat = speaker_of(event)
            lines.append({"n": n, "text": text, "voice": "narrator" if seat is None else f"seat:{seat}"})
    return lines


def board(table: Any) -> dict[str, Any]:
    """The screen's board: ``theme``, ``headline``, ``speaker``, ``seats``, ``candles``, ``stakes``,
    ``sections`` (the presenter's public panel, in large type) and the end of the game."""
    ctx, view = public_context(table), public_view(table)
    t = Translator(ctx.language)
    outcome = table.session.outcome()
    names = _labels(table, ctx.language)
    result: dict[str, Any] = {
        "game": t(f"game.{table.game.name}"), "table": table.id, "theme": "", "headline": "", "speaker": "",
        "seats": [], "candles": [], "darkened": [], "stakes": [], "sections": [], "dark": 0,
        "outcome": t(f"outcome.{outcome.termination}") if outcome else "",
        "winners": ", ".join(seat_name(names, s, ctx.language) for s in sorted(outcome.winners)) if outcome else "",
        "status": table.record.status,
    }
    drawn = BOARDS.get(table.game.name)
    if drawn is not None:
        drawn(table, view, ctx, result)
    else:
        result["sections"] = table.presenter.text.panel(view, ctx)
    return result


def _labels(table: Any, language: str) -> list[str]:
    named = table.presenter.seat_names(table, language)
    return [name or typed for name, typed in zip(named, table.names, strict=False)] + table.names[len(named):]


def _battaglia(table: Any, view: Any, ctx: Context, out: dict[str, Any]) -> None:
    """Day or night (the night drawn as night), who speaks, every seat with its life and revealed
    cards, and today's accusations and vote."""
    presenter = table.presenter
    if len(view.lives) < view.players:  # not dealt yet: the deck is still being announced
        return
    sections = presenter.text.panel(view, ctx)
    voice = presenter.text.narrator(view, ctx)
    night = str(view.phase) in ("night", "rebirth")
    out["theme"] = "night" if night else "day"
    now = sections[0] if sections else Section("")
    out["headline"] = _headline(now.rows[0][1]) if now.rows else ""
    if view.turn is not None:
        out["speaker"] = voice.name(view.turn)
    table_title = presenter.text.w(ctx, "table")
    for section in sections[1:]:
        if section.title == table_title:
            for seat, (name, state) in enumerate(section.rows):
                status = "out" if seat in view.out else ("second" if view.lives[seat] > 1 else "alive")
                out["seats"].append({"name": name, "state": state, "status": status})
        elif section.rows or section.items:
            out["sections"].append(section)


def _ten_candles(table: Any, view: Any, ctx: Context, out: dict[str, Any]) -> None:
    """The candles (lit, dark, not yet lit) and what darkened each, the scene and its stakes, who acts,
    the survivors, this scene's truths."""
    presenter = table.presenter
    sections = presenter.text.panel(view, ctx)
    out["theme"], out["dark"] = "candles", int(view.dark)
    top = sections[0] if sections else Section("")
    phase = dict(top.rows).get(presenter.text.w(ctx, "phase"), "")
    out["headline"] = _headline(phase)
    causes = [presenter.text.event_text(e, view, ctx) or "" for e in public_events(table)
              if e.kind in ("candle_out", "darkness", "candle_relit")]
    out["darkened"] = [shown(c) for c in causes if c]
    unlit = max(0, TOTAL_CANDLES - view.lit - view.dark)
    out["candles"] = ["lit"] * view.lit + ["dark"] * view.dark + ["unlit"] * unlit
    speaker = _tc_speaker(view)
    if speaker is not None:
        out["speaker"] = presenter.text.who(speaker, view, ctx)
    stakes: list[tuple[str, str]] = []
    if view.frame:
        stakes.append((presenter.text.w(ctx, "scene") + (f" {view.scene}" if view.scene else ""), view.frame))
    if view.attempt is not None:
        stakes.append((presenter.text.who(view.attempt.seat, view, ctx), view.attempt.text))
    out["stakes"] = stakes
    out["sections"] = [s for s in sections[2:] if s.rows or s.items]
    pool = [row for row in top.rows if row[0] != presenter.text.w(ctx, "candles") and row[0] != presenter.text.w(ctx, "phase")]
    if pool:
        out["sections"].insert(0, Section("", rows=pool))


def _headline(text: str) -> str:
    """A panel's "when" row as a headline: a part that only repeats a word of an earlier one is left out
    ("night 2, night, first darkness" -> "night 2, first darkness"; "scene 2, a scene" -> "scene 2")."""
    kept: list[str] = []
    for part in text.split(", "):
        said = {word.casefold() for earlier in kept for word in earlier.split()}
        if part and not any(len(word) > 2 and word.casefold() in said for word in part.split()):
            kept.append(part)
    return ", ".join(kept)


def _tc_speaker(view: Any) -> PlayerId | None:
    """Who holds the table now: the one rolling, stating, speaking a truth, or narrating."""
    if view.conflict is not None:
        return int(view.conflict.active)
    if view.attempt is not None and not view.attempt.answered:
        return int(view.attempt.seat)
    if str(view.phase) == "truths" and view.truth_speakers:
        return int(view.truth_speakers[0])
    if view.narrator is not None:
        return int(view.narrator)
    return None


def _storyteller(table: Any, view: Any, ctx: Context, out: dict[str, Any]) -> None:
    """The scene (its framing, the characters' wounds, the last roll) and whom the Storyteller asks."""
    presenter = table.presenter
    out["sections"] = presenter.text.panel(view, ctx)
    out["theme"] = "scene"
    if out["sections"] and out["sections"][0].title:
        out["headline"] = out["sections"][0].title
    names = _labels(table, ctx.language)
    waiting = [seat_name(names, s, ctx.language) if s >= 0 else presenter.text.host_word(ctx) for s in table.waiting_for()]
    out["speaker"] = ", ".join(waiting)


BOARDS = {"battaglia": _battaglia, "ten-candles": _ten_candles, "dark-ages": _storyteller, "wild-west": _storyteller}
"""Games whose screen is drawn (the rest show their presenter's public panel). A game's waiting list is
shown only where it tells no secret (battaglia's night would tell who is awake: it shows the day's turn)."""


def screen_state(table: Any) -> dict[str, Any]:
    """The screen as JSON: the public view, the public events, the board's words and the log."""
    drawn = board(table)
    drawn["sections"] = [{"title": s.title, "rows": s.rows, "items": s.items} for s in drawn["sections"]]
    return {"table": table.id, "game": table.game.name, "language": Translator(table.record.language).language,
            "view": jsonable(public_view(table)),
            "events": [{"kind": e.kind, "audience": audience_to_json(e.audience), "data": jsonable(e.data)}
                       for e in public_events(table)],
            "board": drawn, "lines": screen_lines(table)}


# -- pages, API and sockets -------------------------------------------------------------------------


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
        token = authorize_screen(data_dir, request, table_id)
        if "token" in request.query_params:
            response: Response = RedirectResponse(f"/t/{table_id}/screen", status_code=303)
            response.set_cookie(cookie_name(table_id), token, httponly=True, samesite="lax",
                                secure=request.url.scheme == "https", max_age=60 * 60 * 24 * 90)
            response.headers["Referrer-Policy"] = "no-referrer"
            return response
        t = Translator(table.record.language)
        lines = screen_lines(table)
        response = templates.TemplateResponse(request, "screen.html", {
            "t": t, "table": table, "board": board(table), "lines": lines[-LOG_SHOWN:],
            "heard": len(public_events(table)), "ws_url": f"/ws/t/{table_id}/screen",
            "speech": speech_words(t)})
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.get("/api/t/{table_id}/screen/state")
    async def screen_api(request: Request, table_id: str) -> Response:
        table = table_of(table_id)
        authorize_screen(data_dir, request, table_id)
        return JSONResponse(jsonable(screen_state(table)), headers={"Cache-Control": "no-store"})

    @app.websocket("/ws/t/{table_id}/screen")
    async def screen_socket(websocket: WebSocket, table_id: str) -> None:
        try:
            table = table_of(table_id)
            authorize_screen(data_dir, websocket, table_id)
        except HTTPException as error:
            await websocket.close(code=4000 + error.status_code, reason=str(error.detail)[:120])
            return
        await _serve(websocket, table, with_board=True, templates=templates)

    @app.websocket("/ws/t/{table_id}/seat/{seat}/speech")
    async def seat_speech(websocket: WebSocket, table_id: str, seat: int) -> None:
        from narrator.web.security import authorize

        try:
            table = table_of(table_id)
            if not 0 <= seat < len(table.record.seats) or seat == HOST_SEAT:
                raise HTTPException(404, f"table {table_id} has no seat {seat}")
            authorize(manager.store, websocket, table_id, seat)
        except HTTPException as error:
            await websocket.close(code=4000 + error.status_code, reason=str(error.detail)[:120])
            return
        await _serve(websocket, table, with_board=False, templates=templates)


def speech_words(t: Translator) -> dict[str, str]:
    """The speech controls' words in the table's language."""
    keys = ("voice", "mute", "unmute", "rate", "none", "speaking", "log", "link", "qr_note", "open", "activate")
    return {k: t(f"screen.{k}") for k in keys}


async def _serve(websocket: WebSocket, table: Any, *, with_board: bool, templates: Any) -> None:
    """Send the public lines (and the board) now and after every change, until the page goes away.

    The page's pings are answered with pongs; anything long or too frequent closes the socket, as the
    seat sockets do."""
    import time

    from narrator.web.limits import WS_MESSAGE_BURST, WS_MESSAGE_LIMIT, WS_MESSAGE_RATE, Buckets
    from narrator.web.tables import Subscriber

    await websocket.accept()
    cursor = 0
    lock = asyncio.Lock()
    pings = Buckets(WS_MESSAGE_RATE, WS_MESSAGE_BURST, time.monotonic)

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
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            if len(received.get("text") or received.get("bytes") or "") > WS_MESSAGE_LIMIT:
                await websocket.close(code=1009, reason="message too large")
                break
            if pings.take(0):
                await websocket.close(code=1008, reason="too many messages")
                break
            async with lock:
                await websocket.send_text(json.dumps({"type": "pong"}))
    except WebSocketDisconnect:
        pass
    finally:
        table.subscribers.discard(subscriber)


def host_screen(data_dir: Path, table_id: str, origin: str) -> dict[str, Any]:
    """The host page's screen link and its QR code (an inline SVG, or ``None`` without segno)."""
    from narrator.web.invites import qr_svg

    url = screen_url(data_dir, table_id)
    return {"url": url, "qr": qr_svg(origin + url)}


__all__ = ["add_screen_routes", "authorize_screen", "board", "host_screen", "public_events",
           "screen_lines", "screen_state", "screen_token", "screen_url", "speaker_of"]

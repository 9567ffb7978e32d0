"""The web table's JSON API: a new table, each seat's and the host's state and moves, the host's seat tools.

Every route checks the caller's token (:mod:`narrator.web.security`) and, for a seat, its rate; a move is
decoded by the game's codec (or is one of the table's own moves) and judged by the kernel under the table's lock.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from fastapi import FastAPI, HTTPException, Request

from narrator.rules.core import HOST, InvalidActionError, PlayerId
from narrator.web.fair import MAX_SHARE, fair_refusal
from narrator.web.i18n import Translator
from narrator.web.invites import qr_svg
from narrator.web.limits import (
    oversized_move,
    retry_after,
)
from narrator.web.manager import TableManager, TableSetupError
from narrator.web.models import ActRequest, CreateTable, SeatControl
from narrator.web.options_text import OptionsError, has_nan, parse_options
from narrator.web.pages import (
    model_switch,
    public_state,
    refusal_text,
    seat_labels,
)
from narrator.web.render import seat_name
from narrator.web.security import (
    CreationLimit,
    authorize,
)
from narrator.web.store import HOST_SEAT
from narrator.web.tables import Table

logger = logging.getLogger("narrator.web")


def table_or_404(manager: TableManager, table_id: str, seat: int | None = None) -> Table:
    """The table, and ``seat`` one of its seats (the host is never a ``/seat/{n}``), or a 404."""
    try:
        table = manager.get(table_id)
    except KeyError:
        raise HTTPException(404, f"there is no table {table_id!r}") from None
    if seat is not None and not 0 <= seat < len(table.record.seats):
        raise HTTPException(404, f"table {table_id} has seats 0..{len(table.record.seats) - 1}, not {seat}")
    return table


def add_api(app: FastAPI, manager: TableManager, limit: CreationLimit) -> None:
    """The JSON API: a new table, the seats' and the host's state and moves, the host's seat tools."""
    _add_table_api(app, manager, limit)
    _add_seat_api(app, manager)
    _add_host_api(app, manager)


def _add_table_api(app: FastAPI, manager: TableManager, limit: CreationLimit) -> None:
    """A new table (``POST /api/tables``), and the host's and a seat's state."""
    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, body: CreateTable) -> dict[str, Any]:
        # the limits first: a refused client costs nothing; then the pasted profile, bounded and off the loop
        in_play = sum(1 for table in manager.tables.values() if table.record.status == "active")
        refused = limit.refuse(request.client.host if request.client else "?", in_play)
        if refused:
            logger.warning("refused a new table: %s", refused)
            raise HTTPException(429, refused)
        options = await _table_options(body)
        try:
            table, tokens = manager.create(body.game, options, bot_seats=body.bot_seats, bot_kind=body.bot_kind,
                                           names=body.names, language=body.language, seed=body.seed,
                                           host=body.host, shares=body.shares)
        except TableSetupError as error:
            raise HTTPException(422, str(error)) from None
        table.kick()
        return _new_table_links(request, body, table, tokens)

    @app.get("/api/t/{table_id}/host/state")
    async def host_state(request: Request, table_id: str) -> dict[str, Any]:
        table = table_or_404(manager, table_id)
        _admit(manager, request, table_id, HOST_SEAT)
        return public_state(table, None)

    @app.get("/api/t/{table_id}/seat/{seat}/state")
    async def seat_state(request: Request, table_id: str, seat: int) -> dict[str, Any]:
        table = table_or_404(manager, table_id, seat)
        _admit(manager, request, table_id, seat)
        return public_state(table, seat)


async def _table_options(body: CreateTable) -> dict[str, Any]:
    """A new table's options: the pasted profile (parsed off the loop, bounded), the form's options over it, and
    the number of players; a bad profile or a NaN is a 422."""
    try:
        pasted = await asyncio.to_thread(parse_options, body.options_text)
    except OptionsError as error:
        raise HTTPException(422, str(error)) from None
    if has_nan(body.options):
        raise HTTPException(422, "options: NaN and infinite numbers are not allowed")
    options = {**pasted, **body.options}
    if body.players is not None:
        options["players"] = body.players
    return options


def _new_table_links(request: Request, body: CreateTable, table: Table, tokens: dict[PlayerId, str]) -> dict[str, Any]:
    """What ``POST /api/tables`` answers: the table, the host's link, and each seat's link and QR code."""
    origin = f"{request.url.scheme}://{request.url.netloc}"
    # how the links list names each seat (a character, a dealt name), in the language of the page that asks
    labels = seat_labels(table, body.page_language)
    page_language = body.page_language or table.record.language
    return {
        "table": table.id,
        "game": table.game.name,
        "host_url": f"/t/{table.id}/host?token={tokens[HOST]}",
        # bot seats have no link: the host page takes one over, and the table is told
        "seats": [{"seat": s.seat, "name": s.name, "label": seat_name(labels, s.seat, page_language),
                   "controller": s.controller,
                   "url": (url := f"/t/{table.id}/seat/{s.seat}?token={tokens[s.seat]}") if s.seat in tokens else None,
                   "qr": qr_svg(origin + url) if s.seat in tokens else None}
                  for s in table.record.seats],
    }


def _add_seat_api(app: FastAPI, manager: TableManager) -> None:
    """A seat's moves and its share of the game's chance."""
    @app.post("/api/t/{table_id}/seat/{seat}/act")
    async def seat_act(request: Request, table_id: str, seat: int, body: ActRequest) -> dict[str, Any]:
        table = table_or_404(manager, table_id, seat)
        _admit(manager, request, table_id, seat)
        return await _act(table, seat, body.action)

    @app.post("/api/t/{table_id}/seat/{seat}/share")
    async def seat_share(request: Request, table_id: str, seat: int, body: ActRequest) -> dict[str, Any]:
        """A seat's share of the game's chance, before the first draw (:mod:`narrator.fairness`): ``action.text``
        is any words; SHA-256 of them goes into the transcript."""
        table = table_or_404(manager, table_id, seat)
        _admit(manager, request, table_id, seat)
        text = body.action.get("text")
        if not isinstance(text, str) or len(text) > MAX_SHARE:
            raise HTTPException(422, f"action.text: a share is words, at most {MAX_SHARE} characters")
        refused = await table.contribute(seat, text)
        if refused is not None:
            raise HTTPException(409, fair_refusal(table.record.language, refused))
        return {"seat": seat, "share": table.session.fairness.contributions[seat]}



def _add_host_api(app: FastAPI, manager: TableManager) -> None:
    """The host's moves, and what the host page does to the seats (who plays one, a new link, a model back on)."""
    @app.post("/api/t/{table_id}/host/act")
    async def host_act(request: Request, table_id: str, body: ActRequest) -> dict[str, Any]:
        table = table_or_404(manager, table_id)
        _admit(manager, request, table_id, HOST_SEAT)
        return await _act(table, HOST, body.action)

    @app.post("/api/t/{table_id}/seat/{seat}/control")
    async def seat_control(request: Request, table_id: str, seat: int, body: SeatControl) -> dict[str, Any]:
        table = table_or_404(manager, table_id, seat)
        authorize(manager.store, request, table_id, seat)
        await table.set_controller(seat, body.controller)
        return {"seat": seat, "controller": table.seat(seat).controller}

    @app.post("/api/t/{table_id}/host/reissue/{seat}")
    async def reissue(request: Request, table_id: str, seat: int) -> dict[str, Any]:
        table = table_or_404(manager, table_id, seat)
        authorize(manager.store, request, table_id, HOST_SEAT)
        if table.seat(seat).controller == "bot":
            await _take_over(table, seat)
        token = secrets.token_urlsafe(24)
        manager.store.replace_token(table_id, seat, token)
        logger.info("table %s: new invite link for seat %d", table_id, seat)
        return {"seat": seat, "url": f"/t/{table_id}/seat/{seat}?token={token}", "controller": "human"}

    @app.post("/api/t/{table_id}/host/model/{seat}")
    async def model_on(request: Request, table_id: str, seat: int) -> dict[str, Any]:
        table = table_or_404(manager, table_id, seat)
        authorize(manager.store, request, table_id, HOST_SEAT)
        switch = model_switch(table, seat)
        if switch is None:
            raise HTTPException(409, f"no language model plays seat {seat}")
        if switch.off:
            switch.switch_on()
            async with table.lock:
                table.say("host", Translator(table.record.language)("seat.model_on", name=_name(table, seat)))
            logger.info("table %s: the host switched seat %d's model back on", table_id, seat)
            table.kick()
            await table.broadcast()
        return {"seat": seat, "model_off": switch.off}


def _name(table: Table, seat: int) -> str:
    from narrator.web.render import seat_name

    return seat_name(table.names, seat, Translator(table.record.language).language)


async def _take_over(table: Table, seat: int) -> None:
    """A person takes a bot's seat (through the host page): the seat turns human, the table is told."""
    await table.set_controller(seat, "human")
    async with table.lock:
        table.say("host", Translator(table.record.language)("seat.taken_over", name=_name(table, seat)))
    logger.info("table %s: seat %d taken over from its bot by a person", table.id, seat)
    await table.broadcast()


def _admit(manager: TableManager, request: Request, table_id: str, seat: int) -> None:
    """Check the request holds ``seat``'s token, then the seat's rate (429 with ``Retry-After`` over it):
    counted after the token, so nobody else can spend a seat's allowance."""
    authorize(manager.store, request, table_id, seat)
    wait = request.app.state.rates.seat_wait(table_id, seat)
    if wait:
        who = "the host" if seat == HOST_SEAT else f"seat {seat}"
        raise HTTPException(429, f"too many requests for {who} of table {table_id}; try again shortly",
                            headers={"Retry-After": retry_after(wait)})


async def _act(table: Table, seat: PlayerId, payload: dict[str, Any]) -> dict[str, Any]:
    """Decode a move through the codec, refuse acting for someone else, then let the kernel judge."""
    too_big = oversized_move(payload)
    if too_big is not None:  # never decoded, judged or written
        raise HTTPException(413, too_big)
    actor = payload.get("actor", seat)
    if actor != seat:
        who = "host" if seat == HOST else f"seat {seat}"
        logger.warning("refused: %s of table %s tried to act for %r", who, table.id, actor)
        raise HTTPException(403, f"{who} may act only for itself, not for {actor!r}")
    kind = payload.get("kind")
    if isinstance(kind, str) and kind in table.presenter.table_move_kinds and seat != HOST:
        try:
            rejection = await table.table_move(seat, payload)
        except ValueError as error:
            raise HTTPException(422, str(error)) from None
    else:
        try:
            action = table.session.codec.decode({**payload, "actor": seat})
        except InvalidActionError as error:
            raise HTTPException(422, str(error)) from None
        rejection = await table.submit(seat, action)
    if rejection is None:
        return {"ok": True, "rejection": None}
    text = refusal_text(table, rejection)  # the page shows the table's language, never the kernel's English
    if rejection.code == "SEAT_IS_BOT":
        raise HTTPException(409, text)
    asked = rejection.code in table.presenter.question_codes  # the Storyteller's question back, not a refusal
    return {"ok": False, "rejection": {**rejection.to_dict(), "text": text, "question": asked}}

"""What a finished table's pages offer to take home and check with ``narrator verify`` (docs/fairness.md).

- ``GET /t/{id}/seat/{n}/chances`` (the seat's cookie) and ``GET /t/{id}/host/chances`` (the host's): the game's
  **chance record** (:mod:`narrator.fairness.chances`): the commitment, the shares' fingerprints, every draw with its
  line and the revealed seed; no move, event or word of anyone. A seat may not see the whole transcript (another
  seat's whispers, a model's notes, the host's lines), so this is what every seat gets.
- ``GET /t/{id}/host/transcript`` (the host's): the whole transcript, when a person held the host's seat (a human
  Ten Candles GM, a battaglia moderator): that person saw every secret already. A program-hosted table's host page
  is the public's (its creator may hold a seat too), so it offers the chance record instead.

Both open only once the game is over and its seed revealed (a **409** before, in the table's language).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import Response

from narrator.agents.i18n import message
from narrator.fairness import chance_record
from narrator.web.api import table_or_404
from narrator.web.fair import finished, full_transcript_allowed
from narrator.web.manager import TableManager
from narrator.web.security import authorize
from narrator.web.store import HOST_SEAT
from narrator.web.tables import Table

MEDIA = "application/x-ndjson"


def add_download_routes(app: FastAPI, manager: TableManager) -> None:
    """The seats' and the host's chance record, and the host's whole transcript (after the end)."""
    records: dict[str, bytes] = {}  # a finished table's transcript no longer changes, nor does its chance record

    async def chances(table: Table) -> Response:
        opened(table)
        data = records.get(table.id)
        if data is None:
            data = records[table.id] = await asyncio.to_thread(chance_record, transcript(manager, table).read_bytes())
        return attachment(data, f"{table.id}-chances.jsonl")

    @app.get("/t/{table_id}/seat/{seat}/chances")
    async def seat_chances(request: Request, table_id: str, seat: int) -> Response:
        table = table_or_404(manager, table_id, seat)
        authorize(manager.store, request, table_id, seat)
        return await chances(table)

    @app.get("/t/{table_id}/host/chances")
    async def host_chances(request: Request, table_id: str) -> Response:
        table = table_or_404(manager, table_id)
        authorize(manager.store, request, table_id, HOST_SEAT)
        return await chances(table)

    @app.get("/t/{table_id}/host/transcript")
    async def host_transcript(request: Request, table_id: str) -> Response:
        table = table_or_404(manager, table_id)
        authorize(manager.store, request, table_id, HOST_SEAT)
        opened(table)
        if not full_transcript_allowed(table):
            raise HTTPException(403, message(table.record.language, "fairness.web.transcript_refused"),
                                headers={"Content-Language": table.record.language})
        data = await asyncio.to_thread(transcript(manager, table).read_bytes)
        return attachment(data, f"{table.id}.jsonl")


def opened(table: Table) -> None:
    """Raises HTTPException: 409 while the game goes on (its seed is still secret)."""
    if not finished(table):
        raise HTTPException(409, message(table.record.language, "fairness.web.download_not_over"),
                            headers={"Content-Language": table.record.language})


def transcript(manager: TableManager, table: Table) -> Path:
    return manager.transcript_path(table.id)


def attachment(data: bytes, name: str) -> Response:
    return Response(data, media_type=MEDIA, headers={
        "Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"})


__all__ = ["add_download_routes"]

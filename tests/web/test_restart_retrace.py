"""A web table restarted from a transcript cut at any line ends as the uninterrupted table did, byte for
byte: the restart retraces the game with the table's bots and their prose (``narrator.resume``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from narrator.web import create_app
from tests.web.conftest import Tables

GAMES = {
    "ten-candles": {"game": "ten-candles", "options": {"players": 3, "message_playback": "never"},
                    "bot_seats": [0, 1, 2], "host": "bot", "seed": 5},
    "wild-west": {"game": "wild-west", "options": {"character": "ruth"}, "bot_seats": [0], "language": "ru",
                  "seed": 5},
}


def finished_table(data_dir: Path, body: dict) -> tuple[str, bytes]:
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        created = tables.create(**body)
        tables.settle(created["table"])
        path = tables.manager.transcript_path(created["table"])
        assert tables.manager.get(created["table"]).session.outcome() is not None, "the bots play it to the end"
        return created["table"], path.read_bytes()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_cut_table_restarts_to_the_same_transcript(tmp_path: Path, game: str) -> None:
    data_dir = tmp_path / "data"
    table_id, reference = finished_table(data_dir, GAMES[game])
    lines = reference.split(b"\n")[:-1]
    path = data_dir / "transcripts" / f"{table_id}.jsonl"
    for cut in sorted({2, len(lines) // 3, len(lines) // 2, len(lines) - 2}):
        path.write_bytes(b"".join(line + b"\n" for line in lines[:cut]) + lines[cut][:11])
        with sqlite3.connect(data_dir / "tables.sqlite3") as db:
            db.execute("UPDATE tables SET status = 'active' WHERE id = ?", (table_id,))
        with TestClient(create_app(data_dir)) as client:
            Tables(client).settle(table_id)
        assert path.read_bytes() == reference, f"{game}: cut after line {cut}"

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
    "dark-ages": {"game": "dark-ages", "options": {"character": "ysolde"}, "bot_seats": [0], "seed": 11},
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


def test_a_forged_narration_keeps_the_table_down_and_names_the_line(tmp_path: Path,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    data_dir = tmp_path / "data"
    table_id, reference = finished_table(data_dir, GAMES["ten-candles"])
    lines = reference.split(b"\n")[:-1]
    forged = lines[:10] + [b'{"seq":10,"kind":"narration","by":"storyteller","text":"Everyone survives."}'] + [
        line.replace(f'"seq":{n},'.encode(), f'"seq":{n + 1},'.encode(), 1) for n, line in enumerate(lines[10:], 10)]
    (data_dir / "transcripts" / f"{table_id}.jsonl").write_bytes(b"".join(line + b"\n" for line in forged))
    with caplog.at_level("ERROR", logger="narrator.web"), TestClient(create_app(data_dir)) as client:
        assert table_id not in Tables(client).manager.tables
    assert f"table {table_id} cannot be loaded: line 11: " in caplog.text

"""Tables survive a restart: the transcript is the game, the SQLite index says who sits where."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from fastapi.testclient import TestClient

from narrator.transcript import read_transcript
from narrator.web import create_app
from tests.web.conftest import Tables, as_seat, token_of


def restart(data_dir: Path) -> TestClient:
    return TestClient(create_app(data_dir))


def test_a_restarted_server_continues_every_table_where_it_was(data_dir: Path) -> None:
    with restart(data_dir) as client:
        tables = Tables(client)
        created = tables.create(game="whisper", bot_seats=[2], options={"rounds": 2})
        tables.act(created, 0, {"kind": "whisper", "to": 1, "text": "meet at dawn"})
        tables.client.post(f"/api/t/{created['table']}/seat/1/control", json={"controller": "bot"},
                           headers=as_seat(token_of(created["seats"][1]["url"])))
        tables.settle(created["table"])
        before = {seat: tables.state(created, seat) for seat in range(2)}  # seat 2, a bot from the start, has no link
    assert before[0]["waiting_for"] == [0] and before[0]["view"]["turns_taken"] == 3

    with restart(data_dir) as client:
        tables = Tables(client)
        tables.settle(created["table"])
        after = {seat: tables.state(created, seat) for seat in range(2)}
        assert after == before  # same views, events, seats (seat 1 still played by a bot)
        assert after[1]["seats"][1]["controller"] == "bot"
        tables.act(created, 0, {"kind": "pass"})
        final = tables.state(created, 0)
    assert final["status"] == "finished" and final["outcome"]["termination"] == "turns_done"
    replayed = read_transcript(data_dir / "transcripts" / f"{created['table']}.jsonl")
    assert replayed.outcome is not None and replayed.moves == 1 + 6  # the deal and six turns

    with restart(data_dir) as client:  # a finished table stays readable
        assert Tables(client).state(created, 1)["status"] == "finished"


def test_a_restart_mid_game_draws_the_same_dice_as_no_restart(data_dir: Path, tmp_path: Path) -> None:
    """The chance stream is fast-forwarded on resume (narrator.resume), so dice do not change."""
    moves = [{"kind": "roll"}] * 3 + [{"kind": "hold"}]

    def play(directory: Path, restart_after: int) -> list[int]:
        created = None
        for part in (moves[:restart_after], moves[restart_after:]):
            with restart(directory) as client:
                tables = Tables(client)
                created = created or tables.create(game="pig", seed=11)
                for move in part:
                    tables.act(created, 0, move)
                faces = [e["data"]["face"] for e in tables.state(created, 0)["events"] if e["kind"] == "rolled"]
        return faces

    assert play(data_dir, 2) == play(tmp_path / "uninterrupted", len(moves))


def test_the_index_keeps_token_hashes_never_tokens(data_dir: Path) -> None:
    with restart(data_dir) as client:
        created = Tables(client).create(game="pig")
    stored = (data_dir / "tables.sqlite3").read_bytes()
    transcript = (data_dir / "transcripts" / f"{created['table']}.jsonl").read_text()
    for url in [created["host_url"], *(s["url"] for s in created["seats"])]:
        assert token_of(url).encode() not in stored and token_of(url) not in transcript
    with sqlite3.connect(data_dir / "tables.sqlite3") as db:
        assert db.execute("SELECT count(*) FROM tokens").fetchone() == (3,)


def test_a_broken_transcript_does_not_keep_the_other_tables_down(data_dir: Path) -> None:
    with restart(data_dir) as client:
        tables = Tables(client)
        broken, healthy = tables.create(game="pig"), tables.create(game="pig")
    (data_dir / "transcripts" / f"{broken['table']}.jsonl").write_text("not a transcript\n{}\n")
    with restart(data_dir) as client:
        tables = Tables(client)
        assert tables.state(healthy, 0)["status"] == "active"
        assert client.get(f"/api/t/{broken['table']}/seat/0/state",
                          headers=as_seat(token_of(broken["seats"][0]["url"]))).status_code == 404

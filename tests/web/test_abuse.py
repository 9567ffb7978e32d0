"""One client or one seat cannot fill or stall the server: rates per client and per seat (429), a move's
size capped at what the games need (413), a seat's repeated refusals written as a count."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from narrator.web import create_app
from narrator.web.limits import KEPT_REFUSALS, MAX_TEXT_CHARS, Buckets, RateLimit
from narrator.web.security import CreationLimit
from tests.web.conftest import Tables, as_seat, token_of

GENEROUS = RateLimit(client_rate=1e6, client_burst=1e6, seat_rate=1e6, seat_burst=1e6)


@pytest.fixture
def unlimited(data_dir: Path) -> Iterator[Tables]:
    """Rates out of the way: what the kernel and the transcript see of a flood."""
    with TestClient(create_app(data_dir, rates=GENEROUS)) as client:
        yield Tables(client)


def two_humans(tables: Tables) -> dict:
    return tables.create(game="pig", names=["Anna", "Boris"])


def records(tables: Tables, table_id: str) -> list[dict]:
    path = tables.manager.transcript_path(table_id)
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_a_thousand_illegal_moves_add_a_few_lines_and_a_count(unlimited: Tables) -> None:
    created = two_humans(unlimited)
    before = len(records(unlimited, created["table"]))
    url, seat1 = f"/api/t/{created['table']}/seat/1/act", as_seat(token_of(created["seats"][1]["url"]))
    for _ in range(1000):  # seat 1 rolls in seat 0's turn (two people, no bot: nothing to wait for between them)
        answer = unlimited.client.post(url, json={"action": {"kind": "roll"}}, headers=seat1)
        assert answer.status_code == 200 and answer.json()["rejection"]["code"] == "NOT_YOUR_TURN"
    unlimited.settle(created["table"])
    written = records(unlimited, created["table"])[before:]
    assert [r["kind"] for r in written] == ["rejected"] * KEPT_REFUSALS
    assert unlimited.act(created, 0, {"kind": "hold"}).json()["ok"]  # seat 0 ends its turn: seat 1's now
    assert unlimited.act(created, 1, {"kind": "roll"}).json()["ok"]
    moves = [r for r in records(unlimited, created["table"]) if r["kind"] == "action" and r["actor"] == 1]
    assert moves[-1]["notes"] == {"refusals_not_kept": 1000 - KEPT_REFUSALS}


def test_a_move_larger_than_any_game_needs_is_413_and_never_written(unlimited: Tables) -> None:
    created = unlimited.create(game="whisper", names=["Anna", "Boris", "Vera"])
    before = unlimited.manager.transcript_path(created["table"]).stat().st_size
    for text in ("x" * (MAX_TEXT_CHARS + 1), "я" * 30_000):
        answer = unlimited.act(created, 0, {"kind": "whisper", "to": 1, "text": text})
        assert answer.status_code == 413, answer.text
    assert unlimited.manager.transcript_path(created["table"]).stat().st_size == before
    assert unlimited.act(created, 0, {"kind": "whisper", "to": 1, "text": "я" * 400}).status_code == 200


def test_a_seat_over_its_rate_gets_429_with_retry_after_and_other_seats_do_not(data_dir: Path) -> None:
    rates = RateLimit(client_rate=1e6, client_burst=1e6, seat_rate=0.001, seat_burst=30)
    with TestClient(create_app(data_dir, rates=rates)) as client:
        tables = Tables(client)
        created = two_humans(tables)
        url = f"/api/t/{created['table']}/seat/1/state"
        seat1, seat0 = as_seat(token_of(created["seats"][1]["url"])), as_seat(token_of(created["seats"][0]["url"]))
        codes = [client.get(url, headers=seat1).status_code for _ in range(200)]  # the burst, then 170 refused
        assert codes[:30] == [200] * 30 and set(codes[30:]) == {429}
        refused = client.get(url, headers=seat1)
        assert int(refused.headers["retry-after"]) >= 1 and "too many requests" in refused.json()["detail"]
        assert client.get(f"/api/t/{created['table']}/seat/0/state", headers=seat0).status_code == 200
        stranger = client.get(url, headers=as_seat("forged"))
        assert stranger.status_code == 403  # a wrong token is refused before it could spend the seat's allowance


def test_a_client_over_its_rate_gets_429_everywhere_but_the_health_probe(data_dir: Path) -> None:
    rates = RateLimit(client_rate=0.001, client_burst=40, seat_rate=1e6, seat_burst=1e6)
    with TestClient(create_app(data_dir, rates=rates, limit=CreationLimit(per_client=100))) as client:
        codes = [client.get("/api/t/nosuch/seat/0/state").status_code for _ in range(60)]
        assert codes[:40] == [404] * 40 and set(codes[40:]) == {429}
        assert client.post("/api/tables", json={"game": "pig"}).status_code == 429
        assert client.get("/healthz").status_code == 200
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/ws/t/nosuch/seat/0") as ws:
            ws.receive_text()
        assert closed.value.code == 4429


def test_a_socket_flooding_pings_is_closed(tables: Tables) -> None:
    created = two_humans(tables)
    token = token_of(created["seats"][0]["url"])
    with tables.client.websocket_connect(f"/ws/t/{created['table']}/seat/0", headers=as_seat(token)) as ws:
        assert json.loads(ws.receive_text())["type"] == "reset"
        ws.receive_text()  # the panels
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(200):
                ws.send_text("ping")
                assert json.loads(ws.receive_text())["type"] == "pong"
        assert closed.value.code == 1008


def test_buckets_refill_and_forget_idle_keys() -> None:
    now = [0.0]
    buckets = Buckets(rate=1.0, burst=2.0, clock=lambda: now[0], most=4)
    assert [buckets.take("a") for _ in range(3)] == [0.0, 0.0, 1.0]
    now[0] = 1.0
    assert buckets.take("a") == 0.0
    for key in "bcdefgh":
        buckets.take(key)
    assert len(buckets._level) <= 4


def test_refused_answers_are_counted_like_refused_moves() -> None:
    """The Storyteller tables' answers (a chosen approach) go through ``Session.answer``: bounded the same way."""
    from narrator.session import Session
    from tests.core.pig import GAME, PigConfig, Roll

    written: list[dict] = []

    class Keep:
        def write(self, record: dict) -> None:
            written.append(record)

    session = Session(GAME, PigConfig(target=10), {}, seed=1, recorder=Keep())
    session.kept_refusals = KEPT_REFUSALS
    for _ in range(100):  # this table asks nothing outside the rules: every answer is refused
        assert session.answer(0, Roll(actor=0)) is not None
    assert [r["kind"] for r in written] == ["rejected"] * KEPT_REFUSALS
    assert session.submit(Roll(actor=0)) is None
    action = next(r for r in written if r["kind"] == "action")
    assert action["notes"] == {"refusals_not_kept": 100 - KEPT_REFUSALS}

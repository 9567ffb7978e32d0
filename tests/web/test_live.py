"""The WebSocket: each page gets its own panels at once and again after every move, in order."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from tests.web.conftest import Tables, as_seat, token_of


def drain(socket: WebSocketTestSession) -> list[dict[str, Any]]:
    """Every message sent so far: ping, and read until the pong that follows them."""
    socket.send_text("ping")
    messages = []
    while (message := json.loads(socket.receive_text()))["type"] != "pong":
        messages.append(message)
    return messages


def test_socket_sends_panels_then_streams_each_move(tables: Tables) -> None:
    created = tables.create(game="pig", names=["Anna", "Boris"])
    path = f"/ws/t/{created['table']}/seat/1"
    with tables.client.websocket_connect(path, headers=as_seat(token_of(created["seats"][1]["url"]))) as socket:
        first = drain(socket)
        assert [m["type"] for m in first] == ["reset", "update"]
        assert set(first[1]["panels"]) == {"status", "view", "actions", "you"}  # "you": who the seat is now
        assert "Waiting for:</strong> Anna (seat 0)" in first[1]["panels"]["status"]
        tables.act(created, 0, {"kind": "roll"})
        tables.act(created, 0, {"kind": "hold"})
        updates = drain(socket)
    lines = [line for m in updates for line in m["events"]]
    assert lines[0].startswith("<li>rolled: face:") and lines[1].startswith("<li>hold: seat: Anna (seat 0)")
    assert len(lines) == 2  # each event once, though several updates were pushed
    assert ">roll</button>" in updates[-1]["panels"]["actions"]  # now it is Boris's turn


def test_socket_for_a_seat_refuses_other_tokens(tables: Tables) -> None:
    created = tables.create(game="pig")
    path = f"/ws/t/{created['table']}/seat/1"
    for headers, code in [({}, 4401), (as_seat(token_of(created["seats"][0]["url"])), 4403),
                          (as_seat(token_of(created["host_url"])), 4403)]:
        with pytest.raises(WebSocketDisconnect) as refused, tables.client.websocket_connect(path, headers=headers) as ws:
            ws.receive_text()
        assert refused.value.code == code
    with pytest.raises(WebSocketDisconnect) as missing, tables.client.websocket_connect("/ws/t/nosuch/host") as ws:
        ws.receive_text()
    assert missing.value.code == 4404


def test_socket_closes_on_an_oversized_message(tables: Tables) -> None:
    created = tables.create(game="pig")
    path = f"/ws/t/{created['table']}/host"
    with tables.client.websocket_connect(path, headers=as_seat(token_of(created["host_url"]))) as socket:
        drain(socket)
        socket.send_text("x" * 10_000)
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == 1009
    assert tables.state(created, 0)["events"] == []

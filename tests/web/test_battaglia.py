"""Battaglia at the web table: two people and four scripted bots play nights and day votes.

Leak check on a real game: every event line a viewer's page or socket shows must come from an
event that viewer may see (the kernel's audiences), and no line of an event hidden from it may
appear. The host page of battaglia (the program is the host) shows public events only.
"""

from __future__ import annotations

import json
from contextlib import ExitStack

import pytest
from markupsafe import escape

from narrator.web.render import event_line
from tests.web.conftest import Tables, as_seat, token_of
from tests.web.test_live import drain

pytest.importorskip("narrator.rules.battaglia", reason="the battaglia kernel is not there yet")
pytest.importorskip("narrator.agents.battaglia", reason="the battaglia bots are not there yet")

HUMANS = (0, 1)


def first_legal(state: dict) -> dict:
    """A simple human: the first move offered (empty text where there is text: silence is legal)."""
    return state["legal"][0]


def test_two_people_and_scripted_bots_play_battaglia_without_leaks(tables: Tables) -> None:
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[2, 3, 4, 5], names=["Anna", "Boris"],
                            seed=5)
    table = tables.manager.get(created["table"])
    assert all(type(table.session.agents[s]).__name__ == "BattagliaBot" for s in (2, 3, 4, 5))
    viewers: list[int | None] = [*HUMANS, None]
    received: dict[int | None, list[str]] = {v: [] for v in viewers}
    moves = 0
    with ExitStack() as stack:
        sockets = {v: stack.enter_context(tables.client.websocket_connect(
            f"/ws/t/{created['table']}/" + ("host" if v is None else f"seat/{v}"),
            headers=as_seat(token_of(created["host_url"] if v is None else created["seats"][v]["url"]))))
            for v in viewers}
        while table.session.outcome() is None and moves < 300:
            seat = next((s for s in HUMANS if tables.state(created, s)["legal"]), None)
            assert seat is not None, "the table waits for nobody but is not over"
            answer = tables.act(created, seat, first_legal(tables.state(created, seat)))
            assert answer.status_code == 200 and answer.json()["ok"], answer.text
            moves += 1
            for v, socket in sockets.items():
                received[v].extend(json.dumps(m, ensure_ascii=False) for m in drain(socket))
    kinds = {e.kind for e in table.events}
    assert {"morning", "ballots"} <= kinds, "the game went through a night and a day vote"
    assert table.session.outcome() is not None and moves > 5

    for v in viewers:
        page = tables.client.get(f"/t/{created['table']}/" + ("host" if v is None else f"seat/{v}"),
                                 headers=as_seat(token_of(created["host_url"] if v is None else created["seats"][v]["url"])))
        seen = "\n".join([*received[v], json.dumps(page.text, ensure_ascii=False), page.text])
        lines = [(event_line("battaglia", e, table.names, "en"), e.visible_to(v)) for e in table.events]
        allowed = {line for line, visible in lines if visible}
        hidden = {line for line, visible in lines if not visible}
        assert hidden, "some events were private to others"
        for line in hidden - allowed:
            item = f"<li>{escape(line)}</li>"
            assert item not in seen and json.dumps(item, ensure_ascii=False)[1:-1] not in seen, (v, line)

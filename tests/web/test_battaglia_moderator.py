"""Battaglia with a human moderator at the web table (issue #6).

«ведущий знает всё» (seeds/004_55ac8a5a86b5c135.txt:L48): a moderated table's host page shows every
seat's masks, the night's choices and the host-only events, while each seat page keeps only its own
secrets; without a moderator the host page stays public. The moderator may declare «ситуация из
которой возможен всего один исход» (L92), which ends the game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from markupsafe import escape
from narrator.agents.battaglia.texts import mask_name
from narrator.rules.battaglia.life import seat_force
from narrator.rules.core import HOST, Viewer

from narrator.web import create_app
from narrator.web.pages import context_for, event_lines
from tests.web.conftest import Tables, as_seat, token_of
from tests.web.test_live import drain

HUMANS = (0, 1)
TRUTH_TITLE = "The whole truth (moderator only)"


def create(tables: Tables, **extra: Any) -> dict[str, Any]:
    return tables.create(game="battaglia", options={"players": 6}, bot_seats=[2, 3, 4, 5], names=["Anna", "Boris"],
                         seed=5, **extra)


def play(tables: Tables, created: dict[str, Any], until: Any, limit: int = 200) -> None:
    """The people play their first legal move until ``until(table)`` or the game ends."""
    table = tables.manager.get(created["table"])
    for _ in range(limit):
        if until(table) or table.session.outcome() is not None:
            return
        seat = next((s for s in HUMANS if tables.state(created, s)["legal"]), None)
        assert seat is not None, "the table waits for nobody but is not over"
        answer = tables.act(created, seat, tables.state(created, seat)["legal"][0])
        assert answer.status_code == 200 and answer.json()["ok"], answer.text


def page(tables: Tables, created: dict[str, Any], seat: int | None) -> str:
    url = created["host_url"] if seat is None else created["seats"][seat]["url"]
    path = "host" if seat is None else f"seat/{seat}"
    response = tables.client.get(f"/t/{created['table']}/{path}", headers=as_seat(token_of(url)))
    assert response.status_code == 200
    return response.text


def host_get(tables: Tables, created: dict[str, Any], path: str) -> Any:
    return tables.client.get(f"/api/t/{created['table']}/host/{path}", headers=as_seat(token_of(created["host_url"])))


def host_act(tables: Tables, created: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    response = tables.client.post(f"/api/t/{created['table']}/host/act", json={"action": action},
                                  headers=as_seat(token_of(created["host_url"])))
    assert response.status_code == 200, response.text
    tables.settle(created["table"])
    return response.json()


def truth_rows(table: Any) -> dict[int, str]:
    """Per seat, the moderator's row as HTML: the seat's name, its current mask and force (L48)."""
    voice = table.presenter.text.narrator(table.view(HOST), context_for(table, None))
    state = table.session.state
    return {s: f"<dt>{escape(voice.name(s))}</dt><dd>{escape(mask_name(str(state.cards[s]), 'en'))} "
               f"({escape(voice.forces[str(seat_force(state, s))])})" for s in range(state.players)}


def your_mask_line(card: Any) -> str:
    return f"Your mask is {mask_name(str(card), 'en')} ("


def test_host_human_turns_the_moderator_on_and_the_default_keeps_the_program(tables: Tables) -> None:
    """L48/L92: only ``"host": "human"`` makes a moderator; a bot moderator does not exist."""
    moderated, plain = create(tables, host="human"), create(tables)
    assert tables.manager.get(moderated["table"]).record.config["human_moderator"] is True
    assert tables.manager.get(plain["table"]).record.config["human_moderator"] is False
    refused = tables.client.post("/api/tables", json={"game": "battaglia", "options": {"players": 6,
                                                                                       "human_moderator": True},
                                                      "host": "bot"})
    assert refused.status_code == 422 and "human_moderator" in refused.text


def test_the_moderator_sees_everything_and_each_seat_only_its_own(tables: Tables) -> None:
    """L48: the host page has every seat's mask, first mask and the host-only events; seats do not."""
    created = create(tables, host="human")
    table = tables.manager.get(created["table"])
    play(tables, created, lambda t: any(e.kind == "second_soul" for e in t.events)
         and any(e.kind == "night_report" for e in t.events))
    assert any(e.kind == "second_soul" for e in table.events), "a first life ended and a second soul came"
    state = table.session.state
    host = page(tables, created, None)
    assert TRUTH_TITLE in host
    rows = truth_rows(table)
    assert all(row in host for row in rows.values()), "every seat's mask and force"
    for seat in range(state.players):
        if state.first_cards[seat] != state.cards[seat]:
            assert escape(f"first {mask_name(str(state.first_cards[seat]), 'en')}") in host
    for event in table.events:
        if event.kind == "second_soul":
            name = table.presenter.text.narrator(table.view(HOST), context_for(table, None)).name(event.data["seat"])
            assert escape(f"[host only] {name} lives on as {mask_name(event.data['card'], 'en')}.") in host
        if event.kind == "night_report":
            assert escape(f"[host only] Night {event.data['night']}: ") in host
    host_lines = event_lines(table, None)
    assert len(host_lines) == len(table.events), "the moderator reads every event"
    state_json = host_get(tables, created, "state").json()
    assert state_json["view"]["truth"] is not None and state_json["legal"]

    for seat in range(state.players):
        if seat not in HUMANS:
            continue
        seen = page(tables, created, seat)
        assert TRUTH_TITLE not in seen and tables.state(created, seat)["view"]["truth"] is None
        assert all(row not in seen for row in rows.values())
        own = {mask_name(str(c), "en") for c in (state.cards[seat], state.first_cards[seat])}
        assert any(your_mask_line(c) in seen or f"new soul: {mask_name(str(c), 'en')}" in seen
                   for c in (state.cards[seat], state.first_cards[seat]))
        others = {mask_name(str(state.cards[o]), "en") for o in range(state.players) if o != seat} - own
        assert others and not any(f"Your mask is {m} (" in seen for m in others)
        assert "[host only]" not in seen and "[to " not in seen
        hidden = {line for line, event in zip(host_lines, table.events) if line and not event.visible_to(seat)}
        assert hidden, "some events were private to others"
        assert not any(str(escape(line)) in seen for line in hidden), seat


def test_without_a_moderator_the_host_page_stays_public(tables: Tables) -> None:
    """L73: the program hosts and never tells a living seat's mask or who killed whom."""
    created = create(tables)
    table = tables.manager.get(created["table"])
    play(tables, created, lambda t: any(e.kind == "night_report" for e in t.events))
    state = table.session.state
    host = page(tables, created, None)
    dead_as = {card for _seat, _life, card in state.graveyard}
    secret = [s for s in range(state.players) if s not in state.out and state.cards[s] not in dead_as
              and s not in state.revealed_shadow | state.revealed_child | state.revealed_lord | state.revealed_bishop]
    assert secret, "some living seat's mask is still a secret"
    assert TRUTH_TITLE not in host and "[host only]" not in host
    assert not any(your_mask_line(state.cards[s]) in host for s in secret)
    assert not any(row in host for s, row in truth_rows(table).items() if s in secret)
    state_json = host_get(tables, created, "state").json()
    assert state_json["view"]["truth"] is None and state_json["legal"] == []
    assert all(e["audience"] == "public" for e in state_json["events"])
    refused = host_act(tables, created, {"kind": "declare_outcome", "force": "none"})
    assert refused["rejection"]["code"] == "NO_MODERATOR" and table.session.outcome() is None


def test_the_moderator_declares_the_outcome_and_the_game_ends(tables: Tables) -> None:
    """L92: a refused declaration shows the kernel's reason; a legal one ends the game on every page."""
    created = create(tables, host="human")
    table = tables.manager.get(created["table"])
    play(tables, created, lambda t: t.session.state.day >= 1)
    legal = host_get(tables, created, "state").json()["legal"]
    assert {a["kind"] for a in legal} == {"declare_outcome"} and legal[-1]["force"] == "none"
    host = page(tables, created, None)
    assert host.count("declare: ") == len(legal) - 1 and "declare a stalemate" in host

    refused = host_act(tables, created, {"kind": "declare_outcome", "force": "purple"})
    assert refused["rejection"]["code"] == "TARGET_NOT_ALLOWED"
    assert "TARGET_NOT_ALLOWED" in page(tables, created, None) and table.session.outcome() is None

    force = legal[0]["force"]
    seat_headers = as_seat(token_of(created["seats"][0]["url"]))
    host_headers = as_seat(token_of(created["host_url"]))
    with tables.client.websocket_connect(f"/ws/t/{created['table']}/seat/0", headers=seat_headers) as socket, \
            tables.client.websocket_connect(f"/ws/t/{created['table']}/host", headers=host_headers) as host_socket:
        drain(socket), drain(host_socket)
        assert host_act(tables, created, {"kind": "declare_outcome", "force": force})["ok"]
        pushed = json.dumps(drain(socket), ensure_ascii=False)
        host_pushed = json.dumps(drain(host_socket), ensure_ascii=False)
    assert "The host declares the outcome sealed" in pushed and "The host declares the outcome sealed" in host_pushed
    assert TRUTH_TITLE in host_pushed and TRUTH_TITLE not in pushed
    outcome = table.session.outcome()
    assert outcome is not None and outcome.termination == "forced_outcome" and outcome.detail["force"] == force
    state = table.session.state
    assert outcome.winners == {s for s in range(state.players) if str(seat_force(state, s)) == force}
    assert table.record.status == "finished"
    assert "outcome" in pushed and tables.state(created, 0)["outcome"]["termination"] == "forced_outcome"
    assert host_get(tables, created, "state").json()["legal"] == []
    assert any(e.kind == "forced_outcome" and e.audience is Viewer.PUBLIC and e.data["by"] == "moderator"
               for e in table.events)


def test_the_moderator_page_in_russian(tables: Tables) -> None:
    created = create(tables, host="human", language="ru")
    host = page(tables, created, None)
    assert "Вся правда (только ведущему)" in host and "объявить пат" in host
    assert "Вся правда" not in page(tables, created, 0)


def test_a_restarted_server_keeps_the_moderator(tables: Tables, data_dir: Path) -> None:
    """The moderation lives in the table's config, so a restart rebuilds the same host page."""
    created = create(tables, host="human")
    play(tables, created, lambda t: t.session.state.day >= 1)
    before = host_get(tables, created, "state").json()
    with TestClient(create_app(data_dir)) as client:
        again = client.get(f"/api/t/{created['table']}/host/state", headers=as_seat(token_of(created["host_url"])))
    assert again.status_code == 200
    assert again.json()["view"]["truth"] == before["view"]["truth"] and again.json()["legal"] == before["legal"]

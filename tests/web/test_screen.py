"""The room's public screen (issue #35): its own read-only key, the public view only, the lines it reads.

Canaries as for the seat pages (tests/web/test_leaks.py): every secret carries a unique marker, and the
screen's page, its state JSON, its socket and a seat's opt-in voice socket may carry none of them. The
screen is built from the kernel's public viewer, never from the host's: a moderated battaglia table
(whose host page shows the whole truth) keeps its screen public.
"""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from markupsafe import escape
from narrator.agents.battaglia.texts import mask_name
from narrator.rules.core import Event, Viewer
from starlette.websockets import WebSocketDisconnect

from narrator.web.pages import event_lines
from narrator.web.screen import screen_url, speaker_of
from tests.web.conftest import Tables, as_seat, token_of
from tests.web.test_leaks import WHISPERS, marker
from tests.web.test_live import drain


def screen_link(tables: Tables, created: dict[str, Any]) -> str:
    """The screen's link as the host page shows it (with its QR code)."""
    host = tables.client.get(f"/t/{created['table']}/host", headers=as_seat(token_of(created["host_url"])))
    assert host.status_code == 200
    found = re.search(r'<a href="([^"]+)"[^>]*data-screen-link', host.text)
    assert found, "the host page links the screen"
    assert '<figure class="qr"><svg' in host.text.split("data-screen-link", 1)[1], "with a QR code"
    return unescape(found.group(1))


def screen_token(link: str) -> str:
    return link.split("token=", 1)[1]


def open_screen(tables: Tables, created: dict[str, Any]) -> dict[str, Any]:
    """The screen as a TV sees it: the page, its state, and its socket's messages."""
    token = screen_token(screen_link(tables, created))
    table_id = created["table"]
    page = tables.client.get(f"/t/{table_id}/screen?token={token}")
    assert page.status_code == 200, page.text
    state = tables.client.get(f"/api/t/{table_id}/screen/state", params={"token": token})
    assert state.status_code == 200, state.text
    with tables.client.websocket_connect(f"/ws/t/{table_id}/screen?token={token}") as socket:
        messages = drain(socket)
    return {"page": page.text, "state": state.json(), "messages": messages,
            "all": "\n".join([page.text, state.text, json.dumps(messages, ensure_ascii=False)])}


def test_the_screen_key_opens_the_screen_and_nothing_else(tables: Tables) -> None:
    created = tables.create(game="whisper", options={"players": 3})
    other = tables.create(game="whisper", options={"players": 3})
    table_id = created["table"]
    link = screen_link(tables, created)
    token = screen_token(link)
    assert link == screen_url(tables.manager.data_dir, table_id)
    assert token not in json.dumps(created), "made on the host page, not handed out with the invites"

    assert tables.client.get(f"/t/{table_id}/screen").status_code == 401  # no key
    for wrong in (token_of(created["host_url"]), token_of(created["seats"][0]["url"]),
                  screen_token(screen_link(tables, other))):
        assert tables.client.get(f"/t/{table_id}/screen", params={"token": wrong}).status_code == 403
        assert tables.client.get(f"/api/t/{table_id}/screen/state", params={"token": wrong}).status_code == 403
    # the screen's key opens no seat, no host page, no move
    assert tables.client.get(f"/api/t/{table_id}/host/state", headers=as_seat(token)).status_code == 403
    assert tables.client.get(f"/api/t/{table_id}/seat/0/state", headers=as_seat(token)).status_code == 403
    assert tables.client.get(f"/t/{table_id}/host", params={"token": token}).status_code == 403
    moved = tables.client.post(f"/api/t/{table_id}/seat/0/act", json={"action": {"kind": "pass"}},
                               headers=as_seat(token))
    assert moved.status_code == 403
    with pytest.raises(WebSocketDisconnect) as closed, \
            tables.client.websocket_connect(f"/ws/t/{table_id}/host?token={token}") as socket:
        socket.receive_text()
    assert closed.value.code == 4403

    # opened as a link: a cookie of its own, then the clean address
    opened = tables.client.get(link, follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/t/{table_id}/screen"
    assert f"ns_{table_id}" in opened.headers["set-cookie"] and "HttpOnly" in opened.headers["set-cookie"]
    page = tables.client.get(f"/t/{table_id}/screen")
    assert page.status_code == 200 and 'data-ws="/ws/t/' in page.text
    assert page.headers["cache-control"] == "no-store" and "frame-ancestors 'none'" in page.headers[
        "content-security-policy"]


def test_no_secret_of_any_seat_reaches_the_screen_or_a_seat_voice(tables: Tables) -> None:
    created = tables.create(game="whisper", options={"players": 3, "rounds": 2})
    table_id = created["table"]
    table = tables.manager.get(table_id)
    secrets = table.game.view(table.session.state, Viewer.HOST)["secrets"]
    tokens = {seat: token_of(created["seats"][seat]["url"]) for seat in range(3)}
    voices: dict[int, list[dict[str, Any]]] = {seat: [] for seat in range(3)}
    sockets = {seat: tables.client.websocket_connect(f"/ws/t/{table_id}/seat/{seat}/speech",
                                                     headers=as_seat(token)) for seat, token in tokens.items()}
    opened = {seat: socket.__enter__() for seat, socket in sockets.items()}
    try:
        for sender, receiver in WHISPERS:
            assert tables.act(created, sender, {"kind": "whisper", "to": receiver,
                                                "text": marker(sender, receiver)}).json()["ok"]
            for seat, socket in opened.items():
                voices[seat].extend(drain(socket))
        async def narrate() -> None:  # public narration beside the kernel's events (a bot's prose)
            async with table.lock:
                table.say(1, "PUBLIC-line-of-seat-1")
                table.say("storyteller", "PUBLIC-narration")
            await table.broadcast()

        tables.client.portal.call(narrate)  # type: ignore[union-attr]
        for seat, socket in opened.items():
            voices[seat].extend(drain(socket))
    finally:
        for socket in sockets.values():
            socket.__exit__(None, None, None)
    screen = open_screen(tables, created)
    assert table.session.outcome() is not None
    for secret in secrets:
        assert secret not in screen["all"]
    for sender, receiver in WHISPERS:
        assert marker(sender, receiver) not in screen["all"]
        own_page = tables.client.get(f"/t/{table_id}/seat/{sender}", headers=as_seat(tokens[sender])).text
        assert marker(sender, receiver) in own_page, "the canary is real: its writer's page shows it"
        assert marker(sender, receiver) not in json.dumps(voices[sender]), "a seat's voice reads public words only"
    for token in (*tokens.values(), token_of(created["host_url"])):
        assert token not in screen["all"]
    assert all(e["audience"] == "public" for e in screen["state"]["events"])
    # what is read: the public lines, in order, with who said them
    lines = screen["state"]["lines"]
    assert [line["n"] for line in lines] == sorted(line["n"] for line in lines)
    said = {line["text"]: line["voice"] for line in lines}  # the generic game tells narration as field lists
    assert [v for t, v in said.items() if "PUBLIC-narration" in t] == ["narrator"]
    assert [v for t, v in said.items() if "PUBLIC-line-of-seat-1" in t] == ["seat:1"]
    for seat in range(3):
        heard = [line["text"] for m in voices[seat] if m["type"] == "screen" for line in m["lines"]]
        assert any("PUBLIC-line-of-seat-1" in text for text in heard) and any("PUBLIC-narration" in t for t in heard)


def test_a_reconnect_resends_the_same_numbered_lines(tables: Tables) -> None:
    """The page speaks a line once: positions are stable, so a reconnect's resent log is known as heard."""
    created = tables.create(game="whisper", options={"players": 3, "rounds": 1})
    token = screen_token(screen_link(tables, created))
    path = f"/ws/t/{created['table']}/screen?token={token}"
    with tables.client.websocket_connect(path) as socket:
        first = drain(socket)
        tables.act(created, 0, {"kind": "pass"})
        later = drain(socket)
    with tables.client.websocket_connect(path) as socket:
        again = drain(socket)
    assert [m["type"] for m in first] == ["reset", "screen"] and "board" in first[1]
    new = [line for m in later for line in m["lines"]]
    assert new and min(line["n"] for line in new) >= max((line["n"] for line in first[1]["lines"]), default=-1) + 1
    resent = [line for m in again if m["type"] == "screen" for line in m["lines"]]
    assert resent == first[1]["lines"] + new


def test_the_speaker_of_an_event_is_the_seat_whose_words_it_carries() -> None:
    assert speaker_of(Event("speech", Viewer.PUBLIC, {"seat": 3, "text": "I saw nothing"})) == 3
    assert speaker_of(Event("accusation", Viewer.PUBLIC, {"accuser": 2, "target": 1, "text": "liar"})) == 2
    assert speaker_of(Event("accusation", Viewer.PUBLIC, {"accuser": 2, "target": 1, "text": ""})) is None
    assert speaker_of(Event("narration", Viewer.PUBLIC, {"by": "storyteller", "text": "Night falls"})) is None
    assert speaker_of(Event("narrated", Viewer.PUBLIC, {"narrator": -2, "text": "The GM says"})) is None
    assert speaker_of(Event("death", Viewer.PUBLIC, {"seat": 4})) is None


def test_a_moderated_battaglia_screen_is_public_though_its_host_page_knows_everything(tables: Tables) -> None:
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[2, 3, 4, 5], names=["Anna", "Boris"],
                            seed=5, host="human")
    table = tables.manager.get(created["table"])
    for _ in range(200):  # the people play their first move until a night's report and a day's vote
        if {"night_report", "ballots"} <= {e.kind for e in table.events} or table.session.outcome() is not None:
            break
        seat = next(s for s in (0, 1) if tables.state(created, s)["legal"])
        tables.act(created, seat, tables.state(created, seat)["legal"][0])
    assert table.session.outcome() is None, "still in play: the masks of the living are secret"
    state = table.session.state
    host = tables.client.get(f"/t/{created['table']}/host", headers=as_seat(token_of(created["host_url"]))).text
    assert "[host only]" in host
    screen = open_screen(tables, created)
    assert screen["state"]["view"]["truth"] is None and screen["state"]["view"]["card"] is None
    assert "[host only]" not in screen["all"] and "[to " not in screen["all"] and "Your mask" not in screen["all"]
    dead_as = {card for _seat, _life, card in state.graveyard}
    revealed = state.revealed_shadow | state.revealed_child | state.revealed_lord | state.revealed_bishop
    secret = [s for s in range(state.players) if s not in state.out and s not in revealed
              and state.cards[s] not in dead_as and sum(1 for c in state.cards if c == state.cards[s]) == 1]
    assert secret, "some living seat's mask is still a secret"
    board = screen["state"]["board"]
    assert len(board["seats"]) == 6 and board["theme"] in ("day", "night") and board["headline"]
    for seat in secret:  # the seat's row never names its living mask
        row = board["seats"][seat]["state"]
        assert mask_name(str(state.cards[seat]), "en") not in row.split(";")[0]
    told = list(zip(event_lines(table, None), table.events, strict=True))  # the moderator reads every event
    public = {line for line, event in told if event.visible_to(Viewer.PUBLIC)}
    hidden = {line for line, event in told if line and not event.visible_to(Viewer.PUBLIC)} - public
    assert hidden, "some events were the moderator's or a seat's only"
    for line in hidden:
        assert str(escape(line)) not in screen["page"] and json.dumps(line, ensure_ascii=False)[1:-1] not in screen["all"]
    assert str(escape(board["headline"])) in screen["page"]


def test_a_ten_candles_screen_draws_the_candles_and_keeps_every_brink_and_message(tables: Tables) -> None:
    from tests.web.test_ten_candles import OPTIONS, canary, play_humans

    created = tables.create(game="ten-candles", options=OPTIONS, bot_seats=[2], names=["Anna", "Boris"], language="ru")
    table = tables.manager.get(created["table"])
    play_humans(tables, created, [0, 1], lambda states: states[0]["view"]["scene"] >= 2
                or states[0]["status"] != "active")
    screen = open_screen(tables, created)
    board = screen["state"]["board"]
    view = table.game.view(table.session.state, Viewer.PUBLIC)
    assert board["theme"] == "candles" and len(board["candles"]) == 10
    assert view.scene >= 2 and view.frame, "played into scene 2"
    assert [label for label, text in board["stakes"] if text == view.frame] == ["сцена 1"], "the frame is scene 1's"
    assert board["candles"].count("lit") == view.lit and board["candles"].count("dark") == view.dark == board["dark"]
    outs = [e for e in table.events if e.kind == "candle_out"]
    assert outs and len(board["darkened"]) >= len(outs), "what darkened each candle"
    assert "Свеча гаснет" in board["darkened"][0]
    assert screen["page"].count('class="candle dark"') == view.dark
    truth = table.game.view(table.session.state, Viewer.HOST)
    for character in truth.characters:
        if not character.brink_revealed:
            assert character.brink and character.brink not in screen["all"]
        assert character.message and character.message not in screen["all"]
    for seat in (0, 1):
        assert canary("record_message", seat) not in screen["all"]
    said = screen["state"]["lines"]
    storyteller = [e.data["text"] for e in table.events if e.kind == "narration" and e.data["by"] == "storyteller"]
    assert storyteller and any(line["text"] == storyteller[0] and line["voice"] == "narrator" for line in said)
    assert 'lang="ru"' in screen["page"] and "Сказано за столом" in screen["page"]
    assert "пул игроков" in screen["all"] and "ваш пул" not in screen["all"]  # the room's, not "your" pool


def test_only_public_drafts_reach_the_screen_even_with_a_person_in_the_host_seat(tables: Tables) -> None:
    """A streamed draft goes to the pages that may see its finished line: the screen is the public's, though
    the host page of a table with a human GM shows the GM's knowledge (``page_viewer(None)`` is the host)."""
    import asyncio

    from narrator.rules.core import HOST, HOST_ONLY, PUBLIC

    from narrator.web.drafts import WebDrafts

    created = tables.create(game="ten-candles", options={"players": 3}, bot_seats=[0, 1, 2], host="human")
    table = tables.manager.get(created["table"])
    assert table.human_host
    token = screen_token(screen_link(tables, created))
    with tables.client.websocket_connect(f"/ws/t/{created['table']}/screen?token={token}") as socket:
        drain(socket)

        async def stream() -> None:
            drafts = WebDrafts(table, asyncio.get_running_loop())
            for key, (audience, text) in enumerate(((PUBLIC, "PUBLIC-draft"), (HOST_ONLY, "CANARY-host-draft"),
                                                    (frozenset({HOST}), "CANARY-gm-seat-draft"),
                                                    (frozenset({0}), "CANARY-seat-draft"))):
                await drafts._deliver(audience, {"type": "draft", "key": key, "who": "x", "text": text})

        tables.client.portal.call(stream)  # type: ignore[union-attr]
        received = drain(socket)
    assert [m["text"] for m in received if m["type"] == "draft"] == ["PUBLIC-draft"]


def test_a_storyteller_screen_shows_the_scene_and_no_sheet(tables: Tables) -> None:
    """A Dark Ages table: the screen has the scene and whom the Storyteller asks, and neither the
    Storyteller's characters' sheets nor the player's own (canary abilities in each)."""
    from narrator.web.adapters.storyteller import setup_options

    config = setup_options("dark-ages", {"character": "odo"})
    for sheet in config["characters"]:
        canary_name = "canary_player_lore" if sheet["player"] else "canary_npc_lore"
        sheet["abilities"] = {**sheet["abilities"], canary_name: 3}
    created = tables.create(game="dark-ages", options={"characters": config["characters"],
                                                       "combat": config["combat"]}, seed=3)
    table_id = created["table"]
    assert tables.act(created, 0, tables.state(created, 0)["table_moves"][0]["action"]).status_code == 200
    seat = tables.client.get(f"/t/{table_id}/seat/0", headers=as_seat(token_of(created["seats"][0]["url"]))).text
    assert "canary_player_lore" in json.dumps(tables.state(created, 0)) or "canary player lore" in seat.lower()
    screen = open_screen(tables, created)
    assert "canary_npc_lore" not in screen["all"] and "canary_player_lore" not in screen["all"]
    assert "canary npc lore" not in screen["all"].lower() and "canary player lore" not in screen["all"].lower()
    board = screen["state"]["board"]
    assert board["theme"] == "scene" and board["headline"] and board["sections"]
    titles = [section["title"] for section in board["sections"]]
    assert "The others at the table" not in titles and "The characters at the table" not in titles, "solo: no others"
    if screen["state"]["board"]["status"] == "active":
        assert board["speaker"], "whom the Storyteller asks"
    assert any(line["voice"] == "narrator" for line in screen["state"]["lines"])


def test_a_troupes_screen_lists_its_characters_as_the_tables_not_as_others(tables: Tables) -> None:
    """The public is no seat: the characters a seat's page calls "the others" are, on the screen, the table's."""
    from tests.storyteller.troupe_support import SCENARIO

    created = tables.create(game="wild-west", options={"troupe": ["ruth", "elias"], "scenario": SCENARIO},
                            names=["Anna", "Boris"], language="ru", seed=4)
    titles = [section["title"] for section in open_screen(tables, created)["state"]["board"]["sections"]]
    assert "Остальные за столом" not in titles and "Персонажи за столом" in titles


@pytest.mark.parametrize(("lang", "fair", "waits"), [("en", "Fair dice", "The first draw waits for the shares of: Anna"),
                                                     ("ru", "Честные кости", "Первый бросок ждёт вкладов: Анна")])
def test_before_the_shares_are_in_the_screen_shows_the_commitment_and_whom_it_waits_for(
        tables: Tables, lang: str, fair: str, waits: str) -> None:
    name = "Anna" if lang == "en" else "Анна"
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[1, 2, 3, 4, 5], shares=True,
                            names=[name], language=lang, seed=None)
    table = tables.manager.get(created["table"])
    commitment = table.session.fairness.commitment
    board = open_screen(tables, created)["state"]["board"]
    section = board["sections"][0]
    assert section["title"] == fair and section["rows"][0][1] == commitment
    assert section["items"][0].startswith(waits)
    token = token_of(created["seats"][0]["url"])
    taken = tables.client.post(f"/api/t/{created['table']}/seat/0/share",
                               json={"action": {"kind": "fair_share", "text": "words"}}, headers=as_seat(token))
    assert taken.status_code == 200
    tables.settle(created["table"])
    assert all(s["title"] != fair for s in open_screen(tables, created)["state"]["board"]["sections"]), "dealt"


def test_the_host_pages_screen_note_agrees_with_the_screen_in_russian(tables: Tables) -> None:
    """«Открыть экран — Откройте его …»: the note speaks of the screen (masculine), not of a feminine word."""
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[1, 2, 3, 4, 5], language="ru")
    host = tables.client.get(f"/t/{created['table']}/host", headers=as_seat(token_of(created["host_url"]))).text
    note = host.split("data-screen-link", 1)[1].split("</p>", 1)[0]
    assert "Открыть экран" in note and "Откройте его на общем экране" in note and "Откройте её" not in note

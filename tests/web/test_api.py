"""Every route of the web table, and every refusal: wrong seat 403, no token 401, malformed 422,
oversized 413, unknown table 404. A refused request never changes the game."""

from __future__ import annotations

import logging

import pytest

from narrator.web.models import MAX_BODY_BYTES
from tests.web.conftest import Tables, as_seat, token_of


def two_humans(tables: Tables, **extra: object) -> dict:
    return tables.create(game="pig", names=["Anna", "Boris"], **extra)


def test_index_lists_games_and_speaks_russian(tables: Tables) -> None:
    english = tables.client.get("/")
    russian = tables.client.get("/?lang=ru")
    assert english.status_code == russian.status_code == 200
    assert 'value="pig"' in english.text and 'value="whisper"' in english.text
    assert "Start a table" in english.text and "Новый стол" in russian.text
    # the games by their titles and the example names in the page's language (the ids stay the values)
    assert 'value="battaglia">Баталья дель арте</option>' in russian.text and ">battaglia<" not in russian.text
    assert 'placeholder="Анна, Борис"' in russian.text and 'placeholder="Anna, Boris"' in english.text
    assert tables.client.get("/healthz").json() == {"ok": True, "tables": 0}


def test_create_gives_host_and_seat_links_with_unguessable_tokens(tables: Tables) -> None:
    created = tables.create(game="pig", bot_seats=[1], names=["Anna"])
    assert created["host_url"].startswith(f"/t/{created['table']}/host?token=")
    assert [(s["seat"], s["name"], s["controller"]) for s in created["seats"]] == [
        (0, "Anna", "human"), (1, "", "bot")]
    tokens = {token_of(created["host_url"]), token_of(created["seats"][0]["url"])}
    assert len(tokens) == 2 and all(len(t) >= 32 for t in tokens)
    assert created["seats"][1]["url"] is None, "a bot seat has no link: the creator must not read its secrets"


@pytest.mark.parametrize(("body", "status", "says"), [
    ({"game": "chess"}, 422, "unknown game 'chess'"),
    ({"game": "pig", "options": {"target": "high"}}, 422, "target"),
    ({"game": "pig", "options": {"colour": "red"}}, 422, "colour"),
    ({"game": "pig", "options_text": "- a list"}, 422, "must be a mapping"),
    ({"game": "pig", "options_text": "target: [1"}, 422, "not valid YAML"),
    ({"game": "pig", "bot_seats": [2]}, 422, "seats 0..1"),
    ({"game": "pig", "bot_kind": "oracle"}, 422, "unknown bot kind 'oracle'"),
    ({"game": "pig", "names": ["a", "b", "c"]}, 422, "3 names given for 2 seats"),
    ({"game": "pig", "language": "de"}, 422, "language"),
    ({"game": "pig", "admin": True}, 422, "admin"),
    ({"game": "whisper", "options": {"players": 1}}, 422, "players"),
], ids=["unknown-game", "mistyped-option", "unknown-option", "profile-not-mapping", "profile-bad-yaml",
        "bot-seat-out-of-range", "unknown-bot-kind", "too-many-names", "unknown-language", "extra-field",
        "config-rejected-by-kernel"])
def test_create_refuses_bad_setups_with_a_clear_4xx(tables: Tables, body: dict, status: int, says: str) -> None:
    response = tables.client.post("/api/tables", json=body)
    assert response.status_code == status
    assert says in response.text
    assert tables.manager.tables == {}


def test_create_takes_a_yaml_profile(tables: Tables) -> None:
    created = tables.create(game="pig", options_text="target: 5\n")
    assert tables.manager.get(created["table"]).session.config.target == 5


def test_malformed_json_is_422_and_oversized_body_is_413(tables: Tables) -> None:
    bad = tables.client.post("/api/tables", content=b"{not json", headers={"Content-Type": "application/json"})
    assert bad.status_code == 422
    huge = tables.client.post("/api/tables", json={"game": "pig", "options_text": "x" * (MAX_BODY_BYTES + 10)})
    assert huge.status_code == 413 and "larger than" in huge.json()["detail"]
    lying = tables.client.post("/api/tables", content=b"{}", headers={"Content-Type": "application/json",
                                                                        "Content-Length": "nope"})
    assert lying.status_code in (400, 413)
    assert tables.manager.tables == {}


def test_invite_link_sets_a_cookie_and_redirects_to_a_clean_address(tables: Tables) -> None:
    created = two_humans(tables)
    entry = tables.client.get(created["seats"][0]["url"], follow_redirects=False)
    assert entry.status_code == 303
    assert entry.headers["location"] == f"/t/{created['table']}/seat/0"
    page = tables.client.get(entry.headers["location"])
    assert page.status_code == 200 and "You are Anna" in page.text
    assert token_of(created["seats"][0]["url"]) not in page.text


def test_pages_refuse_missing_wrong_and_foreign_tokens(tables: Tables) -> None:
    first, second = two_humans(tables), two_humans(tables)
    table = first["table"]
    seat1 = token_of(first["seats"][1]["url"])
    assert tables.client.get(f"/t/{table}/seat/0").status_code == 401
    assert tables.client.get(f"/t/{table}/seat/0", headers=as_seat(seat1)).status_code == 403
    assert tables.client.get(f"/t/{table}/seat/0", headers=as_seat(token_of(second["seats"][0]["url"]))).status_code == 403
    assert tables.client.get(f"/t/{table}/host", headers=as_seat(seat1)).status_code == 403
    assert tables.client.get(f"/t/{table}/seat/0", headers=as_seat("forged")).status_code == 403
    assert tables.client.get(f"/api/t/{table}/seat/0/state", headers=as_seat(seat1)).status_code == 403
    assert tables.client.get("/t/nosuch/seat/0", headers=as_seat(seat1)).status_code == 404
    assert tables.client.get(f"/t/{table}/seat/5", headers=as_seat(seat1)).status_code == 404
    assert tables.client.get(f"/t/{table}/seat/x", headers=as_seat(seat1)).status_code == 422


def test_refusals_are_logged_without_the_token(tables: Tables, caplog: pytest.LogCaptureFixture) -> None:
    created = two_humans(tables)
    seat1 = token_of(created["seats"][1]["url"])
    with caplog.at_level(logging.INFO, logger="narrator.web"):
        tables.client.get(created["seats"][0]["url"])  # the invite link itself goes through the access log
        tables.client.get(f"/t/{created['table']}/seat/0?token={seat1}")
        tables.act(created, 0, {"kind": "roll", "actor": 1})
    assert "refused" in caplog.text and f"seat 0 of table {created['table']}" in caplog.text
    for url in [created["host_url"], *(s["url"] for s in created["seats"])]:
        assert token_of(url) not in caplog.text


def test_a_legal_move_is_applied_and_an_illegal_one_refused_with_the_kernels_reason(tables: Tables) -> None:
    created = two_humans(tables)
    refused = tables.act(created, 1, {"kind": "roll"})
    assert refused.status_code == 200
    assert refused.json()["rejection"]["code"] == "NOT_YOUR_TURN" and not refused.json()["ok"]
    assert tables.state(created, 0)["view"] == {"scores": [0, 0], "turn": 0, "pot": 0}
    assert tables.act(created, 0, {"kind": "roll"}).json() == {"ok": True, "rejection": None}
    state = tables.state(created, 0)
    assert [e["kind"] for e in state["events"]] == ["rolled"]
    page = tables.client.get(f"/t/{created['table']}/seat/1", headers=as_seat(token_of(created["seats"][1]["url"])))
    assert "It is not your turn yet." in page.text  # the catalogue's words for the code, beside the control
    assert "seat 1 may not act" not in page.text  # the kernel's message (seat ids) is for logs and models


@pytest.mark.parametrize(("language", "words"), [("en", "It is not your turn yet."), ("ru", "Сейчас не ваш ход.")])
def test_the_answer_to_a_refused_move_carries_the_words_in_the_tables_language(tables: Tables, language: str,
                                                                              words: str) -> None:
    """The page shows the answer's ``text`` at once (before the next update): the catalogue's words, not
    the kernel's English message, which stays in ``message`` for logs and models."""
    refused = tables.act(two_humans(tables, language=language), 1, {"kind": "roll"}).json()["rejection"]
    assert refused["code"] == "NOT_YOUR_TURN" and refused["text"] == words and refused["message"] != words


def test_rejection_appears_beside_the_refused_control(tables: Tables) -> None:
    created = tables.create(game="whisper", bot_seats=[2])
    answer = tables.act(created, 0, {"kind": "whisper", "to": 1, "text": "   "})
    assert answer.json()["rejection"]["code"] == "EMPTY_WHISPER"
    page = tables.client.get(f"/t/{created['table']}/seat/0", headers=as_seat(token_of(created["seats"][0]["url"])))
    form = page.text[page.text.index("whisper → seat 1"):]
    assert "a whisper needs words" in form[:form.index("</form>")]


@pytest.mark.parametrize(("action", "status", "says"), [
    ({"kind": "fly"}, 422, "unknown action kind 'fly'"),
    ({"kind": "roll", "loudly": True}, 422, "loudly"),
    ({"kind": "whisper"}, 422, "unknown action kind"),
    ({"kind": "roll", "actor": 1}, 403, "only for itself"),
    ({"kind": "roll", "actor": "0; drop"}, 403, "only for itself"),
    ([1, 2], 422, "action"),
], ids=["unknown-kind", "extra-field", "other-games-kind", "acting-for-another-seat", "actor-not-a-number",
        "action-not-an-object"])
def test_malformed_or_foreign_moves_are_refused_and_change_nothing(tables: Tables, action: object, status: int,
                                                                    says: str) -> None:
    created = two_humans(tables)
    response = tables.act(created, 0, action)  # type: ignore[arg-type]
    assert response.status_code == status and says in response.text
    assert tables.state(created, 0)["view"] == {"scores": [0, 0], "turn": 0, "pot": 0}
    assert tables.state(created, 0)["events"] == []


def test_acting_with_another_seats_token_is_403(tables: Tables) -> None:
    created = two_humans(tables)
    response = tables.client.post(f"/api/t/{created['table']}/seat/0/act", json={"action": {"kind": "roll"}},
                                  headers=as_seat(token_of(created["seats"][1]["url"])))
    assert response.status_code == 403
    missing = tables.client.post(f"/api/t/{created['table']}/seat/0/act", json={"action": {"kind": "roll"}})
    assert missing.status_code == 401
    assert tables.client.post("/api/t/nosuch/seat/0/act", json={"action": {"kind": "roll"}}).status_code == 404
    assert tables.client.post(f"/api/t/{created['table']}/seat/0/act", json={},
                              headers=as_seat(token_of(created["seats"][0]["url"]))).status_code == 422
    assert tables.state(created, 0)["events"] == []


def test_host_page_and_state_show_only_the_public(tables: Tables) -> None:
    created = two_humans(tables)
    host = as_seat(token_of(created["host_url"]))
    page = tables.client.get(f"/t/{created['table']}/host", headers=host)
    assert page.status_code == 200 and "What everyone knows" in page.text
    state = tables.client.get(f"/api/t/{created['table']}/host/state", headers=host).json()
    assert state["seat"] is None and state["legal"] == [] and state["waiting_for"] == [0]
    refused = tables.client.post(f"/api/t/{created['table']}/host/act", json={"action": {"kind": "roll"}}, headers=host)
    assert refused.json()["rejection"]["code"] == "NOT_YOUR_TURN"


def test_hot_swap_hands_the_seat_to_a_bot_and_back(tables: Tables) -> None:
    created = tables.create(game="whisper", options={"rounds": 3})
    seat0 = as_seat(token_of(created["seats"][0]["url"]))
    control = f"/api/t/{created['table']}/seat/0/control"
    assert tables.client.post(control, json={"controller": "robot"}, headers=seat0).status_code == 422
    assert tables.client.post(control, json={"controller": "bot"},
                              headers=as_seat(token_of(created["seats"][1]["url"]))).status_code == 403
    assert tables.client.post(control, json={"controller": "bot"}, headers=seat0).json()["controller"] == "bot"
    tables.settle(created["table"])
    state = tables.state(created, 0)
    assert state["view"]["turns_taken"] == 1 and state["waiting_for"] == [1]  # the bot moved for seat 0
    busy = tables.act(created, 0, {"kind": "pass"})
    assert busy.status_code == 409 and "take the seat back" in busy.text
    assert tables.client.post(control, json={"controller": "human"}, headers=seat0).json()["controller"] == "human"
    tables.act(created, 1, {"kind": "pass"})
    tables.act(created, 2, {"kind": "pass"})
    back = tables.state(created, 0)
    assert back["legal"] and back["view"]["my_secret"] == state["view"]["my_secret"]
    assert [e["kind"] for e in back["events"]][:1] == ["your_secret"]  # the seat kept its memory


def test_reissue_replaces_a_seats_token(tables: Tables) -> None:
    created = two_humans(tables)
    table, old = created["table"], token_of(created["seats"][0]["url"])
    host = as_seat(token_of(created["host_url"]))
    assert tables.client.post(f"/api/t/{table}/host/reissue/0", headers=as_seat(old)).status_code == 403
    assert tables.client.post(f"/api/t/{table}/host/reissue/9", headers=host).status_code == 404
    fresh = tables.client.post(f"/api/t/{table}/host/reissue/0", headers=host).json()
    assert tables.client.get(f"/t/{table}/seat/0", headers=as_seat(old)).status_code == 403
    assert tables.client.get(f"/t/{table}/seat/0", headers=as_seat(token_of(fresh["url"]))).status_code == 200


def test_unknown_table_page_is_a_friendly_404(tables: Tables) -> None:
    page = tables.client.get("/t/nosuch/host", headers={"Accept": "text/html"})
    assert page.status_code == 404 and "<html" in page.text and "no table" in page.text
    assert tables.client.get("/api/t/nosuch/host/state").json() == {"detail": "there is no table 'nosuch'"}

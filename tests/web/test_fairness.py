"""A web table commits to its chance (``narrator.fairness``): every page shows the commitment from the start; a table
created with ``shares`` deals only once each person's seat added its share; the finished transcript verifies."""

from __future__ import annotations

import json

from narrator import fairness
from tests.web.conftest import Tables, as_seat, token_of


def lines(tables: Tables, table_id: str) -> list[dict]:
    path = tables.manager.transcript_path(table_id)
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def page(tables: Tables, created: dict, seat: int | None) -> str:
    url = created["host_url"] if seat is None else created["seats"][seat]["url"]
    response = tables.client.get(url)
    assert response.status_code == 200, response.text
    return response.text


def share(tables: Tables, created: dict, seat: int, text: str):
    token = token_of(created["seats"][seat]["url"])
    response = tables.client.post(f"/api/t/{created['table']}/seat/{seat}/share",
                                  json={"action": {"kind": "fair_share", "text": text}}, headers=as_seat(token))
    tables.settle(created["table"])
    return response


def test_the_deal_waits_for_the_peoples_shares_and_the_game_verifies(tables: Tables) -> None:
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[1, 2, 3, 4, 5], shares=True,
                            seed=None)  # no seed chosen: a secret one
    table_id = created["table"]
    recorded = lines(tables, table_id)
    commitment = recorded[0]["fairness"]["commitment"]
    assert recorded[0]["fairness"]["awaits"] == [0]
    assert not any(r["kind"] == "chance" for r in recorded), "the deal waits for seat 0's share"
    seat_page, host_page = page(tables, created, 0), page(tables, created, None)
    assert commitment in seat_page and commitment in host_page
    assert 'data-act-url="/api/t/' in seat_page and "fair-share" in seat_page
    assert "fair-share" not in host_page and "The first draw waits for the shares of" in host_page

    taken = share(tables, created, 0, "my lucky words")
    assert taken.status_code == 200, taken.text
    assert taken.json()["share"] == fairness.contribution_value("my lucky words")
    assert share(tables, created, 0, "again").status_code == 409
    recorded = lines(tables, table_id)
    kinds = [r["kind"] for r in recorded]
    assert kinds.index("fairness") < kinds.index("chance"), "the share is in before the deal"
    assert "fair-share" not in page(tables, created, 0)

    control = tables.client.post(f"/api/t/{table_id}/seat/0/control", json={"controller": "bot"},
                                 headers=as_seat(token_of(created["seats"][0]["url"])))
    assert control.status_code == 200, control.text
    tables.settle(table_id)
    assert tables.manager.get(table_id).session.outcome() is not None
    path = tables.manager.transcript_path(table_id)
    verdict = fairness.verify(path.read_bytes())
    assert verdict.fair and verdict.contributions == 1 and verdict.draws > 0, verdict
    assert lines(tables, table_id)[0]["fairness"]["commitment"] == commitment
    finished = page(tables, created, 0)
    assert "The seed is revealed" in finished and lines(tables, table_id)[-1]["seed"] in finished


def test_a_table_without_shares_commits_too_and_takes_shares_only_before_the_first_draw(tables: Tables) -> None:
    created = tables.create(game="ten-candles", options={"players": 3, "message_playback": "never"},
                            bot_seats=[1, 2], host="bot", language="ru", seed=None)
    table_id = created["table"]
    assert "awaits" not in lines(tables, table_id)[0]["fairness"]
    if any(r["kind"] == "chance" for r in lines(tables, table_id)):
        refused = share(tables, created, 0, "слишком поздно")
        assert refused.status_code == 409 and "первый бросок уже сделан" in refused.text
    else:  # the survivors still write their traits: a share is taken until the first roll
        assert share(tables, created, 0, "вовремя").status_code == 200
    assert "Честные кости" in page(tables, created, 0)


def test_a_table_whose_seed_was_chosen_commits_to_it_publicly_and_takes_no_share(tables: Tables) -> None:
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[1, 2, 3, 4, 5], shares=True)
    recorded = lines(tables, created["table"])
    assert recorded[0]["fairness"]["scheme"] == fairness.PUBLIC_SEED and "awaits" not in recorded[0]["fairness"]
    assert any(r["kind"] == "chance" for r in recorded), "nothing to wait for: the deal is made"
    assert "its dice can be played again" in page(tables, created, 0) and "fair-share" not in page(tables, created, 0)
    refused = share(tables, created, 0, "words")
    assert refused.status_code == 409 and "seed was chosen" in refused.text


def test_a_restarted_secret_table_keeps_its_commitment_and_ends_the_same(tmp_path) -> None:
    """A crash mid-game: the table is retraced with the seed kept beside its transcript, so it goes on with the same
    commitment and draws, to the very bytes of the uninterrupted game."""
    import sqlite3

    from fastapi.testclient import TestClient

    from narrator.web import create_app

    data_dir = tmp_path / "data"
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        created = tables.create(game="ten-candles", options={"players": 3, "message_playback": "never"},
                                bot_seats=[0, 1, 2], host="bot", seed=None)
        table_id = created["table"]
        path = tables.manager.transcript_path(table_id)
        assert tables.manager.get(table_id).session.outcome() is not None
    reference = path.read_bytes()
    assert records_of(reference)[0]["fairness"]["scheme"] == fairness.SECRET_SEED
    cut = reference.split(b"\n")[: len(reference.split(b"\n")) // 2]
    path.write_bytes(b"\n".join(cut) + b"\n")
    with sqlite3.connect(data_dir / "tables.sqlite3") as db:
        db.execute("UPDATE tables SET status = 'active' WHERE id = ?", (table_id,))
    with TestClient(create_app(data_dir)) as client:
        Tables(client).settle(table_id)
    assert path.read_bytes() == reference
    assert fairness.verify(path.read_bytes()).fair


def records_of(data: bytes) -> list[dict]:
    return [json.loads(line) for line in data.decode("utf-8").splitlines()]

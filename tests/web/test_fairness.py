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
    assert "Waiting for:</strong> nobody" not in host_page and tables.state(created, 0)["waiting_for"] == [0]
    assert "Add your share of the chance</h2>" in seat_page and 'href="#fair-dice"' in seat_page
    assert "Not your move" not in seat_page and "Nothing to do now" not in seat_page

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


def download(tables: Tables, url: str, token: str):
    return tables.client.get(url, headers=as_seat(token))


def test_after_the_end_every_seat_may_download_the_chance_record_and_no_secret_of_another(tables: Tables) -> None:
    """Whisper (tests/web/whisper.py) is made of secrets: the host-only deal, each seat's own number, and whispers
    between two seats. Seat 0's download holds the chance and nothing else; it verifies; a changed draw is named."""
    created = tables.create(game="whisper", options={"players": 3, "rounds": 1}, bot_seats=[2], seed=None)
    table_id = created["table"]
    tokens = [token_of(created["seats"][s]["url"]) for s in (0, 1)]
    host = token_of(created["host_url"])
    mine = f"/t/{table_id}/seat/0/chances"
    before = download(tables, mine, tokens[0])
    assert before.status_code == 409 and "when the game is over" in before.text
    assert download(tables, f"/t/{table_id}/host/chances", host).status_code == 409
    assert mine not in page(tables, created, 0)

    canary = "CANARY-whispered-from-1-to-2"
    tables.act(created, 0, {"kind": "whisper", "to": 1, "text": "hello one"})
    tables.act(created, 1, {"kind": "whisper", "to": 2, "text": canary})
    assert tables.manager.get(table_id).session.outcome() is not None
    full = tables.manager.transcript_path(table_id).read_bytes()
    assert canary.encode() in full and b"SECRET-" in full, "the secrets are in the whole transcript"

    got = download(tables, mine, tokens[0])
    assert got.status_code == 200, got.text
    assert got.headers["content-disposition"] == f'attachment; filename="{table_id}-chances.jsonl"'
    assert canary.encode() not in got.content and b"SECRET-" not in got.content and b"hello one" not in got.content
    assert {r["kind"] for r in records_of(got.content)} == {"chance_record", "chance", "fairness"}
    verdict = fairness.verify(got.content)
    assert verdict.fair and verdict.record == "chances" and verdict.draws == 1, verdict
    assert mine in page(tables, created, 0) and "Download the chance record" in page(tables, created, 0)

    tables.client.cookies.clear()  # the pages opened above left seat 0's cookie in this client
    assert download(tables, f"/t/{table_id}/seat/0/chances", tokens[1]).status_code == 403, "only its own seat"
    assert download(tables, f"/t/{table_id}/host/transcript", tokens[1]).status_code == 403
    refused = download(tables, f"/t/{table_id}/host/transcript", host)  # the program hosted: the page is the public's
    assert refused.status_code == 403 and "chance record" in refused.text
    assert download(tables, f"/t/{table_id}/host/chances", host).content == got.content
    assert f"/t/{table_id}/host/chances" in page(tables, created, None)

    forged = records_of(got.content)
    line = next(i for i, r in enumerate(forged) if r["kind"] == "chance")
    forged[line]["values"][0] = forged[line]["values"][0] % 900_000 + 1
    changed = "".join(json.dumps(r) + "\n" for r in forged).encode()
    verdict = fairness.verify(changed)
    assert (verdict.status, verdict.line) == ("unfair", line + 1)
    assert fairness.verdict_text(verdict, "en").startswith(f"NOT FAIR: line {line + 1}: draw 1 (")


def test_a_moderator_downloads_the_whole_transcript_after_the_end(tables: Tables) -> None:
    """A person held the host's seat (battaglia's moderator saw every secret): the host page offers the whole game."""
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[0, 1, 2, 3, 4, 5], host="human",
                            seed=None)
    table_id = created["table"]
    assert tables.manager.get(table_id).session.outcome() is not None
    host = token_of(created["host_url"])
    url = f"/t/{table_id}/host/transcript"
    assert url in page(tables, created, None) and "Download the whole transcript" in page(tables, created, None)
    got = download(tables, url, host)
    assert got.status_code == 200 and got.content == tables.manager.transcript_path(table_id).read_bytes()
    verdict = fairness.verify(got.content)
    assert verdict.fair and verdict.record == "transcript" and verdict.draws > 0, verdict


def test_a_finished_table_keeps_its_fair_dice_panel_and_downloads_after_a_restart(tmp_path) -> None:
    """A finished game is not resumed but read back: its pages still show the commitment, the shares and the revealed
    seed, and offer the chance record, as before the restart."""
    from fastapi.testclient import TestClient

    from narrator.web import create_app

    data_dir = tmp_path / "data"
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        created = tables.create(game="whisper", options={"players": 3, "rounds": 1}, bot_seats=[2], shares=True,
                                seed=None)
        table_id = created["table"]
        assert share(tables, created, 0, "zero's words").status_code == 200
        assert share(tables, created, 1, "one's words").status_code == 200
        tables.act(created, 0, {"kind": "whisper", "to": 1, "text": "hello one"})
        tables.act(created, 1, {"kind": "whisper", "to": 2, "text": "hello two"})
        assert tables.manager.get(table_id).session.outcome() is not None
        before = download(tables, f"/t/{table_id}/seat/0/chances", token_of(created["seats"][0]["url"]))
        assert before.status_code == 200, before.text
    seed = lines(tables, table_id)[-1]["seed"]
    commitment = lines(tables, table_id)[0]["fairness"]["commitment"]
    with TestClient(create_app(data_dir)) as client:
        again = Tables(client)
        seat_page = page(again, created, 0)
        assert commitment in seat_page and "The seed is revealed" in seat_page and seed in seat_page
        assert f"/t/{table_id}/seat/0/chances" in seat_page and "fair-share" not in seat_page
        assert "shares added: 2" in seat_page
        after = download(again, f"/t/{table_id}/seat/0/chances", token_of(created["seats"][0]["url"]))
        assert after.status_code == 200, after.text
        assert after.content == before.content and fairness.verify(after.content).fair


def test_a_battaglia_seat_page_says_whose_share_the_first_draw_awaits(tables: Tables) -> None:
    """Two people at a battaglia table: each page names the seat still owing its share; the seat that owes one is
    sent to the Fair dice box, the seat that gave its share waits like the others."""
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[2, 3, 4, 5], shares=True,
                            names=["Анна", "Борис"], language="ru", seed=None)
    host = page(tables, created, None)
    assert "Ждём:</strong> никого" not in host and "Анна" in host.split("Ждём:", 1)[1].split("</p>", 1)[0]
    assert share(tables, created, 0, "слова Анны").status_code == 200
    anna, boris = page(tables, created, 0), page(tables, created, 1)
    waiting = boris.split("Ждём:", 1)[1].split("</p>", 1)[0]
    assert "вас" in waiting and "Анна" not in waiting
    assert "Добавьте свою долю случая</h2>" in boris and "Первый бросок ждёт вашего вклада" in boris
    assert "Добавьте свою долю случая</h2>" not in anna and "Борис" in anna.split("Ждём:", 1)[1].split("</p>", 1)[0]
    assert share(tables, created, 1, "слова Бориса").status_code == 200
    assert any(r["kind"] == "chance" for r in lines(tables, created["table"])), "the deal is made"

"""The replay viewer at the web table: a finished table's seats, and its host page, open the viewer
with only the lenses their token may see (narrator.viewer.access), under the table's CSP."""

from __future__ import annotations

import json
import re

from tests.web.conftest import Tables, as_seat, token_of

DATA = re.compile(r'<script type="application/json" id="replay-data">(.*?)</script>', re.DOTALL)


def lens_keys(html: str) -> list[str]:
    return [lens["key"] for lens in json.loads(DATA.search(html).group(1))["lenses"]]  # type: ignore[union-attr]


def play_whisper(tables: Tables) -> tuple[dict, dict]:
    created = tables.create(game="whisper", options={"players": 3, "rounds": 1})
    tokens = {seat: token_of(created["seats"][seat]["url"]) for seat in range(3)}
    return created, tokens


def test_the_replay_opens_when_the_game_is_over_with_the_seats_own_lenses(tables: Tables) -> None:
    created, tokens = play_whisper(tables)
    table_id = created["table"]
    url = f"/t/{table_id}/seat/0/replay"
    assert tables.client.get(url, headers=as_seat(tokens[0])).status_code == 409  # still in play
    for seat in range(3):
        assert tables.act(created, seat, {"kind": "whisper", "to": (seat + 1) % 3,
                                          "text": f"CANARY-{seat}-to-{(seat + 1) % 3}"}).json()["ok"]
    seat_page = tables.client.get(f"/t/{table_id}/seat/0", headers=as_seat(tokens[0])).text
    assert url in seat_page  # the finished table offers the viewer
    page = tables.client.get(url, headers=as_seat(tokens[0]))
    assert page.status_code == 200
    assert lens_keys(page.text) == ["seat-0", "public", "host"]  # never another seat's own view
    assert "CANARY-0-to-1" in page.text and "CANARY-1-to-2" in page.text  # the host's truth, after the end
    csp = page.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp
    assert '<script src="/static/replay.js"' in page.text and "<style>" not in page.text
    assert not re.search(r"<script>(?!\s*$)", page.text)  # no inline script: the data block is not run
    assert tables.client.get("/static/replay.js").status_code == 200
    assert not any(token in page.text for token in tokens.values())  # a page never carries a seat's key


def test_the_replay_refuses_other_tokens(tables: Tables) -> None:
    created, tokens = play_whisper(tables)
    table_id = created["table"]
    for seat in range(3):
        tables.act(created, seat, {"kind": "pass"})
    assert tables.client.get(f"/t/{table_id}/seat/0/replay").status_code == 401
    assert tables.client.get(f"/t/{table_id}/seat/0/replay", headers=as_seat(tokens[1])).status_code == 403
    assert tables.client.get(f"/t/{table_id}/host/replay", headers=as_seat(tokens[1])).status_code == 403
    assert tables.client.get(f"/t/{table_id}/seat/7/replay", headers=as_seat(tokens[1])).status_code == 404
    host = tables.client.get(f"/t/{table_id}/host/replay", headers=as_seat(token_of(created["host_url"])))
    assert host.status_code == 200
    assert lens_keys(host.text) == ["public", "host"]  # the program hosted: the host page is the public's

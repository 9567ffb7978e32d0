"""The web table, hardened: no 500 on odd numbers or the host's seat, other origins refused, pages never
framed, table creation limited, bot seats without links until taken over, files for their owner only,
and a seat whose model was switched off says so until the host switches it on again."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from narrator.agents.base import AgentGaveUpError, Request
from narrator.agents.llm.usage import ModelSwitch
from starlette.websockets import WebSocketDisconnect

from narrator.web import create_app
from narrator.web.bots import RandomBot, register_bot
from narrator.web.security import CreationLimit
from tests.web.conftest import Tables, as_seat, token_of


@pytest.mark.parametrize("number", ["NaN", "1e400", "-Infinity"])
def test_a_number_json_cannot_carry_is_a_422_not_a_500(tables: Tables, number: str) -> None:
    for body in (f'{{"game": "pig", "seed": {number}}}', f'{{"game": "pig", "options": {{"target": {number}}}}}',
                 f'{{"game": "pig", "bot_seats": [{number}]}}'):
        response = tables.client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert response.status_code == 422, (body, response.text)
        assert response.json()["detail"]


def test_the_host_is_no_seat_of_the_seat_pages(tables: Tables) -> None:
    created = tables.create(game="pig", bot_seats=[1])
    host = as_seat(token_of(created["host_url"]))
    for path in (f"/t/{created['table']}/seat/-2", f"/api/t/{created['table']}/seat/-2/state"):
        assert tables.client.get(path, headers=host).status_code == 404


def test_requests_and_sockets_from_another_origin_are_refused(tables: Tables) -> None:
    evil = {"Origin": "https://evil.example"}
    assert tables.client.post("/api/tables", json={"game": "pig"}, headers=evil).status_code == 403
    assert tables.client.post("/api/tables", json={"game": "pig"},
                              headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert tables.client.post("/api/tables", json={"game": "pig"}, headers={"Origin": "null"}).status_code == 403
    same = tables.client.post("/api/tables", json={"game": "pig", "seed": 1}, headers={"Origin": "http://testserver"})
    assert same.status_code == 201, same.text
    created = same.json()
    token = token_of(created["seats"][0]["url"])
    with pytest.raises(WebSocketDisconnect) as refused, tables.client.websocket_connect(
            f"/ws/t/{created['table']}/seat/0", headers={**as_seat(token), **evil}):
        pass
    assert refused.value.code == 4403
    with tables.client.websocket_connect(f"/ws/t/{created['table']}/seat/0",
                                         headers={**as_seat(token), "Origin": "http://testserver"}) as socket:
        assert socket.receive_json()["type"] == "reset"
    assert tables.client.get("/", headers=evil).status_code == 200, "reading a page is not a state change"


def test_every_response_forbids_framing_and_foreign_scripts(tables: Tables) -> None:
    for response in (tables.client.get("/"), tables.client.get("/healthz"), tables.client.get("/t/none/host")):
        policy = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        assert response.headers["x-frame-options"] == "DENY" and response.headers["x-content-type-options"] == "nosniff"


def test_table_creation_is_limited_per_client_and_in_total(data_dir: Path) -> None:
    with TestClient(create_app(data_dir, limit=CreationLimit(per_client=2, total=100))) as client:
        codes = [client.post("/api/tables", json={"game": "pig"}).status_code for _ in range(3)]
        assert codes == [201, 201, 429]
    with TestClient(create_app(data_dir / "b", limit=CreationLimit(per_client=100, total=2))) as client:
        codes = [client.post("/api/tables", json={"game": "pig"}).status_code for _ in range(2)]
        refused = client.post("/api/tables", json={"game": "pig"})
        assert codes == [201, 201] and refused.status_code == 429 and "2 tables in play" in refused.text


def test_a_bot_seat_has_no_link_until_the_host_takes_it_over_and_the_table_is_told(tables: Tables) -> None:
    created = tables.create(game="whisper", bot_seats=[2], names=["Anna", "Boris", "Vera"])
    assert created["seats"][2]["url"] is None and created["seats"][0]["url"]
    table_id = created["table"]
    host = as_seat(token_of(created["host_url"]))
    assert "Take over" in tables.client.get(f"/t/{table_id}/host", headers=host).text
    taken = tables.client.post(f"/api/t/{table_id}/host/reissue/2", headers=host).json()
    assert taken["controller"] == "human" and taken["url"].startswith(f"/t/{table_id}/seat/2?token=")
    tables.settle(table_id)
    seat2 = tables.client.get(f"/api/t/{table_id}/seat/2/state", headers=as_seat(token_of(taken["url"]))).json()
    assert seat2["seats"][2]["controller"] == "human"
    seat0 = tables.state(created, 0)
    told = [e["data"]["text"] for e in seat0["events"] if e["kind"] == "narration"]
    assert any("Vera" in text and "played by a person" in text for text in told), told


def test_the_index_and_transcripts_are_for_their_owner_only(tables: Tables, data_dir: Path) -> None:
    created = tables.create(game="pig", bot_seats=[1])
    transcript = data_dir / "transcripts" / f"{created['table']}.jsonl"
    for path, mode in ((data_dir, 0o700), (data_dir / "transcripts", 0o700), (transcript, 0o600),
                       (data_dir / "tables.sqlite3", 0o600)):
        assert stat.S_IMODE(path.stat().st_mode) == mode, path


class ModelSeat(RandomBot):
    """A bot whose (pretend) model was switched off: the scripted move is made, the switch is real."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.name, self.switch = "llm-test", ModelSwitch(1)
        self.switch.failed("transport: unreachable")
        self.asked_model = 0

    def act(self, request: Request) -> object:
        if not self.switch.off:
            self.asked_model += 1
            raise AgentGaveUpError("transport: still unreachable")
        return super().act(request)


def model_seat(game: object, seat: int, seed: int) -> ModelSeat:
    return ModelSeat(seed)


register_bot("llm-test", "tests.web.test_hardening:model_seat", game="whisper")


def test_a_seat_whose_model_is_off_says_so_and_the_host_switches_it_on(tables: Tables) -> None:
    created = tables.create(game="whisper", bot_seats=[2], bot_kind="llm-test", names=["Anna", "Boris", "Vera"])
    table_id = created["table"]
    host = as_seat(token_of(created["host_url"]))
    page = tables.client.get(f"/t/{table_id}/host", headers=host).text
    assert "model off after repeated connection failures" in page and "Switch the model back on" in page
    assert tables.state(created, 0)["seats"][2]["model_off"] is True
    answer = tables.client.post(f"/api/t/{table_id}/host/model/2", headers=host)
    assert answer.json() == {"seat": 2, "model_off": False}
    assert tables.client.post(f"/api/t/{table_id}/host/model/0", headers=host).status_code == 409
    told = [e["data"]["text"] for e in tables.state(created, 0)["events"] if e["kind"] == "narration"]
    assert any("language model of Vera" in text for text in told), told
    assert tables.client.post(f"/api/t/{table_id}/host/model/2",
                              headers=as_seat(token_of(created["seats"][0]["url"]))).status_code == 403

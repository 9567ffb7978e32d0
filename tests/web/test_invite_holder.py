"""An invite link opens its seat on the first device only: a later opener is refused in the table's language
and the seat is told; the host's reissue frees the seat for the next opener; the cookie is Secure over https."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from narrator.web import create_app
from tests.web.conftest import Tables, as_seat, token_of


def two_humans(tables: Tables, language: str = "en") -> dict:
    return tables.create(game="pig", names=["Anna", "Boris"], language=language)


@pytest.mark.parametrize(("language", "refusal"), [("en", "already in use on another device"),
                                                   ("ru", "уже открыта на другом устройстве")])
def test_a_second_browser_opening_a_used_invite_is_refused_and_the_seat_is_told(
        tables: Tables, language: str, refusal: str) -> None:
    created = two_humans(tables, language)
    table, url = created["table"], created["seats"][0]["url"]
    first = tables.client  # the first browser keeps its cookie
    assert first.get(url, follow_redirects=False).status_code == 303
    assert first.get(f"/t/{table}/seat/0").status_code == 200
    with TestClient(tables.client.app) as second:
        opened = second.get(url, headers={"accept": "text/html"})
        assert opened.status_code == 403 and refusal in opened.text
        home = "Start a table" if language == "en" else "Новый стол"  # the page around the refusal speaks it too
        assert home in opened.text and ("Start a table" in opened.text) == (language == "en")
        assert "Anna" not in opened.text  # nothing of the seat's private view
        assert second.get(f"/api/t/{table}/seat/0/state", headers=as_seat(token_of(url))).status_code == 403
        assert second.get(f"/api/t/{table}/seat/0/state").status_code == 401
    told = first.get(f"/api/t/{table}/seat/0/state").json()
    page = first.get(f"/t/{table}/seat/0").text
    word = "opened your invite link" if language == "en" else "открыл вашу ссылку-приглашение"
    assert word in page, told
    assert first.get(url, follow_redirects=False).status_code == 303  # its holder may open it again


def test_the_hosts_reissue_frees_the_seat_for_its_next_opener(tables: Tables) -> None:
    created = two_humans(tables)
    table = created["table"]
    host = as_seat(token_of(created["host_url"]))
    with TestClient(tables.client.app) as lost_phone:
        assert lost_phone.get(created["seats"][1]["url"], follow_redirects=False).status_code == 303
        new = tables.client.post(f"/api/t/{table}/host/reissue/1", headers=host).json()["url"]
        assert lost_phone.get(f"/api/t/{table}/seat/1/state").status_code == 403  # the old holder is out
    with TestClient(tables.client.app) as new_phone:
        assert new_phone.get(new, follow_redirects=False).status_code == 303
        assert new_phone.get(f"/api/t/{table}/seat/1/state").status_code == 200


def test_the_seat_cookie_is_secure_over_https_only(data_dir: Path) -> None:
    for base, secure in (("https://testserver", True), ("http://testserver", False)):
        with TestClient(create_app(data_dir), base_url=base) as client:
            created = client.post("/api/tables", json={"game": "pig", "names": ["Anna", "Boris"]}).json()
            entry = client.get(created["seats"][0]["url"], follow_redirects=False)
            cookie = entry.headers["set-cookie"]
            assert ("secure" in cookie.lower()) is secure and "httponly" in cookie.lower()

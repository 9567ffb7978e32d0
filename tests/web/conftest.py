"""Web-table fixtures: an app over a temporary data directory, and helpers to act as one seat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient
from narrator.rules.registry import register_game

from narrator.web import create_app

register_game("whisper", "tests.web.whisper:GAME")


def token_of(url: str) -> str:
    """The token an invite link carries."""
    return parse_qs(urlsplit(url).query)["token"][0]


def as_seat(token: str) -> dict[str, str]:
    """Headers that present ``token`` (the API's alternative to the invite cookie)."""
    return {"X-Seat-Token": token}


class Tables:
    """A running app plus helpers, for one test."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.manager = client.app.state.manager  # type: ignore[attr-defined]

    def create(self, **body: Any) -> dict[str, Any]:
        """Create a table (seed 7 unless told) and wait until its bots have moved."""
        response = self.client.post("/api/tables", json={"seed": 7, **body})
        assert response.status_code == 201, response.text
        created = response.json()
        self.settle(created["table"])
        return created

    def settle(self, table_id: str) -> None:
        """Wait until the table's bots have made every move they can."""
        table = self.manager.get(table_id)
        self.client.portal.call(table.wait_idle)  # type: ignore[union-attr]

    def state(self, created: dict[str, Any], seat: int) -> dict[str, Any]:
        url = created["seats"][seat]["url"]
        response = self.client.get(f"/api/t/{created['table']}/seat/{seat}/state", headers=as_seat(token_of(url)))
        assert response.status_code == 200, response.text
        return response.json()

    def act(self, created: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
        """Post a move for ``seat`` with its own token; waits for the bots afterwards."""
        token = token_of(created["seats"][seat]["url"])
        response = self.client.post(f"/api/t/{created['table']}/seat/{seat}/act", json={"action": action},
                                    headers=as_seat(token))
        self.settle(created["table"])
        return response


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def tables(data_dir: Path) -> Iterator[Tables]:
    with TestClient(create_app(data_dir)) as client:
        yield Tables(client)

"""Canary test: every secret carries a unique marker, and no page, JSON state or WebSocket message
a viewer receives may contain a marker that viewer is not allowed to know.

Whisper deals each seat a secret (``SECRET-n``: known to that seat only; all of them are in a
host-only event) and lets seats whisper marked lines to one another (known to the two of them).
The host page of a game where the program is the host shows the public only: no marker at all.
"""

from __future__ import annotations

import itertools
from contextlib import ExitStack

from narrator.rules.core import Viewer

from tests.web.conftest import Tables, as_seat, token_of
from tests.web.test_live import drain

SEATS = 3
WHISPERS = [(0, 1), (1, 2), (2, 0), (0, 2), (1, 0), (2, 1)]  # two rounds, everyone to everyone


def marker(sender: int, receiver: int) -> str:
    return f"CANARY-whisper-{sender}-to-{receiver}-7f3a"


def test_no_viewer_receives_a_marker_it_may_not_know(tables: Tables) -> None:
    created = tables.create(game="whisper", options={"players": SEATS, "rounds": 2})
    table_id = created["table"]
    table = tables.manager.get(table_id)
    secrets = table.game.view(table.session.state, Viewer.HOST)["secrets"]
    assert len(set(secrets)) == SEATS
    tokens = {seat: token_of(created["seats"][seat]["url"]) for seat in range(SEATS)}
    tokens[None] = token_of(created["host_url"])
    received: dict[int | None, list[str]] = {viewer: [] for viewer in tokens}
    with ExitStack() as stack:
        sockets = {viewer: stack.enter_context(tables.client.websocket_connect(
            f"/ws/t/{table_id}/host" if viewer is None else f"/ws/t/{table_id}/seat/{viewer}",
            headers=as_seat(token))) for viewer, token in tokens.items()}
        for sender, receiver in WHISPERS:
            assert tables.act(created, sender, {"kind": "whisper", "to": receiver,
                                                "text": marker(sender, receiver)}).json()["ok"]
            for viewer, socket in sockets.items():
                received[viewer].extend(str(m) for m in drain(socket))
    for viewer, token in tokens.items():
        page = f"/t/{table_id}/host" if viewer is None else f"/t/{table_id}/seat/{viewer}"
        received[viewer].append(tables.client.get(page, headers=as_seat(token)).text)
        state = "/host/state" if viewer is None else f"/seat/{viewer}/state"
        received[viewer].append(tables.client.get(f"/api/t/{table_id}{state}", headers=as_seat(token)).text)
    assert table.session.outcome() is not None

    for viewer, texts in received.items():
        everything = "\n".join(texts)
        for seat, secret in enumerate(secrets):
            assert (secret in everything) == (viewer == seat), f"secret of seat {seat} vs viewer {viewer}"
        for sender, receiver in WHISPERS:
            allowed = viewer in (sender, receiver)
            assert (marker(sender, receiver) in everything) == allowed, f"{sender}->{receiver} vs viewer {viewer}"
        for token_viewer, token in tokens.items():
            assert token not in everything, f"token of {token_viewer} reached viewer {viewer}"


def test_every_pair_of_whispers_is_distinct() -> None:
    """The canary markers must be unique, or the test above could pass by accident."""
    markers = [marker(a, b) for a, b in itertools.permutations(range(SEATS), 2)]
    assert len(set(markers)) == len(markers) and not any(a in b for a, b in itertools.permutations(markers, 2))

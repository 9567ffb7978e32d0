"""LLM test set-up: cassettes replay with no model and no network; ``record`` tests re-record them;
``loopback_only`` lets the fault tests reach their fake endpoints on 127.0.0.1 and nothing else.

The cassette fixtures and helpers live in :mod:`tests.cassettes` (registered for every test folder);
they are re-exported here for the tests that import them from this module.
"""

from __future__ import annotations

import socket

import pytest

from tests.cassettes import (  # noqa: F401 (re-exported)
    CASSETTES,
    RECORDING,
    Scenario,
    cassette_vcr,
    local_model_url,
    no_network,
    record_scenario,
    replay,
    replay_scenario,
)


@pytest.fixture
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Connections to anything but 127.0.0.1 fail the test (the fake endpoints listen there)."""
    connect = socket.socket.connect

    def guarded(self: socket.socket, address: object) -> None:
        host = address[0] if isinstance(address, tuple) else address
        if host not in ("127.0.0.1", "localhost"):
            raise OSError(f"only loopback connections in these tests (tried {address})")
        connect(self, address)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "connect", guarded)

"""LLM test set-up: cassettes replay with no model and no network; ``record`` tests re-record them.

Replaying (the default): ``record_mode="none"``, and every socket connection fails, so a test that
would reach a model fails instead of silently calling one. Re-recording against the embedded model::

    NARRATOR_LLM_RECORD=1 python -m pytest tests/llm -m record

starts the local server (``narrator.llm.local``), re-records every cassette, and stops it.
Requests match on method + path + body, so a changed prompt is a failed replay (re-record it).
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
import vcr

CASSETTES = Path(__file__).parent / "cassettes"
RECORDING = os.environ.get("NARRATOR_LLM_RECORD") == "1"


def cassette_vcr(record_mode: str) -> vcr.VCR:
    """The VCR used for every LLM cassette."""
    return vcr.VCR(cassette_library_dir=str(CASSETTES), record_mode=record_mode,
                   match_on=["method", "path", "body"], filter_headers=["authorization", "cookie", "set-cookie"],
                   decode_compressed_response=True)


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any real connection attempt fails the test."""

    def refuse(self: socket.socket, address: object) -> None:
        raise OSError(f"network blocked in replayed LLM tests (tried {address})")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)


@pytest.fixture
def replay(no_network: None) -> vcr.VCR:
    """Replays cassettes; a request missing from its cassette is an error."""
    return cassette_vcr("none")


@pytest.fixture(scope="session")
def local_model_url() -> Iterator[str]:
    """The base URL of a freshly started embedded model (record runs only)."""
    if not RECORDING:
        pytest.skip("set NARRATOR_LLM_RECORD=1 to re-record cassettes against the local model")
    from narrator.llm.local import LocalModelError, local_server

    try:
        with local_server() as server:
            yield server.base_url
    except LocalModelError as error:
        pytest.skip(f"local model unavailable: {error}")

"""Recorded LLM traffic for every test folder: cassettes, the blocked network, the local model to re-record.

Registered for all tests by ``tests/conftest.py`` (``pytest_plugins``), so any test may ask for the
``no_network``, ``replay`` and ``local_model_url`` fixtures. Replaying (the default) uses
``record_mode="none"`` and every socket connection fails, so a test that would reach a model fails
instead of silently calling one. Re-recording against the embedded model::

    NARRATOR_LLM_RECORD=1 python -m pytest tests/llm -m record

starts the local server (``narrator.llm.local``), re-records every cassette, and stops it; with
``NARRATOR_LLM_URL=http://127.0.0.1:PORT/v1`` it records against a server already running there instead
(one started under ``nice -n -10`` so a loaded machine does not starve it).
Requests match on method + path + body, so a changed prompt is a failed replay (re-record it).
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    import vcr

CASSETTES = Path(__file__).parent / "llm" / "cassettes"
RECORDING = os.environ.get("NARRATOR_LLM_RECORD") == "1"

Scenario = tuple[Callable[[str], Any], Callable[[Any], None]]
"""A cassette scenario: ``run(base_url)`` plays it and returns a result, ``check(result)`` asserts on it."""


def cassette_vcr(record_mode: str) -> vcr.VCR:
    """The VCR used for every LLM cassette (vcrpy, ~0.5 s of imports, loads with the first one: the xdist
    controller, which loads this plugin with the conftest, and a worker without cassette tests never need it)."""
    import vcr

    return vcr.VCR(cassette_library_dir=str(CASSETTES), record_mode=record_mode,
                   match_on=["method", "path", "body"], filter_headers=["authorization", "cookie", "set-cookie"],
                   decode_compressed_response=True)


def replay_scenario(name: str, scenario: Scenario, base_url: str) -> None:
    """Replay ``<name>.yaml`` (every recorded request made, none twice), then check the result."""
    run, check = scenario
    with cassette_vcr("none").use_cassette(f"{name}.yaml", allow_playback_repeats=False) as cassette:
        result = run(base_url)
    assert cassette.all_played, f"{name}: some recorded requests were not made (prompt or flow changed?)"
    check(result)


def record_scenario(name: str, scenario: Scenario, base_url: str) -> None:
    """Re-record ``<name>.yaml`` against the live model at ``base_url``, then check the result."""
    run, check = scenario
    (CASSETTES / f"{name}.yaml").unlink(missing_ok=True)  # "all" keeps the old interactions beside the new ones
    with cassette_vcr("all").use_cassette(f"{name}.yaml"):
        result = run(base_url)
    check(result)


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
    """The base URL of a freshly started embedded model, or of one already running: ``NARRATOR_LLM_URL``,
    else the first of ``NARRATOR_LLM_RECORD_URLS`` (record runs only)."""
    if not RECORDING:
        pytest.skip("set NARRATOR_LLM_RECORD=1 to re-record cassettes against the local model")
    running = os.environ.get("NARRATOR_LLM_URL") or os.environ.get("NARRATOR_LLM_RECORD_URLS", "").split(",")[0]
    if running:
        yield running
        return
    from narrator.llm.local import LocalModelError, local_server

    try:
        with local_server() as server:
            yield server.base_url
    except LocalModelError as error:
        pytest.skip(f"local model unavailable: {error}")

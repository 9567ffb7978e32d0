"""Shared test set-up: the toy game fixture is registered so transcripts of it replay.

The LLM cassette fixtures (``no_network``, ``replay``, ``local_model_url``) come from :mod:`tests.cassettes`.
"""

from __future__ import annotations

import gc

import pytest
from narrator.rules.registry import register_game

pytest_plugins = ["tests.cassettes"]

register_game("pig", "tests.core.pig:GAME")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what collection built (modules, test items): the collector stops rescanning it during the run."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """One full collection (it reports unraisable exceptions as usual), then freeze the survivors, so
    pytest's closing five collections no longer each rescan a heap of every test's memo tables."""
    gc.collect()
    gc.freeze()

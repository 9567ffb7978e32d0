"""LLM test set-up: cassettes replay with no model and no network; ``record`` tests re-record them.

The cassette fixtures and helpers live in :mod:`tests.cassettes` (registered for every test folder);
they are re-exported here for the tests that import them from this module.
"""

from __future__ import annotations

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

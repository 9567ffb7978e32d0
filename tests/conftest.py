"""Shared test set-up: the toy game fixture is registered so transcripts of it replay.

The LLM cassette fixtures (``no_network``, ``replay``, ``local_model_url``) come from :mod:`tests.cassettes`.
"""

from __future__ import annotations

from narrator.rules.registry import register_game

pytest_plugins = ["tests.cassettes"]

register_game("pig", "tests.core.pig:GAME")

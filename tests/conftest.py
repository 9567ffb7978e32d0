"""Shared test set-up: the toy game fixture is registered so transcripts of it replay."""

from __future__ import annotations

from rules.registry import register_game

register_game("pig", "tests.core.pig:GAME")

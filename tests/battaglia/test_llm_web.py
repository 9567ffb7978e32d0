"""The web table's ``llm`` battaglia bot: registered, and the scripted bot answers when no model can."""

from __future__ import annotations

from pathlib import Path

import pytest
from narrator.rules.battaglia import GAME

from narrator.session import Session
from narrator.web.bots import bot_kinds, make_bot
from tests.battaglia.llm_helpers import scripted_session


def test_llm_is_a_battaglia_bot_kind() -> None:
    assert "llm" in bot_kinds("battaglia")


def test_without_an_endpoint_the_llm_seat_plays_scripted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No endpoint configured: every move of the seat is the scripted bot's; the game still ends."""
    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "NARRATOR_LLM_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    config = tmp_path / "narrator.toml"
    config.write_text("[llm]\ntemperature = 0.5\n", encoding="utf-8")  # a config without an endpoint
    monkeypatch.setenv("NARRATOR_CONFIG", str(config))
    session, _ = scripted_session(6, 3)
    seat = make_bot("llm", GAME, 0, 3)
    agents = {**session.agents, 0: seat}
    game = Session(GAME, session.config, agents, seed=3)
    game.run(max_moves=20_000)
    assert GAME.outcome(game.state) is not None and seat.model is None and seat.scripted is not None

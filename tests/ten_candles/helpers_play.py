"""Shared helpers for the Ten Candles narrator/agent tests: scripted tables and recorded games."""

from __future__ import annotations

from typing import Any

from narrator.rules.ten_candles import GAME, TenCandlesConfig

from narrator.session import Session
from narrator.ten_candles.seating import narrated_table
from narrator.ten_candles.storyteller import TemplateStoryteller
from narrator.transcript import MemoryRecorder


def recorded_game(players: int, seed: int, *, lang: str = "en", lines: tuple[str, ...] = (),
                  module: str | None = None, storyteller: bool = True) -> tuple[Session, list[dict[str, Any]],
                                                                            TemplateStoryteller | None]:
    """A whole game by scripted survivors and the scripted GM, recorded in memory."""
    voice = TemplateStoryteller(lang=lang, module=module, seed=seed) if storyteller else None
    agents = narrated_table(players, seed, lang=lang, voice=voice)
    recorder = MemoryRecorder()
    session = Session(GAME, TenCandlesConfig(players=players, lines=lines), agents, seed=seed, recorder=recorder)
    session.write_header()
    session.run()
    return session, recorder.records, voice

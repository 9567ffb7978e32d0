"""Shared by the stated-attempt cassettes and ``benchmarks/improv_intents.py``: a two-survivor Ten Candles
table at the first beat of scene 1 (``stated_attempts``); seat 0 states an attempt, the table GM rules
on it with a model Storyteller (or the template alone), the kernel checks the move."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from narrator.agents.base import Seat
from narrator.agents.ten_candles.llm_storyteller import LLMStoryteller
from narrator.rules.core import HOST
from narrator.rules.ten_candles import GAME, PassAttempt, StateAttempt, TenCandlesConfig

from narrator.session import Session
from narrator.ten_candles.storyteller import TemplateStoryteller
from narrator.ten_candles.table_gm import NarratingTableGM
from narrator.transcript import TranscriptWriter
from tests.ten_candles.test_kernel_support import through_setup

TABLE = {"en": {"names": ("Vera Lansky", "Gleb Mironov"), "moment": "I hear my sister's voice on the radio",
                "frame": "A radio studio on the ninth floor. The lights went out an hour ago."},
         "ru": {"names": ("Вера Ланская", "Глеб Миронов"), "moment": "я услышу голос сестры по рации",
                "frame": "Радиостудия на девятом этаже. Свет погас час назад."}}


class Attempter(Seat):
    """Seat 0 states ``text`` at its first beat; every other beat (and seat) passes."""

    def __init__(self, seat: int, text: str | None) -> None:
        self.seat, self.text = seat, text

    def act(self, request: Any) -> Any:
        if not any(a.kind == "pass_attempt" for a in request.legal):
            return next(a for a in request.legal if a.kind not in ("x_card", "candle_out", "reveal_brink"))
        text, self.text = self.text, None
        return StateAttempt(actor=self.seat, text=text) if text else PassAttempt(actor=self.seat)


def table_state(lang: str) -> Any:
    """Scene 1 after setup, the survivors named in ``lang``."""
    config = TenCandlesConfig(players=2, stated_attempts=True)
    state = through_setup(2, config)
    words = TABLE[lang]
    chars = tuple(replace(c, name=words["names"][c.seat], moment=words["moment"], appearance="", description="")
                  for c in state.chars)
    return replace(state, chars=chars, module=words["frame"], frame=words["frame"])


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def rule_on_attempt(text: str, path: Path, *, lang: str = "en", settings: Any = None, http_client: Any = None,
                    seed: int = 3) -> dict[str, Any]:
    """Seat 0 states ``text``; play until the GM's answer stands. ``settings`` None: the template alone."""
    template = TemplateStoryteller(lang=lang, seed=seed)
    voice: Any = template
    if settings is not None:
        voice = LLMStoryteller(settings.model_copy(update={"language": lang}), template, http_client=http_client)
    state = table_state(lang)
    agents = {HOST: NarratingTableGM(seed=seed, voice=voice), 0: Attempter(0, text), 1: Attempter(1, None)}
    session = Session(GAME, state.config, agents, seed=seed, state=state, recorder=TranscriptWriter(path))
    if settings is not None:
        voice.bind(session.write)
    session.write_header()
    for _ in range(8):
        session.step()
        if any(r["kind"] == "action" and r["actor"] == HOST for r in records(path)):
            break
    session.close()
    return {"records": records(path), "session": session, "voice": voice}


def verdict(found: list[dict[str, Any]]) -> dict[str, Any]:
    """What the GM made of the attempt: its move, who ruled, the kernel's refusals, the model's calls."""
    move = next(r for r in found if r["kind"] == "action" and r["actor"] == HOST)
    notes = move.get("notes") or {}
    return {"move": move["payload"], "by": notes.get("by"), "ruling": notes.get("ruling"),
            "rejected": [r["rejection"]["code"] for r in found if r["kind"] == "rejected" and r["actor"] == HOST],
            "fallbacks": [r["reason"] for r in found if r["kind"] == "fallback"],
            "calls": [r for r in found if r["kind"] == "llm_call" and r.get("role") == "ten-candles-attempt"]}

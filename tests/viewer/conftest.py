"""Replay-viewer fixtures: a Whisper game full of canaries, recorded to a sealed transcript.

Every secret carries a marker no other text can contain: the dealt secrets (``SECRET-n``: seat n's
own, all of them host-only), each whisper (``CANARY-whisper-a-to-b``: the two of them), each
refused proposal (``CANARY-refused-n``: seat n and the host) and each model call's prompt and
answer (``CANARY-prompt-n``, ``CANARY-answer-n``: the seat whose model it was, and the host).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from narrator.agents.base import Request, Seat
from narrator.rules.registry import register_game

from narrator.session import Session
from narrator.transcript import TranscriptWriter
from tests.web.whisper import GAME, Pass, Whisper

register_game("whisper", "tests.web.whisper:GAME")

SEATS = 3


def whisper(sender: int, receiver: int) -> str:
    return f"CANARY-whisper-{sender}-to-{receiver}-c41b"


def refused(seat: int) -> str:
    return f"CANARY-refused-{seat}-9d2e"


def prompt(seat: int) -> str:
    return f"CANARY-prompt-{seat}-51aa"


def answer(seat: int) -> str:
    return f"CANARY-answer-{seat}-0e7f"


class CanarySeat(Seat):
    """Whispers a marked line to the next seat; first proposes a refused whisper to itself and
    reports a model call, so every side record carries a marker."""

    def __init__(self, seat: int) -> None:
        self.seat, self.name = seat, f"canary-{seat}"
        self.sink: Callable[[dict[str, Any]], None] | None = None
        self.turns = 0

    def bind_calls(self, sink: Callable[[dict[str, Any]], None]) -> None:
        self.sink = sink

    def act(self, request: Request) -> Any:
        if request.rejection is None and self.sink is not None:
            self.sink({"actor": self.seat, "role": "player", "model": "canary-model", "attempt": 1,
                       "prompt_tokens": 12, "completion_tokens": 3, "latency_ms": 5.0, "outcome": "ok",
                       "prompt": prompt(self.seat), "completion": answer(self.seat)})
        if request.rejection is None and self.turns == 0:
            self.turns += 1
            return Whisper(actor=self.seat, to=self.seat, text=refused(self.seat))  # to oneself: refused
        self.turns += 1
        if self.turns > 3:
            return Pass(actor=self.seat)
        to = (self.seat + 1) % SEATS if self.turns % 2 == 0 else (self.seat + 2) % SEATS
        return Whisper(actor=self.seat, to=to, text=whisper(self.seat, to))


def play_canary_game(path: Path, seed: int = 5) -> Path:
    """A whole Whisper game (2 rounds) by canary seats, written sealed to ``path``."""
    config = GAME.config_type(players=SEATS, rounds=3)
    session = Session(GAME, config, {s: CanarySeat(s) for s in range(SEATS)}, seed=seed, recorder=TranscriptWriter(path))
    session.write_header(seats=[{"seat": s, "agent": f"canary-{s}"} for s in range(SEATS)])
    session.run()
    session.close()
    return path


@pytest.fixture(scope="session")
def canary_transcript(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return play_canary_game(tmp_path_factory.mktemp("canary") / "whisper.jsonl")

"""Shared pieces of the LLM tests: a scripted Pig seat, a list recorder, settings, a game runner."""

from __future__ import annotations

from typing import Any

from narrator.agents.base import Request, Seat
from narrator.agents.llm import LLMAgent, LLMSettings, load_settings
from narrator.rules.core import Action

from narrator.session import Session
from tests.cassettes import RECORDING
from tests.core.pig import GAME, Hold, PigConfig, Roll

PIG_RULES = ("Pig: on your turn roll a six-sided die as often as you like; each roll adds its face to your turn "
             "total, but a 1 loses the turn total and ends your turn. Hold banks the turn total and ends your "
             "turn. The first to reach the target score wins.")
"""The rules summary of the toy game, the static prefix of every Pig prompt."""

MODEL = MODEL_NAME = "smollm2-135m-instruct"
OFFLINE_URL = "http://127.0.0.1:9/v1"
"""Where replayed tests point: nothing listens there, and the network is blocked anyway."""


class HoldAt(Seat):
    """Scripted Pig seat: roll until the turn total reaches ``threshold``, then hold."""

    name = "scripted"

    def __init__(self, threshold: int = 8) -> None:
        self.threshold = threshold

    def act(self, request: Request) -> Action:
        pot = request.view["pot"]
        return Hold(actor=request.seat) if pot >= self.threshold else Roll(actor=request.seat)


class ListRecorder:
    """Keeps transcript records in memory."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def write(self, record: dict[str, Any]) -> None:
        self.records.append(record)

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        return [r for r in self.records if r.get("kind") == kind]


def local_settings(base_url: str = OFFLINE_URL, **overrides: Any) -> LLMSettings:
    """Settings for the embedded model at ``base_url``; fast, bounded retries for tests."""
    values = {"temperature": 0.7, "max_retries": 2, "retry_wait_max": 0.01, "timeout": 30.0, **overrides}
    if RECORDING:  # a loaded machine answers slowly; waits are not part of the recorded traffic
        values.update(timeout=600.0, decision_deadline=1800.0)
    return load_settings(**values).for_local(base_url, MODEL)


def play_pig(llm_seat: LLMAgent, *, target: int = 10, seed: int = 3,
             max_moves: int = 2000) -> tuple[Session, ListRecorder]:
    """A recorded game of Pig: the LLM in seat 0, a scripted seat 1, scripted fallbacks for both."""
    recorder = ListRecorder()
    session = Session(GAME, PigConfig(target=target), {0: llm_seat, 1: HoldAt()}, seed=seed, recorder=recorder,
                      fallbacks={0: HoldAt(), 1: HoldAt()})
    session.write_header()
    session.run(max_moves=max_moves)
    return session, recorder

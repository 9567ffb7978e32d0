"""Shared pieces of the battaglia LLM tests: driving a game to a decision, canary names, a failing model."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import openai
from langchain_core.messages import BaseMessage
from narrator.agents.battaglia.llm import Names
from narrator.agents.battaglia.texts import Table
from narrator.rules.battaglia import GAME, BattagliaState
from narrator.rules.core import CHANCE
from narrator.rules.replay import decode_config

from narrator.battaglia.simulate import make_bots
from narrator.session import Session

SIMULATION = {"speech_rounds": 0, "objection_window": "eligible"}


def scripted_session(players: int, seed: int, lang: str = "en", **options: Any) -> tuple[Session, Table]:
    """A game with scripted bots in every seat (nothing recorded)."""
    table = Table.for_game(seed, players, lang)
    config = decode_config(GAME, {**SIMULATION, **options, "players": players})
    return Session(GAME, config, make_bots(seed, players, table, talk=True), seed=seed), table


def drive_to(session: Session, wanted: Callable[[BattagliaState, int], bool], max_moves: int = 5000) -> int:
    """Play scripted moves until the lowest active seat faces a decision ``wanted(state, seat)``; returns the seat."""
    for _ in range(max_moves):
        active = GAME.active_players(session.state)
        if not active:
            break
        if CHANCE not in active:
            seat = min(active)
            if wanted(session.state, seat):
                return seat
        session.step()
    raise AssertionError("the game never reached the wanted decision")


def offers(kind: str, phase: str | None = None, *, day: int = 0) -> Callable[[BattagliaState, int], bool]:
    """A :func:`drive_to` condition: ``seat`` may make a move of ``kind`` (in ``phase``, from ``day`` on)."""

    def wanted(state: BattagliaState, seat: int) -> bool:
        if (phase is not None and str(state.phase) != phase) or state.day < day:
            return False
        legal = GAME.legal_actions(state, seat)
        return len(legal) > 1 and any(a.kind == kind for a in legal)

    return wanted


class CanaryNames(Names):
    """Writes every seat-bound mask and every night pick as a marker the canary test can trace."""

    def mask(self, card: Any, holder: int | None) -> str:
        return super().mask(card, holder) if holder is None else f"⟦M{holder}:{card}⟧"

    def pick(self, step: str, chooser: int, target: int) -> str:
        return "-" if target < 0 else f"⟦T{step}:{chooser}:{target}⟧"


class FailingModel:
    """A chat model that records every prompt (with the host state at that moment) and fails every call.

    Faking a failure is allowed; no answer is ever invented: the session's scripted fallback moves.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.session: Session | None = None
        self.prompts: list[tuple[BattagliaState, str]] = []
        self._schema = ""

    def with_structured_output(self, schema: Any, **_: Any) -> FailingModel:
        self._schema = str(schema.model_json_schema())
        return self

    def invoke(self, messages: list[BaseMessage]) -> Any:
        assert self.session is not None
        text = "\n".join(str(m.content) for m in messages) + "\n" + self._schema
        self.prompts.append((self.session.state, text))
        raise openai.OpenAIError("canary: no model here; the scripted fallback plays")

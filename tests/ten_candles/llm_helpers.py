"""Pieces of the Ten Candles canary test: markers planted in every secret text, each LLM seat over
its own recording-and-failing model, and the oracle of who may know which marker.

A marker is ``⟦<kind>:<seat>⟧``: ``brink:<holder>`` (``brink:-2`` = Their Brink, held by the GM),
``message:<speaker>``, ``moment:<seat>``, ``virtue:<writer>``, ``vice:<writer>``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

from narrator.agents.base import Decision, Request
from narrator.agents.llm import load_settings
from narrator.rules.core import HOST, Action, Event, PlayerId
from narrator.rules.replay import decode_config
from narrator.rules.ten_candles import GAME
from narrator.rules.ten_candles.actions import RecordMessage, WriteBrink, WriteMoment, WriteTraits
from narrator.rules.ten_candles.setup import brink_knowers
from narrator.rules.ten_candles.state import Phase, TenCandlesState, left_of

from narrator.session import Session
from narrator.ten_candles.human import ScriptedIO
from narrator.ten_candles.llm import LLMTable
from narrator.ten_candles.play import TableSettings
from tests.battaglia.llm_helpers import FailingModel

MARKER = re.compile(r"⟦[^⟧]*⟧")
SECRET_MOMENT_PHASES = (Phase.TRAITS, Phase.MODULE, Phase.DESCRIBE, Phase.MOMENTS)
"""Moments are the writer's alone until shared at the end of step 4 (L144)."""

Prompt = tuple[PlayerId, TenCandlesState, str]
"""(seat, auditor state at the moment of the call, everything sent to the model)."""


def marker(kind: str, seat: PlayerId) -> str:
    """The marker planted in the secret ``kind`` of ``seat``."""
    return f"⟦{kind}:{seat}⟧"


def may_know(state: TenCandlesState, seat: PlayerId) -> set[str]:
    """The markers ``seat`` (``HOST`` = the GM) may know in ``state``, from the rules, not the views.

    Rule: Traits pass at the end of step 1 (L102), Moments are shared after step 4 (L144); a Brink is
    known to its holder and its author (L176, L190), Their Brink to its author and the GM (L192, D20),
    every Brink once shown or embraced (D22); a message to its speaker until played back (L255-257,
    ``message_playback``) (seeds/000_e53cdcbb20917f8a.txt).
    """
    known = set()
    for writer in range(state.players):
        if state.phase != Phase.TRAITS or seat == writer:
            known |= {marker("virtue", writer), marker("vice", writer)}
    for char in state.chars:
        holder = char.seat
        if state.phase not in SECRET_MOMENT_PHASES or seat == holder:
            known.add(marker("moment", holder))
        if char.brink_revealed or seat in brink_knowers(state, holder):
            known.add(marker("brink", holder))
        if seat == holder or _played(state, char.alive):
            known.add(marker("message", holder))
    if seat in brink_knowers(state, HOST):
        known.add(marker("brink", HOST))
    return known


def _played(state: TenCandlesState, alive: bool) -> bool:
    playback = state.config.message_playback
    return (playback == "at_end" and state.phase == Phase.OVER) or (playback == "on_death" and not alive)


def leaks(prompts: Sequence[Prompt]) -> list[str]:
    """Every marker a prompt carried that its seat may not know, described."""
    found = []
    for seat, state, text in prompts:
        extra = set(MARKER.findall(text)) - may_know(state, seat)
        if extra:
            found.append(f"seat {seat}, scene {state.scene}, phase {state.phase}: {sorted(extra)}")
    return found


class Planting:
    """A seat's agent whose every secret text ends with the marker naming that secret."""

    def __init__(self, agent: Any, players: int) -> None:
        self.agent, self.players = agent, players

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)

    def act(self, request: Request) -> Action | Decision:
        answer = self.agent.act(request)
        if isinstance(answer, Decision):
            return dataclasses.replace(answer, action=self.plant(answer.action))
        return self.plant(answer)

    def plant(self, action: Action) -> Action:
        actor = action.actor
        if isinstance(action, WriteBrink):
            return dataclasses.replace(action, text=action.text + marker("brink", left_of(actor, self.players)))
        if isinstance(action, (RecordMessage, WriteMoment)):
            kind = "message" if isinstance(action, RecordMessage) else "moment"
            return dataclasses.replace(action, text=action.text + marker(kind, actor))
        if isinstance(action, WriteTraits):
            return dataclasses.replace(action, virtue=action.virtue + marker("virtue", actor),
                                       vice=action.vice + marker("vice", actor))
        return action


@contextmanager
def models_in_place_of_clients() -> Iterator[None]:
    """Every LLM role gets the object passed as its ``http_client`` as its chat model (a :class:`FailingModel`)."""
    with mock.patch("narrator.agents.llm.agent.chat_model", _the_client), \
            mock.patch("narrator.agents.llm.writer.chat_model", _the_client):
        yield


def _the_client(settings: Any, role: Any, *, http_client: Any = None) -> Any:
    assert isinstance(http_client, FailingModel), "every canary seat has its own recording model"
    return http_client


def canary_table(players: int, seed: int, options: dict[str, Any],
                 lang: str = "en") -> tuple[LLMTable, dict[PlayerId, FailingModel]]:
    """The ``narrator play ten-candles --llm`` table, all seats AI, secrets planted, one failing model per seat.

    ``LLMTable`` hands one client to every role; each seat (and the Storyteller) gets its own recording
    model here so that every prompt is traced to the seat it was sent for.
    """
    # every decision must reach the (failing) model, so the model is never switched off here
    llm = load_settings(max_retries=0, budget_tokens=None, max_transport_failures=10**6).for_local(
        "http://127.0.0.1:9/v1", "canary")
    table = LLMTable(TableSettings(humans=0, ai=players, seed=seed, lang=lang), ScriptedIO([]), llm)
    models = {seat: FailingModel(seat) for seat in (HOST, *range(players))}
    table.storyteller._http_client = models[HOST]  # type: ignore[attr-defined]
    for seat in range(players):
        table.agents[seat]._http_client = models[seat]
    table.agents = {seat: Planting(agent, players) for seat, agent in table.agents.items()}
    config = decode_config(GAME, {**options, "players": players})
    session = Session(GAME, config, table.agents, seed=seed, fallbacks=table.fallbacks)
    table.storyteller.bind(session.write)  # type: ignore[attr-defined]
    table._attach(session)
    for model in models.values():
        model.session = session
    return table, models


def overhear(table: LLMTable) -> Any:
    """A session listener handing every agent the events its seat may *not* see (an auditor's ears)."""

    def listener(action: Action, events: Sequence[Event]) -> None:
        for seat, agent in table.agents.items():
            hidden = [e for e in events if not e.visible_to(seat)]
            if hidden:
                agent.observe(hidden)

    return listener

"""The ``llm`` bot kind of the web table for battaglia: a model seat that falls back to the scripted bot itself.

Web sessions have no per-seat fallbacks, so :class:`WebLLMSeat` carries its own: when the model gives
up (no endpoint, budget spent, refused answers), the scripted bot answers the same request and the
move's notes say why. Without a configured endpoint every move is the scripted bot's.
"""

from __future__ import annotations

import logging
from typing import Any

from narrator.agents.base import AgentGaveUpError, Decision, Request, Seat
from narrator.agents.battaglia.bot import BattagliaBot
from narrator.agents.battaglia.llm.agent import BattagliaLLM
from narrator.agents.battaglia.texts import Table
from narrator.agents.llm import LLMMode, SettingsError, load_settings
from narrator.agents.llm.usage import CallSink, ModelSwitch
from narrator.rules.core import Action, Game, PlayerId

logger = logging.getLogger(__name__)


class WebLLMSeat(Seat):
    """A battaglia seat played by the configured model, the scripted bot answering whenever it cannot."""

    def __init__(self, seat: PlayerId, seed: int, language: str = "en") -> None:
        self.seat, self.seed, self.language = seat, seed, language
        self.scripted: BattagliaBot | None = None
        self.model: BattagliaLLM | None = None
        self._sink: CallSink | None = None
        self._offline = False
        self.name = "llm"
        self.max_attempts = None  # the model gives up itself, then the scripted bot answers

    @property
    def switch(self) -> ModelSwitch | None:
        """The model's switch (:class:`~narrator.agents.llm.usage.Switched`), ``None`` while no model plays."""
        return self.model.switch if self.model is not None else None

    def bind_calls(self, sink: CallSink) -> None:
        """Forward ``llm_call`` records to the table's transcript."""
        self._sink = sink
        if self.model is not None:
            self.model.bind_calls(sink)

    def act(self, request: Request) -> Action | Decision:
        """The model's move, or the scripted bot's when the model gives up."""
        self._build(request.view.players)
        assert self.scripted is not None
        if self.model is not None:
            try:
                return self.model.act(request)
            except AgentGaveUpError as gave_up:
                move = self.scripted.act(Request(request.game, request.seat, request.view, request.legal))
                action = move.action if isinstance(move, Decision) else move
                return Decision(action, {"by": "scripted", "llm_gave_up": gave_up.reason})
        return self.scripted.act(request)

    def _build(self, players: int) -> None:
        if self.scripted is not None:
            return
        table = Table.for_game(self.seed, players, self.language if self.language in ("ru", "en") else "en")
        self.scripted = BattagliaBot(self.seed, self.seat, table)
        try:
            settings = load_settings()
            if settings.resolve_mode() is LLMMode.OFFLINE:
                raise SettingsError("no endpoint configured")
        except SettingsError as error:
            logger.warning("battaglia llm bot, seat %d: %s; the scripted bot plays", self.seat, error)
            return
        self.model = BattagliaLLM(settings, self.seat, table)
        self.name = self.model.name
        if self._sink is not None:
            self.model.bind_calls(self._sink)


def web_bot(game: Game[Any, Any], seat: PlayerId, seed: int, context: Any = None) -> WebLLMSeat:
    """The web table's factory for the ``llm`` battaglia bot kind."""
    return WebLLMSeat(seat, seed, getattr(context, "language", "en"))

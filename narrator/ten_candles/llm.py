"""Ten Candles at the terminal with language models: ``narrator play ten-candles --llm local|endpoint``.

:class:`LLMTable` is the terminal :class:`~narrator.ten_candles.play.Table` with the template
Storyteller wrapped by :class:`~agents.ten_candles.llm_storyteller.LLMStoryteller` (the template
becomes its fallback and its source of module material) and every AI survivor wrapped by
:class:`~agents.ten_candles.llm_survivor.LLMSurvivor` (the scripted survivor becomes the session's
fallback for that seat). Humans are unchanged. Model calls, fallbacks and the Storyteller's prose
all go into the transcript; replay ignores them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from narrator import fairness
from narrator.agents.llm import LLMSettings, TokenBudget, UsageStats
from narrator.agents.ten_candles.llm_storyteller import LLMStoryteller
from narrator.agents.ten_candles.llm_survivor import LLMSurvivor
from narrator.rules.core import HOST
from narrator.rules.ten_candles import GAME, TenCandlesConfig
from narrator.session import Session
from narrator.ten_candles.human import HumanIO
from narrator.ten_candles.play import PlayResult, Table, TableSettings, header_extra
from narrator.transcript import TranscriptWriter


class LLMTable(Table):
    """A terminal table whose Storyteller and AI survivors speak through a model.

    Args:
        settings: the table (humans, AI seats, language, seed, module, lines, veils).
        io: the humans' terminal.
        llm: model settings; their language is set to the table's.
        http_client: an ``httpx2.Client`` for every model call (tests inject faults with it).
    """

    def __init__(self, settings: TableSettings, io: HumanIO, llm: LLMSettings, *, http_client: Any = None,
                 clock: Callable[[], float] = time.monotonic, status: Callable[[Any], None] | None = None,
                 budget: TokenBudget | None = None) -> None:
        super().__init__(settings, io, clock=clock, status=status)
        self.llm = llm.model_copy(update={"language": settings.lang})
        self.stats = UsageStats()
        self.budget = budget if budget is not None else TokenBudget(self.llm.budget_tokens)
        """The game's tokens (``llm.budget_tokens``, unless a budget of its own is given: ``narrator eval``'s)."""
        template = self.storyteller
        self.storyteller = LLMStoryteller(self.llm, template, stats=self.stats, budget=self.budget,
                                          http_client=http_client)  # type: ignore[assignment]
        self.agents[HOST].voice = self.storyteller
        for seat in range(settings.humans):  # the model reads any words a person states (issue 16)
            self.agents[seat].reads_offline = False
        self.fallbacks: dict[int, Any] = {}
        for seat in range(settings.humans, settings.humans + settings.ai):
            scripted = self.agents[seat]
            self.fallbacks[seat] = scripted
            self.agents[seat] = LLMSurvivor(self.llm, scripted, stats=self.stats, budget=self.budget,
                                            http_client=http_client)

    def start(self, path: Path) -> Session:
        """A new game recorded to ``path``, the scripted survivors as the AI seats' fallbacks."""
        s = self.settings
        config = TenCandlesConfig(players=s.humans + s.ai, lines=s.lines, veils=s.veils,
                                  stated_attempts=s.humans > 0)  # people say what they attempt (D45)
        session = Session(GAME, config, self.agents, seed=s.seed, recorder=TranscriptWriter(path),
                          fallbacks=self.fallbacks)
        for line in fairness.begin(session, path, s.lang, chosen=None if s.secret else s.seed):  # before the header
            self.io.say(line)
        session.write_header(**header_extra(s), llm={"mode": str(self.llm.mode or "endpoint"),
                                                     "model": self.llm.model_for("storyteller")})
        self.storyteller.bind(session.write)  # type: ignore[attr-defined]
        return self._attach(session)

    def resume(self, path: Path) -> Session:
        """The game at ``path``, continued with the models (and their fallbacks)."""
        session = super().resume(path)
        session.fallbacks.update(self.fallbacks)
        for agent in self.agents.values():
            agent.bind_calls(session.write_llm_call)
        self.storyteller.bind(session.write)  # type: ignore[attr-defined]
        return session


def play_llm(settings: TableSettings, io: HumanIO, transcript: Path, llm: LLMSettings, *, resume: bool = False,
             http_client: Any = None, status: Callable[[Any], None] | None = None) -> tuple[PlayResult, LLMTable]:
    """Play (or resume) one game with the models; returns the result and the table (its usage stats).

    Raises:
        narrator.resume.ResumeError: the transcript cannot be resumed.
        ModuleBlockedError: the chosen module touches one of the table's lines.
    """
    table = LLMTable(settings, io, llm, http_client=http_client, status=status)
    session = table.resume(transcript) if resume else table.start(transcript)
    outcome = table.run()
    return PlayResult(outcome, transcript, table.storyteller, session), table  # type: ignore[arg-type]

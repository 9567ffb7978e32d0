"""A battaglia seat played by a language model, with the scripted bot as its fallback.

:class:`BattagliaLLM` turns the seat's view into a compact :class:`~agents.battaglia.llm.brief.Brief`
and asks a generic :class:`~agents.llm.LLMAgent` for the decision at hand (one per decision kind
and mask, since the voice and the speech field differ). Forced moves (one legal option) are made
without a call. :func:`llm_table` builds the agents, fallbacks and shared budget of one game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from narrator.agents.base import Decision, Request, Seat
from narrator.agents.battaglia.bot import BattagliaBot
from narrator.agents.battaglia.llm.brief import Brief, Names, build_brief
from narrator.agents.battaglia.llm.roles import decision_kind, role_for
from narrator.agents.battaglia.texts import Table
from narrator.agents.llm import LLMAgent, LLMSettings, TokenBudget, UsageStats
from narrator.agents.llm.client import chat_model
from narrator.agents.llm.prompts import render
from narrator.agents.llm.usage import CallSink, ModelSwitch
from narrator.rules.core import Action, PlayerId

SPEECH_SCHEMA_CHARS = 300
"""The schema's ``maxLength`` for speech; :func:`~agents.battaglia.llm.roles.fit_speech` then trims it."""


class BattagliaLLM(Seat):
    """One seat played by a model (implements :class:`agents.base.Agent`).

    Args:
        settings: endpoint, models, re-asks, language (the table's language wins for prompts).
        seat: the seat it plays.
        table: the public dressing (names, legends, setting, language).
        model: a chat model shared by the seats of a run (default: one from ``settings``).
        stats: the run's usage stats. budget: the game's token budget.
        names: how seats and masks are written (tests swap in markers).
        strict: accusations must name the accused (see ``roles.names_the_accused``).
    """

    def __init__(self, settings: LLMSettings, seat: PlayerId, table: Table, *, model: Any = None,
                 stats: UsageStats | None = None, budget: TokenBudget | None = None,
                 names: Names | None = None, strict: bool = False) -> None:
        self.strict = strict
        self.settings = settings.model_copy(update={"language": table.lang})
        self.seat, self.table = seat, table
        self.names = names or Names(table)
        self.chat = model if model is not None else chat_model(self.settings, "bot")
        self.stats = stats or UsageStats()
        self.budget = budget or TokenBudget(settings.budget_tokens)
        self.name = f"llm:{self.settings.model_for('bot')}"
        self.max_attempts = None  # its conversation counts the re-asks and gives up itself
        self.concurrent = True  # it waits on the model: night choices and ballots are asked together
        self.from_request = True  # its prompt is its view (roles keep no heard events): asked ahead, still good
        self.warms = self.settings.warm_up and len(self.settings.endpoints) > 1  # a pool of caching servers
        self._sink: CallSink | None = None
        self._agents: dict[tuple[str, str, int], LLMAgent] = {}
        self.switch = ModelSwitch(self.settings.max_transport_failures)
        """The seat's model switch, shared by its per-decision agents."""

    def bind_calls(self, sink: CallSink) -> None:
        """Send ``llm_call`` records to ``sink`` (the session's transcript)."""
        self._sink = sink
        for agent in self._agents.values():
            agent.bind_calls(sink)

    def act(self, request: Request) -> Action | Decision:
        """The model's choice among ``request.legal``; a forced move is made without asking."""
        if len(request.legal) == 1 and request.attempt == 1:
            return request.legal[0]
        inner, briefed = self._briefed(request)
        return _with_claims(inner.act(briefed), briefed.view)

    async def aact(self, request: Request) -> Action | Decision:
        """:meth:`act` over the async client (night choices and ballots are asked together)."""
        if len(request.legal) == 1 and request.attempt == 1:
            return request.legal[0]
        inner, briefed = self._briefed(request)
        return _with_claims(await inner.aact(briefed), briefed.view)

    async def awarm(self, request: Request) -> bool:
        """Warm the seat's home server with the prompt ``request`` would make (:meth:`LLMAgent.awarm`): the
        session sends it while an earlier seat speaks, so that the seat's real turn evaluates only what that
        speech added. A forced move makes no call, so it is not warmed."""
        if len(request.legal) < 2:
            return False
        inner, briefed = self._briefed(request)
        return await inner.awarm(briefed)

    def _briefed(self, request: Request) -> tuple[LLMAgent, Request]:
        """The agent for the decision at hand, and the request with the seat's view made a brief."""
        view = request.view
        kind = decision_kind(view, {a.kind for a in request.legal})
        brief = build_brief(view, kind, self.names, request.legal)
        return self._agent(kind, brief), Request(request.game, request.seat, brief, request.legal,
                                                 request.rejection, request.attempt)

    def _agent(self, kind: str, brief: Brief) -> LLMAgent:
        """The generic agent for this decision kind in the current mask's voice."""
        key = (kind, brief.me["mask"], brief.me["life"])  # a new soul, a new persona (L44)
        agent = self._agents.get(key)
        if agent is None:
            persona = render("battaglia/llm/persona", self.table.lang, me=brief.me, setting=brief.setting,
                             faction_name=brief.faction_name)
            agent = LLMAgent(self.settings, role_for(kind, persona, SPEECH_SCHEMA_CHARS, strict=self.strict), model=self.chat,
                             calls=self._sink, stats=self.stats, budget=self.budget,
                             switch=self.switch)
            self._agents[key] = agent
        return agent


def _with_claims(decision: Decision, brief: Brief) -> Decision:
    """The decision with what its accepted speech claims (checked true of the record) in its host-only notes."""
    text = getattr(decision.action, "text", "")
    if text and brief.facts is not None:
        claims = brief.facts.claims(text)
        if claims:
            notes = {**decision.notes, "claims": [c.to_dict() for c in claims], "force": brief.me["force"]}
            return Decision(decision.action, notes, decision.said, decision.talk)
    return decision


def llm_table(settings: LLMSettings, seed: int | None, table: Table, seats: Iterable[int], *,
              stats: UsageStats | None = None, model: Any = None,
              names: Names | None = None) -> tuple[dict[int, Any], dict[int, BattagliaBot]]:
    """The agents of one game: a model in ``seats``, scripted bots elsewhere; scripted fallbacks for every seat.

    The seats share one token budget (the game's) and ``stats`` (the run's).
    """
    players = len(table.names)
    stats = stats or UsageStats()
    budget = TokenBudget(settings.budget_tokens)
    chat = model if model is not None else chat_model(settings, "bot")
    wanted = set(seats)
    agents: dict[int, Any] = {}
    for seat in range(players):
        if seat in wanted:
            agents[seat] = BattagliaLLM(settings, seat, table, model=chat, stats=stats, budget=budget, names=names)
        else:
            agents[seat] = BattagliaBot(seed, seat, table, talk=True)
    fallbacks = {seat: BattagliaBot(seed, seat, table, talk=True) for seat in range(players)}
    return agents, fallbacks


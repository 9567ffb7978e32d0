"""The LLM seat: a model chooses one of the kernel's legal moves.

The prompt is the role's static prefix (system text, rules summary: cacheable by providers), then
the seat's view, the events it saw lately and the legal options. The answer is a function call
into a model built per request whose ``choice`` is a ``Literal`` of the options' labels. An
unparseable answer, or one the kernel refuses (it comes back as ``request.rejection``), is re-asked
with the reason at most ``max_reasks`` times; then the agent raises ``AgentGaveUpError`` and the
session's scripted fallback moves, recording why.

One agent per seat: it remembers the events its seat saw, and those must not mix between seats.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from narrator.agents.base import AgentGaveUpError, Decision, Request, Seat
from narrator.agents.llm.client import chat_model
from narrator.agents.llm.conversation import Accounting, Conversation, Parsed, tool_arguments, validate
from narrator.agents.llm.language import wrong_language
from narrator.agents.llm.prompts import describe_events, render, rules_summary
from narrator.agents.llm.roles import PLAYER, ChoiceRole, option_labels
from narrator.agents.llm.settings import LLMSettings
from narrator.agents.llm.streaming import feed_for, forced_tool
from narrator.agents.llm.usage import CallSink, ModelSwitch, TokenBudget, UsageStats
from narrator.rules.core import Action, Event, PlayerId
from pydantic import BaseModel

WARM_UP_DELAY_S = 0.05
"""A warm-up waits this long before it looks for its server: the seat asked now takes its own server first
(a warm-up only ever takes a free one, so at worst it is skipped or the seat goes to its second server)."""


class LLMAgent(Seat):
    """A seat played by a language model (implements :class:`agents.base.Agent`).

    Args:
        settings: endpoint, model per role, retries, re-asks, budget, language.
        role: what the seat is asked (templates, output model, validator).
        model: a ready chat model (default: ``ChatOpenAI`` from ``settings``).
        http_client: an ``httpx2.Client`` for the default model (tests inject faults with it).
        calls: receives each ``llm_call`` record; the session binds it to the transcript.
        stats: the run's usage stats (shared by all seats of a simulation).
        budget: the game's token budget (shared by all its seats); default from ``settings``.
        rules: the rules summary put in the static prefix (default: ``prompts/<game>/rules.<lang>.md``).
        switch: the seat's model switch (shared by the agents of one seat); default a new one.
    """

    def __init__(self, settings: LLMSettings, role: ChoiceRole = PLAYER, *, model: Any = None,
                 http_client: Any = None, calls: CallSink | None = None, stats: UsageStats | None = None,
                 budget: TokenBudget | None = None, rules: str | None = None,
                 switch: ModelSwitch | None = None) -> None:
        self.settings, self.role, self.rules = settings, role, rules
        self.model_name = settings.model_for(role.model_role)
        self.name = f"llm:{self.model_name}"
        self.max_attempts = None  # the conversation counts re-asks (invalid and refused alike) and gives up itself
        self.concurrent = True  # it waits on the model: the session may ask it beside other seats
        self.chat = model if model is not None else chat_model(settings, role.model_role, http_client=http_client)
        self.accounting = Accounting(calls, stats or UsageStats(), budget or TokenBudget(settings.budget_tokens),
                                     switch or ModelSwitch(settings.max_transport_failures))
        self._seat: PlayerId | None = None
        self._events: deque[Event] = deque(maxlen=role.recent_events)
        self._turn: _Turn | None = None

    @property
    def stats(self) -> UsageStats:
        """The usage stats this agent adds to."""
        return self.accounting.stats

    @property
    def switch(self) -> ModelSwitch:
        """This seat's model switch (off after repeated transport failures)."""
        return self.accounting.switch

    def bind_calls(self, sink: CallSink) -> None:
        """Send ``llm_call`` records to ``sink`` (the session's transcript)."""
        self.accounting.sink = sink

    def observe(self, events: Sequence[Event]) -> None:
        """Remember the latest events this seat may see (the session filters them)."""
        self._events.extend(events)

    def act(self, request: Request) -> Decision:
        """Propose a move for ``request.seat``; re-ask with the kernel's reason after a refusal.

        Raises:
            AgentGaveUpError: budget spent, model unreachable, or every re-ask refused.
        """
        try:
            return self._continue(request).decide()
        except BaseException:
            self._turn = None  # the session falls back; the next request starts afresh
            raise

    async def aact(self, request: Request) -> Decision:
        """:meth:`act` over the async client (the session asks several seats at once)."""
        try:
            return await self._continue(request).adecide()
        except BaseException:
            self._turn = None
            raise

    async def awarm(self, request: Request) -> bool:
        """Send the prompt ``request`` would make, asking one token, to the seat's home server if it is free now,
        so that its prompt cache holds this prompt when the seat is really asked (a prompt that differs only at
        its end then evaluates only that end). Nothing is decided, recorded in the transcript or shown; the
        latency goes to ``stats.warm_ups``. Returns whether it was sent."""
        from narrator.agents.llm.slots import home, send_warm_up

        url = home(self.settings, request.seat)
        if url is None or not request.legal:
            return False
        messages = self._messages(request)
        await asyncio.sleep(WARM_UP_DELAY_S)
        return await send_warm_up(self.settings, self.chat, messages, url, self.stats.warm_ups)

    # -- helpers -----------------------------------------------------------------------------

    def _continue(self, request: Request) -> _Turn:
        """The decision ``request`` asks for: a new one, or the current one told why the kernel refused."""
        self._claim(request.seat)
        if request.attempt == 1 or self._turn is None:
            self._turn = self._start(request)
        elif request.rejection is not None:
            self._turn.kernel_refused(f"{request.rejection.code}: {request.rejection.message}")
        return self._turn

    # -- helpers -----------------------------------------------------------------------------

    def _claim(self, seat: PlayerId) -> None:
        if self._seat is None:
            self._seat = seat
        elif seat != self._seat:
            raise ValueError(f"this LLMAgent plays seat {self._seat}; give seat {seat} its own agent")

    def _start(self, request: Request) -> _Turn:
        role, language = self.role, self.settings.language
        if not request.legal:
            raise AgentGaveUpError(f"seat {request.seat} was offered no legal move to choose from")
        options = option_labels(request.legal, role.label)
        labels = list(options)
        output = role.output_model(labels, request.seat)
        feed = feed_for(request.seat, role.name, "speech") if role.speech is not None else None
        if feed is not None:  # a speaking seat streams its speech as it comes
            structured = forced_tool(self.chat, output)
        else:
            structured = self.chat.with_structured_output(output, method="function_calling", include_raw=True)
        turn = _Turn(self, request, options, output)
        turn.conversation = Conversation(
            structured, self._messages(request, labels), turn.parse,
            lambda answer, reason: render(role.reask, language, answer=answer, reason=reason, tool=role.tool,
                                          options=labels, **role.reask_values(labels, request.seat)),
            self.stats.start(request.seat), self.settings, self.accounting, role.name, self.model_name,
            tool=role.tool, stream=feed)
        return turn


    def _messages(self, request: Request, labels: list[str] | None = None) -> list[BaseMessage]:
        """The system prompt and the request of a decision (the same for a warm-up and the real call)."""
        role, language = self.role, self.settings.language
        labels = labels if labels is not None else list(option_labels(request.legal, role.label))
        rules = self.rules if self.rules is not None else rules_summary(request.game, language)
        system = render(role.system, language, game=request.game, seat=request.seat, rules=rules,
                        persona=role.persona, tool=role.tool, speech=role.speech)
        task = render(role.task, language, game=request.game, seat=request.seat)
        prompt = render(role.prompt, language, view=request.view, events=describe_events(self._events),
                        options=labels, task=task)
        return [SystemMessage(content=system), HumanMessage(content=prompt)]


class _Turn:
    """One decision of one seat: its options, output model and conversation."""

    conversation: Conversation

    def __init__(self, agent: LLMAgent, request: Request, options: dict[str, Action],
                 output: type[BaseModel]) -> None:
        self.agent, self.request, self.options, self.output = agent, request, options, output

    def decide(self) -> Decision:
        return self._decision(self.conversation.run())

    async def adecide(self) -> Decision:
        return self._decision(await self.conversation.arun())

    def _decision(self, result: BaseModel) -> Decision:
        action = self.options[result.choice]  # type: ignore[attr-defined]
        role = self.agent.role
        if role.to_action is not None:
            action = role.to_action(action, result, self.request)
        notes: dict[str, Any] = {"by": self.agent.name, "choice": result.choice}  # type: ignore[attr-defined]
        if role.speech is not None:
            notes["speech"] = result.speech  # type: ignore[attr-defined]
        return Decision(action, notes)

    def kernel_refused(self, reason: str) -> None:
        log = self.conversation.log
        if log.proposals and log.proposals[-1] == "proposed":
            log.proposals[-1] = "rejected"
        self.conversation.refused(reason)

    def parse(self, message: AIMessage) -> Parsed:
        parsed = tool_arguments(message, self.conversation.tool)
        if parsed.error is not None:
            return parsed
        parsed = validate(self.output, parsed.output, parsed)
        speech = getattr(parsed.output, "speech", None)
        if parsed.error is None and isinstance(speech, str):
            wrong = wrong_language(speech, self.agent.settings.language)
            if wrong:
                return Parsed(parsed.text, error=wrong)
        validator = self.agent.role.validator
        if parsed.error is None and validator is not None:
            reason = validator(parsed.output, {"request": self.request, "options": self.options})
            if reason:
                return Parsed(parsed.text, error=reason)
        return parsed

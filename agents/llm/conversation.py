"""One decision's exchange with a model: call, account, parse, re-ask with the reason, or give up.

Shared by :class:`~agents.llm.agent.LLMAgent` (moves) and :class:`~agents.llm.writer.LLMWriter`
(prose). A re-ask appends the model's answer and the reason it was refused, so the model never
sees the identical prompt twice. Reasons for giving up start with a stable word the transcript
and reports group by: ``budget:``, ``transport:``, ``deadline:``, ``model_off:``, ``illegal:``.

A decision has one wall-clock deadline (``settings.decision_deadline``) for all its calls and
re-asks, counted from when it was asked: waiting for a concurrency limit or a server's slot spends it too,
so a table never waits more than one deadline for a round of seats asked together. Decisions lost to the transport are counted by the seat's :class:`ModelSwitch`; after
``settings.max_transport_failures`` in a row the model is switched off for the rest of the game.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NoReturn

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from narrator.agents import concurrency
from narrator.agents.base import AgentGaveUpError
from narrator.agents.llm.client import (
    DeadlineExceededError,
    Reply,
    TransportError,
    ainvoke,
    invoke,
    stream_invoke,
)
from narrator.agents.llm.settings import LLMSettings
from narrator.agents.llm.slots import aslot, slot
from narrator.agents.llm.streaming import DraftFeed
from narrator.agents.llm.usage import (
    CallOutcome,
    CallRecord,
    CallSink,
    DecisionLog,
    ModelSwitch,
    TokenBudget,
    UsageStats,
)
from pydantic import BaseModel, ValidationError

RAW_KEPT = 400
"""Characters of a raw answer kept in records."""
PROMPT_KEPT = 2000
"""Characters of a call's request kept in its ``llm_call`` record."""


@dataclass
class Accounting:
    """Where a caller's records go: the transcript sink, the run's stats, the game's budget, the seat's switch."""

    sink: CallSink | None = None
    stats: UsageStats = field(default_factory=UsageStats)
    budget: TokenBudget = field(default_factory=lambda: TokenBudget(None))
    switch: ModelSwitch = field(default_factory=ModelSwitch)


@dataclass
class Parsed:
    """A parsed answer: the output, or why it was refused; and the answer's text for a re-ask."""

    text: str | None
    output: Any = None
    error: str | None = None
    empty: bool = False


@dataclass
class Conversation:
    """The messages of one decision, and how many re-asks are left.

    Attributes:
        model: the runnable called (a chat model, or one with structured output).
        messages: the prompt so far; grows with each answer and each reason for refusing it.
        parse: turns the model's message into :class:`Parsed`.
        reask: renders the follow-up message from ``(answer_text, reason)``.
        log: this decision's log in the run's stats.
    """

    model: Any
    messages: list[BaseMessage]
    parse: Callable[[AIMessage], Parsed]
    reask: Callable[[str, str], str]
    log: DecisionLog
    settings: LLMSettings
    accounting: Accounting
    role: str
    model_name: str
    reasks_used: int = 0
    last_text: str | None = None
    deadline: float = field(default=0.0)
    """``time.monotonic()`` by which this decision must be made (set when the conversation starts)."""
    tool: str | None = None
    """The function the model must call (``None``: plain text, or any name)."""
    stream: DraftFeed | None = None
    """Shows the answer's prose as it streams in, and whether it was kept (``None``: no streaming)."""

    def __post_init__(self) -> None:
        if not self.deadline:  # from when the decision was asked (a batch's gather), else from now
            asked = concurrency.ASKED_AT.get()
            self.deadline = (asked if asked is not None else time.monotonic()) + self.settings.decision_deadline

    def run(self) -> Any:
        """Call until an answer parses and validates; returns its output.

        Raises:
            AgentGaveUpError: the budget is spent, the model cannot be reached, or re-asks ran out.
        """
        while True:
            parsed = self._call_once()
            if parsed.error is None:
                self.log.proposals.append("proposed")
                return parsed.output
            self.log.proposals.append("invalid")
            self.refused(parsed.error)

    def refused(self, reason: str) -> None:
        """The last answer was refused (by validation or by the kernel): re-ask, or give up."""
        if self.reasks_used >= self.settings.max_reasks:
            count = len(self.log.proposals)
            self.give_up(f"illegal: {count} answer{'s' * (count != 1)} refused; last: {reason}")
        self.reasks_used += 1
        self.messages.append(AIMessage(content=self.last_text or "(no answer)"))
        self.messages.append(HumanMessage(content=self.reask(self.last_text or "(no answer)", reason)))

    def give_up(self, reason: str) -> NoReturn:
        """Close the decision as a fallback and tell the session."""
        self.log.status, self.log.fallback_reason = "gave_up", reason
        raise AgentGaveUpError(reason, raw=self.last_text, attempts=len(self.log.calls))

    async def arun(self) -> Any:
        """:meth:`run` awaited (the async client): for seats asked at the same time as others."""
        while True:
            parsed = await self._acall_once()
            if parsed.error is None:
                self.log.proposals.append("proposed")
                return parsed.output
            self.log.proposals.append("invalid")
            self.refused(parsed.error)

    def _call_once(self) -> Parsed:
        attempt = self._before_call()
        with slot(self.settings, self.log.seat):  # queueing for a server spends the decision's time too
            start = time.perf_counter()
            try:
                if self.stream is not None:
                    reply = stream_invoke(self.model, self.messages, self.settings, deadline=self.deadline,
                                          stream=self.stream)
                else:
                    reply = invoke(self.model, self.messages, self.settings, deadline=self.deadline)
            except TransportError as error:
                self._withdraw()
                self._lost(error, attempt, start)
        return self._answered(reply, attempt)

    async def _acall_once(self) -> Parsed:
        attempt = self._before_call()
        async with aslot(self.settings, self.log.seat):
            start = time.perf_counter()
            try:
                reply = await ainvoke(self.model, self.messages, self.settings, deadline=self.deadline,
                                      stream=self.stream)
            except TransportError as error:
                self._withdraw()
                self._lost(error, attempt, start)
        return self._answered(reply, attempt)

    def _withdraw(self) -> None:
        if self.stream is not None:
            self.stream.close(kept=False)

    def _before_call(self) -> int:
        """Give up before calling when the model is off, the budget spent or the deadline past; else the attempt."""
        budget, switch = self.accounting.budget, self.accounting.switch
        if switch.off:
            self.give_up(switch.off_reason or "model_off")
        if budget.exhausted:
            self.give_up(budget.describe())
        if time.monotonic() >= self.deadline:
            self.give_up(f"deadline: {self.settings.decision_deadline:g} s passed before a usable answer")
        return len(self.log.calls) + 1

    def _lost(self, error: TransportError, attempt: int, start: float) -> NoReturn:
        switch = self.accounting.switch
        self._record(CallRecord(self.role, self.model_name, attempt, (time.perf_counter() - start) * 1000,
                                "transport_error", seat=self.log.seat, error=str(error)))
        kind = "deadline" if isinstance(error, DeadlineExceededError) else "transport"
        if switch.failed(f"{kind}: {error}"):
            self.give_up(switch.off_reason or "model_off")
        self.give_up(f"{kind}: {error}")

    def _answered(self, reply: Reply, attempt: int) -> Parsed:
        self.accounting.switch.succeeded()
        parsed = self.parse(reply.message)
        if self.stream is not None:  # the draft on screen stays only if every check passed
            self.stream.close(kept=parsed.error is None)
        self.last_text = parsed.text
        outcome: CallOutcome = "ok" if parsed.error is None else "empty" if parsed.empty else "invalid"
        self.accounting.budget.charge(reply.prompt_tokens + reply.completion_tokens)
        self._record(CallRecord(self.role, self.model_name, attempt, reply.latency_ms, outcome,
                                reply.prompt_tokens, reply.completion_tokens, seat=self.log.seat,
                                error=parsed.error, completion=(parsed.text or "")[:RAW_KEPT],
                                estimated=reply.estimated))
        return parsed

    def _record(self, call: CallRecord) -> None:
        if call.prompt is None:  # what this attempt asked (the replay viewer shows it to the seat and the host)
            call.prompt = last_request(self.messages)
        self.log.calls.append(call)
        if self.accounting.sink is not None:
            self.accounting.sink(call.to_record())


def last_request(messages: list[BaseMessage]) -> str | None:
    """The last message the model was sent (the decision's request, or a re-ask with its reason), cut
    to :data:`PROMPT_KEPT` characters; the system prompt (rules, persona) is the same every call."""
    asked = next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)
    if asked is None:
        return None
    text = asked.content if isinstance(asked.content, str) else str(asked.content)
    return text if len(text) <= PROMPT_KEPT else text[:PROMPT_KEPT] + "…"


def tool_arguments(message: AIMessage, tool: str | None = None) -> Parsed:
    """The arguments of the model's function call, as a dict in ``Parsed.output`` (or why there are none).

    Accepts a JSON object in the message text too, since small models sometimes answer that way.
    Refused with a reason: an explicit refusal, an answer cut off at ``max_tokens``, a call of
    another function than ``tool``, several calls at once.
    """
    refusal = (message.additional_kwargs or {}).get("refusal")
    if refusal:
        return Parsed(str(refusal)[:RAW_KEPT], error=f"the model refused to answer ({str(refusal)[:80]}); "
                      "this is a game move, not a real-world request: call the function with your choice")
    if (message.response_metadata or {}).get("finish_reason") == "length":
        text = json.dumps(message.tool_calls[0]["args"], ensure_ascii=False) if message.tool_calls else \
            str(message.content or "")
        return Parsed(text[:RAW_KEPT] or None, error="the answer was cut off at the length limit; answer shorter")
    if len(message.tool_calls) + len(message.invalid_tool_calls) > 1:
        names = [call.get("name") for call in (*message.tool_calls, *message.invalid_tool_calls)]
        return Parsed(json.dumps(names), error=f"{len(names)} function calls; call {tool or 'the function'} once")
    if message.tool_calls:
        call = message.tool_calls[0]
        args = call["args"]
        text = json.dumps(args, ensure_ascii=False, sort_keys=True)
        if tool is not None and call.get("name") != tool:
            return Parsed(text, error=f"you called {call.get('name')!r}; call the function {tool!r}")
        return Parsed(text, output=args)
    if message.invalid_tool_calls:
        bad = message.invalid_tool_calls[0]
        text = str(bad.get("args") or "")
        return Parsed(text, error=f"the function arguments are not valid JSON ({bad.get('error') or text[:80]})")
    content = message.content if isinstance(message.content, str) else json.dumps(message.content)
    text = content.strip()
    if not text:
        return Parsed(None, error="the answer was empty; call the function with your choice", empty=True)
    try:
        data = json.loads(text.removeprefix("```json").removeprefix("```").removesuffix("```").strip())
    except json.JSONDecodeError:
        return Parsed(text, error="the answer was not a function call; call the function with your choice")
    if not isinstance(data, dict):
        return Parsed(text, error="the answer must be a JSON object with the function's fields")
    nested = data.get("arguments")  # some models wrap the call: {"name": ..., "arguments": {...}}
    return Parsed(text, output=nested if isinstance(nested, dict) else data)


def validate(model: type[BaseModel], data: dict[str, Any], parsed: Parsed) -> Parsed:
    """``data`` validated into ``model``; a validation error becomes the refusal reason."""
    try:
        return Parsed(parsed.text, output=model.model_validate(data))
    except ValidationError as error:
        return Parsed(parsed.text, error=explain(error))


def explain(error: ValidationError) -> str:
    """A validation error as one sentence per field, for the model to act on."""
    parts = []
    for item in error.errors():
        where = ".".join(map(str, item["loc"])) or "answer"
        parts.append(f"{where}: {item['msg']}" + (f" (got {item['input']!r})" if item["type"] != "missing" else ""))
    return "; ".join(parts)

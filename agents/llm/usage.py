"""What language models cost and how well they do: one record per call, stats per decision, a token budget.

Every model call becomes an ``llm_call`` record (model, tokens, latency, attempt, outcome), handed
to a *sink* (the session writes it to the transcript). :class:`UsageStats` sums the records by
decision, for ``narrator simulate ... --llm`` reports; :class:`TokenBudget` stops spending.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

CallSink = Callable[[dict[str, Any]], None]
"""Receives one ``llm_call`` record (without ``seq``/``kind``; the session adds them)."""

CallOutcome = Literal["ok", "invalid", "empty", "transport_error"]
"""``ok``: parsed and valid (the kernel may still refuse it); ``invalid``: unparseable or against the
schema; ``empty``: no answer at all; ``transport_error``: the request itself failed after retries."""

Status = Literal["open", "accepted", "gave_up"]


@dataclass
class CallRecord:
    """One request to a model."""

    role: str
    model: str
    attempt: int
    """1 for the first call of a decision, 2+ for its re-asks."""
    latency_ms: float
    outcome: CallOutcome
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seat: int | None = None
    error: str | None = None
    completion: str | None = None
    """The raw answer (truncated), kept so a fallback can be understood from the transcript."""
    estimated: bool = False
    """The tokens are estimated: a streamed answer whose server reported no usage."""
    prompt: str | None = None
    """The request this call sent (its last message, truncated): the seat's own view, never another's."""

    def to_record(self) -> dict[str, Any]:
        """The transcript record's body (the session adds ``seq`` and ``kind``)."""
        record: dict[str, Any] = {"actor": self.seat, "role": self.role, "model": self.model,
                                  "attempt": self.attempt, "prompt_tokens": self.prompt_tokens,
                                  "completion_tokens": self.completion_tokens,
                                  "latency_ms": round(self.latency_ms, 1), "outcome": self.outcome}
        if self.error:
            record["error"] = self.error
        if self.completion is not None:
            record["completion"] = self.completion
        if self.prompt is not None:
            record["prompt"] = self.prompt
        return record


@dataclass
class DecisionLog:
    """The calls and proposals of one decision (one move asked of a seat, or one text asked of a writer)."""

    seat: int | None
    calls: list[CallRecord] = field(default_factory=list)
    proposals: list[str] = field(default_factory=list)
    """Per proposal: ``invalid`` (refused by the schema/validator), ``proposed``, then ``rejected`` if the
    kernel refused it."""
    status: Status = "open"
    fallback_reason: str | None = None

    @property
    def first_illegal(self) -> bool:
        """Whether the first proposal was unparseable, invalid or refused by the kernel."""
        return bool(self.proposals) and self.proposals[0] != "proposed"

    @property
    def ended_illegal(self) -> bool:
        """Whether re-asks did not help: the decision fell back after illegal proposals only."""
        return self.status == "gave_up" and bool(self.proposals) and "proposed" not in self.proposals


@dataclass
class UsageStats:
    """Sums over many decisions (one game or a whole simulation). Shared by the agents of a run."""

    decisions: list[DecisionLog] = field(default_factory=list)
    warm_ups: list[float] = field(default_factory=list)
    """Latency (ms) of each prompt warm-up sent (one token asked, the answer unused; see ``LLMAgent.awarm``)."""

    def start(self, seat: int | None) -> DecisionLog:
        """Open the log of a new decision."""
        log = DecisionLog(seat)
        self.decisions.append(log)
        return log

    @property
    def calls(self) -> list[CallRecord]:
        """Every call, in order."""
        return [call for log in self.decisions for call in log.calls]

    def summary(self) -> dict[str, Any]:
        """Per-decision means and rates (JSON-ready). Empty dict when nothing was asked."""
        logs = [log for log in self.decisions if log.calls]
        if not logs:
            return {}
        latencies = [sum(c.latency_ms for c in log.calls) for log in logs]
        fallbacks = [log for log in self.decisions if log.status == "gave_up"]
        reasons: dict[str, int] = {}
        for log in fallbacks:
            key = (log.fallback_reason or "gave up").split(":")[0]
            reasons[key] = reasons.get(key, 0) + 1
        return {
            "decisions": len(logs),
            "calls": sum(len(log.calls) for log in logs),
            "calls_per_decision": _mean(len(log.calls) for log in logs),
            "prompt_tokens_per_decision": _mean(sum(c.prompt_tokens for c in log.calls) for log in logs),
            "completion_tokens_per_decision": _mean(sum(c.completion_tokens for c in log.calls) for log in logs),
            "latency_ms_per_decision": round(statistics.fmean(latencies), 1),
            "latency_ms_per_decision_p50": round(statistics.median(latencies), 1),
            "latency_ms_per_decision_max": round(max(latencies), 1),
            "illegal_first_proposal_rate": _rate(log.first_illegal for log in logs),
            "illegal_after_reasks_rate": _rate(log.ended_illegal for log in logs),
            "fallback_rate": _rate(log.status == "gave_up" for log in logs),
            "fallbacks_by_reason": reasons,
            "total_tokens": sum(c.prompt_tokens + c.completion_tokens for c in self.calls),
            "warm_ups": len(self.warm_ups),
            "warm_up_latency_s": round(sum(self.warm_ups) / 1000, 1),
        }


class ModelSwitch:
    """Whether a seat's model is still asked: switched off after ``limit`` consecutive transport failures.

    One per seat (shared by the seat's agents and writers). While it is off, every decision falls back
    to the scripted agent at once, without a call; only a person switches it on again (:meth:`switch_on`).
    """

    def __init__(self, limit: int = 3) -> None:
        self.limit, self.failures = limit, 0
        self.off_reason: str | None = None

    @property
    def off(self) -> bool:
        """Whether the model is switched off."""
        return self.off_reason is not None

    def failed(self, error: str) -> bool:
        """Count one decision lost to the transport; returns whether that switched the model off."""
        self.failures += 1
        if self.off or self.failures < self.limit:
            return False
        self.off_reason = (f"model_off: {self.failures} consecutive transport failures (last: {error}); "
                           "the scripted agent plays this seat until a person switches the model on")
        return True

    def succeeded(self) -> None:
        """The model answered: the count of consecutive failures starts again."""
        self.failures = 0

    def switch_on(self) -> None:
        """A person asks for the model again."""
        self.failures, self.off_reason = 0, None


@runtime_checkable
class Switched(Protocol):
    """An agent whose model a person may switch on again after it was switched off (the web seat page's button):
    its :class:`ModelSwitch`, ``None`` while it has no model."""

    @property
    def switch(self) -> ModelSwitch | None:
        """The model's switch."""


class TokenBudget:
    """Tokens one game may spend across its seats; shared by the agents of that game."""

    def __init__(self, limit: int | None) -> None:
        self.limit, self.spent = limit, 0

    @property
    def exhausted(self) -> bool:
        """Whether no further call may be made."""
        return self.limit is not None and self.spent >= self.limit

    def charge(self, tokens: int) -> None:
        """Count ``tokens`` as spent."""
        self.spent += tokens

    def describe(self) -> str:
        """The reason written in the transcript when the budget stops a seat."""
        return f"budget: {self.spent} of {self.limit} tokens spent; the scripted fallback plays from here"


def _mean(values: Any) -> float:
    return round(statistics.fmean(list(values)), 2)


def _rate(flags: Any) -> float:
    flags = list(flags)
    return round(sum(flags) / len(flags), 3)

"""A game in progress: the kernel's state, the seats' agents, the chance stream and the transcript.

The session is the only place where the rules meet the outside world. It samples chance with
its own seeded generator, asks agents for moves, lets the kernel check each proposal, re-asks an
agent with the kernel's reason when it is refused, falls back to a scripted agent when an agent
gives up, and writes every step to the transcript as it happens.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from narrator.agents.base import Agent, AgentGaveUpError, Decision, Request
from narrator.rules.chance import sample
from narrator.rules.codec import codec_for
from narrator.rules.core import (
    CHANCE,
    Action,
    ChanceAction,
    Code,
    Event,
    Game,
    IllegalActionError,
    Outcome,
    PlayerId,
    Rejection,
    jsonable,
)
from narrator.rules.replay import action_record, event_record, header_record

DEFAULT_ATTEMPTS = 3
"""An agent's first proposal plus two re-asks with the kernel's reason, then the fallback."""


class Recorder(Protocol):
    """Where transcript records go (a file, a list, nowhere)."""

    def write(self, record: dict[str, Any]) -> None:
        """Keep one record."""


Listener = Callable[[Action, Sequence[Event]], None]


class StalledGameError(RuntimeError):
    """Nobody may act but the game is not over: a kernel bug, reported instead of looping."""


class Session:
    """Runs one game between agents, recording it.

    Args:
        game: the kernel.
        config: the game's config.
        agents: the agent in each seat.
        seed: seeds the chance stream (dice, shuffles); recorded in the header.
        recorder: receives transcript records; ``None`` records nothing (fast simulation).
        fallbacks: per-seat agents used when the seat's agent gives up or keeps proposing
            illegal moves (scripted bots, usually).
        state: start from this state instead of the initial one (resuming).
    """

    def __init__(self, game: Game[Any, Any], config: Any, agents: Mapping[PlayerId, Agent], *,
                 seed: int | None = None, recorder: Recorder | None = None,
                 fallbacks: Mapping[PlayerId, Agent] | None = None, state: Any = None) -> None:
        self.game, self.config = game, config
        self.agents = dict(agents)
        self.fallbacks = dict(fallbacks or {})
        self.seed = seed
        self.rng = random.Random(seed)
        self.recorder = recorder
        self.state = game.initial_state(config) if state is None else state
        self.seq = 1
        self.listeners: list[Listener] = []
        self.codec = codec_for(tuple(game.action_types))
        for agent in (*self.agents.values(), *self.fallbacks.values()):
            bind_calls = getattr(agent, "bind_calls", None)
            if bind_calls is not None:  # language-model agents report each call for the transcript
                bind_calls(self.write_llm_call)

    # -- recording ---------------------------------------------------------------------------

    def write(self, record: dict[str, Any]) -> None:
        """Number ``record`` and hand it to the recorder (if any)."""
        if self.recorder is None:
            return
        self.recorder.write({"seq": self.seq, **record})
        self.seq += 1

    def write_llm_call(self, record: Mapping[str, Any]) -> None:
        """Record one language-model call (model, tokens, latency, attempt) as an ``llm_call`` line."""
        self.write({"kind": "llm_call", **record})

    def write_header(self, seats: list[dict[str, Any]] | None = None, **extra: Any) -> None:
        """Write the transcript's first line."""
        if self.recorder is None:
            return
        seats = seats if seats is not None else [
            {"seat": s, "agent": getattr(a, "name", type(a).__name__)} for s, a in sorted(self.agents.items())]
        self.recorder.write(header_record(self.game, self.config, seed=self.seed, seats=seats, **extra))

    # -- moves -------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The game's outcome, once it is over."""
        return self.game.outcome(self.state)

    def submit(self, action: Action, *, notes: Mapping[str, Any] | None = None) -> Rejection | None:
        """Apply ``action`` if the rules allow it; otherwise record the refusal. State is kept either way.

        Returns:
            ``None`` when applied, else the kernel's :class:`Rejection`.
        """
        try:
            step = self.game.apply(self.state, action)
        except IllegalActionError as error:
            self.write({"kind": "rejected", "actor": action.actor, "payload": jsonable(action),
                        "rejection": error.rejection.to_dict(), **dict(notes or {})})
            return error.rejection
        if self.recorder is not None:  # building records costs more than a simulated move
            record = action_record(action)
            if notes:
                record["notes"] = jsonable(dict(notes))
            self.write(record)
            for event in step.events:
                self.write(event_record(event))
        self.state = step.state
        self._notify(action, step.events)
        if self.recorder is not None:  # a simulation without a transcript skips the outcome check here
            self.write_result_if_over()
        return None

    def write_result_if_over(self) -> bool:
        """Record the result line once the game is over; returns whether it is over."""
        outcome = self.game.outcome(self.state)
        if outcome is not None:
            self.write({"kind": "result", **outcome.to_dict()})
        return outcome is not None

    def play_chance(self) -> None:
        """Sample what chance must produce now and apply it."""
        spec = self.game.chance_spec(self.state)
        rejection = self.submit(ChanceAction(values=sample(spec, self.rng)))
        if rejection is not None:
            raise IllegalActionError(rejection)

    def ask(self, seat: PlayerId) -> None:
        """Ask ``seat``'s agent for a move, re-asking with the kernel's reason, then falling back."""
        agent = self.agents[seat]
        limit = getattr(agent, "max_attempts", DEFAULT_ATTEMPTS)
        rejection: Rejection | None = None
        attempt = 0
        reason = "gave up"
        raw: str | None = None
        while limit is None or attempt < limit:
            attempt += 1
            try:
                action, notes = _unpack(agent.act(self._request(seat, rejection, attempt)))
            except AgentGaveUpError as error:
                reason, raw = error.reason, error.raw
                attempt = max(attempt, error.attempts)  # an agent may have tried more often than it was asked
                break
            rejection = self._seat_check(seat, action) or self.submit(action, notes=notes)
            if rejection is None:
                return
            reason = f"{rejection.code}: {rejection.message}"
        self._fall_back(seat, attempt, reason, raw)

    def step(self) -> bool:
        """Make one move (chance or the lowest active seat's). Returns ``False`` once the game is over."""
        if self.game.outcome(self.state) is not None:
            return False
        active = self.game.active_players(self.state)
        if not active:
            raise StalledGameError(f"{self.game.name}: nobody may act and the game is not over")
        if CHANCE in active:
            self.play_chance()
        else:
            self.ask(min(active))
        return True

    def run(self, max_moves: int = 100_000) -> Outcome:
        """Play until the game ends.

        Raises:
            StalledGameError: when the game does not end within ``max_moves`` moves.
        """
        for _ in range(max_moves):
            if not self.step():
                outcome = self.game.outcome(self.state)
                assert outcome is not None  # step() returned False only because it is over
                return outcome
        raise StalledGameError(f"{self.game.name}: not over after {max_moves} moves")

    # -- helpers -----------------------------------------------------------------------------

    def _request(self, seat: PlayerId, rejection: Rejection | None, attempt: int) -> Request:
        return Request(self.game.name, seat, self.game.view(self.state, seat),
                       self.game.legal_actions(self.state, seat), rejection, attempt)

    def _seat_check(self, seat: PlayerId, action: Action) -> Rejection | None:
        if action.actor == seat:
            return None
        rejection = Rejection(Code.NOT_YOUR_TURN, f"seat {seat} may only act for itself, not for {action.actor}",
                              "session")
        self.write({"kind": "rejected", "actor": seat, "payload": jsonable(action), "rejection": rejection.to_dict()})
        return rejection

    def _fall_back(self, seat: PlayerId, attempts: int, reason: str, raw: str | None) -> None:
        fallback = self.fallbacks.get(seat)
        action: Action | None = None
        if fallback is not None:
            action, _ = _unpack(fallback.act(self._request(seat, None, 1)))
        if action is None or self.game.check(self.state, action) is not None:
            action = self.game.default_action(self.state, seat)
        if action is None:
            raise AgentGaveUpError(f"seat {seat}: {reason}, and no fallback move exists", raw=raw, attempts=attempts)
        self.write({"kind": "fallback", "actor": seat, "attempts": attempts, "reason": reason, "raw": raw,
                    "by": getattr(fallback, "name", "default")})
        rejection = self.submit(action)
        if rejection is not None:
            raise IllegalActionError(rejection)

    def _notify(self, action: Action, events: Sequence[Event]) -> None:
        for seat, agent in self.agents.items():
            observe = getattr(agent, "observe", None)
            if observe is not None:
                visible = [e for e in events if e.visible_to(seat)]
                if visible:
                    observe(visible)
        for listener in self.listeners:
            listener(action, events)


def _unpack(answer: Action | Decision) -> tuple[Action, dict[str, Any]]:
    if isinstance(answer, Decision):
        return answer.action, answer.notes
    return answer, {}


"""A game in progress: the kernel's state, the seats' agents, the chance stream and the transcript.

The session is the only place where the rules meet the outside world. It samples chance with
its own seeded generator, asks agents for moves, lets the kernel check each proposal, re-asks an
agent with the kernel's reason when it is refused, falls back to a scripted agent when an agent
gives up, and writes every step to the transcript as it happens.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from narrator.agents.base import (
    DEFAULT_ATTEMPTS,
    Agent,
    AgentGaveUpError,
    Decision,
    Question,
    ReopenQuestion,
    Request,
    Talk,
)
from narrator.questions import Questions, TableQuestions, decision_parts
from narrator.recording import Recorder, Recording
from narrator.rules.chance import sample
from narrator.rules.codec import codec_for
from narrator.rules.core import (
    CHANCE,
    PUBLIC,
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
from narrator.warmup import NARRATION, PASS_KIND, Warmup

__all__ = ["DEFAULT_ATTEMPTS", "NARRATION", "PASS_KIND", "Questions", "Recorder", "Session", "StalledGameError"]

NO_CHOICE = "no_choice"
"""Note on a pass the loop made for a person's seat that had no other move (terminal or web)."""


Listener = Callable[[Action, Sequence[Event]], None]


class StalledGameError(RuntimeError):
    """Nobody may act but the game is not over: a kernel bug, reported instead of looping."""


class Session(Recording):
    """Runs one game between agents, recording it (:class:`~narrator.recording.Recording`).

    Args:
        game: the kernel.
        config: the game's config.
        agents: the agent in each seat.
        seed: seeds the chance stream (dice, shuffles); recorded in the header.
        recorder: receives transcript records; ``None`` records nothing (fast simulation).
        fallbacks: per-seat agents used when the seat's agent gives up or keeps proposing
            illegal moves (scripted bots, usually).
        state: start from this state instead of the initial one (resuming).
        questions: what the table asks outside the kernel (the Storyteller games' approaches).
        concurrency: how many seats' agents may be waited on at once (1: one after the other). Above 1,
            when several seats may act now (night actions, ballots) and at least two of them are
            ``concurrent`` agents, they are asked together (``aact``); each answer is then taken in
            seat order, and only if the seat would be asked the very same thing now (same view, legal
            moves, answers, talk and events heard), else the seat is asked again. So the transcript
            for a given set of answers is the one the sequential loop writes.
    """

    def __init__(self, game: Game[Any, Any], config: Any, agents: Mapping[PlayerId, Agent], *,
                 seed: int | None = None, recorder: Recorder | None = None,
                 fallbacks: Mapping[PlayerId, Agent] | None = None, state: Any = None,
                 questions: Questions | None = None, concurrency: int = 1) -> None:
        self.game, self.config = game, config
        self.agents = dict(agents)
        self.fallbacks = dict(fallbacks or {})
        self.seed = seed
        self.rng = random.Random(seed)
        self.fairness: Any = None
        """A game's committed chance (:mod:`narrator.fairness`, given by :func:`narrator.fairness.attach`): it draws
        every chance value, its commitment goes in the header, and its seed is revealed after the result."""
        super().__init__(recorder)
        self.state = game.initial_state(config) if state is None else state
        self.listeners: list[Listener] = []
        self.codec = codec_for(tuple(game.action_types))
        self.questions = questions
        self.answers: dict[PlayerId, Action] = {}
        """The table's answers standing until the next kernel move (see :class:`Questions`)."""
        self.talk: tuple[Talk, ...] = ()
        """The table talk so far (every seat hears it in ``Request.talk``)."""
        self.refused_answers: dict[PlayerId, Rejection] = {}
        """Why the kernel refused the move an answer became: the seat is asked again with it."""
        self.concurrency = concurrency
        self.asking = TableQuestions(self)
        """Asks the table's questions and keeps the answers (:mod:`narrator.questions`)."""
        self.warmup = Warmup(self)
        """Seats asked ahead and prompts warmed while others decide (:mod:`narrator.warmup`)."""
        for agent in (*self.agents.values(), *self.fallbacks.values()):
            agent.bind_calls(self.write_llm_call)  # language-model agents report each call for the transcript

    # -- recording ---------------------------------------------------------------------------

    def write_llm_call(self, record: Mapping[str, Any]) -> None:
        """Record one language-model call (model, tokens, latency, attempt) as an ``llm_call`` line.

        A call made while several seats are asked at once waits with its seat's answer, so the lines
        come out in the order of the moves, whatever order the answers arrived in.
        """
        if not self.warmup.holds(record):
            self.write({"kind": "llm_call", **record})

    def write_header(self, seats: list[dict[str, Any]] | None = None, **extra: Any) -> None:
        """Write the transcript's first line."""
        if self.recorder is None:
            return
        seats = seats if seats is not None else [
            {"seat": s, "agent": a.name} for s, a in sorted(self.agents.items())]
        if self.fairness is not None:
            extra = {**extra, "fairness": self.fairness.header()}
        self.recorder.write(header_record(self.game, self.config, seed=self.seed, seats=seats, **extra))

    # -- moves -------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The game's outcome, once it is over."""
        return self.game.outcome(self.state)

    def submit(self, action: Action, *, notes: Mapping[str, Any] | None = None,
               said: Sequence[str] = ()) -> Rejection | None:
        """Apply ``action`` if the rules allow it; otherwise record the refusal. State is kept either way.
        A malformed action (not one of the game's, a field of the wrong type) is refused ``MALFORMED``
        and not written (see :meth:`admit`).

        ``said``: the seat's in-character lines beside the move (kept, and heard, once it is applied).

        Returns:
            ``None`` when applied, else the kernel's :class:`Rejection`.
        """
        malformed = self.codec.malformed(action)
        if malformed is not None:  # whoever calls: never a crash, never a line the codec could not read back
            return malformed
        try:
            step = self.game.apply(self.state, action)
        except IllegalActionError as error:
            self.write_refusal({"kind": "rejected", "actor": action.actor, "payload": jsonable(action),
                                "rejection": error.rejection.to_dict(), **dict(notes or {})})
            return error.rejection
        notes = self._refusals_end(action.actor, notes)
        if self.recorder is not None:  # building records costs more than a simulated move
            record = action_record(action)
            if notes:
                record["notes"] = jsonable(dict(notes))
            self.write(record)
            for event in step.events:
                self.write(event_record(event))
        self.state = step.state
        if self.answers:  # they answered for this move
            self.answers.clear()
        events = step.events
        if said:
            lines = [Event(NARRATION, PUBLIC, {"by": action.actor, "text": line}) for line in said]
            for line in said:
                self.write({"kind": NARRATION, "by": action.actor, "text": line})
            events = (*events, *lines)
        self._notify(action, events)
        if self.recorder is not None:  # a simulation without a transcript skips the outcome check here
            self.write_result_if_over()
        return None

    def write_result_if_over(self) -> bool:
        """Record the result line once the game is over; returns whether it is over."""
        outcome = self.game.outcome(self.state)
        if outcome is not None:
            self.write({"kind": "result", **outcome.to_dict()})
            if self.fairness is not None and not self.fairness.revealed:
                self.write(self.fairness.reveal())
        return outcome is not None

    def play_chance(self) -> None:
        """Sample what chance must produce now and apply it."""
        spec = self.game.chance_spec(self.state)
        rejection = self.submit(ChanceAction(values=self.draw(spec)))
        if rejection is not None:
            raise IllegalActionError(rejection)

    def draw(self, spec: Any) -> tuple[int, ...]:
        """The values of the next draw: from the committed chance when the game has one, else the seeded generator."""
        return self.fairness.draw(spec, self.rng) if self.fairness is not None else sample(spec, self.rng)

    def ask(self, seat: PlayerId) -> None:
        """Ask ``seat``'s agent for a move, re-asking with the kernel's reason, then falling back."""
        agent = self.agents[seat]
        limit = agent.max_attempts
        rejection: Rejection | None = None
        attempt = 0
        reason = "gave up"
        raw: str | None = None
        while limit is None or attempt < limit:
            attempt += 1
            try:
                request = self._request(seat, rejection, attempt)
                ahead = self.warmup.take(seat, request) if attempt == 1 else None
                answer = ahead.result() if ahead is not None else agent.act(request)
            except AgentGaveUpError as error:
                reason, raw = error.reason, error.raw
                attempt = max(attempt, error.attempts)  # an agent may have tried more often than it was asked
                break
            except ReopenQuestion as reopened:  # the move rested on answers the kernel refused: ask them again
                why = rejection or reopened.rejection
                for asked in self.answers:
                    if why is not None:
                        self.refused_answers[asked] = why
                self.answers.clear()
                return
            action, notes, said = decision_parts(answer)
            if isinstance(answer, Decision) and answer.talk:
                self.say_aloud(seat, answer.talk)
            rejection = self.admit(seat, action) or self.submit(action, notes=notes, said=said)
            if rejection is None:
                return
            reason = f"{rejection.code}: {rejection.message}"
        self._fall_back(seat, attempt, reason, raw)

    def step(self) -> bool:
        """Make one move: chance's, or the lowest active seat's whose agent the loop may ask.

        The one loop of every table: the terminal and simulations ask every seat; at the web table
        humans' seats are ``remote`` (their moves arrive through :meth:`submit`) and the loop waits
        for them. Returns ``False`` once the game is over or only remote seats may act.

        Raises:
            StalledGameError: nobody may act but the game is not over (a kernel bug).
        """
        if self.game.outcome(self.state) is not None:
            return False
        active = self.game.active_players(self.state)
        if not active:
            raise StalledGameError(f"{self.game.name}: nobody may act and the game is not over")
        if CHANCE in active:
            self.play_chance()
            return True
        questions = self.open_questions()
        for seat in sorted(questions):
            if not self.agents[seat].remote:
                self.ask_question(seat, questions[seat])
                return True
        if questions:
            return False
        local = [seat for seat in sorted(active) if not self.agents[seat].remote]
        if local:
            if self._pass_for(local[0]):
                return True
            self.warmup.before_asking(local)
            self.ask(local[0])
            return True
        if any(self._pass_for(seat) for seat in sorted(active)):
            return True
        self.warmup.warm_listeners(min(active))  # only people's web pages may move now
        return False

    def _pass_for(self, seat: PlayerId) -> bool:
        """Make the no-choice pass for a person's ``seat`` (a ``no_choice`` note on its action line)."""
        only = self.no_choice(seat)
        if only is None:
            return False
        rejection = self.submit(only, notes={NO_CHOICE: True})  # a person is never asked to click no choice
        if rejection is not None:
            raise IllegalActionError(rejection)
        return True

    def no_choice(self, seat: PlayerId) -> Action | None:
        """The pass a person's ``seat`` (web or terminal) would be asked to click when the rules leave it
        nothing else (no objection power at an execution), else ``None``. The loop applies it for the
        seat; bots are still asked (a bot's generator and words stay as recorded)."""
        agent = self.agents[seat]
        if not (agent.remote or agent.person):
            return None
        moves = self.game.legal_actions(self.state, seat)
        return moves[0] if len(moves) == 1 and moves[0].kind == PASS_KIND else None

    def waiting_for(self) -> list[PlayerId]:
        """The remote seats the loop waits for now (empty while it can move, or once the game is over)."""
        if self.game.outcome(self.state) is not None:
            return []
        active = self.game.active_players(self.state)
        if CHANCE in active:
            return []
        questions = self.open_questions()
        if questions:
            return [] if any(not self.agents[s].remote for s in questions) else sorted(questions)
        if any(not self.agents[s].remote or self.no_choice(s) is not None for s in active):
            return []
        return sorted(active)

    def say_aloud(self, seat: PlayerId, offers: Mapping[str, bool]) -> None:
        """Table talk: ``seat``'s offers, heard by every seat from now on (a ``talk`` line)."""
        self.talk = (*self.talk, Talk(seat, dict(offers)))
        self.write({"kind": "talk", "actor": seat, "offers": dict(offers)})

    # -- the table's questions ---------------------------------------------------------------

    def open_questions(self) -> Mapping[PlayerId, Question]:
        """The table's questions waiting for an answer now, by seat (:mod:`narrator.questions`)."""
        return self.asking.open()

    def answer(self, seat: PlayerId, answer: Action, *, notes: Mapping[str, Any] | None = None) -> Rejection | None:
        """Take ``seat``'s answer to its open question (an ``answer`` line), or record why not."""
        return self.asking.answer(seat, answer, notes=notes)

    def ask_question(self, seat: PlayerId, question: Question) -> None:
        """Ask ``seat`` the table's question (re-asking with the reason), else take its first answer."""
        self.asking.ask(seat, question)

    def run(self, max_moves: int = 100_000) -> Outcome:
        """Play until the game ends.

        Raises:
            StalledGameError: when the game does not end within ``max_moves`` moves.
        """
        for _ in range(max_moves):
            if not self.step():
                outcome = self.game.outcome(self.state)
                if outcome is None:
                    raise StalledGameError(f"{self.game.name}: run() waits for remote seats {self.waiting_for()}")
                return outcome
        raise StalledGameError(f"{self.game.name}: not over after {max_moves} moves")

    # -- helpers -----------------------------------------------------------------------------

    def _request(self, seat: PlayerId, rejection: Rejection | None, attempt: int) -> Request:
        return Request(self.game.name, seat, self.game.view(self.state, seat),
                       self.game.legal_actions(self.state, seat), rejection, attempt,
                       answers=dict(self.answers) if self.answers else {}, talk=self.talk)

    def admit(self, seat: PlayerId, action: Any) -> Rejection | None:
        """Why an agent's proposal for ``seat`` never reaches the kernel: malformed (not one of the game's
        actions, a field of the wrong type: the codec's check) or made for another seat.

        A malformed proposal is not written as a ``rejected`` line (the codec could not read it back
        on resume); its reason goes back to the agent, and a fallback line names it if it was the last.
        """
        return self.codec.malformed(action) or self._seat_check(seat, action)

    def _seat_check(self, seat: PlayerId, action: Action) -> Rejection | None:
        if action.actor == seat:
            return None
        rejection = Rejection(Code.NOT_YOUR_TURN, f"seat {seat} may only act for itself, not for {action.actor}",
                              "session")
        self.write_refusal({"kind": "rejected", "actor": seat, "payload": jsonable(action),
                            "rejection": rejection.to_dict()})
        return rejection

    def _fall_back(self, seat: PlayerId, attempts: int, reason: str, raw: str | None) -> None:
        fallback = self.fallbacks.get(seat)
        action: Action | None = None
        notes: dict[str, Any] = {}
        said: tuple[str, ...] = ()
        if fallback is not None:
            answer = fallback.act(self._request(seat, None, 1))
            action, notes, said = decision_parts(answer)  # its notes too: a scripted speech's claims and composition
            if isinstance(answer, Decision) and answer.talk:
                self.say_aloud(seat, answer.talk)
        if action is None or self.codec.malformed(action) or self.game.check(self.state, action) is not None:
            action, notes = self.game.default_action(self.state, seat), {}
        if action is None:
            raise AgentGaveUpError(f"seat {seat}: {reason}, and no fallback move exists", raw=raw, attempts=attempts)
        self.write({"kind": "fallback", "actor": seat, "attempts": attempts, "reason": reason, "raw": raw,
                    "by": "default" if fallback is None else fallback.name})
        rejection = self.submit(action, notes=notes, said=said)
        if rejection is not None:
            raise IllegalActionError(rejection)

    def _notify(self, action: Action, events: Sequence[Event]) -> None:
        for seat, agent in self.agents.items():
            visible = [e for e in events if e.kind != NARRATION and e.visible_to(seat)]
            if visible:
                agent.observe(visible)
                self.warmup.told(seat)
        for listener in self.listeners:
            listener(action, events)

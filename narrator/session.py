"""A game in progress: the kernel's state, the seats' agents, the chance stream and the transcript.

The session is the only place where the rules meet the outside world. It samples chance with
its own seeded generator, asks agents for moves, lets the kernel check each proposal, re-asks an
agent with the kernel's reason when it is refused, falls back to a scripted agent when an agent
gives up, and writes every step to the transcript as it happens.
"""

from __future__ import annotations

import contextvars
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from narrator.agents import concurrency
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

__all__ = ["DEFAULT_ATTEMPTS", "NARRATION", "Questions", "Recorder", "Session", "StalledGameError"]

PASS_KIND = "pass"
"""The kind of the kernels' do-nothing move (accept, no objection, say nothing)."""
NO_CHOICE = "no_choice"
"""Note on a pass the loop made for a person's seat that had no other move (terminal or web)."""

NARRATION = "narration"
"""Kind of the public pseudo-events (and transcript records) carrying prose beside the kernel's
events: a seat's in-character lines, a Storyteller's framing. Replay ignores them."""


class Recorder(Protocol):
    """Where transcript records go (a file, a list, nowhere)."""

    def write(self, record: dict[str, Any]) -> None:
        """Keep one record."""

    def close(self) -> None:
        """Flush and release the file, if any."""


Listener = Callable[[Action, Sequence[Event]], None]


class Questions(Protocol):
    """What a game's table asks outside the kernel before the kernel's seats move.

    The Storyteller games' kernel has no move for "the player chooses an approach": the
    Storyteller's roll request carries it. So the table asks the player first (a :class:`Question`
    with ``Request.question`` set), keeps the answer as an ``answer`` transcript line and hands it
    to the Storyteller in ``Request.answers``. Answers stand until the next kernel move.
    """

    def open(self, session: Session) -> Mapping[PlayerId, Question]:
        """The questions the table waits on now, by seat (none for a seat that answered)."""
        ...

    def check(self, session: Session, seat: PlayerId, answer: Action) -> Rejection | None:
        """``None`` when ``answer`` answers ``seat``'s open question, else why not."""
        ...


_ASKED_AHEAD: contextvars.ContextVar[list[dict[str, Any]] | None] = contextvars.ContextVar(
    "narrator_asked_ahead", default=None)
"""Inside a seat's concurrent ask: where its ``llm_call`` records wait until its move is taken in order."""


@dataclass
class _Ahead:
    """A seat's answer asked together with other seats', waiting for the seat's turn in the fixed order."""

    request: Request
    heard: int
    """How many notifications the seat had heard when it was asked (its prompt's recent events)."""
    answer: Action | Decision | None = None
    error: BaseException | None = None
    calls: list[dict[str, Any]] = field(default_factory=list)

    def result(self) -> Action | Decision:
        if self.error is not None:
            raise self.error
        assert self.answer is not None
        return self.answer


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
        self.recorder = recorder
        self.state = game.initial_state(config) if state is None else state
        self.seq = 1
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
        self.kept_refusals: int | None = None
        """How many of a seat's refusals in a row are written (``None``: all). The web table keeps a few: a seat
        clicking a refused move a thousand times adds those lines and a count, not a thousand lines."""
        self._refused_in_a_row: dict[PlayerId, int] = {}
        self._not_kept: dict[PlayerId, int] = {}
        self._ahead: dict[PlayerId, _Ahead] = {}
        self._heard: dict[PlayerId, int] = dict.fromkeys(self.agents, 0)
        for agent in (*self.agents.values(), *self.fallbacks.values()):
            agent.bind_calls(self.write_llm_call)  # language-model agents report each call for the transcript

    # -- recording ---------------------------------------------------------------------------

    def write(self, record: dict[str, Any]) -> None:
        """Number ``record`` and hand it to the recorder (if any)."""
        if self.recorder is None:
            return
        self.recorder.write({"seq": self.seq, **record})
        self.seq += 1

    def write_refusal(self, record: dict[str, Any]) -> None:
        """Write a ``rejected`` line, unless :attr:`kept_refusals` of the seat's refusals in a row were written
        already: then it is only counted, and the count rides on the seat's next accepted move or answer."""
        seat = record["actor"]
        self._refused_in_a_row[seat] = self._refused_in_a_row.get(seat, 0) + 1
        if self.kept_refusals is not None and self._refused_in_a_row[seat] > self.kept_refusals:
            self._not_kept[seat] = self._not_kept.get(seat, 0) + 1
            return
        self.write(record)

    def _refusals_end(self, seat: PlayerId, notes: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
        """``seat`` moved or answered: its run of refusals ends; the ones not written are counted in ``notes``."""
        self._refused_in_a_row.pop(seat, None)
        not_kept = self._not_kept.pop(seat, 0)
        return {**dict(notes or {}), "refusals_not_kept": not_kept} if not_kept else notes

    def write_llm_call(self, record: Mapping[str, Any]) -> None:
        """Record one language-model call (model, tokens, latency, attempt) as an ``llm_call`` line.

        A call made while several seats are asked at once waits with its seat's answer, so the lines
        come out in the order of the moves, whatever order the answers arrived in.
        """
        waiting = _ASKED_AHEAD.get()
        if waiting is not None:
            waiting.append(dict(record))
            return
        self.write({"kind": "llm_call", **record})

    def write_header(self, seats: list[dict[str, Any]] | None = None, **extra: Any) -> None:
        """Write the transcript's first line."""
        if self.recorder is None:
            return
        seats = seats if seats is not None else [
            {"seat": s, "agent": a.name} for s, a in sorted(self.agents.items())]
        self.recorder.write(header_record(self.game, self.config, seed=self.seed, seats=seats, **extra))

    # -- moves -------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the transcript (if any)."""
        if self.recorder is not None:
            self.recorder.close()

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
        limit = agent.max_attempts
        rejection: Rejection | None = None
        attempt = 0
        reason = "gave up"
        raw: str | None = None
        while limit is None or attempt < limit:
            attempt += 1
            try:
                request = self._request(seat, rejection, attempt)
                ahead = self._take_ahead(seat, request) if attempt == 1 else None
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
            action, notes, said = _unpack(answer)
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
            if self.concurrency > 1 or self._ahead:
                self._ask_ahead(local)
            if self.concurrency > 1 and local[0] not in self._ahead:
                self._warm_next(local[0])
            if self.agents[local[0]].person:
                self._warm_listeners(local[0])
            self.ask(local[0])
            return True
        if any(self._pass_for(seat) for seat in sorted(active)):
            return True
        self._warm_listeners(min(active))  # only people's web pages may move now
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

    # -- seats asked at once -----------------------------------------------------------------

    def _ask_ahead(self, local: Sequence[PlayerId]) -> None:
        """Ask the ``concurrent`` seats among ``local`` (all may act now) together, unless asked already,
        and with them the seats the next moves will ask without telling them anything (:meth:`_peek`)."""
        coming = self._peek(local) if self.concurrency > 1 else {}
        for seat in [s for s in self._ahead if s not in local and not (
                s in coming and coming[s] == self._ahead[s].request)]:  # the game moved on without them
            self._drop_ahead(seat)
        seats = [s for s in local if s not in self._ahead and self.agents[s].concurrent]
        later = [s for s in coming if s not in self._ahead]
        if self.concurrency <= 1 or len(seats) + len(later) < 2:
            return
        asked = {seat: _Ahead(self._request(seat, None, 1), self._heard[seat]) for seat in seats}
        asked.update({seat: _Ahead(coming[seat], self._heard[seat]) for seat in later})

        def call(ahead: _Ahead) -> Callable[[], Any]:
            async def one() -> Action | Decision:
                _ASKED_AHEAD.set(ahead.calls)  # this task's own context: only its calls wait here
                if ahead.request.seat in local:
                    return await self.agents[ahead.request.seat].aact(ahead.request)
                from narrator.agents.llm.streaming import streaming_to

                with streaming_to(None):  # asked before its turn: its prose is shown when the move is made
                    return await self.agents[ahead.request.seat].aact(ahead.request)
            return one

        results = concurrency.run(concurrency.gather_limited([call(a) for a in asked.values()], self.concurrency))
        for ahead, result in zip(asked.values(), results, strict=True):
            if isinstance(result, BaseException):
                ahead.error = result
            else:
                ahead.answer = result
        self._ahead.update(asked)

    def _warm_next(self, seat: PlayerId) -> None:
        """While ``seat`` is asked on its own, send the prompt of the seat asked after it to that seat's home
        server (``Agent.awarm``; nothing is decided or recorded). Battaglia's accusations come one at a time
        (L74-75): the next accuser's prompt is the same but for the speech being made now, so its turn then
        evaluates only that speech instead of its whole persona and table (the calls on the critical path
        get shorter). The next seat is found by a stand-in move (a pass) on a copy of the state (the kernel is pure)."""
        if not any(agent.warms for agent in self.agents.values()):
            return
        legal = self.game.legal_actions(self.state, seat)
        if len(legal) < 2:
            return
        stand_in = next((a for a in legal if a.kind == PASS_KIND), legal[0])  # a pass ends no round early
        state = self.game.apply(self.state, stand_in).state
        active = sorted(self.game.active_players(state))
        if not active or CHANCE in active or self.game.outcome(state) is not None:
            return
        following = active[0]
        agent = self.agents.get(following)
        if following == seat or agent is None or not agent.warms or agent.remote or following in self._ahead:
            return
        request = Request(self.game.name, following, self.game.view(state, following),
                          self.game.legal_actions(state, following), None, 1, talk=self.talk)
        concurrency.spawn(agent.awarm(request))

    def _warm_listeners(self, seat: PlayerId) -> None:
        """While the person at ``seat`` decides, let each seat that speaks from what it heard (``warms_heard``: the
        Ten Candles Storyteller) warm its next prompt on its server, with the events the person's default move
        would add (:meth:`Game.default_action`, applied to the state: the kernel is pure). A person takes
        seconds; the warm-up takes the words after their move from ~150 new prompt tokens to a few dozen."""
        listeners = [s for s, agent in self.agents.items() if s != seat and agent.warms_heard and not agent.remote]
        if not listeners or getattr(self.recorder, "retracing", False):  # a resumed game's past waits for nobody
            return
        default = self.game.default_action(self.state, seat)
        coming: tuple[Event, ...] = ()
        if default is not None and self.game.check(self.state, default) is None:
            coming = self.game.apply(self.state, default).events
        for listener in listeners:
            view = self.game.view(self.state, listener)
            warm = self.agents[listener].warm_heard(view, [e for e in coming if e.visible_to(listener)])
            if warm is not None:
                concurrency.spawn(warm)

    PEEK_MOVES = 8
    """How many moves :meth:`_peek` looks ahead (a battaglia night's steps, one awake group each)."""

    def _peek(self, local: Sequence[PlayerId]) -> dict[PlayerId, Request]:
        """The requests of seats not acting now that the next moves will ask, when those moves tell
        them nothing (no event they may see): what they will be asked then is decided now.

        The next moves are played on a copy of the state with each seat's first legal move (a
        stand-in; the kernel is pure), stopping at chance, the end, or after :attr:`PEEK_MOVES`. A seat
        is peeked only while none of those moves' events reached it (so its agent has heard exactly
        what it will have heard in its turn), or, when its answer follows from the request alone
        (``from_request``: a battaglia model seat, whose prompt is its view), while what it saw of
        them does not depend on the move made (each stand-in is compared with the mover's last legal
        move: a night step's public heading is the same, an accusation is not); :meth:`_take_ahead` uses
        the answer only if the seat is then asked the very same request (and, unless
        ``from_request``, heard nothing more). A battaglia night's separate steps (L51-62) wake one
        group after another, and a seat's view does not show another group's choice (only the
        Cheshire Cat watches, L50: its view changes, so its early answer is asked again).
        """
        if not any(agent.concurrent and not agent.remote for agent in self.agents.values()):
            return {}
        state, found = self.state, {}
        quiet = set(self.agents) - set(local)  # heard nothing from the stand-in moves so far
        steady = set(quiet)  # saw nothing that depends on which move was made
        for _ in range(self.PEEK_MOVES):
            active = sorted(self.game.active_players(state))
            if not active or CHANCE in active or self.game.outcome(state) is not None or not (quiet | steady):
                break
            if state is not self.state:
                for seat in active:
                    agent = self.agents.get(seat)
                    if agent is None or seat in found or not agent.concurrent or agent.remote:
                        continue
                    if seat in quiet or (agent.from_request and seat in steady):
                        found[seat] = Request(self.game.name, seat, self.game.view(state, seat),
                                              self.game.legal_actions(state, seat), None, 1,
                                              answers=dict(self.answers) if self.answers else {}, talk=self.talk)
            legal = self.game.legal_actions(state, active[0])
            if not legal:
                break
            step = self.game.apply(state, legal[0])
            judged = len(legal) > 1 and any(self.agents[seat].from_request for seat in steady if seat in self.agents)
            other = self.game.apply(state, legal[-1]) if judged else step

            def seen(events: Sequence[Event], seat: PlayerId) -> list[Event]:
                return [e for e in events if e.kind != NARRATION and e.visible_to(seat)]

            quiet -= {seat for seat in quiet if seen(step.events, seat)}
            steady -= {seat for seat in steady if seen(step.events, seat) != seen(other.events, seat)}
            state = step.state
        return found

    def _take_ahead(self, seat: PlayerId, request: Request) -> _Ahead | None:
        """The seat's answer asked ahead, if it answers ``request`` as asked now; its calls are written first."""
        ahead = self._ahead.pop(seat, None)
        if ahead is None:
            return None
        heard_since = ahead.heard != self._heard[seat] and not self.agents[seat].from_request
        if ahead.request != request or heard_since:
            self._write_ahead_calls(ahead, discarded=True)
            return None
        self._write_ahead_calls(ahead)
        return ahead

    def _drop_ahead(self, seat: PlayerId) -> None:
        self._write_ahead_calls(self._ahead.pop(seat), discarded=True)

    def _write_ahead_calls(self, ahead: _Ahead, *, discarded: bool = False) -> None:
        """An answer that no longer fits (an earlier move changed what the seat sees) is asked again;
        its calls were made and paid for, so they are written, marked ``discarded``."""
        for record in ahead.calls:
            self.write({"kind": "llm_call", **record, **({"discarded": True} if discarded else {})})

    # -- the table's questions ---------------------------------------------------------------

    def open_questions(self) -> Mapping[PlayerId, Question]:
        """The table's questions waiting for an answer now, by seat."""
        return {} if self.questions is None else self.questions.open(self)

    def answer(self, seat: PlayerId, answer: Action, *, notes: Mapping[str, Any] | None = None) -> Rejection | None:
        """Take ``seat``'s answer to its open question (an ``answer`` line), or record why not."""
        rejection = (Rejection(Code.UNKNOWN_ACTION, f"seat {seat}: the table asks nothing outside the rules", "session")
                     if self.questions is None else self.questions.check(self, seat, answer))
        if rejection is not None:
            self.write_refusal({"kind": "rejected", "actor": seat, "payload": jsonable(answer),
                                "rejection": rejection.to_dict(), **dict(notes or {})})
            return rejection
        notes = self._refusals_end(seat, notes)
        record: dict[str, Any] = {"kind": "answer", "actor": seat, "payload": jsonable(answer)}
        if notes:
            record["notes"] = jsonable(dict(notes))
        self.write(record)
        self.answers[seat] = answer
        self.refused_answers.pop(seat, None)
        return None

    def ask_question(self, seat: PlayerId, question: Question) -> None:
        """Ask ``seat`` the table's question (re-asking with the reason), else take its first answer."""
        agent = self.agents[seat]
        limit = agent.max_attempts
        rejection = self.refused_answers.get(seat)
        attempt = 0
        reason = "gave up"
        raw: str | None = None
        view = self.game.view(self.state, seat)
        while limit is None or attempt < limit:
            attempt += 1
            request = Request(self.game.name, seat, view, question.answers, rejection, attempt,
                              question=question.kind, options=question.options)
            try:
                answer, notes, _ = _unpack(agent.act(request))
            except AgentGaveUpError as error:
                reason, raw = error.reason, error.raw
                break
            rejection = self._seat_check(seat, answer) or self.answer(seat, answer, notes=notes)
            if rejection is None:
                return
            reason = f"{rejection.code}: {rejection.message}"
        self.write({"kind": "fallback", "actor": seat, "attempts": attempt, "reason": reason, "raw": raw,
                    "by": "default"})
        if self.answer(seat, question.answers[0]) is not None:
            raise AgentGaveUpError(f"seat {seat}: {reason}, and the first answer was refused", raw=raw)

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
            action, notes, said = _unpack(answer)  # its notes too: a scripted speech's claims and composition
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
                self._heard[seat] = self._heard.get(seat, 0) + 1
        for listener in self.listeners:
            listener(action, events)


def _unpack(answer: Action | Decision) -> tuple[Action, dict[str, Any], tuple[str, ...]]:
    if isinstance(answer, Decision):
        return answer.action, answer.notes, answer.said
    return answer, {}, ()


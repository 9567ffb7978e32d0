"""Seats asked ahead and prompts warmed while others decide: the session's speed-ups, apart from its loop.

:class:`Session` is the one game loop; it is composed with a :class:`Warmup` that, before the loop asks a seat,

- asks the ``concurrent`` seats that may act now together, with the seats the next moves will ask without telling
  them anything (:meth:`Warmup.ask_ahead`, :meth:`Warmup.peek`); each answer waits for its seat's turn and is taken
  only if the seat is then asked the very same thing (:meth:`Warmup.take`), so the transcript is the sequential one;
- sends the next accuser's prompt to its server while this one speaks (:meth:`Warmup.warm_next`);
- lets a seat that speaks from what it heard warm its next prompt while a person decides
  (:meth:`Warmup.warm_listeners`).

Nothing here decides a move or writes a line the sequential loop would not write: answers asked ahead are taken in
seat order, and their model calls are written when their move is (or marked ``discarded`` when asked again).
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from narrator.agents import concurrency
from narrator.agents.base import Agent, Decision, Request, Talk
from narrator.rules.core import CHANCE, Action, Event, Game, PlayerId, Rejection

PASS_KIND = "pass"
"""The kind of the kernels' do-nothing move (accept, no objection, say nothing); re-exported by the session."""
NARRATION = "narration"
"""Kind of the public pseudo-events (and transcript records) carrying prose beside the kernel's
events: a seat's in-character lines, a Storyteller's framing. Replay ignores them; re-exported by the session
(``narrator.session.NARRATION``), defined here, below it, because the peek ignores them too."""

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


class Loop(Protocol):
    """What a :class:`Warmup` reads of the loop it serves (:class:`narrator.session.Session`): the game, its state,
    the seats' agents, the answers and talk every request carries, and how many seats may be waited on at once."""

    game: Game[Any, Any]
    state: Any
    agents: dict[PlayerId, Agent]
    answers: dict[PlayerId, Action]
    talk: tuple[Talk, ...]
    concurrency: int

    @property
    def retracing(self) -> bool:
        """Whether the loop is retracing a resumed game's past (nobody waits on it)."""
        ...

    def _request(self, seat: PlayerId, rejection: Rejection | None, attempt: int) -> Request:
        """The request the loop would hand ``seat`` now."""
        ...

    def write(self, record: dict[str, Any]) -> None:
        """Number and keep one transcript record."""
        ...


class Warmup:
    """The ask-ahead and warm-up machinery of one :class:`Session` (it reads the session's state, agents, talk
    and ``concurrency``; it writes only model-call lines, through the session).

    Attributes:
        ahead: answers asked ahead, by seat, waiting for the seat's turn.
        heard: how many notifications each seat has heard (an answer asked ahead stands only if its seat heard
            nothing since, unless its agent answers ``from_request``).
    """

    def __init__(self, session: Loop) -> None:
        self.session = session
        self.ahead: dict[PlayerId, _Ahead] = {}
        self.heard: dict[PlayerId, int] = dict.fromkeys(session.agents, 0)

    def holds(self, record: Mapping[str, Any]) -> bool:
        """Keep ``record`` (a model call) with its seat's answer asked ahead, if it was made by one: it is written
        when the seat's move is, so the lines come out in the order of the moves. ``False``: write it now."""
        waiting = _ASKED_AHEAD.get()
        if waiting is None:
            return False
        waiting.append(dict(record))
        return True

    def told(self, seat: PlayerId) -> None:
        """``seat`` heard a notification (events it may see)."""
        self.heard[seat] = self.heard.get(seat, 0) + 1

    def before_asking(self, local: Sequence[PlayerId]) -> None:
        """The loop is about to ask ``local[0]`` (every seat of ``local`` may act now and is asked by the loop)."""
        session = self.session
        if session.concurrency > 1 or self.ahead:
            self.ask_ahead(local)
        if session.concurrency > 1 and local[0] not in self.ahead:
            self.warm_next(local[0])
        if session.agents[local[0]].person:
            self.warm_listeners(local[0])

    def ask_ahead(self, local: Sequence[PlayerId]) -> None:
        """Ask the ``concurrent`` seats among ``local`` (all may act now) together, unless asked already,
        and with them the seats the next moves will ask without telling them anything (:meth:`peek`)."""
        coming = self.peek(local) if self.session.concurrency > 1 else {}
        for seat in [s for s in self.ahead if s not in local and not (
                s in coming and coming[s] == self.ahead[s].request)]:  # the game moved on without them
            self.drop(seat)
        seats = [s for s in local if s not in self.ahead and self.session.agents[s].concurrent]
        later = [s for s in coming if s not in self.ahead]
        if self.session.concurrency <= 1 or len(seats) + len(later) < 2:
            return
        asked = {seat: _Ahead(self.session._request(seat, None, 1), self.heard[seat]) for seat in seats}
        asked.update({seat: _Ahead(coming[seat], self.heard[seat]) for seat in later})

        def call(ahead: _Ahead) -> Callable[[], Any]:
            async def one() -> Action | Decision:
                _ASKED_AHEAD.set(ahead.calls)  # this task's own context: only its calls wait here
                if ahead.request.seat in local:
                    return await self.session.agents[ahead.request.seat].aact(ahead.request)
                from narrator.agents.llm.streaming import streaming_to

                with streaming_to(None):  # asked before its turn: its prose is shown when the move is made
                    return await self.session.agents[ahead.request.seat].aact(ahead.request)
            return one

        results = concurrency.run(concurrency.gather_limited([call(a) for a in asked.values()], self.session.concurrency))
        for ahead, result in zip(asked.values(), results, strict=True):
            if isinstance(result, BaseException):
                ahead.error = result
            else:
                ahead.answer = result
        self.ahead.update(asked)

    def warm_next(self, seat: PlayerId) -> None:
        """While ``seat`` is asked on its own, send the prompt of the seat asked after it to that seat's home
        server (``Agent.awarm``; nothing is decided or recorded). Battaglia's accusations come one at a time
        (L74-75): the next accuser's prompt is the same but for the speech being made now, so its turn then
        evaluates only that speech instead of its whole persona and table (the calls on the critical path
        get shorter). The next seat is found by a stand-in move (a pass) on a copy of the state (the kernel is pure)."""
        if not any(agent.warms for agent in self.session.agents.values()):
            return
        legal = self.session.game.legal_actions(self.session.state, seat)
        if len(legal) < 2:
            return
        stand_in = next((a for a in legal if a.kind == PASS_KIND), legal[0])  # a pass ends no round early
        state = self.session.game.apply(self.session.state, stand_in).state
        active = sorted(self.session.game.active_players(state))
        if not active or CHANCE in active or self.session.game.outcome(state) is not None:
            return
        following = active[0]
        agent = self.session.agents.get(following)
        if following == seat or agent is None or not agent.warms or agent.remote or following in self.ahead:
            return
        request = Request(self.session.game.name, following, self.session.game.view(state, following),
                          self.session.game.legal_actions(state, following), None, 1, talk=self.session.talk)
        concurrency.spawn(agent.awarm(request))

    def warm_listeners(self, seat: PlayerId) -> None:
        """While the person at ``seat`` decides, let each seat that speaks from what it heard (``warms_heard``: the
        Ten Candles Storyteller) warm its next prompt on its server, with the events the person's default move
        would add (:meth:`Game.default_action`, applied to the state: the kernel is pure). A person takes
        seconds; the warm-up takes the words after their move from ~150 new prompt tokens to a few dozen."""
        listeners = [s for s, agent in self.session.agents.items() if s != seat and agent.warms_heard and not agent.remote]
        if not listeners or self.session.retracing:  # a resumed game's past waits for nobody
            return
        default = self.session.game.default_action(self.session.state, seat)
        coming: tuple[Event, ...] = ()
        if default is not None and self.session.game.check(self.session.state, default) is None:
            coming = self.session.game.apply(self.session.state, default).events
        for listener in listeners:
            view = self.session.game.view(self.session.state, listener)
            warm = self.session.agents[listener].warm_heard(view, [e for e in coming if e.visible_to(listener)])
            if warm is not None:
                concurrency.spawn(warm)

    PEEK_MOVES = 8
    """How many moves :meth:`peek` looks ahead (a battaglia night's steps, one awake group each)."""

    def peek(self, local: Sequence[PlayerId]) -> dict[PlayerId, Request]:
        """The requests of seats not acting now that the next moves will ask, when those moves tell
        them nothing (no event they may see): what they will be asked then is decided now.

        The next moves are played on a copy of the state with each seat's first legal move (a
        stand-in; the kernel is pure), stopping at chance, the end, or after :attr:`PEEK_MOVES`. A seat
        is peeked only while none of those moves' events reached it (so its agent has heard exactly
        what it will have heard in its turn), or, when its answer follows from the request alone
        (``from_request``: a battaglia model seat, whose prompt is its view), while what it saw of
        them does not depend on the move made (each stand-in is compared with the mover's last legal
        move: a night step's public heading is the same, an accusation is not); :meth:`take` uses
        the answer only if the seat is then asked the very same request (and, unless
        ``from_request``, heard nothing more). A battaglia night's separate steps (L51-62) wake one
        group after another, and a seat's view does not show another group's choice (only the
        Cheshire Cat watches, L50: its view changes, so its early answer is asked again).
        """
        if not any(agent.concurrent and not agent.remote for agent in self.session.agents.values()):
            return {}
        state, found = self.session.state, {}
        quiet = set(self.session.agents) - set(local)  # heard nothing from the stand-in moves so far
        steady = set(quiet)  # saw nothing that depends on which move was made
        for _ in range(self.PEEK_MOVES):
            active = sorted(self.session.game.active_players(state))
            if not active or CHANCE in active or self.session.game.outcome(state) is not None or not (quiet | steady):
                break
            if state is not self.session.state:
                for seat in active:
                    agent = self.session.agents.get(seat)
                    if agent is None or seat in found or not agent.concurrent or agent.remote:
                        continue
                    if seat in quiet or (agent.from_request and seat in steady):
                        found[seat] = Request(self.session.game.name, seat, self.session.game.view(state, seat),
                                              self.session.game.legal_actions(state, seat), None, 1,
                                              answers=dict(self.session.answers) if self.session.answers else {}, talk=self.session.talk)
            legal = self.session.game.legal_actions(state, active[0])
            if not legal:
                break
            step = self.session.game.apply(state, legal[0])
            judged = len(legal) > 1 and any(self.session.agents[seat].from_request for seat in steady if seat in self.session.agents)
            other = self.session.game.apply(state, legal[-1]) if judged else step

            def seen(events: Sequence[Event], seat: PlayerId) -> list[Event]:
                return [e for e in events if e.kind != NARRATION and e.visible_to(seat)]

            quiet -= {seat for seat in quiet if seen(step.events, seat)}
            steady -= {seat for seat in steady if seen(step.events, seat) != seen(other.events, seat)}
            state = step.state
        return found

    def take(self, seat: PlayerId, request: Request) -> _Ahead | None:
        """The seat's answer asked ahead, if it answers ``request`` as asked now; its calls are written first."""
        ahead = self.ahead.pop(seat, None)
        if ahead is None:
            return None
        heard_since = ahead.heard != self.heard[seat] and not self.session.agents[seat].from_request
        if ahead.request != request or heard_since:
            self.write_calls(ahead, discarded=True)
            return None
        self.write_calls(ahead)
        return ahead

    def drop(self, seat: PlayerId) -> None:
        self.write_calls(self.ahead.pop(seat), discarded=True)

    def write_calls(self, ahead: _Ahead, *, discarded: bool = False) -> None:
        """An answer that no longer fits (an earlier move changed what the seat sees) is asked again;
        its calls were made and paid for, so they are written, marked ``discarded``."""
        for record in ahead.calls:
            self.session.write({"kind": "llm_call", **record, **({"discarded": True} if discarded else {})})

"""Seats the rules let decide at once are asked together; the transcript is the sequential one.

The agents here answer as a pure function of what they are asked (as a model does for a given set
of answers), sleep a different time per seat so that answers arrive out of seat order, and report a
call each, as a model agent does. The games are played with ``concurrency`` 1 and 4 and must write
the same transcript, while the concurrent run really had several seats waiting at once.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import time
from typing import Any

import pytest
from narrator.agents.base import AgentGaveUpError, Decision, Request, Seat
from narrator.agents.battaglia import BattagliaBot
from narrator.rules.battaglia import GAME, BattagliaConfig

from narrator.session import Session
from narrator.warmup import Warmup


class Counter:
    def __init__(self) -> None:
        self.now = self.peak = 0
        self.together: collections.Counter[str] = collections.Counter()
        """Asks through ``aact`` (with other seats), by phase."""


class PureSeat(Seat):
    """Answers from the request alone; waits a seat-dependent time; one ``llm_call`` per answer."""

    concurrent = True
    from_request = True  # its answer is a function of the request (not of what it heard)
    name = "pure"

    def __init__(self, seat: int, flight: Counter, *, give_up_at: int | None = None) -> None:
        self.seat, self.flight, self.give_up_at = seat, flight, give_up_at
        self.from_request = give_up_at is None  # giving up every n-th ask depends on how often it was asked
        self.sink: Any = None
        self.asked = 0

    def bind_calls(self, sink: Any) -> None:
        self.sink = sink

    def _choose(self, request: Request) -> Decision:
        self.asked += 1
        if self.give_up_at is not None and self.asked % self.give_up_at == 0:
            raise AgentGaveUpError("illegal: test gives up")
        digest = hashlib.sha256(f"{request.seat}/{request.attempt}/{len(request.view.log)}/{len(request.legal)}"
                                .encode()).digest()
        action = request.legal[digest[0] % len(request.legal)]
        self.sink({"actor": request.seat, "role": "test", "model": "pure", "attempt": request.attempt,
                   "prompt_tokens": len(request.legal), "completion_tokens": 1, "latency_ms": 0.0,
                   "outcome": "ok"})
        return Decision(action, {"by": self.name})

    def act(self, request: Request) -> Decision:
        return self._choose(request)

    async def aact(self, request: Request) -> Decision:
        self.flight.together[str(request.view.phase)] += 1
        self.flight.now += 1
        self.flight.peak = max(self.flight.peak, self.flight.now)
        await asyncio.sleep(0.001 * ((request.seat * 5) % 7))  # later seats often answer first
        self.flight.now -= 1
        return self._choose(request)


class Records:
    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []

    def write(self, record: dict[str, Any]) -> None:
        self.lines.append(record)

    def close(self) -> None:
        pass


def play(players: int, seed: int, concurrency: int, *, give_up_at: int | None = None) -> tuple[list[dict], Counter]:
    flight = Counter()
    agents = {s: PureSeat(s, flight, give_up_at=give_up_at) for s in range(players)}
    fallbacks = {s: BattagliaBot(seed, s, None) for s in range(players)}
    records = Records()
    session = Session(GAME, BattagliaConfig(players=players), agents, seed=seed, recorder=records,
                      fallbacks=fallbacks, concurrency=concurrency)
    session.write_header()
    started = time.monotonic()
    for _ in range(5000):
        if not session.step():
            break
    assert time.monotonic() - started < 60
    return records.lines, flight


def unnumbered(record: dict[str, Any]) -> dict[str, Any]:
    """A record without its ``seq`` (a discarded call's line takes a number too)."""
    return {k: v for k, v in record.items() if k != "seq"}


@pytest.mark.parametrize(("players", "seed"), [(8, 1), (12, 4)])
def test_concurrent_asks_write_the_sequential_transcript(players: int, seed: int) -> None:
    sequential, flight_seq = play(players, seed, 1)
    concurrent, flight_con = play(players, seed, 4)
    assert flight_seq.peak == 0  # asked one by one through act()
    assert flight_con.peak >= 2  # several seats were waited on at once
    assert any(r["kind"] == "result" for r in sequential)
    discarded = [r for r in concurrent if r.get("discarded")]
    kept = [unnumbered(r) for r in concurrent if not r.get("discarded")]
    assert kept == [unnumbered(r) for r in sequential]
    assert len(discarded) < len([r for r in concurrent if r["kind"] == "llm_call"]) / 4


def test_a_seat_that_gives_up_while_asked_ahead_falls_back_in_its_turn() -> None:
    sequential, _ = play(8, 2, 1, give_up_at=3)
    concurrent, _ = play(8, 2, 3, give_up_at=3)
    fallbacks = [r for r in sequential if r["kind"] == "fallback"]
    assert fallbacks
    assert [r for r in concurrent if r["kind"] == "fallback"][:3] == fallbacks[:3]


@pytest.mark.slow
def test_a_nights_lone_awake_seats_are_asked_ahead_of_their_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Night steps wake one group after another; the seats of later steps, told nothing by the earlier
    ones, are asked together with them (``Warmup.peek``), and the transcript stays the sequential one."""
    sequential, _ = play(8, 1, 1)
    peeked, flight = play(8, 1, 4)
    monkeypatch.setattr(Warmup, "PEEK_MOVES", 0)  # the ask-ahead lives in the session's Warmup
    _, flight_current = play(8, 1, 4)
    assert [unnumbered(r) for r in peeked if not r.get("discarded")] == [unnumbered(r) for r in sequential]
    assert flight.together["night"] > 1.5 * flight_current.together["night"], (flight.together, flight_current.together)

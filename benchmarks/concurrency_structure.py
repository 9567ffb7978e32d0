"""How much of a whole battaglia game the session can ask at once: the wall / sum-of-latencies ratio
with a simulated server pool, no model.

Every seat is a concurrent seat that answers like the scripted bot after a fixed latency per decision
kind (scaled from the SmolLM2 measurements in docs/llm.md: night 3.0 s, accusation 15.4 s, ballot
12.1 s, the rest 5 s; divided by ``--scale``) and holds one of ``--servers`` slots while it "computes",
as a call holds an embedded server. So the ratio measures only the game's structure (which decisions
the session asks together); it is not the model measurement (``benchmarks/llm_concurrency.py``), but
it shows why a whole game's ratio is what it is, and what asking ahead (``Session._peek``) changes.
The sum counts the decisions whose answers were moves (an answer asked ahead and dropped is not);
``asked`` counts every ask.

    python benchmarks/concurrency_structure.py --players 12 --seeds 4 --servers 2 --concurrency 4
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import sys
import threading
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from narrator.agents.base import Decision, Request, Seat
from narrator.agents.battaglia import BattagliaBot
from narrator.agents.battaglia.texts import Table
from narrator.rules.battaglia import GAME
from narrator.rules.replay import decode_config

from narrator.session import Session

LATENCY_S = {"night": 3.0, "accuse": 15.4, "vote": 12.1, "revote": 12.1}
OTHER_S = 5.0


class Pool:
    """``servers`` slots; a call holds one while it computes (one request per embedded server)."""

    def __init__(self, servers: int) -> None:
        self.servers = servers
        self.gate: asyncio.Semaphore | None = None
        self.lock = threading.Lock()

    def slot(self) -> asyncio.Semaphore:
        with self.lock:
            if self.gate is None:
                self.gate = asyncio.Semaphore(self.servers)
            return self.gate


class TimedSeat(Seat):
    """The scripted bot's move after the decision kind's latency, holding a server slot meanwhile."""

    concurrent = True
    from_request = True  # as the battaglia model seat: its prompt is its view

    def __init__(self, bot: BattagliaBot, pool: Pool, scale: float, log: list[tuple[str, float]]) -> None:
        self.bot, self.pool, self.scale, self.log = bot, pool, scale, log
        self.name = "timed"

    def observe(self, events: Any) -> None:
        self.bot.observe(events)

    def _latency(self, request: Request) -> float:
        return LATENCY_S.get(str(request.view.phase), OTHER_S) / self.scale

    def act(self, request: Request) -> Decision:
        latency = self._latency(request)
        time.sleep(latency)
        self.log.append((str(request.view.phase), latency))
        return _decision(self.bot.act(request), latency)

    async def aact(self, request: Request) -> Decision:
        latency = self._latency(request)
        async with self.pool.slot():
            await asyncio.sleep(latency)
        self.log.append((str(request.view.phase), latency))
        return _decision(self.bot.act(request), latency)


def _decision(move: Any, latency: float) -> Decision:
    action = move.action if isinstance(move, Decision) else move
    return Decision(action, {"latency_s": latency})  # the move's line says what its decision cost


class Moves:
    """The session's recorder: the latency of every decision whose answer was used (asked ahead and
    dropped answers are not moves, so they are not counted)."""

    def __init__(self) -> None:
        self.latencies: list[tuple[str, float]] = []

    def write(self, record: dict[str, Any]) -> None:
        notes = record.get("notes") or {}
        if record.get("kind") == "action" and "latency_s" in notes:
            self.latencies.append(("", float(notes["latency_s"])))

    def close(self) -> None:
        pass


def one_game(players: int, seed: int, servers: int, concurrency: int, scale: float, peek: bool) -> dict[str, Any]:
    table = Table.for_game(seed, players, "en")
    config = decode_config(GAME, {"speech_rounds": 0, "objection_window": "eligible", "players": players})
    pool = Pool(servers)
    log: list[tuple[str, float]] = []
    agents = {s: TimedSeat(BattagliaBot(seed, s, table), pool, scale, log) for s in range(players)}
    moves = Moves()
    session = Session(GAME, config, agents, seed=seed, concurrency=concurrency, recorder=moves)
    if not peek:
        session.PEEK_MOVES = 0  # type: ignore[misc]
    begun = time.monotonic()
    while session.step():
        pass
    wall = time.monotonic() - begun
    total = sum(latency for _, latency in moves.latencies)
    by_phase = collections.Counter(phase for phase, _ in log)
    return {"seed": seed, "decisions": len(moves.latencies), "asked": len(log), "wall_s": round(wall, 2),
            "sum_latency_s": round(total, 2), "ratio": round(wall / total, 3),
            "asked_by_phase": dict(sorted(by_phase.items())), "day": session.state.day}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--scale", type=float, default=10.0, help="latencies divided by this (keeps it short)")
    args = parser.parse_args()
    result: dict[str, Any] = {"players": args.players, "servers": args.servers, "concurrency": args.concurrency}
    for peek in (False, True):
        games = [one_game(args.players, seed, args.servers, args.concurrency, args.scale, peek)
                 for seed in range(1, args.seeds + 1)]
        result["with_peek" if peek else "without_peek"] = {
            "ratio_mean": round(sum(g["ratio"] for g in games) / len(games), 3), "games": games}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

"""Concurrent model seats and streamed prose on the embedded model: the wall-time ratio and the first token.

1. **Ratio.** A seeded 12-player battaglia game, every seat a model seat (scripted fallbacks), from
   the start (or ``--from vote``: scripted to day 1's first ballot) for ``--decisions`` model
   decisions, played with ``Session(concurrency=C)`` against ``--servers K`` embedded servers
   behind one slot pool. Reported: the wall time, the sum of the decisions' latencies (each call's
   latency is measured after it got a server slot, so it is the time the server spent on it, not
   the time it queued), and their ratio (goal <= 0.5). ``--compare`` plays the same decisions one by
   one as well (concurrency 1, same seed): the honest speed-up.
2. **First token.** ``--ttft N``: N streamed narration calls (a plain-text writer); the time from the
   call to the first draft shown, p50 and max (goal <= 1 s on a quiet machine).

The machine's load average is printed beside the numbers: on the shared 2-core machine these runs
compete with other jobs.

    python benchmarks/llm_concurrency.py --servers 2 --concurrency 4 --decisions 24 --compare
    python benchmarks/llm_concurrency.py --ttft 5 --decisions 0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from narrator.agents.battaglia.llm import BattagliaLLM
from narrator.agents.battaglia.texts import Table
from narrator.agents.llm import LLMWriter, UsageStats, WriterRole, load_settings
from narrator.agents.llm.client import chat_model
from narrator.agents.llm.settings import LLMSettings
from narrator.agents.llm.streaming import streaming_to
from narrator.rules.battaglia import GAME
from narrator.rules.core import CHANCE
from narrator.rules.replay import decode_config

from narrator.battaglia.simulate import make_bots
from narrator.llm.local import MODEL_ALIAS
from narrator.session import Session


@contextlib.contextmanager
def servers(count: int, urls: list[str]) -> Iterator[list[str]]:
    """``urls``, or ``count`` freshly started embedded servers for the block."""
    if urls:
        yield urls
        return
    from narrator.llm.local import local_servers

    with local_servers(count) as started:
        yield [s.base_url for s in started]


def settings_for(urls: list[str], concurrency: int) -> LLMSettings:
    base = load_settings(max_tokens=80, decision_deadline=900, timeout=900, max_retries=1, concurrency=concurrency)
    return base.for_local(urls[0], MODEL_ALIAS, more=tuple(urls[1:]))


def ratio_run(settings: LLMSettings, *, players: int, seed: int, decisions: int, start: str) -> dict[str, Any]:
    """Play ``decisions`` model decisions with every seat a model seat; wall time and latency sums."""
    table = Table.for_game(seed, players, "en")
    config = decode_config(GAME, {"speech_rounds": 0, "objection_window": "eligible", "players": players})
    scripted = make_bots(seed, players, table, talk=True)
    session = Session(GAME, config, dict(scripted), seed=seed, fallbacks=scripted,
                      concurrency=settings.concurrency)
    if start == "vote":
        while str(session.state.phase) != "vote" and session.step():
            pass
    stats = UsageStats()
    chat = chat_model(settings, "bot")
    session.agents = {seat: BattagliaLLM(settings, seat, table, stats=stats, model=chat) for seat in range(players)}
    session._heard = dict.fromkeys(session.agents, 0)
    begun = time.monotonic()
    while len([d for d in stats.decisions if d.calls]) < decisions and session.step():
        if GAME.outcome(session.state) is not None:
            break
    wall = time.monotonic() - begun
    asked = [d for d in stats.decisions if d.calls]
    latency = sum(c.latency_ms for d in asked for c in d.calls) / 1000
    return {"decisions": len(asked), "calls": sum(len(d.calls) for d in asked), "wall_s": round(wall, 1),
            "sum_latency_s": round(latency, 1), "ratio": round(wall / latency, 3) if latency else None,
            "phase_reached": str(session.state.phase), "day": session.state.day,
            "active_players_now": sorted(a for a in GAME.active_players(session.state) if a != CHANCE)}


class FirstDraft:
    """Times the first draft of each streamed call."""

    def __init__(self) -> None:
        self.first: float | None = None

    def begin(self, key: int, who: int | None, role: str) -> None:
        pass

    def draft(self, key: int, text: str) -> None:
        if self.first is None:
            self.first = time.monotonic()

    def end(self, key: int, kept: bool) -> None:
        pass


def ttft_run(settings: LLMSettings, calls: int) -> dict[str, Any]:
    """``calls`` streamed narrations; seconds from the call to the first draft."""
    writer = LLMWriter(settings, WriterRole(name="narration", prompt="common/narrate", max_chars=4000))
    times = []
    for index in range(calls):
        display = FirstDraft()
        asked = time.monotonic()
        with streaming_to(display):
            writer.write(game="pig", rules="Pig: roll a die; a 1 loses the turn.",
                         events=[f"roll {{\"face\": {2 + index % 5}, \"seat\": 0}}"])
        if display.first is not None:
            times.append(display.first - asked)
    return {"calls": calls, "first_draft_s_p50": round(statistics.median(times), 2) if times else None,
            "first_draft_s_max": round(max(times), 2) if times else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--servers", type=int, default=2, help="embedded servers to start (one request each)")
    parser.add_argument("--base-url", action="append", default=[], help="use running servers instead")
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=24)
    parser.add_argument("--from", dest="start", choices=("start", "vote"), default="start")
    parser.add_argument("--compare", action="store_true", help="also play the decisions one by one")
    parser.add_argument("--ttft", type=int, default=0, help="streamed calls timed to their first token")
    args = parser.parse_args()
    result: dict[str, Any] = {"load_before": os.getloadavg()}
    with servers(args.servers, args.base_url) as urls:
        result["servers"] = len(urls)
        if args.decisions:
            settings = settings_for(urls, args.concurrency)
            result["concurrent"] = ratio_run(settings, players=args.players, seed=args.seed,
                                             decisions=args.decisions, start=args.start)
            if args.compare:
                result["sequential"] = ratio_run(settings_for(urls, 1), players=args.players, seed=args.seed,
                                                 decisions=args.decisions, start=args.start)
                result["speedup"] = round(result["sequential"]["wall_s"] / result["concurrent"]["wall_s"], 2)
        if args.ttft:
            result["ttft"] = ttft_run(settings_for(urls[:1], 1), args.ttft)
    result["load_after"] = os.getloadavg()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

"""Measure battaglia LLM seats at 12 players on day 3: calls, prompt tokens, illegal proposals, latency.

A seeded game is played by scripted bots to day 3; then, for each decision kind (the night's choices
before it, accusations, ballots), the model makes the next ``--per-kind`` decisions through the
session (kernel checks, re-asks, scripted fallback). Prints the run's :class:`UsageStats` summary
overall and per kind.

    python benchmarks/llm_battaglia.py                    # starts the embedded model itself
    python benchmarks/llm_battaglia.py --base-url http://127.0.0.1:8080/v1 --per-kind 8
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from narrator.agents.battaglia.bot import BattagliaBot
from narrator.agents.battaglia.llm import BattagliaLLM
from narrator.agents.battaglia.texts import Table
from narrator.agents.llm import UsageStats, load_settings
from narrator.rules.battaglia import GAME
from narrator.rules.core import CHANCE
from narrator.rules.replay import decode_config

from narrator.session import Session

KINDS = (("night", "choose", 2), ("accuse", "accuse", 3), ("vote", "vote", 3))
"""(phase, move kind, from day): night 3 (it follows day 2), then day 3's accusations and ballots."""


@contextlib.contextmanager
def endpoint(base_url: str | None) -> Iterator[str]:
    """``base_url``, or a freshly started local model for the block."""
    if base_url:
        yield base_url
        return
    from narrator.llm.local import local_server

    with local_server() as server:
        yield server.base_url


def measure(base_url: str, players: int, seed: int, per_kind: int) -> dict[str, dict[str, object]]:
    """Per decision kind and overall: the usage summary of the model's decisions."""
    from narrator.llm.local import MODEL_ALIAS

    settings = load_settings().for_local(base_url, MODEL_ALIAS)
    table = Table.for_game(seed, players, "en")
    config = decode_config(GAME, {"players": players, "speech_rounds": 0, "objection_window": "eligible"})
    scripted = {s: BattagliaBot(seed, s, table) for s in range(players)}
    session = Session(GAME, config, dict(scripted), seed=seed, fallbacks=scripted)
    overall, results = UsageStats(), {}
    for phase, kind, day in KINDS:
        stats = UsageStats()
        for _ in range(per_kind):
            seat = _next_decision(session, phase, kind, day)
            if seat is None:
                break
            agent = BattagliaLLM(settings, seat, table, stats=stats)
            session.agents[seat] = agent
            session.ask(seat)
            session.agents[seat] = scripted[seat]
            print(f"{phase} seat {seat}: {agent.stats.decisions[-1].calls[-1].prompt_tokens} prompt tokens, "
                  f"{sum(c.latency_ms for c in agent.stats.decisions[-1].calls) / 1000:.1f} s", flush=True)
        overall.decisions += stats.decisions
        results[phase] = stats.summary()
    results["all"] = overall.summary()
    return results


def _next_decision(session: Session, phase: str, kind: str, day: int) -> int | None:
    for _ in range(5000):
        active = GAME.active_players(session.state)
        if not active or GAME.outcome(session.state) is not None:
            return None
        if CHANCE not in active:
            seat = min(active)
            legal = GAME.legal_actions(session.state, seat)
            if str(session.state.phase) == phase and session.state.day >= day and len(legal) > 1 \
                    and any(a.kind == kind for a in legal):
                return seat
        session.step()
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", help="an OpenAI-compatible endpoint serving the local model (default: start one)")
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--per-kind", type=int, default=5)
    args = parser.parse_args()
    with endpoint(args.base_url) as url:
        results = measure(url, args.players, args.seed, args.per_kind)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()

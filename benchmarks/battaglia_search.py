"""The search bot's edge: a force played by the search bot against scripted opponents, against the same
force played by the scripted bot, on the same seeds (native engine).

Goals (issue #15): at 12 players the searched force wins at least 5 points more often than the scripted
one, for every force, with 95% intervals over at least 1,000 games per arm; at most 50 ms per decision at
the default budget on the project's machine.

    python benchmarks/battaglia_search.py --players 12 --games 1000 --rollouts 64
    python benchmarks/battaglia_search.py --forces light --games 200 --jobs 2

Prints one line per force: the scripted and the searched win rate with Wilson intervals, the difference
with a 95% interval (paired games: the same seeds), and the searcher's milliseconds per decision.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time
from collections.abc import Sequence
from typing import Any

from narrator.battaglia.bots import FORCES, BotPlan
from narrator.battaglia.simulate import job_config
from narrator.playtest import make_jobs
from narrator.playtest.stats import wilson_interval


def _play(args: tuple[Sequence[Any], BotPlan]) -> tuple[list[str], int, float]:
    from narrator.fast import engine
    from narrator.fast.battaglia import play_rows

    jobs, plan = args
    engine("battaglia").search_stats(True)
    rows = play_rows(job_config(jobs[0]), jobs, plan)
    decisions, ms = engine("battaglia").search_stats(True)
    return [row["winner"] for row in rows], decisions, ms


def winners(jobs: Sequence[Any], plan: BotPlan, workers: int) -> tuple[list[str], int, float]:
    """The winner of each job's game under ``plan``, and the searched decisions and their milliseconds."""
    size = max(1, len(jobs) // (workers * 4))
    chunks = [(jobs[i:i + size], plan) for i in range(0, len(jobs), size)]
    if workers <= 1:
        parts = [_play(c) for c in chunks]
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_play, chunks)
    return [w for p in parts for w in p[0]], sum(p[1] for p in parts), sum(p[2] for p in parts)


def paired_interval(a: Sequence[bool], b: Sequence[bool]) -> tuple[float, float, float]:
    """Mean of b - a over paired games and its 95% normal interval."""
    diffs = [int(y) - int(x) for x, y in zip(a, b)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--rollouts", type=int, default=BotPlan().rollouts)
    parser.add_argument("--candidates", type=int, default=BotPlan().candidates)
    parser.add_argument("--forces", default=",".join(FORCES))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    jobs = make_jobs([args.players], args.games, args.seed)
    started = time.perf_counter()
    base, _, _ = winners(jobs, BotPlan(), args.jobs)
    print(f"{args.players} players, {args.games} games per arm, seed {args.seed}, rollouts {args.rollouts}, "
          f"candidates {args.candidates} (scripted arm: {time.perf_counter() - started:.1f} s)")
    for force in args.forces.split(","):
        plan = BotPlan(kinds=((force, "search"),), rollouts=args.rollouts, candidates=args.candidates)
        started = time.perf_counter()
        searched, decisions, ms = winners(jobs, plan, args.jobs)
        a = [FORCES[force](w) for w in base]
        b = [FORCES[force](w) for w in searched]
        low_a, high_a = wilson_interval(sum(a), len(a))
        low_b, high_b = wilson_interval(sum(b), len(b))
        mean, low, high = paired_interval(a, b)
        per = ms / decisions if decisions else 0.0
        print(f"{force:9s} scripted {100 * sum(a) / len(a):5.1f}% [{100 * low_a:.1f}, {100 * high_a:.1f}]  "
              f"search {100 * sum(b) / len(b):5.1f}% [{100 * low_b:.1f}, {100 * high_b:.1f}]  "
              f"edge {100 * mean:+.1f} points [{100 * low:+.1f}, {100 * high:+.1f}]  "
              f"{per:.1f} ms/decision, {decisions / len(jobs):.0f} decisions/game, "
              f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

"""The search bot's edge: a force played by the search bot against scripted opponents, against the same
force played by the scripted bot, on the same seeds (native engine).

Goals (issue #15): at 12 players the searched force wins at least 5 points more often than the scripted
one, for every force, with 95% intervals over at least 1,000 games per arm; at most 50 ms per decision at
the default budget on the project's machine.

    python benchmarks/battaglia_search.py --players 12 --games 1000 --rollouts 64
    python benchmarks/battaglia_search.py --forces light --games 200 --jobs 2
    nice -n 10 python benchmarks/battaglia_search.py --games 1000 --jobs 2 --results /tmp/edge.jsonl  # resumable

With ``--results FILE`` every finished chunk of games (``--chunk`` games of one arm) is appended to FILE as
one JSON line; a run started again with the same settings and FILE plays only the chunks not there yet.

Prints one line per force: the scripted and the searched win rate with Wilson intervals, the difference
with a 95% interval (paired games: the same seeds), and the searcher's milliseconds per decision.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import time
from collections.abc import Sequence
from typing import Any

from narrator.battaglia.bots import FORCES, BotPlan
from narrator.battaglia.simulate import job_config
from narrator.playtest import make_jobs
from narrator.playtest.stats import wilson_interval


def _play(args: tuple[Sequence[Any], BotPlan]) -> tuple[list[str], int, float, float]:
    from narrator.fast import engine
    from narrator.fast.battaglia import play_rows

    jobs, plan = args
    engine("battaglia").search_stats(True)
    rows = play_rows(job_config(jobs[0]), jobs, plan)
    decisions, ms, cpu_ms = engine("battaglia").search_stats(True)
    return [row["winner"] for row in rows], decisions, ms, cpu_ms


def _play_chunk(args: tuple[str, Sequence[Any], BotPlan]) -> tuple[str, tuple[list[str], int, float, float]]:
    key, jobs, plan = args
    return key, _play((jobs, plan))


class Results:
    """Finished chunks, kept in a JSON-lines file when one is given (a run started again resumes)."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.done: dict[str, tuple[list[str], int, float, float]] = {}
        if path and os.path.exists(path):
            with open(path, encoding="utf-8") as handle:
                for line in handle:
                    if line.strip():
                        entry = json.loads(line)
                        self.done[entry["key"]] = (entry["winners"], entry["decisions"], entry["ms"], entry["cpu_ms"])

    def add(self, key: str, result: tuple[list[str], int, float, float]) -> None:
        self.done[key] = result
        if self.path:
            with open(self.path, "a", encoding="utf-8") as handle:
                handle.write(json.dumps({"key": key, "winners": result[0], "decisions": result[1],
                                         "ms": result[2], "cpu_ms": result[3]}) + "\n")


def winners(jobs: Sequence[Any], plan: BotPlan, workers: int, results: Results | None = None,
            chunk: int = 25, label: str = "") -> tuple[list[str], int, float, float]:
    """The winner of each job's game under ``plan``, and the searched decisions and their milliseconds."""
    results = results or Results(None)
    size = max(1, min(chunk, len(jobs)))
    chunks = {f"{label} {plan} seed={jobs[i].seed} n={len(jobs[i:i + size])}": jobs[i:i + size]
              for i in range(0, len(jobs), size)}
    todo = [(key, part, plan) for key, part in chunks.items() if key not in results.done]
    if todo:
        if workers <= 1:
            finished = map(_play_chunk, todo)
            for key, result in finished:
                results.add(key, result)
        else:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for key, result in pool.imap_unordered(_play_chunk, todo):
                    results.add(key, result)
    parts = [results.done[key] for key in chunks]
    return ([w for p in parts for w in p[0]], sum(p[1] for p in parts), sum(p[2] for p in parts),
            sum(p[3] for p in parts))


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
    parser.add_argument("--z", type=float, default=BotPlan().z)
    parser.add_argument("--probe-rounds", type=int, default=BotPlan().probe_rounds)
    parser.add_argument("--forces", default=",".join(FORCES))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--results", help="a JSON-lines file of finished chunks: the run resumes from it")
    parser.add_argument("--chunk", type=int, default=25, help="games per chunk (per line of --results)")
    args = parser.parse_args()
    jobs = make_jobs([args.players], args.games, args.seed)
    results = Results(args.results)
    started = time.perf_counter()
    base, _, _, _ = winners(jobs, BotPlan(), args.jobs, results, args.chunk, f"{args.players}p")
    print(f"{args.players} players, {args.games} games per arm, seed {args.seed}, rollouts {args.rollouts}, "
          f"candidates {args.candidates} (scripted arm: {time.perf_counter() - started:.1f} s)")
    for force in args.forces.split(","):
        plan = BotPlan(kinds=((force, "search"),), rollouts=args.rollouts, candidates=args.candidates,
                       z=args.z, probe_rounds=args.probe_rounds)
        started = time.perf_counter()
        searched, decisions, ms, cpu_ms = winners(jobs, plan, args.jobs, results, args.chunk, f"{args.players}p")
        a = [FORCES[force](w) for w in base]
        b = [FORCES[force](w) for w in searched]
        low_a, high_a = wilson_interval(sum(a), len(a))
        low_b, high_b = wilson_interval(sum(b), len(b))
        mean, low, high = paired_interval(a, b)
        per = ms / decisions if decisions else 0.0
        per_cpu = cpu_ms / decisions if decisions else 0.0
        print(f"{force:9s} scripted {100 * sum(a) / len(a):5.1f}% [{100 * low_a:.1f}, {100 * high_a:.1f}]  "
              f"search {100 * sum(b) / len(b):5.1f}% [{100 * low_b:.1f}, {100 * high_b:.1f}]  "
              f"edge {100 * mean:+.1f} points [{100 * low:+.1f}, {100 * high:+.1f}]  "
              f"{per:.1f} ms/decision wall, {per_cpu:.1f} ms CPU, {decisions / len(jobs):.0f} decisions/game, "
              f"{time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()

"""How many simulated Ten Candles games per second this machine plays.

Scripted GM and survivors, the wordless voice, no transcript, no narration: the games
``narrator simulate ten-candles`` plays, with the native playout engine (default) or the Python
kernel (``--engine python``). The goal set for the project is 10,000 games/s on the 2-core
machine (``--jobs 2``); the script prints the measured figures and, with ``--profile``, where the
Python engine's time goes.

    python benchmarks/ten_candles_sim.py                      # native, 1 and 2 jobs
    python benchmarks/ten_candles_sim.py --engine python --games 1000 --players 4 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from narrator.playtest import make_jobs, run_games
from narrator.playtest.engines import Engine, choose
from narrator.ten_candles.simulate import job_config, native_engine, play_one

TARGET = 10_000


def pick_engine(name: str, players: int) -> Engine:
    """The ``native`` or ``python`` engine (``auto`` picks as ``narrator simulate`` does)."""
    chosen = choose(name, play_one=play_one, native=native_engine,
                    configs=[job_config(make_jobs([players], 1, 0)[0])])
    if chosen.note:
        print(f"note: {chosen.note}")
    return chosen


def measure(engine: Engine, games: int, players: int, jobs: int) -> float:
    """Games per second over ``games`` games with ``jobs`` worker processes."""
    batch = make_jobs([players], games, seed=7)
    engine.play_batch(batch[:1])  # warm caches (YAML, pydantic adapters) outside the timing
    start = time.perf_counter()
    run_games(engine.play_batch, batch, workers=jobs, progress=False, batched=True)
    return games / (time.perf_counter() - start)


def profile(games: int, players: int, top: int) -> None:
    """Print the functions with the most own time over ``games`` games of the Python engine."""
    batch = make_jobs([players], games, seed=11)
    profiler = cProfile.Profile()
    profiler.enable()
    for job in batch:
        play_one(job)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def main() -> None:
    """Command line entry."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", choices=("native", "python", "auto"), default="native")
    parser.add_argument("--games", type=int, default=None, help="games per measurement (default 100,000 native, "
                                                                  "1,000 python)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="worker counts to measure")
    parser.add_argument("--profile", action="store_true", help="also print the top of a cProfile run (python engine)")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    engine = pick_engine(args.engine, args.players)
    games = args.games or (100_000 if engine.name == "native" else 1000)
    for jobs in args.jobs:
        rate = measure(engine, games, args.players, jobs)
        verdict = "meets" if rate >= TARGET else "misses"
        print(f"ten-candles ({engine.name}): {rate:,.0f} games/s ({args.players} players, {jobs} worker(s), "
              f"{games:,} games); {verdict} the {TARGET:,} games/s target")
    if args.profile:
        profile(max(50, games // 10), args.players, args.top)


if __name__ == "__main__":
    main()

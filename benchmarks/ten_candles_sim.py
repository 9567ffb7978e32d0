"""How many simulated Ten Candles games per second this machine plays.

Scripted GM and survivors, the wordless voice, no transcript, no narration: the same ``play_one``
that ``narrator simulate ten-candles`` runs. The goal set for the project is 10,000 games/s; the
script prints the measured figure and, with ``--profile``, where the time goes.

    python benchmarks/ten_candles_sim.py --games 1000 --players 4 --jobs 2 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from narrator.playtest import make_jobs, run_games
from narrator.ten_candles.simulate import play_one

TARGET = 10_000


def measure(games: int, players: int, jobs: int) -> float:
    """Games per second over ``games`` games with ``jobs`` worker processes."""
    batch = make_jobs([players], games, seed=7)
    play_one(batch[0])  # warm caches (YAML, pydantic adapters) outside the timing
    start = time.perf_counter()
    run_games(play_one, batch, workers=jobs, progress=False)
    return games / (time.perf_counter() - start)


def profile(games: int, players: int, top: int) -> None:
    """Print the functions with the most own time over ``games`` games in this process."""
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
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="also print the top of a cProfile run")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    rate = measure(args.games, args.players, args.jobs)
    verdict = "meets" if rate >= TARGET else "misses"
    print(f"ten-candles: {rate:,.0f} games/s ({args.players} players, {args.jobs} worker(s), {args.games} games); "
          f"{verdict} the {TARGET:,} games/s target")
    if args.profile:
        profile(max(50, args.games // 10), args.players, args.top)


if __name__ == "__main__":
    main()

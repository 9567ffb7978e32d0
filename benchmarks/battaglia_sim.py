"""Battaglia simulation speed: games per second with scripted bots, and the time of a full sweep.

Native playout engine (``native/battaglia``, the default here and in ``narrator simulate``),
measured 2026-11-30 on the quiet 2-core machine, 12 players: 8,560 games/s in one process, 14,900
with ``--jobs 2``; the sweep of 6..17 x 10,000 games with ``--jobs 2`` measured whole: 8.3 s.
The target of the project brief: 2,000 games/s and the sweep under 60 s. See docs/performance.md.

The Python kernel and bots (``--engine python``), the same day, the machine shared with other work:

=====================================================  ==============  ==============
12 players, Python engine                              bot ee177f4     bot 0787277
=====================================================  ==============  ==============
games per CPU-second, one process                      47.3 / 49.3     66.6 / 67.2
games/s wall, ``jobs=1``                               41.1 / 46.5     66.2 / 66.3
games/s wall, ``jobs=2`` (cores shared: noise)         29.9 / 69.8     48.5 / 64.4
µs per bot decision, in game (wall, timed around act)  37.1 / 40.5     22.6 / 26.5
µs per bot decision, replayed (CPU, best of 5)         33.1 / 34.3     19.3 / 19.5
µs per move outside the bot (kernel + loop)            33.7 / 35.6     31.2 / 38.0
sweep 6..17 x 10,000 games, jobs=2 (extrapolated)      37 / 66 min     32 / 46 min
=====================================================  ==============  ==============

That is why the native engine exists: ~280 moves a game at >= 24 µs of Python kernel per move is
~7 ms, <= 150 games/s per core even with a free bot. Python profile (cProfile, 40 games, own time,
top first): bot ``read``, ``_play_lean``, ``Narrowing.update``, the kernel's state ``copy``,
``dict.get``, ``view_for``'s public part, ``Narrowing._narrow``, ``records.evolve``,
``PrivateMemory.feed``, the bot's ``_score``.

Usage::

    python benchmarks/battaglia_sim.py                      # native engine: 12 players, 1 and 2 jobs, full sweep
    python benchmarks/battaglia_sim.py --engine python --games 400 --sweep-games 40 --profile

What it measures:

* games/s for ``--players`` (default 12) with scripted bots in every seat and no transcript, in
  one process and with ``--jobs 2`` (``narrator.playtest.run_games``, the path ``narrator simulate``
  uses);
* the time of a sweep of 6..17 players with ``--sweep-games`` games per count, extrapolated
  linearly to 10,000 games per count (the extrapolation is printed as such);
* with ``--profile``, the top functions of a cProfile run (one process) by own time.

The target in the project brief is 2,000 games/s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from narrator.agents.battaglia import BattagliaBot

from narrator.battaglia.simulate import job_config, native_engine, play_one
from narrator.playtest import make_jobs, run_games
from narrator.playtest.engines import Engine, PlayBatch, choose

SWEEP = list(range(6, 18))
TARGET_GAMES = 10_000


def pick_engine(name: str, players: list[int]) -> Engine:
    """The ``native`` or ``python`` engine (``auto`` picks as ``narrator simulate`` does)."""
    configs = [job_config(job) for job in make_jobs(players, 1, 0)]
    chosen = choose(name, play_one=play_one, native=native_engine, configs=configs)
    if chosen.note:
        print(f"note: {chosen.note}")
    return chosen


def rate(play: PlayBatch, players: list[int], games: int, jobs: int, seed: int) -> tuple[float, float, int, float]:
    """(games per wall second, wall seconds, total moves, games per CPU second of this process).

    The CPU rate is only meaningful for ``jobs=1`` (workers' CPU is not counted); it is what one
    core does when other programs share the machine, which the wall clock cannot show.
    """
    batch = make_jobs(players, games, seed)
    started, cpu = time.perf_counter(), time.process_time()
    rows = run_games(play, batch, workers=jobs, progress=False, batched=True)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    return len(rows) / elapsed, elapsed, sum(int(r["moves"]) for r in rows), len(rows) / max(cpu, 1e-9)


def bot_cost(players: int, games: int, seed: int) -> tuple[float, float]:
    """(µs per bot decision, µs per move for everything else) over ``games`` games in this process.

    Times :meth:`BattagliaBot.act` from outside with the wall clock (``process_time`` costs ~1 µs a
    call, more than it would resolve); a forced move (one legal action) counts as a decision too.
    """
    spent, calls, act, clock = 0.0, 0, BattagliaBot.act, time.perf_counter

    def timed(self: BattagliaBot, request: object) -> object:
        nonlocal spent, calls
        started = clock()
        try:
            return act(self, request)  # type: ignore[arg-type]
        finally:
            spent, calls = spent + clock() - started, calls + 1

    BattagliaBot.act = timed  # type: ignore[method-assign]
    try:
        started = clock()
        moves = sum(int(play_one(job)["moves"]) for job in make_jobs([players], games, seed))
        total = clock() - started
    finally:
        BattagliaBot.act = act  # type: ignore[method-assign]
    return spent / max(calls, 1) * 1e6, (total - spent) / max(moves, 1) * 1e6


def profile(players: int, games: int, seed: int, top: int) -> str:
    """cProfile of ``games`` games in this process, sorted by own time."""
    batch = make_jobs([players], games, seed)
    profiler = cProfile.Profile()
    profiler.enable()
    for job in batch:
        play_one(job)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main() -> None:
    """Run the measurements and print them."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", choices=("native", "python", "auto"), default="native")
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--games", type=int, default=None,
                        help="games for the games/s measurement (default 20,000 native, 300 python)")
    parser.add_argument("--sweep-games", type=int, default=None,
                        help="games per count in the measured sweep (default 10,000 native: the whole target "
                             "sweep; 30 python, extrapolated)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print the cProfile top entries")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()

    engine = pick_engine(args.engine, SWEEP)
    play, native = engine.play_batch, engine.name == "native"
    games = args.games or (20_000 if native else 300)
    sweep_games = args.sweep_games or (TARGET_GAMES if native else 30)
    play_one(make_jobs([args.players], 1, args.seed)[0])  # warm caches (YAML, config validation)
    print(f"engine: {'native' if native else 'python'}")
    for jobs in (1, 2):
        per_second, elapsed, moves, per_cpu = rate(play, [args.players], games, jobs, args.seed)
        cpu = f", {per_cpu:.1f} games per CPU-second" if jobs == 1 else ""
        print(f"{args.players} players, jobs={jobs}: {per_second:8.1f} games/s wall "
              f"({games} games in {elapsed:.1f} s, {moves / elapsed:,.0f} moves/s{cpu})")
    per_second, elapsed, _, _ = rate(play, SWEEP, sweep_games, 2, args.seed)
    total = len(SWEEP) * sweep_games
    print(f"sweep 6..17 x {sweep_games:,} games (jobs=2): {total:,} games in {elapsed:.1f} s "
          f"({per_second:.1f} games/s)")
    if sweep_games < TARGET_GAMES:
        estimate = elapsed * TARGET_GAMES / sweep_games
        shown = f"{estimate:.0f} s" if estimate < 120 else f"{estimate / 60:.0f} min ({estimate / 3600:.1f} h)"
        print(f"sweep 6..17 x {TARGET_GAMES:,} games (jobs=2): EXTRAPOLATED from the measured sweep: {shown}")
    if not native:
        per_decision, per_move = bot_cost(args.players, max(20, games // 5), args.seed)
        print(f"{args.players} players, CPU: {per_decision:.1f} us per bot decision, "
              f"{per_move:.1f} us per move for the kernel and the loop")
    print("target: 2,000 games/s at 12 players with jobs=2; the 6..17 x 10,000 sweep in under 60 s")
    if args.profile:
        print(profile(args.players, max(20, args.games // 10), args.seed, args.top))


if __name__ == "__main__":
    main()

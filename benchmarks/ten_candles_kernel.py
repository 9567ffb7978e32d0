"""Random-legal playouts of the bare Ten Candles kernel: games and moves per second.

No session, no agents, no transcript: chance sampled with ``random.Random``, every other move a
uniform choice among the active seat's non-interjection legal moves. This is the ceiling the
simulator (``benchmarks/ten_candles_sim.py``) can reach on one core.

    python benchmarks/ten_candles_kernel.py --games 2000 --players 4 [--profile]

Measured (2026-11-30, this 2-core machine shared with other jobs at load 2-7, so the CPU time of
the process is quoted, best of 3; wall clock matched it only when the machine was quiet). "Before"
is the kernel at commit fd85451 (as first written), "after" is the kernel with one state copy per
``apply``, shared listed moves and memoised views, both with today's agents and session; the 200
golden games (``tests/ten_candles/test_kernel_golden.py``) stay byte-identical.

| workload                                               | before                     | after                      |
|--------------------------------------------------------|----------------------------|----------------------------|
| random moves, 4 players (182 moves/game), one core     | 310 games/s, 17.8 µs/move  | 446 games/s, 12.3 µs/move  |
| random moves, 2 players (143 moves/game), one core     | 408 games/s, 17.2 µs/move  | 571 games/s, 12.2 µs/move  |
| random moves, 6 players (205 moves/game), one core     | 264 games/s, 18.5 µs/move  | 377 games/s, 12.9 µs/move  |
| scripted GM + survivors (``play_one``, ~215 moves/game) | 101 games/s, 9.8 ms/game   | 166 games/s, 6.0 ms/game   |
| ``ten_candles_sim.py --jobs 2``, wall clock, loaded    | 100-185 games/s            | 190-320 games/s            |

Per call at 4 players, after (µs, timeit over states of scripted games): ``apply`` ~12
(a chance result ~13, a truth ~15, a call ~10, a roll ~6), ``view`` ~8, ``legal_actions`` ~2-4,
``active_players`` ~1, ``check`` ~1.5-2.

Where the time goes now (cProfile, random moves, own time, top first): ``evolve`` (3.5 per
move: the one draft copy plus in-place writes), the generated ``copy``, the playout loop itself
(RNG, filtering interjections), ``apply``, ``active_players``, ``check``, ``random`` internals,
``interjections``, ``legal_actions``, event construction (``rules.core.public``). No single
entry is above ~10 %: what is left is the cost of interpreting Python per move. In the scripted
simulation the kernel (``apply`` + ``view`` + ``legal_actions`` + ``active_players``) is about
60 % of the time; the session loop, the agents and the chance sampler are the rest, and setup
(14 % of the moves) takes 20 % of it (``rules.ten_candles.quick_setup`` lets a simulator share
one post-setup state).

The project's goal of 10,000 simulated games/s (0.2 ms per game per core, ~1 µs per move) is
out of reach in CPython with this architecture: even a kernel that cost nothing would leave the
session and agents at ~8 µs per move (~600 games/s per core). Reaching it needs a compiled
playout loop (the kernel's rules in Cython/mypyc/Rust with agents reading compact arrays, no
views or events per move) or a vectorised candle-burn model checked statistically against this
kernel.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from narrator.rules.chance import sample
from narrator.rules.core import CHANCE, ChanceAction
from narrator.rules.ten_candles import GAME, TenCandlesConfig, is_interjection


def playout(config: TenCandlesConfig, rng: random.Random) -> int:
    """Play one random game; return its number of moves."""
    state = GAME.initial_state(config)
    moves = 0
    while state.phase != "over":
        active = GAME.active_players(state)
        if CHANCE in active:
            action = ChanceAction(values=sample(GAME.chance_spec(state), rng))
        else:
            legal = [a for a in GAME.legal_actions(state, min(active)) if not is_interjection(a)]
            action = rng.choice(legal)
        state = GAME.apply(state, action).state
        moves += 1
    return moves


def measure(games: int, players: int, seed: int = 7) -> tuple[float, float, float]:
    """(games per second, moves per second, CPU seconds per move) over ``games`` games.

    The rates are wall clock; the CPU time of this process is steadier on a shared machine.
    """
    rng = random.Random(seed)
    config = TenCandlesConfig(players=players)
    start, cpu = time.perf_counter(), time.process_time()
    moves = sum(playout(config, rng) for _ in range(games))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return games / elapsed, moves / elapsed, cpu / moves


def main() -> None:
    """Print the measured speed (and a profile with ``--profile``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--profile", action="store_true", help="also print the top of a cProfile run (own time)")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(measure, max(50, args.games // 5), args.players)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    games, moves, cpu = measure(args.games, args.players)
    print(f"ten-candles kernel, {args.players} players: {games:,.0f} games/s, {moves:,.0f} moves/s "
          f"({moves / games:.0f} moves/game, one core); CPU {cpu * 1e6:.1f} µs/move = "
          f"{1 / (cpu * moves / games):,.0f} games/s of CPU time")


if __name__ == "__main__":
    main()

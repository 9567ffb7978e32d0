"""Random-legal playouts of the bare Ten Candles kernel: games and moves per second.

No session, no agents, no transcript: chance sampled with ``random.Random``, every other move a
uniform choice among the active seat's non-interjection legal moves. This is the ceiling the
simulator (``benchmarks/ten_candles_sim.py``) can reach on one core.

    python benchmarks/ten_candles_kernel.py --games 2000 --players 4 [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from rules.chance import sample
from rules.core import CHANCE, ChanceAction
from rules.ten_candles import GAME, TenCandlesConfig, is_interjection


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


def measure(games: int, players: int, seed: int = 7) -> tuple[float, float]:
    """(games per second, moves per second) over ``games`` games."""
    rng = random.Random(seed)
    config = TenCandlesConfig(players=players)
    start = time.perf_counter()
    moves = sum(playout(config, rng) for _ in range(games))
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def main() -> None:
    """Print the measured speed (and a profile with ``--profile``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        cProfile.runctx("measure(args.games, args.players)", globals(), {"args": args, "measure": measure},
                        "/tmp/ten_candles_kernel.prof")
        pstats.Stats("/tmp/ten_candles_kernel.prof").sort_stats("cumulative").print_stats(20)
    games, moves = measure(args.games, args.players)
    print(f"ten-candles kernel, {args.players} players: {games:,.0f} games/s, {moves:,.0f} moves/s "
          f"({moves / games:.0f} moves/game, one core)")


if __name__ == "__main__":
    main()

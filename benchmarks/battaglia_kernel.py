"""Battaglia kernel speed: random-legal-move playouts (or scripted-bot games), games per second on one core.

    python benchmarks/battaglia_kernel.py --players 12 --games 200 [--full] [--bots] [--profile]

``--full`` keeps the default table rules (speech rounds, 3 darkness rounds, shadow talk, every living
seat asked at each execution); without it the simulation profile is used (those off), as a
simulator would. ``--bots`` plays the scripted bots (``agents/battaglia``) through the simulator's
lean loop (``narrator.battaglia.simulate.play_one``) instead of random moves. ``--profile`` prints the
top of a cProfile run. Times are CPU seconds of this process (``time.process_time``): the machine is
shared, and wall time swings with the other processes' load.

Measurements (12 players, 2-core shared VM, CPU time per process; random = view + legal_actions +
apply per move, fast rules):

MEASUREMENTS
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from rules.battaglia import GAME, BattagliaConfig
from rules.chance import sample
from rules.core import CHANCE, ChanceAction

FAST = {"speech_rounds": 0, "objection_window": "eligible", "shadow_talk_rounds": 0, "darkness_rounds": 1}


def playout(config: BattagliaConfig, seed: int) -> int:
    """Play one game with uniformly random legal moves; return the number of moves."""
    rng = random.Random(seed)
    state = GAME.initial_state(config)
    moves = 0
    while state.result is None:
        active = GAME.active_players(state)
        if CHANCE in active:
            action = ChanceAction(values=sample(GAME.chance_spec(state), rng))
        else:
            seat = min(active)
            GAME.view(state, seat)
            action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, action).state
        moves += 1
    return moves


def bot_game(players: int, seed: int) -> int:
    """Play one simulator game with scripted bots in every seat; return the number of moves."""
    from narrator.battaglia.simulate import play_one
    from narrator.playtest.runner import GameJob

    return int(play_one(GameJob(seed, players, seed, {}))["moves"])


def run(args: argparse.Namespace) -> int:
    """Play every game; return the total number of moves."""
    if args.bots:
        return sum(bot_game(args.players, seed) for seed in range(args.games))
    config = BattagliaConfig(players=args.players, **({} if args.full else FAST))
    return sum(playout(config, seed) for seed in range(args.games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--full", action="store_true", help="default table rules instead of the simulation profile")
    parser.add_argument("--bots", action="store_true", help="scripted bots (the simulator's loop), not random moves")
    parser.add_argument("--profile", action="store_true", help="print the top 25 functions by own time")
    args = parser.parse_args()
    profiler = cProfile.Profile() if args.profile else None
    start, wall = time.process_time(), time.perf_counter()
    if profiler:
        profiler.enable()
    moves = run(args)
    if profiler:
        profiler.disable()
    elapsed, wall = time.process_time() - start, time.perf_counter() - wall
    mode = "bots" if args.bots else ("random, full rules" if args.full else "random, fast rules")
    print(f"{args.games} games, {args.players} players, {mode}: {args.games / elapsed:.1f} games/s, "
          f"{moves / args.games:.0f} moves/game, {elapsed / moves * 1e6:.1f} us/move "
          f"(CPU {elapsed:.2f} s, wall {wall:.2f} s)")
    if profiler:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()

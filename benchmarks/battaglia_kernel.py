"""Battaglia kernel speed: random-legal-move playouts (or scripted-bot games), games per second on one core.

    python benchmarks/battaglia_kernel.py --players 12 --games 200 [--full] [--bots] [--profile]

``--full`` keeps the default table rules (speech rounds, 3 darkness rounds, shadow talk, every living
seat asked at each execution); without it the simulation profile is used (those off), as a
simulator would. ``--bots`` plays the scripted bots (``agents/battaglia``) through the simulator's
lean loop (``narrator.battaglia.simulate.play_one``) instead of random moves. ``--profile`` prints the
top of a cProfile run. Times are CPU seconds of this process (``time.process_time``): the machine is
shared, and wall time swings with the other processes' load.

Measurements (2026-11-30, 12 players, 2-core VM shared with other jobs, CPU time of this process, best of
2-3 interleaved runs; "before" = the kernel at commit e35193b, "after" = this tree; same games either way):

    mode (12 players)                      before                        after
    random, fast rules, 200 games          75 games/s   44 us/move       118 games/s  28 us/move
    random, full rules, 100 games          53 games/s   34 us/move        81 games/s  22 us/move
    scripted bots (simulator), 200 games   41 games/s   86 us/move        50 games/s  70 us/move
    bots, 6 / 17 players (after)                                          145 / 24 games/s (102 / 509 moves)
    `narrator simulate battaglia -p 12 -n 1000 --jobs 2` (wall)   42 games/s    50 games/s (identical CSVs)

Per move in bot games (after): apply ~15 us, legal_actions ~5 us, view ~4 us, the bot ~38 us. The
issue's target (2,000 games/s at 12 players on 2 cores, i.e. ~3.5 us per move with the bot) is out of
reach for a pure-Python kernel of this shape: the bots alone cost ~10x that budget. Remaining profile
(random, fast rules), own time, top entries: views._public_part, state.evolve, dict.get (memo tables),
legal.legal_actions, game.apply, legal.active_players, game._dispatch, log.record, night.next_step,
legal._vote_list (memo misses), checks._seat_problem — flat: no single hot spot left.

The phase machine (2026-12-01: a move table and ``flow.turnover`` instead of the if-chain dispatch and
phases starting each other; before = ff0e846), 12 players, 60 games a run, 10 interleaved runs each,
best / median us per move (same games either way):

    random, fast rules      before 42.9 / 44.0    after 41.4 / 44.4
    random, full rules      before 33.5 / 35.5    after 32.3 / 34.3
    scripted bots           before 94.7 / 102.7   after 91.8 / 99.1
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from narrator.rules.battaglia import GAME, BattagliaConfig, BattagliaState
from narrator.rules.core import Action

from narrator.battaglia.playout import play_out

FAST = {"speech_rounds": 0, "objection_window": "eligible", "shadow_talk_rounds": 0, "darkness_rounds": 1}


def playout(config: BattagliaConfig, seed: int) -> int:
    """Play one game with uniformly random legal moves; return the number of moves."""
    rng = random.Random(seed)

    def random_move(state: BattagliaState, seat: int) -> Action:
        GAME.view(state, seat)  # what an agent would be shown: part of the cost of a move
        return rng.choice(GAME.legal_actions(state, seat))

    return play_out(GAME.initial_state(config), rng, random_move)[1]


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

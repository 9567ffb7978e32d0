"""Random-legal-move playouts of the battaglia kernel: games per second (one core).

    python benchmarks/battaglia_kernel.py --players 12 --games 200 [--full]

``--full`` keeps the default table rules (speech rounds, 3 darkness rounds, shadow talk, every living
seat asked at each execution); without it the simulation profile is used (those off), as a
simulator would. Random agents make long games; scripted bots end sooner.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--full", action="store_true")
    args = parser.parse_args()
    config = BattagliaConfig(players=args.players, **({} if args.full else FAST))
    start = time.perf_counter()
    moves = sum(playout(config, seed) for seed in range(args.games))
    elapsed = time.perf_counter() - start
    print(f"{args.games} games, {args.players} players, {'full' if args.full else 'fast'} rules: "
          f"{args.games / elapsed:.1f} games/s, {moves / args.games:.0f} moves/game, "
          f"{moves / elapsed:.0f} moves/s (view + legal_actions + apply per move)")


if __name__ == "__main__":
    main()

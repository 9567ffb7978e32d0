"""The web's strong battaglia bot (narrator.battaglia.strong): its cost per decision and how often its
samples pass the view check, over Python games where some seats are strong and the rest scripted.

Goal (issue #15, the web seat): a decision within about 1-2 s on this machine at the default budget.

    python benchmarks/battaglia_strong.py --players 12 --games 3 --strong 0,5
    python benchmarks/battaglia_strong.py --games 20 --edge      # also the same games all scripted (paired)

Prints the CPU milliseconds per searched decision (mean, 95th percentile, max), the share of decisions
where the search chose another move than the scripted one, the samples that passed the check, and with
``--edge`` the strong seats' wins against the same seats scripted on the same seeds (too few games here
for a significant edge: the native benchmark, benchmarks/battaglia_search.py, measures that).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from narrator.agents.battaglia import BattagliaBot
from narrator.rules.battaglia import GAME
from narrator.rules.battaglia.config import BattagliaConfig

from narrator.battaglia.playout import play_out, seat_request
from narrator.battaglia.strong import SEARCHED_PHASES, Budget, StrongBot


def play(seed: int, players: int, strong_seats: set[int], budget: Budget) -> tuple[set[int], list[float], int, list[int]]:
    """One game: (winners, CPU seconds per searched decision, decisions changed, samples drawn and passed by
    day, then by night)."""
    config = BattagliaConfig(players=players)
    scripted = {s: BattagliaBot(seed, s, talk=False) for s in range(players)}
    strong = {s: StrongBot(seed, s, config, budget, talk=False) for s in strong_seats}
    spent: list[float] = []
    changed = 0

    def decide(state: Any, seat: int) -> Any:
        nonlocal changed
        request = seat_request(state, seat)
        if seat not in strong:
            return scripted[seat].act(request)
        started = time.process_time()
        move = strong[seat].act(request)
        if state.phase in SEARCHED_PHASES and len(request.legal) > 1:
            spent.append(time.process_time() - started)
            plain = strong[seat].scripted.act(request)
            changed += getattr(move, "action", move) != getattr(plain, "action", plain)
        return move

    final, _ = play_out(GAME.initial_state(config), random.Random(seed), decide)
    samples = [sum(b.samples[t][k] for b in strong.values()) for t in ("day", "night") for k in (0, 1)]
    return set(final.result.winners if final.result else ()), spent, changed, samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--strong", default="0,5", help="the strong seats (the rest scripted)")
    parser.add_argument("--rollouts", type=int, default=Budget().rollouts)
    parser.add_argument("--edge", action="store_true", help="also play the same games all scripted")
    args = parser.parse_args()
    seats = {int(s) for s in args.strong.split(",")}
    budget = Budget(rollouts=args.rollouts)
    spent: list[float] = []
    changed, samples, wins, base_wins = 0, [0, 0, 0, 0], 0, 0
    for g in range(args.games):
        seed = args.seed * 1000 + g
        winners, cost, moved, drawn = play(seed, args.players, seats, budget)
        spent += cost
        changed += moved
        samples = [a + b for a, b in zip(samples, drawn, strict=True)]
        wins += len(winners & seats)
        if args.edge:
            base_wins += len(play(seed, args.players, set(), budget)[0] & seats)
    ms = sorted(1000 * s for s in spent)
    print(f"{args.players} players, {args.games} games, strong seats {sorted(seats)}, {budget.rollouts} rollouts: "
          f"{len(ms)} searched decisions, CPU ms per decision mean {statistics.mean(ms):.0f}, "
          f"p95 {ms[int(0.95 * (len(ms) - 1))]:.0f}, max {ms[-1]:.0f}; another move than the scripted one in "
          f"{changed} ({100 * changed / len(ms):.0f}%); samples passing the view check: by day {samples[1]}/{samples[0]}, "
          f"by night {samples[3]}/{samples[2]}")
    if args.edge:
        print(f"strong seats' wins {wins} against {base_wins} scripted on the same seeds "
              f"({args.games * len(seats)} seat-games)")


if __name__ == "__main__":
    main()

"""A million move proposals against the four kernels: crashes and wrong-typed acceptances, before and after.

    python benchmarks/action_fuzz.py --proposals 1000000 --jobs 2 [--before]
    python benchmarks/action_fuzz.py --proposals 300000 --jobs 2 --before --kernels   # the kernels called directly

Proposals come from :mod:`tests.core.action_fuzz` (legal moves and every action type of each game,
damaged with wrong-typed and odd values, half typed as agents hand them to the session, half as
JSON through the codec). ``--before`` also runs them without the session's admission (the codec's
type check of every agent answer), i.e. the kernels as agents reached them before.

Measured (2026-12-01, this 2-core machine shared with other jobs, ``--jobs 2 --before``; Dark Ages
and Wild West draw the same proposal stream, their kernels differ in dice rules only):

| run                                    | proposals | crashes | wrong-typed accepted |
|----------------------------------------|-----------|---------|----------------------|
| before: the kernels alone              | 1,000,000 | 55,447  | 106,675              |
|   battaglia / ten-candles              | 250,000 each | 5,357 / 35,410 | 0 / 25,861 |
|   dark-ages / wild-west                | 250,000 each | 7,340 / 7,340  | 40,407 / 40,407 |
| after: ``Session.admit``, then kernels | 1,000,000 | 0       | 0                    |

The kernels called directly (``--kernels --before``: no session, no codec; 2026-12-07, ``--jobs 1``): their
public ``check``/``apply`` now refuse a malformed action themselves (``rules.core.Game.malformed``, code
``MALFORMED``, state untouched):

| run (300,000 proposals, kernels alone)           | crashes | wrong-typed accepted | time |
|--------------------------------------------------|---------|----------------------|------|
| before: the rules without the kernel's guard     | 16,519  | 32,464               | 26 s |
| after: ``Game.check``/``apply`` as any caller    | 0       | 0                    | 33 s |

Before, e.g.: ``Pass(kind=[])`` -> ``TypeError: unhashable type`` in battaglia's dispatch;
``XCard(actor=1.5)`` accepted by Ten Candles; ``Roll(traits=-2)`` a ``TypeError`` and
``BeginScene(scene=1)`` an ``AttributeError`` inside the Storyteller System's ``check``. Run time: 747 s
before, 1258 s after (with the machine at load 15-19).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.core.action_fuzz import GAMES, Tally, fuzz

CHUNK = 25_000


def _chunk(args: tuple[str, int, int, bool, bool]) -> Tally:
    name, proposals, seed, admit, guard = args
    return fuzz(name, proposals, seed=seed, admit=admit, guard=guard)


def run(proposals: int, jobs: int, admit: bool, guard: bool = True) -> tuple[dict[str, Tally], float]:
    per_game = proposals // len(GAMES)
    work = [(name, min(CHUNK, per_game - start), seed, admit, guard)
            for name in GAMES for seed, start in enumerate(range(0, per_game, CHUNK))]
    totals = {name: Tally() for name in GAMES}
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        for (name, *_), tally in zip(work, pool.map(_chunk, work), strict=True):
            totals[name].add(tally)
    return totals, time.perf_counter() - start


def report(title: str, totals: dict[str, Tally], seconds: float) -> None:
    print(f"\n{title} ({seconds:.0f} s)")
    print(f"{'game':<12} {'proposals':>10} {'crashes':>8} {'wrong-typed accepted':>21}  accepted / refused")
    for name, tally in totals.items():
        accepted = sum(v for k, v in tally.outcomes.items() if k.endswith("accepted"))
        refused = tally.proposals - accepted
        print(f"{name:<12} {tally.proposals:>10,} {sum(tally.crashes.values()):>8,} "
              f"{sum(tally.wrong_typed_accepted.values()):>21,}  {accepted:,} / {refused:,}")
    everything = Tally()
    for tally in totals.values():
        everything.add(tally)
    print(f"{'all':<12} {everything.proposals:>10,} {sum(everything.crashes.values()):>8,} "
          f"{sum(everything.wrong_typed_accepted.values()):>21,}")
    for kind, count in everything.crashes.most_common(8):
        print(f"  crash x{count}: {kind}")
    for kind, count in everything.wrong_typed_accepted.most_common(8):
        print(f"  wrong-typed accepted x{count}: {kind}")
    for example in everything.examples[:5]:
        print(f"  e.g. {example}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--proposals", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--before", action="store_true",
                        help="also run the kernels' rules alone without their malformed-action guard")
    parser.add_argument("--kernels", action="store_true",
                        help="call the kernels' public check/apply directly (no session admission)")
    args = parser.parse_args()
    if args.before:
        report("before: the rules alone, no admission, no kernel guard",
               *run(args.proposals, args.jobs, admit=False, guard=False))
    if args.kernels:
        totals, seconds = run(args.proposals, args.jobs, admit=False)
        report("after: the kernels' public check and apply called directly (Game.malformed)", totals, seconds)
    else:
        totals, seconds = run(args.proposals, args.jobs, admit=True)
        report("after: Session.admit (the codec's type check), then check and apply", totals, seconds)
    failed = sum(sum(t.crashes.values()) + sum(t.wrong_typed_accepted.values()) for t in totals.values())
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

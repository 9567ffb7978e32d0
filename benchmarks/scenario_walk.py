"""Every shipped Storyteller scenario walked by a player choosing at random (issue 29).

Run: ``python benchmarks/scenario_walk.py [--seeds 20] [--scenario ID] [--lang en]``. For each scenario,
``seeds`` solo games (the seed picks the sample sheet and the dice) against the offline Storyteller:
median scenes reached and player decisions, the share of games over within two scenes, dead ends (no
ending within the move limit), silent restarts (a scene begun again with no word of why) and the fewest
sentences of an epilogue said at an ending. The evening goals (docs/scenarios.md): median scenes >= 6,
median decisions >= 20, at most 10% over within two scenes, 0 dead ends, 0 silent restarts, epilogue >= 2.
``words`` is the median of the words a player reads in a game (the Storyteller's lines, options and dice).
"""

from __future__ import annotations

import argparse
import time

from narrator.storyteller.scenario import load_scenario, shipped_scenarios
from narrator.storyteller.walk import summarise

GOALS = {"scenes": 6, "decisions": 20, "short": 0.10, "epilogue": 2}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--scenario", default="", help="one shipped id (default: every shipped scenario)")
    parser.add_argument("--lang", default="en", choices=("en", "ru"))
    args = parser.parse_args()
    print(f"{'scenario':32} {'length':7} {'scenes':>6} {'decis.':>6} {'<=2sc':>6} {'dead':>4} {'silent':>6} "
          f"{'epil.':>5} {'words':>6} {'s/game':>6}  goals")
    for book in ("dark_ages", "wild_west"):
        for path in shipped_scenarios(book):
            story = load_scenario(book, path)
            if args.scenario and args.scenario not in (story.id, path.stem):
                continue
            start = time.perf_counter()
            summary = summarise(book, path, args.seeds, args.lang)
            seconds = (time.perf_counter() - start) / args.seeds
            met = (summary.median_scenes >= GOALS["scenes"] and summary.median_decisions >= GOALS["decisions"]
                   and summary.short_share <= GOALS["short"] and not summary.dead_ends
                   and not summary.silent_restarts and summary.fewest_epilogue_sentences >= GOALS["epilogue"])
            print(f"{story.id:32} {story.length:7} {summary.median_scenes:6.1f} {summary.median_decisions:6.1f} "
                  f"{summary.short_share:6.0%} {summary.dead_ends:4d} {summary.silent_restarts:6d} "
                  f"{summary.fewest_epilogue_sentences:5d} {summary.median_words:6.0f} {seconds:6.2f}  {'met' if met else 'not met'}")


if __name__ == "__main__":
    main()

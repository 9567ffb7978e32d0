"""Exact odds of the whole 15 x 9 table (pools 1..15, difficulties 2..10) for both books.

Run: ``python benchmarks/storyteller_odds.py``. Prints the wall time of each full table (every
category as an exact fraction) and checks every cell sums to exactly 1.
"""

from __future__ import annotations

import time

from narrator.rules.storyteller import odds


def time_table(**options: object) -> float:
    """Seconds to compute the full table from a cold cache."""
    odds._extra_distribution.cache_clear()
    odds._single_chain.cache_clear()
    start = time.perf_counter()
    cells = odds.odds_table(range(1, 16), range(2, 11), **options)
    elapsed = time.perf_counter() - start
    assert all(sum(cell.values()) == 1 for cell in cells.values())
    return elapsed


def main() -> None:
    """Print the timings."""
    runs = {
        "dark ages (botch: no successes)": {"botch_rule": "no_successes"},
        "wild west (botch: ones exceed)": {"botch_rule": "ones_exceed"},
        "dark ages + rule of ten (D19)": {"botch_rule": "no_successes", "rule_of_ten": True},
    }
    for label, options in runs.items():
        best = min(time_table(**options) for _ in range(3))
        print(f"{label:34s} 135 cells exact in {best * 1000:7.1f} ms")


if __name__ == "__main__":
    main()

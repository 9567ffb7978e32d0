"""Battaglia-specific plots: the win rate of each force as small multiples (one panel per force).

Seven overlapping lines with error bars are unreadable, so each force gets its own panel with whole-
number player counts on the x axis and a shaded 95% Wilson band; compared profiles share a panel.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import matplotlib.pyplot as plt

from narrator.playtest.plots import save  # (importing it selects the headless Agg backend first)
from narrator.playtest.stats import Proportion

RatesByCount = Mapping[int, Proportion]


def force_panels(runs: Mapping[str, Mapping[str, RatesByCount]], path: str | Path, *, title: str,
                 ylabel: str = "win rate", xlabel: str = "players") -> None:
    """One panel per force; in each, one line (with its 95% band) per profile in ``runs``. The shared
    y-axis runs from 0 to a little above the highest band (not always to 1: rare outcomes stay visible)."""
    forces = list(dict.fromkeys(f for by_force in runs.values() for f in by_force))
    columns = 4 if len(forces) > 4 else max(1, len(forces))
    rows = -(-len(forces) // columns)
    figure, axes = plt.subplots(rows, columns, figsize=(max(3.6 * columns, 7.0), 2.9 * rows + 0.6), sharex=True,
                                sharey=True, squeeze=False)  # wide enough for the title with a single panel
    for index, force in enumerate(forces):
        ax = axes[index // columns][index % columns]
        for label, by_force in runs.items():
            by_count = by_force.get(force, {})
            counts = sorted(by_count)
            if not counts:
                continue
            rates = [by_count[c].rate for c in counts]
            ax.plot(counts, rates, marker="o", markersize=3, label=label)
            ax.fill_between(counts, [by_count[c].interval[0] for c in counts],
                            [by_count[c].interval[1] for c in counts], alpha=0.2)
        ax.set_title(force.replace("_", " "), fontsize=10)
        ax.grid(alpha=0.3)
    # the panels share their x axis (one tick locator): set it once, not once per panel (each call
    # rebuilds every panel's ticks, a fifth of the figure's time)
    all_counts = sorted({c for by_force in runs.values() for by_count in by_force.values() for c in by_count})
    if all_counts:
        axes[0][0].set_xticks(all_counts if len(all_counts) <= 12 else all_counts[::2])
    for index in range(len(forces), rows * columns):
        axes[index // columns][index % columns].axis("off")
    top = max((p.interval[1] for by_force in runs.values() for by_count in by_force.values()
               for p in by_count.values()), default=1.0)
    axes[0][0].set_ylim(0, min(1.0, top * 1.1 + 0.01))
    for ax in axes[-1]:
        ax.set_xlabel(xlabel)
    for row in axes:
        row[0].set_ylabel(ylabel)
    if len(runs) > 1:
        axes[0][0].legend(fontsize="small")
    figure.suptitle(title)
    save(figure, path, top=0.75, left=0.8)

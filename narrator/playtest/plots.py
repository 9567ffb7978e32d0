"""Plots for playtest reports (matplotlib, headless Agg backend, PNG files).

A 20,000-game report is drawn in about a second, most of it matplotlib's: the margins are therefore
fixed in inches from what each figure holds (:func:`save`) instead of ``tight_layout``, which measures
every text by drawing the figure once more (a third of the time), and the PNGs are compressed lightly.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from narrator.playtest.stats import Proportion


def rates_by_count(series: Mapping[str, Mapping[int, Proportion]], path: str | Path, *, title: str,
                   xlabel: str = "players", ylabel: str = "win rate") -> None:
    """One line per series (e.g. a force) over player counts, with 95% interval error bars."""
    figure, axes = plt.subplots(figsize=(9, 5))
    for name, by_count in series.items():
        counts = sorted(by_count)
        rates = [by_count[c].rate for c in counts]
        # max(0, ...): at a rate of 0 or 1 rounding can leave the interval a hair inside the rate
        lows = [max(0.0, by_count[c].rate - by_count[c].interval[0]) for c in counts]
        highs = [max(0.0, by_count[c].interval[1] - by_count[c].rate) for c in counts]
        axes.errorbar(counts, rates, yerr=[lows, highs], marker="o", capsize=3, label=name)
    axes.set(title=title, xlabel=xlabel, ylabel=ylabel, ylim=(0, 1))
    axes.grid(alpha=0.3)
    axes.legend()
    save(figure, path)


def histogram(values: Sequence[float], path: str | Path, *, title: str, xlabel: str, bins: int | Sequence[float] = 20,
              discrete: bool = False, ylabel: str = "games") -> None:
    """A histogram of ``values``; ``discrete`` centres one bar on each whole number (ticked when
    there are at most 25 of them)."""
    figure, axes = plt.subplots(figsize=(8, 4.5))
    if discrete and values:
        low, high = int(min(values)), int(max(values))
        bins = [x - 0.5 for x in range(low, high + 2)]
        if high - low <= 25:
            axes.set_xticks(range(low, high + 1))
    # one bar height per distinct value, counted here: matplotlib's hist of a 200,000-item list takes
    # over a second, of its distinct values with their counts as weights a few milliseconds (same bars)
    counts = Counter(values)
    distinct = sorted(counts)
    axes.hist(distinct, bins=bins, weights=[counts[v] for v in distinct], edgecolor="white")
    axes.set(title=title, xlabel=xlabel, ylabel=ylabel)
    axes.grid(alpha=0.3, axis="y")
    save(figure, path)


def bars(values: Mapping[str, float], path: str | Path, *, title: str, ylabel: str,
         errors: Mapping[str, tuple[float, float]] | None = None, xlabel: str = "", zero_line: bool = False,
         rotate: int = 45, rate: bool = False) -> None:
    """Labelled bars, optionally with asymmetric error bars ``(low, high)`` per label.

    The y-axis is scaled to the bars and their error bars (a rate axis stays within 0..1);
    ``zero_line`` draws y = 0 (differences from an expected value).
    """
    figure, axes = plt.subplots(figsize=(max(6, 0.5 * len(values) + 2), 4.5))
    labels = list(values)
    heights = [values[k] for k in labels]
    yerr = None
    if errors:
        yerr = [[values[k] - errors[k][0] for k in labels], [errors[k][1] - values[k] for k in labels]]
    axes.bar(labels, heights, yerr=yerr, capsize=3)
    low, high = _span(heights, errors.values() if errors else ())
    if rate:
        low, high = max(0.0, low), min(1.0, high)
    axes.set_ylim(low, high)
    if zero_line:
        axes.axhline(0, color="black", linewidth=0.8)
    axes.set(title=title, ylabel=ylabel, xlabel=xlabel)
    axes.tick_params(axis="x", rotation=rotate)
    axes.grid(alpha=0.3, axis="y")
    save(figure, path, bottom=_label_depth(labels, rotate) + (0.25 if xlabel else 0.0))


def _span(values: Sequence[float], bands: object) -> tuple[float, float]:
    """A y-range holding ``values``, their bands and 0, with a margin of a tenth of the range."""
    points = [0.0, *values, *(x for band in bands for x in band)]  # type: ignore[attr-defined]
    low, high = min(points), max(points)
    margin = (high - low) * 0.1 or 0.05
    return low - margin if low < 0 else 0.0, high + margin


def stacked_by_count(series: Mapping[str, Mapping[int, float]], path: str | Path, *, title: str,
                     ylabel: str, xlabel: str = "players") -> None:
    """Stacked bars over player counts (e.g. deaths by cause per game)."""
    figure, axes = plt.subplots(figsize=(9, 5))
    counts = sorted({c for by_count in series.values() for c in by_count})
    bottom = [0.0] * len(counts)
    for name, by_count in series.items():
        heights = [by_count.get(c, 0.0) for c in counts]
        axes.bar(counts, heights, bottom=bottom, label=name)
        bottom = [b + h for b, h in zip(bottom, heights)]
    axes.set(title=title, xlabel=xlabel, ylabel=ylabel)
    axes.set_xticks(counts)
    axes.legend(fontsize="small", ncol=2)
    axes.grid(alpha=0.3, axis="y")
    save(figure, path)


CHAR_INCHES = 0.09
"""The width of a tick label's character at matplotlib's default 10 pt (an average: Latin and Cyrillic)."""


def _label_depth(labels: Sequence[str], rotate: int) -> float:
    """Inches below the axes that rotated tick labels take (their longest one, turned by ``rotate``°)."""
    longest = max((len(str(label)) for label in labels), default=1) * CHAR_INCHES
    turned = math.radians(rotate)
    return 0.35 + longest * abs(math.sin(turned)) + 0.15 * abs(math.cos(turned))


def save(figure: plt.Figure, path: str | Path, *, left: float = 0.75, right: float = 0.2, top: float = 0.45,
         bottom: float = 0.6, dpi: int = 110) -> None:
    """Write ``figure`` as a PNG with margins fixed in inches (axis labels, ticks and title fit in the
    defaults; ``bottom`` grows with rotated labels) and close it. ``figure.suptitle`` needs ``top`` of
    about 0.7."""
    width, height = figure.get_size_inches()
    bottom = min(bottom, height * 0.6)  # labels too long for the figure are cut rather than the axes lost
    figure.subplots_adjust(left=left / width, right=1 - right / width, top=1 - top / height, bottom=bottom / height)
    figure.savefig(path, dpi=dpi, pil_kwargs={"compress_level": 1})  # zlib level 1: a few % larger, much faster
    plt.close(figure)

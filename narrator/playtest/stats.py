"""Small, exact statistics for playtest reports: proportions with Wilson intervals, summaries, CSV."""

from __future__ import annotations

import csv
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, cast

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Proportion:
    """``hits`` out of ``total``, with its 95% Wilson score interval."""

    hits: int
    total: int

    @property
    def rate(self) -> float:
        """The observed proportion (0 when there are no trials)."""
        return self.hits / self.total if self.total else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval; well-behaved at 0 and 1 and for small samples.

        >>> [round(x, 3) for x in Proportion(5, 10).interval]
        [0.237, 0.763]
        """
        return wilson_interval(self.hits, self.total)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.rate:.1%} [{low:.1%}, {high:.1%}]"


def wilson_interval(hits: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion."""
    if total == 0:
        return (0.0, 1.0)
    p = hits / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def group_by(rows: Iterable[Mapping[str, Any]], key: str) -> dict[Any, list[Mapping[str, Any]]]:
    """Rows grouped by the value of ``key``, groups in sorted key order (the keys are the rows' values, as
    untyped as the rows: a player count, a profile's name)."""
    groups: dict[Any, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[row[key]].append(row)
    return dict(sorted(groups.items(), key=lambda item: item[0]))


def proportions(rows: Sequence[Mapping[str, Any]], outcome: Callable[[Mapping[str, Any]], Hashable],
                categories: Iterable[Hashable]) -> dict[Hashable, Proportion]:
    """For each category, how often ``outcome(row)`` equals it."""
    counts = Counter(outcome(r) for r in rows)
    return {c: Proportion(counts.get(c, 0), len(rows)) for c in categories}


def summary(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation, min, median, p90 and max of ``values``."""
    if not values:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "min": 0.0, "median": 0.0, "p90": 0.0, "max": 0.0}
    ordered = sorted(values)
    n = len(ordered)
    mean = sum(ordered) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0
    return {"n": n, "mean": mean, "sd": sd, "min": ordered[0], "median": _quantile(ordered, 0.5),
            "p90": _quantile(ordered, 0.9), "max": ordered[-1]}


def _quantile(ordered: Sequence[float], q: float) -> float:
    position = (len(ordered) - 1) * q
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def write_csv(rows: Sequence[Mapping[str, Any]], path: str | Path) -> None:
    """Write rows to CSV with the union of their keys as columns (first-seen order)."""
    first = list(rows[0]) if rows else []
    # the common case, every row with the same keys in the same order: their values as they are
    # (one C-level pass; looking up each cell was most of a 20,000-game report's CSV time)
    if all(len(row) == len(first) for row in rows) and all(list(row) == first for row in rows):
        plain = all(type(r) is dict for r in rows)  # then each row is a dict: its values view is C-level
        write_csv_columns(first, map(dict.values, cast("Sequence[dict[str, Any]]", rows)) if plain
                          else ([row[k] for k in first] for row in rows), path)
        return
    columns: dict[str, None] = {}
    for row in rows:
        columns.update(dict.fromkeys(row))
    names = list(columns)
    write_csv_columns(names, ([row.get(name, "") for name in names] for row in rows), path)


class RowsCsv:
    """A CSV of rows written chunk by chunk (:meth:`add`) as a run plays, then closed with every row (:meth:`close`).

    It holds what :func:`write_csv` would write: rows that all have the first row's columns in its order
    are written as they come; if any row differs, :meth:`close` writes the file again whole with
    :func:`write_csv`.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._handle: IO[str] | None = self.path.open("w", newline="", encoding="utf-8")
        self._writer = csv.writer(self._handle)
        self._columns: list[str] | None = None
        self._uniform = True

    def add(self, rows: Sequence[Mapping[str, Any]]) -> None:
        """Write a chunk of rows (in the run's order)."""
        if not self._uniform or not rows:
            return
        if self._columns is None:
            self._columns = list(rows[0])
            self._writer.writerow(self._columns)
        columns = self._columns
        if all(type(row) is dict and len(row) == len(columns) and list(row) == columns for row in rows):
            self._writer.writerows(map(dict.values, rows))  # type: ignore[arg-type]
        else:
            self._uniform = False

    def close(self, rows: Sequence[Mapping[str, Any]]) -> None:
        """Finish the file; ``rows``: every row of the run (written again whole if the columns differed)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None
        if not self._uniform or self._columns is None:
            write_csv(rows, self.path)


def write_csv_columns(names: Sequence[str], rows: Iterable[Iterable[Any]], path: str | Path) -> None:
    """Write CSV from column names and rows of values in that order (no mapping per row)."""
    with Path(path).open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(names)
        writer.writerows(rows)


# -- tests of many things at once -----------------------------------------------------------------

ALPHA = 0.05
"""The significance level of the reports' tests (family-wise, after Holm's correction)."""


def normal_p_value(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``."""
    return math.erfc(abs(z) / math.sqrt(2))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: each p-value made valid for testing all of them at once (the
    family-wise error stays at the level used), in the input order."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def two_proportion_p(a: Proportion, b: Proportion) -> float:
    """The two-sided p-value of "the two rates are equal" (pooled two-proportion z-test); 1.0 when
    there is nothing to tell apart (no games, or every game the same in both)."""
    if not a.total or not b.total:
        return 1.0
    pooled = (a.hits + b.hits) / (a.total + b.total)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / a.total + 1 / b.total))
    return 1.0 if spread == 0 else normal_p_value((a.rate - b.rate) / spread)


def expected_hits_p(hits: int, expected: float, variance: float) -> float:
    """The two-sided p-value of ``hits`` against a sum of independent Bernoulli trials with mean
    ``expected`` and variance ``variance`` (a seat's wins against its games' winner shares)."""
    return 1.0 if variance <= 0 else normal_p_value((hits - expected) / math.sqrt(variance))

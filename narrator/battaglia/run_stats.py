"""The numbers of a battaglia playtest: :class:`Run` (one rules profile's rows) and what is counted from them.

Win rate of each force by player count (95% Wilson intervals), game length, deaths by cause, survival per
mask, seat-position bias (tested against each seat's expected share, Holm-corrected) and the difference
of two profiles. The tables (:mod:`~narrator.battaglia.report_tables`), the findings
(:mod:`~narrator.battaglia.findings`) and the files (:mod:`~narrator.battaglia.report`) read them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from narrator.agents.i18n import message
from narrator.rules.battaglia.cards import DECK_ORDER

from narrator.playtest.stats import ALPHA, Proportion, expected_hits_p, group_by, holm, two_proportion_p

Row = Mapping[str, Any]

FORCES = ("light", "shadow", "first_darkness", "second_darkness", "first_gloom", "second_gloom")
"""The six victory forces (seeds/004_55ac8a5a86b5c135.txt:L92), in report order."""
NO_WINNER = "none"
CAUSES = ("darkness", "gloom", "corrigan", "execution", "dying_shot", "guest", "lun", "other")
"""Death causes as counted in rows (``death_<cause>`` columns)."""


@dataclass(frozen=True)
class Run:
    """The rows of one rules profile and its label in the report.

    Each statistic is counted once per run (the CSVs, the plots and report.md all show it).
    """

    label: str
    rows: Sequence[Row]
    options: Mapping[str, Any] = field(default_factory=dict)
    """The rules profile's options (the findings read ``accusation_order``)."""

    def title(self, lang: str) -> str:
        """The label as the report shows it: the standard rules in the report's language, else the profile's name."""
        return message(lang, "playtest.default_profile") if self.label == "default" else self.label

    @cached_property
    def win_rates(self) -> dict[str, dict[int, Proportion]]:
        return win_rates(self.rows)

    @cached_property
    def deaths_by_cause(self) -> dict[str, dict[int, float]]:
        return deaths_by_cause(self.rows)

    @cached_property
    def mask_survival(self) -> dict[str, Proportion]:
        return mask_survival(self.rows)

    @cached_property
    def mask_wins(self) -> dict[str, Proportion]:
        return mask_wins(self.rows)

    @cached_property
    def seat_bias(self) -> dict[int, Proportion]:
        return self._seat_counts.observed

    @cached_property
    def expected_seat_rate(self) -> dict[int, float]:
        return _expected(self._seat_counts)

    @cached_property
    def seat_tests(self) -> list[SeatTest]:
        return _seat_tests(self._seat_counts)

    @cached_property
    def _seat_counts(self) -> _SeatCounts:
        return _seat_counts(self.rows)

    @cached_property
    def termination_counts(self) -> dict[int, Counter[str]]:
        return termination_counts(self.rows)


# -- numbers --------------------------------------------------------------------------------------


def winner_of(row: Row) -> str:
    """The row's winning force, or ``"none"`` (stalemate, draw, cut off)."""
    return str(row.get("winner") or NO_WINNER)


def win_rates(rows: Sequence[Row]) -> dict[str, dict[int, Proportion]]:
    """For each force (and ``none``), its win proportion at each player count."""
    by_count = group_by(rows, "players")
    forces = (*FORCES, NO_WINNER)  # every force, even one that never won (a 0% is a finding)
    return {force: {int(count): Proportion(sum(winner_of(r) == force for r in group), len(group))
                    for count, group in by_count.items()} for force in forces}


def termination_counts(rows: Sequence[Row]) -> dict[int, Counter[str]]:
    """How each player count's games ended (``one_force_left``, ``stalemate``...)."""
    return {int(c): Counter(str(r["termination"]) for r in g) for c, g in group_by(rows, "players").items()}


def deaths_by_cause(rows: Sequence[Row]) -> dict[str, dict[int, float]]:
    """Mean deaths per game of each cause at each player count."""
    by_count = group_by(rows, "players")
    return {cause: {int(c): sum(int(r.get(f"death_{cause}", 0) or 0) for r in g) / len(g)
                    for c, g in by_count.items()}
            for cause in CAUSES if any(int(r.get(f"death_{cause}", 0) or 0) for r in rows)}


def mask_survival(rows: Sequence[Row]) -> dict[str, Proportion]:
    """For each mask dealt at the start, how often its holder never died (first soul intact)."""
    hits: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    for mask, key in mask_columns(rows, "survived_").items():
        values = [int(v) for row in rows if (v := row.get(key)) not in ("", None)]
        if values:
            totals[mask], hits[mask] = len(values), sum(values)
    return {m: Proportion(hits[m], totals[m]) for m in deck_order(totals)}


def mask_wins(rows: Sequence[Row]) -> dict[str, Proportion]:
    """For each mask dealt at the start, how often its holder's seat was among the winners."""
    hits: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    winners = [seats_of(row.get("winners", "")) for row in rows]
    for mask, key in mask_columns(rows, "seat_").items():
        seats = [row.get(key) for row in rows]
        dealt = len(seats) - seats.count("") - seats.count(None)
        if dealt:
            totals[mask] = dealt
            hits[mask] = sum(1 for seat, won in zip(seats, winners)
                             if won and seat not in ("", None) and int(seat) in won)
    return {m: Proportion(hits[m], totals[m]) for m in deck_order(totals)}


def mask_columns(rows: Sequence[Row], prefix: str) -> dict[str, str]:
    """Mask name -> the row column ``prefix + mask``, over every column any row has (one pass, not per cell)."""
    columns: set[str] = set().union(*(row.keys() for row in rows))
    return {key.removeprefix(prefix): key for key in sorted(columns) if key.startswith(prefix)}


def deck_order(masks: Counter[str]) -> list[str]:
    """Masks in the seed's deck order (L42), unknown names last."""
    order = {card.value: i for i, card in enumerate(DECK_ORDER)}
    return sorted(masks, key=lambda m: (order.get(m, len(order)), m))


def seat_bias(rows: Sequence[Row]) -> dict[int, Proportion]:
    """For each seat position, its win rate relative to the expected share.

    Returned as proportions of "this seat won" over games where the seat existed. With a fair deal
    every seat's rate at a player count is the same; pooled over counts, later seats only exist in
    bigger games, so the report also shows each seat's expected rate.
    """
    return _seat_counts(rows).observed


@dataclass(frozen=True)
class _SeatCounts:
    """Per seat position, over the games where it existed: games, wins, and the sum and variance of
    its games' winner shares (one pass over the rows serves the rate, the expected rate and the test)."""

    totals: Counter[int]
    hits: Counter[int]
    shares: dict[int, float]
    variance: dict[int, float]

    @property
    def observed(self) -> dict[int, Proportion]:
        return {s: Proportion(self.hits[s], self.totals[s]) for s in sorted(self.totals)}


def _seat_counts(rows: Sequence[Row]) -> _SeatCounts:
    totals: Counter[int] = Counter()
    hits: Counter[int] = Counter()
    shares: dict[int, float] = {}
    variance: dict[int, float] = {}
    by_game: Counter[tuple[int, frozenset[int]]] = Counter()  # games alike in count and winners count alike
    for row in rows:
        by_game[int(row["players"]), frozenset(seats_of(row.get("winners", "")))] += 1
    for (players, winners), games in by_game.items():
        share = len(winners) / players
        for seat in range(players):
            totals[seat] += games
            hits[seat] += games * (seat in winners)
            shares[seat] = shares.get(seat, 0.0) + games * share
            variance[seat] = variance.get(seat, 0.0) + games * share * (1 - share)
    return _SeatCounts(totals, hits, shares, variance)


@dataclass(frozen=True)
class SeatTest:
    """One seat's win rate against the rate it would have with no seat bias.

    ``p`` tests "this seat wins as often as expected" (a normal approximation to the sum of its
    games' Bernoulli shares); ``p_holm`` is ``p`` corrected for testing every seat at once.
    """

    seat: int
    observed: Proportion
    expected: float
    p: float
    p_holm: float

    @property
    def points(self) -> float:
        """Observed minus expected, in percentage points."""
        return 100 * (self.observed.rate - self.expected)

    @property
    def differs(self) -> bool:
        return self.p_holm < ALPHA


def seat_tests(rows: Sequence[Row]) -> list[SeatTest]:
    """Every seat's test, Holm-corrected over the seats (a seat is flagged only when the whole family
    of tests keeps its 5% error rate)."""
    return _seat_tests(_seat_counts(rows))


def _seat_tests(counts: _SeatCounts) -> list[SeatTest]:
    observed, expected = counts.observed, _expected(counts)
    seats = sorted(observed)
    raw = [expected_hits_p(observed[s].hits, expected[s] * observed[s].total, counts.variance[s]) for s in seats]
    return [SeatTest(s, observed[s], expected[s], p, q) for s, p, q in zip(seats, raw, holm(raw))]


def expected_seat_rate(rows: Sequence[Row]) -> dict[int, float]:
    """The win rate each seat would have with no seat bias (mean winner share of its games)."""
    return _expected(_seat_counts(rows))


def _expected(counts: _SeatCounts) -> dict[int, float]:
    return {s: counts.shares[s] / counts.totals[s] for s in sorted(counts.totals)}


def band(p: Proportion) -> tuple[float, float]:
    """The Wilson interval widened by rounding error so it always contains the rate (for error bars)."""
    low, high = p.interval
    return min(low, p.rate), max(high, p.rate)


def seats_of(text: Any) -> frozenset[int]:
    return _parsed_seats(str(text or ""))


@lru_cache(maxsize=4096)
def _parsed_seats(text: str) -> frozenset[int]:
    """The seats of a ``"0 3 5"`` cell (a run's games share a few thousand such cells: each is read once)."""
    return frozenset(int(s) for s in text.split())




# -- file names -------------------------------------------------------------------------------------


def run_file(stem: str, run: Run, runs: Sequence[Run], ext: str) -> str:
    """``games.csv`` for the main run, ``games-<label>.csv`` for the compared one."""
    return file_name(stem, run.label, main=run is runs[0], ext=ext)


def file_name(stem: str, label: str, *, main: bool, ext: str) -> str:
    """A report file's name: ``stem.ext`` for the main run, ``stem-<label>.ext`` for the compared one."""
    return f"{stem}.{ext}" if main else f"{stem}-{_slug(label)}.{ext}"


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text).strip("-") or "b"



def mask_name(mask: str, lang: str) -> str:
    """A mask's display name (``KOLDUN`` -> "Koldun" / «колдунья»), the id where the data has none."""
    from narrator.agents.battaglia.texts import mask_name as named

    try:
        return named(mask.upper(), lang)
    except (KeyError, TypeError):
        return mask



# -- two profiles, seats in words ---------------------------------------------------------------------


@dataclass(frozen=True)
class ForceDifference:
    """One force at one player count in two profiles: both rates and the test of their difference."""

    force: str
    count: int
    a: Proportion
    b: Proportion
    p: float
    p_holm: float

    @property
    def points(self) -> float:
        return 100 * (self.b.rate - self.a.rate)

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA


def force_differences(a: Run, b: Run) -> list[ForceDifference]:
    """Every (force, player count) that won in either profile, B against A, Holm-corrected over the rows."""
    forces = [f for f in (*FORCES, NO_WINNER) if f in a.win_rates or f in b.win_rates]
    pairs = []
    for force in forces:
        counts = sorted({*a.win_rates.get(force, {}), *b.win_rates.get(force, {})})
        for count in counts:
            pa = a.win_rates.get(force, {}).get(count, Proportion(0, _games(a, count)))
            pb = b.win_rates.get(force, {}).get(count, Proportion(0, _games(b, count)))
            if not pa.hits and not pb.hits:
                continue  # never won in either profile: nothing to tell apart
            pairs.append((force, count, pa, pb, two_proportion_p(pa, pb)))
    adjusted = holm([p for *_, p in pairs])
    return [ForceDifference(f, c, pa, pb, p, q) for (f, c, pa, pb, p), q in zip(pairs, adjusted)]


def _games(run: Run, count: int) -> int:
    return sum(1 for r in run.rows if int(r["players"]) == count)


def seat_verdict(tests: Sequence[SeatTest], lang: str) -> str:
    """Which seats differ from their expected win rate after Holm's correction, in words."""
    from narrator.playtest.counts import p_text

    differing = [t for t in tests if t.differs]
    if differing:
        items = [message(lang, "report.seat_differs", seat=t.seat, points=t.points, expected=100 * t.expected,
                         p=p_text(t.p_holm, lang)) for t in differing]
        return message(lang, "report.seats_some", list="; ".join(items))
    if not tests:
        return ""
    widest = max(tests, key=lambda t: abs(t.points))
    return message(lang, "report.seats_none", seat=widest.seat, points=widest.points, p=p_text(widest.p_holm, lang))


def family(force: str) -> str:
    """``first_darkness`` -> ``darkness``: the terminal table folds first/second together."""
    return force.removeprefix("first_").removeprefix("second_")

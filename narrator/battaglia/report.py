"""The battaglia playtest report: rows of simulated games in, CSVs, PNG plots and ``report.md`` out.

One row per game comes from :func:`narrator.battaglia.simulate.play_one`. This module only counts:
win rate of each force by player count (95% Wilson intervals), game length, deaths by cause,
survival per mask, seat-position bias and stalemates. With ``compare`` rows (same seeds, another
rules profile) every table gets a second column and the win-rate plot a second set of lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from narrator.agents.i18n import message
from narrator.rules.battaglia.cards import DECK_ORDER
from rich.table import Table

from narrator.battaglia.lies import SpeechTally
from narrator.playtest.drawing import Plot, drawn_meanwhile, wait_for_preload
from narrator.playtest.stats import (
    ALPHA,
    Proportion,
    RowsCsv,
    expected_hits_p,
    group_by,
    holm,
    two_proportion_p,
    write_csv,
)

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
    for mask, key in _mask_columns(rows, "survived_").items():
        values = [int(v) for row in rows if (v := row.get(key)) not in ("", None)]
        if values:
            totals[mask], hits[mask] = len(values), sum(values)
    return {m: Proportion(hits[m], totals[m]) for m in _deck_order(totals)}


def mask_wins(rows: Sequence[Row]) -> dict[str, Proportion]:
    """For each mask dealt at the start, how often its holder's seat was among the winners."""
    hits: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    winners = [_seats(row.get("winners", "")) for row in rows]
    for mask, key in _mask_columns(rows, "seat_").items():
        seats = [row.get(key) for row in rows]
        dealt = len(seats) - seats.count("") - seats.count(None)
        if dealt:
            totals[mask] = dealt
            hits[mask] = sum(1 for seat, won in zip(seats, winners)
                             if won and seat not in ("", None) and int(seat) in won)
    return {m: Proportion(hits[m], totals[m]) for m in _deck_order(totals)}


def _mask_columns(rows: Sequence[Row], prefix: str) -> dict[str, str]:
    """Mask name -> the row column ``prefix + mask``, over every column any row has (one pass, not per cell)."""
    columns: set[str] = set().union(*(row.keys() for row in rows))
    return {key.removeprefix(prefix): key for key in sorted(columns) if key.startswith(prefix)}


def _deck_order(masks: Counter[str]) -> list[str]:
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
        by_game[int(row["players"]), frozenset(_seats(row.get("winners", "")))] += 1
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


def _band(p: Proportion) -> tuple[float, float]:
    """The Wilson interval widened by rounding error so it always contains the rate (for error bars)."""
    low, high = p.interval
    return min(low, p.rate), max(high, p.rate)


def _seats(text: Any) -> frozenset[int]:
    return _parsed_seats(str(text or ""))


@lru_cache(maxsize=4096)
def _parsed_seats(text: str) -> frozenset[int]:
    """The seats of a ``"0 3 5"`` cell (a run's games share a few thousand such cells: each is read once)."""
    return frozenset(int(s) for s in text.split())


# -- files ----------------------------------------------------------------------------------------


def write_report(out: Path, runs: Sequence[Run], *, command: str = "", played_by: str = "", lang: str = "en",
                 bots: str = "", edges: Sequence[Any] = (), speech: SpeechTally | None = None,
                 games_csv: Mapping[str, RowsCsv] | None = None, baselines: Mapping[str, Sequence[Row]] | None = None,
                 arms: Sequence[Any] = (), llm_stats: Mapping[str, Mapping[str, Any]] | None = None) -> Path:
    """Write CSVs, PNGs and ``report.md`` for one run (or two, compared) into ``out``.

    ``played_by`` says which engine played the games and what was checked (a sentence of the report);
    ``bots`` who played them (``narrator.battaglia.bots.describe``) and ``edges`` each force's edge over
    random play (``narrator.battaglia.bots.edges``), shown beside the win rates; ``baselines`` the
    random-play arms' rows (by force, ``all`` for every seat at random) the findings compare stalemates
    with; ``arms`` every sweep played (``narrator.playtest.counts.Arm``), counted in "Games played";
    ``llm_stats`` the model seats' statistics per profile (a section, and ``llm_stats.json``).
    ``speech``: the claims and lies of the talking games (the kept transcripts), per force.
    ``games_csv``: per run label, its games CSV written while the games were played (closed here).
    """
    import json

    from narrator.battaglia.report_tables import markdown

    out.mkdir(parents=True, exist_ok=True)
    path = out / "report.md"
    streamed = games_csv or {}
    plots = _plots(out, runs, lang)
    with drawn_meanwhile(plots):  # the PNGs are drawn while the CSVs and the text are written
        files = []
        for run in runs:
            if run.label in streamed:
                streamed[run.label].close(run.rows)
            else:
                write_csv(list(run.rows), out / _name("games", run, runs, "csv"))
            files += _write_tables(out, run, runs)
        if llm_stats:
            (out / "llm_stats.json").write_text(json.dumps(llm_stats, indent=2), encoding="utf-8")
            files.append("llm_stats.json")
        files += [Path(plot.args[1]).name for plot in plots]
        if speech is not None and speech.games:
            files.append("transcripts/")
        text = markdown(runs, command=command, played_by=played_by, lang=lang, bots=bots, edges=edges,
                        baselines=baselines, arms=arms, llm_stats=llm_stats, files=files)
        if speech is not None and speech.games:
            text += "\n".join(_speech_lines(speech, lang)) + "\n"
        path.write_text(text, encoding="utf-8")
    return path


def _name(stem: str, run: Run, runs: Sequence[Run], ext: str) -> str:
    """``games.csv`` for the main run, ``games-<label>.csv`` for the compared one."""
    return file_name(stem, run.label, main=run is runs[0], ext=ext)


def file_name(stem: str, label: str, *, main: bool, ext: str) -> str:
    """A report file's name: ``stem.ext`` for the main run, ``stem-<label>.ext`` for the compared one."""
    return f"{stem}.{ext}" if main else f"{stem}-{_slug(label)}.{ext}"


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text).strip("-") or "b"


def _write_tables(out: Path, run: Run, runs: Sequence[Run]) -> list[str]:
    """The run's CSVs; their names, for the report's list of files."""
    names = [_name(stem, run, runs, "csv") for stem in ("games", "win_rates", "deaths_by_cause", "masks", "seat_bias")]
    rates = run.win_rates
    write_csv([{"players": c, "force": f, "wins": p.hits, "games": p.total, "rate": round(p.rate, 4),
                "low95": round(p.interval[0], 4), "high95": round(p.interval[1], 4)}
               for f, by_count in rates.items() for c, p in by_count.items()],
              out / _name("win_rates", run, runs, "csv"))
    write_csv([{"players": c, "cause": cause, "mean_per_game": round(v, 4)}
               for cause, by_count in run.deaths_by_cause.items() for c, v in by_count.items()],
              out / _name("deaths_by_cause", run, runs, "csv"))
    survival, wins = run.mask_survival, run.mask_wins
    write_csv([{"mask": m, "dealt": p.total, "survived": p.hits, "survival_rate": round(p.rate, 4),
                "won": wins[m].hits, "win_rate": round(wins[m].rate, 4)} for m, p in survival.items()],
              out / _name("masks", run, runs, "csv"))
    write_csv([{"seat": t.seat, "games": t.observed.total, "wins": t.observed.hits, "rate": round(t.observed.rate, 4),
                "expected": round(t.expected, 4), "points": round(t.points, 2), "low95": round(t.observed.interval[0], 4),
                "high95": round(t.observed.interval[1], 4), "p": round(t.p, 5), "p_holm": round(t.p_holm, 5)}
               for t in run.seat_tests],
              out / _name("seat_bias", run, runs, "csv"))
    return names


def _plots(out: Path, runs: Sequence[Run], lang: str = "en") -> list[Plot]:
    """The report's PNGs, as drawing jobs (:mod:`narrator.playtest.drawing` draws them in parallel)."""
    wait_for_preload()  # matplotlib may still be loading in the background
    from narrator.battaglia.plots import force_panels
    from narrator.playtest import plots

    def m(key: str, **values: Any) -> str:
        return message(lang, f"report.{key}", **values)

    names = {f: m(f"force.{f}") for f in (*FORCES, NO_WINNER, "stalemate")}
    from narrator.battaglia.report_tables import cause_name

    jobs = [Plot(force_panels, ({run.title(lang): _named(run.win_rates, names) for run in runs}, out / "win_rates.png"),
                 {"title": message(lang, "playtest.plot_wins"), "xlabel": m("axis_players"),
                  "ylabel": message(lang, "playtest.axis_rate")})]
    for run in runs:
        rows = run.rows
        survival = run.mask_survival
        tests = run.seat_tests
        points = {str(t.seat): t.points for t in tests}
        bands = {str(t.seat): tuple(100 * (x - t.expected) for x in _band(t.observed)) for t in tests}
        jobs += [
            Plot(plots.histogram, ([int(r["days"]) for r in rows], out / _name("days", run, runs, "png")),
                 {"title": m("plot_days", label=run.title(lang)), "xlabel": m("axis_days"), "discrete": True,
                  "ylabel": m("axis_games")}),
            Plot(plots.stacked_by_count, ({cause_name(lang, c): v for c, v in run.deaths_by_cause.items()},
                                          out / _name("deaths_by_cause", run, runs, "png")),
                 {"title": f"{m('deaths')} ({run.title(lang)})", "ylabel": m("deaths"), "xlabel": m("axis_players")}),
            Plot(plots.bars, ({mask_name(k, lang): p.rate for k, p in survival.items()},
                              out / _name("mask_survival", run, runs, "png")),
                 {"title": m("plot_masks", label=run.title(lang)), "ylabel": m("axis_survival"),
                  "errors": {mask_name(k, lang): _band(p) for k, p in survival.items()}, "rate": True}),
            Plot(plots.bars, (points, out / _name("seat_bias", run, runs, "png")),
                 {"title": m("plot_seats", label=run.title(lang)), "ylabel": m("axis_points"), "xlabel": m("axis_seat"),
                  "errors": bands, "zero_line": True, "rotate": 0}),
        ]
    stalemates = {run.title(lang): {names["stalemate"]: {c: Proportion(counts.get("stalemate", 0), sum(counts.values()))
                                                   for c, counts in run.termination_counts.items()}}
                  for run in runs}
    jobs.append(Plot(force_panels, (stalemates, out / "stalemates.png"),
                     {"title": m("plot_stalemates"), "ylabel": m("axis_stalemate"), "xlabel": m("axis_players")}))
    return jobs


def _named(rates: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    return {names.get(force, force): by_count for force, by_count in rates.items()}


def mask_name(mask: str, lang: str) -> str:
    """A mask's display name (``KOLDUN`` -> "Koldun" / «колдунья»), the id where the data has none."""
    from narrator.agents.battaglia.texts import mask_name as named

    try:
        return named(mask.upper(), lang)
    except (KeyError, TypeError):
        return mask


# -- report.md ------------------------------------------------------------------------------------


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


def _speech_lines(speech: SpeechTally, lang: str) -> list[str]:
    """Claims and lies per force (talking games only: the bots' host-only notes, L74)."""

    def m(key: str, **values: Any) -> str:
        return message(lang, f"report_speech.{key}", **values)

    lines = ["", f"## {m('title')}", "", m("intro", games=speech.games), "",
             f"| {m('col_force')} | {m('col_speeches')} | {m('col_claims')} | {m('col_bluffs')} | {m('col_self')} |",
             "|---|---:|---:|---:|---:|"]
    for force in FORCES:
        if speech.speeches[force]:
            lines.append(f"| {message(lang, f'report.force.{force}')} | {speech.speeches[force]} | "
                         f"{speech.claims[force]} | {speech.lies_of(force, 'bluff')} | {speech.lies_of(force, 'self_claim')} |")
    return lines


# -- terminal -------------------------------------------------------------------------------------


def summary_table(runs: Sequence[Run], lang: str = "en") -> Table:
    """A short rich table in ``lang``: per player count, the games, main win rates and mean days."""
    def column(key: str) -> str:
        return message(lang, f"tools.sim_columns.{key}")

    table = Table(title=message(lang, "tools.sim_battaglia_title"))
    table.add_column(column("profile"))
    table.add_column(column("players"), justify="right")
    table.add_column(column("games"), justify="right")
    for force in ("light", "shadow", "darkness", "gloom", NO_WINNER):
        table.add_column(column(force), justify="right")
    table.add_column(column("days"), justify="right")
    for run in runs:
        for count, group in group_by(run.rows, "players").items():
            n = len(group)
            share = {f: sum(_family(winner_of(r)) == f for r in group) / n
                     for f in ("light", "shadow", "darkness", "gloom", NO_WINNER)}
            days = sum(int(r["days"]) for r in group) / n
            label = column("default_profile") if run.label == "default" else run.label
            table.add_row(label, str(count), str(n), *(f"{share[f]:.0%}" for f in share), f"{days:.1f}")
    return table


def _family(force: str) -> str:
    """``first_darkness`` -> ``darkness``: the terminal table folds first/second together."""
    return force.removeprefix("first_").removeprefix("second_")

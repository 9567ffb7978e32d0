"""The battaglia playtest report: rows of simulated games in, CSVs, PNG plots and ``report.md`` out.

One row per game comes from :func:`narrator.battaglia.simulate.play_one`. This module only counts:
win rate of each force by player count (95% Wilson intervals), game length, deaths by cause,
survival per mask, seat-position bias and stalemates. With ``compare`` rows (same seeds, another
rules profile) every table gets a second column and the win-rate plot a second set of lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from narrator.rules.battaglia.cards import DECK_ORDER
from rich.table import Table

from narrator.playtest.drawing import Plot, drawn_meanwhile, wait_for_preload
from narrator.playtest.stats import Proportion, group_by, summary, write_csv

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
        return seat_bias(self.rows)

    @cached_property
    def expected_seat_rate(self) -> dict[int, float]:
        return expected_seat_rate(self.rows)

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
    hits: Counter[int] = Counter()
    totals: Counter[int] = Counter()
    for row in rows:
        winners = _seats(row.get("winners", ""))
        for seat in range(int(row["players"])):
            totals[seat] += 1
            hits[seat] += seat in winners
    return {s: Proportion(hits[s], totals[s]) for s in sorted(totals)}


def expected_seat_rate(rows: Sequence[Row]) -> dict[int, float]:
    """The win rate each seat would have with no seat bias (mean winner share of its games)."""
    sums: Counter[int] = Counter()
    totals: Counter[int] = Counter()
    for row in rows:
        share = len(_seats(row.get("winners", ""))) / int(row["players"])
        for seat in range(int(row["players"])):
            sums[seat] += share  # type: ignore[assignment]
            totals[seat] += 1
    return {s: sums[s] / totals[s] for s in sorted(totals)}


def _band(p: Proportion) -> tuple[float, float]:
    """The Wilson interval widened by rounding error so it always contains the rate (for error bars)."""
    low, high = p.interval
    return min(low, p.rate), max(high, p.rate)


def _seats(text: Any) -> set[int]:
    return {int(s) for s in str(text or "").split()}


# -- files ----------------------------------------------------------------------------------------


def write_report(out: Path, runs: Sequence[Run], *, command: str = "", elapsed: float | None = None,
                 played_by: str = "") -> Path:
    """Write CSVs, PNGs and ``report.md`` for one run (or two, compared) into ``out``.

    ``played_by`` says which engine played the games and what was checked (a sentence of the report).
    """
    out.mkdir(parents=True, exist_ok=True)
    path = out / "report.md"
    with drawn_meanwhile(_plots(out, runs)):  # the PNGs are drawn while the CSVs and the text are written
        for run in runs:
            write_csv(list(run.rows), out / _name("games", run, runs, "csv"))
            _write_tables(out, run, runs)
        path.write_text(_markdown(runs, command=command, elapsed=elapsed, played_by=played_by), encoding="utf-8")
    return path


def _name(stem: str, run: Run, runs: Sequence[Run], ext: str) -> str:
    """``games.csv`` for the main run, ``games-<label>.csv`` for the compared one."""
    if run is runs[0]:
        return f"{stem}.{ext}"
    return f"{stem}-{_slug(run.label)}.{ext}"


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text).strip("-") or "b"


def _write_tables(out: Path, run: Run, runs: Sequence[Run]) -> None:
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
    expected = run.expected_seat_rate
    write_csv([{"seat": s, "games": p.total, "wins": p.hits, "rate": round(p.rate, 4),
                "expected": round(expected[s], 4), "low95": round(p.interval[0], 4),
                "high95": round(p.interval[1], 4)} for s, p in run.seat_bias.items()],
              out / _name("seat_bias", run, runs, "csv"))


def _plots(out: Path, runs: Sequence[Run]) -> list[Plot]:
    """The report's PNGs, as drawing jobs (:mod:`narrator.playtest.drawing` draws them in parallel)."""
    wait_for_preload()  # matplotlib may still be loading in the background
    from narrator.battaglia.plots import force_panels
    from narrator.playtest import plots

    jobs = [Plot(force_panels, ({run.label: run.win_rates for run in runs}, out / "win_rates.png"),
                 {"title": "Win rate of each force by player count (95% Wilson band; 'none' = no winner)"})]
    for run in runs:
        rows = run.rows
        survival = run.mask_survival
        bias, expected = run.seat_bias, run.expected_seat_rate
        ratio = {str(s): p.rate / expected[s] if expected[s] else 0.0 for s, p in bias.items()}
        bands = {str(s): tuple(x / expected[s] if expected[s] else 0.0 for x in _band(p)) for s, p in bias.items()}
        jobs += [
            Plot(plots.histogram, ([int(r["days"]) for r in rows], out / _name("days", run, runs, "png")),
                 {"title": f"Game length ({run.label})", "xlabel": "days played", "discrete": True}),
            Plot(plots.stacked_by_count, (run.deaths_by_cause, out / _name("deaths_by_cause", run, runs, "png")),
                 {"title": f"Deaths per game by cause ({run.label})", "ylabel": "deaths per game"}),
            Plot(plots.bars, ({m: p.rate for m, p in survival.items()}, out / _name("mask_survival", run, runs, "png")),
                 {"title": f"First soul survives to the end, by mask ({run.label})", "ylabel": "survival rate",
                  "errors": {m: _band(p) for m, p in survival.items()}}),
            Plot(plots.bars, (ratio, out / _name("seat_bias", run, runs, "png")),
                 {"title": f"Seat win rate / expected rate ({run.label}; 1.0 = no seat bias, 95% CI)",
                  "ylabel": "observed / expected", "errors": bands}),
        ]
    stalemates = {run.label: {"stalemate": {c: Proportion(counts.get("stalemate", 0), sum(counts.values()))
                                            for c, counts in run.termination_counts.items()}}
                  for run in runs}
    jobs.append(Plot(force_panels, (stalemates, out / "stalemates.png"), {"title": "Stalemate rate (95% Wilson band)"}))
    return jobs


# -- report.md ------------------------------------------------------------------------------------


def _markdown(runs: Sequence[Run], *, command: str, elapsed: float | None, played_by: str = "") -> str:
    main = runs[0]
    counts = sorted({int(r["players"]) for r in main.rows})
    lines = ["# Battaglia del arte — playtest report", ""]
    if command:
        lines += [f"Command: `{command}`", ""]
    per_count = len(main.rows) // max(1, len(counts))
    lines += [(f"{len(main.rows)} games per profile ({per_count} per player count, counts {counts[0]}..{counts[-1]}), "
               "scripted bots in every seat, masks dealt to seats by a chance shuffle each game.")]
    if elapsed is not None:
        lines += [f"Simulated in {elapsed:.1f} s."]
    if played_by:
        lines += [played_by]
    if len(runs) > 1:
        lines += ["", "Profiles compared on the **same seeds**: " + " vs ".join(f"`{r.label}`" for r in runs) + "."]
    lines += ["", "## Win rate of each force", "", "![win rates](win_rates.png)", ""]
    lines += _win_table(runs)
    lines += ["", "## How games end", ""] + _termination_table(runs)
    lines += ["", "![stalemates](stalemates.png)", ""]
    lines += ["## Game length (days)", ""] + _length_table(runs)
    for run in runs:
        lines += ["", f"![days]({_name('days', run, runs, 'png')})"]
    lines += ["", "## Deaths by cause (mean per game)", ""] + _deaths_table(runs)
    for run in runs:
        lines += ["", f"![deaths]({_name('deaths_by_cause', run, runs, 'png')})"]
    lines += ["", "## Masks: first soul survives / holder's seat wins", ""] + _mask_table(runs)
    for run in runs:
        lines += ["", f"![mask survival]({_name('mask_survival', run, runs, 'png')})"]
    lines += ["", "## Seat-position bias", "",
              ("The deal is a chance shuffle, so each seat's win rate should match the expected rate "
               "(the mean share of winners in the games that seat took part in). ⚠ marks an expected rate "
               "outside the 95% interval; with one test per seat about one in twenty is flagged by chance."),
              ""] + _seat_table(runs)
    for run in runs:
        lines += ["", f"![seat bias]({_name('seat_bias', run, runs, 'png')})"]
    lines += ["", "## Bot health", ""] + _health_lines(runs)
    lines += ["", ("Files: `games*.csv` (one row per game), `win_rates*.csv`, `deaths_by_cause*.csv`, "
                   "`masks*.csv`, `seat_bias*.csv`, PNG plots."), ""]
    return "\n".join(lines)


def _win_table(runs: Sequence[Run]) -> list[str]:
    tables = [r.win_rates for r in runs]
    forces = [f for f in (*FORCES, NO_WINNER) if any(f in t for t in tables)]
    counts = sorted({c for t in tables for by in t.values() for c in by})
    header = ["players"] + [f"{f}" + (f" ({r.label})" if len(runs) > 1 else "") for f in forces for r in runs]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for count in counts:
        cells = [str(count)]
        for force in forces:
            for table in tables:
                p = table.get(force, {}).get(count)
                cells.append(_pct(p) if p else "—")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _pct(p: Proportion) -> str:
    low, high = p.interval
    return f"{p.rate:.0%} [{low:.0%}–{high:.0%}]"


def _termination_table(runs: Sequence[Run]) -> list[str]:
    lines = ["| profile | players | games | " + " | ".join(_terminations(runs)) + " |",
             "|---|---|---|" + "---|" * len(_terminations(runs))]
    for run in runs:
        for count, counter in run.termination_counts.items():
            total = sum(counter.values())
            cells = [f"{counter.get(t, 0) / total:.0%}" for t in _terminations(runs)]
            lines.append(f"| {run.label} | {count} | {total} | " + " | ".join(cells) + " |")
    return lines


def _terminations(runs: Sequence[Run]) -> list[str]:
    return sorted({str(r["termination"]) for run in runs for r in run.rows})


def _length_table(runs: Sequence[Run]) -> list[str]:
    lines = ["| profile | players | mean days | sd | median | p90 | max |", "|---|---|---|---|---|---|---|"]
    for run in runs:
        for count, group in group_by(run.rows, "players").items():
            s = summary([float(r["days"]) for r in group])
            lines.append(f"| {run.label} | {count} | {s['mean']:.2f} | {s['sd']:.2f} | {s['median']:.0f} | "
                         f"{s['p90']:.0f} | {s['max']:.0f} |")
    return lines


def _deaths_table(runs: Sequence[Run]) -> list[str]:
    tables = [r.deaths_by_cause for r in runs]
    causes = [c for c in CAUSES if any(c in t for t in tables)]
    lines = ["| profile | players | " + " | ".join(causes) + " |", "|---|---|" + "---|" * len(causes)]
    for run, table in zip(runs, tables):
        for count in sorted({int(r["players"]) for r in run.rows}):
            lines.append(f"| {run.label} | {count} | " +
                         " | ".join(f"{table.get(c, {}).get(count, 0.0):.2f}" for c in causes) + " |")
    return lines


def _mask_table(runs: Sequence[Run]) -> list[str]:
    survival = [r.mask_survival for r in runs]
    wins = [r.mask_wins for r in runs]
    masks = list(dict.fromkeys(m for s in survival for m in s))
    header = "| mask | " + " | ".join(f"dealt, survives, wins ({r.label})" for r in runs) + " |"
    lines = [header, "|---|" + "---|" * len(runs)]
    for mask in masks:
        cells = []
        for s, w in zip(survival, wins):
            cells.append(f"{s[mask].total}, {_pct(s[mask])}, {_pct(w[mask])}" if mask in s else "—")
        lines.append(f"| {mask} | " + " | ".join(cells) + " |")
    return lines


def _seat_table(runs: Sequence[Run]) -> list[str]:
    lines = ["| profile | seat | games | win rate [95% CI] | expected |", "|---|---|---|---|---|"]
    for run in runs:
        expected = run.expected_seat_rate
        for seat, p in run.seat_bias.items():
            flag = "" if p.interval[0] <= expected[seat] <= p.interval[1] else " ⚠"
            lines.append(f"| {run.label} | {seat} | {p.total} | {_pct(p)}{flag} | {expected[seat]:.0%} |")
    return lines


def _health_lines(runs: Sequence[Run]) -> list[str]:
    lines = []
    for run in runs:
        fallbacks = sum(int(r.get("fallbacks", 0) or 0) for r in run.rows)
        cut = sum(str(r["termination"]) == "move_limit" for r in run.rows)
        lines.append(f"- `{run.label}`: {fallbacks} fallback moves (bots proposing illegal moves), "
                     f"{cut} games cut off at the move limit.")
    return lines


# -- terminal -------------------------------------------------------------------------------------


def summary_table(runs: Sequence[Run]) -> Table:
    """A short rich table: per player count, the games, main win rates and mean days."""
    table = Table(title="battaglia playtest summary")
    table.add_column("profile")
    table.add_column("players", justify="right")
    table.add_column("games", justify="right")
    for force in ("light", "shadow", "darkness", "gloom", NO_WINNER):
        table.add_column(force, justify="right")
    table.add_column("days", justify="right")
    for run in runs:
        for count, group in group_by(run.rows, "players").items():
            n = len(group)
            share = {f: sum(_family(winner_of(r)) == f for r in group) / n
                     for f in ("light", "shadow", "darkness", "gloom", NO_WINNER)}
            days = sum(int(r["days"]) for r in group) / n
            table.add_row(run.label, str(count), str(n), *(f"{share[f]:.0%}" for f in share), f"{days:.1f}")
    return table


def _family(force: str) -> str:
    """``first_darkness`` -> ``darkness``: the terminal table folds first/second together."""
    return force.removeprefix("first_").removeprefix("second_")

"""The battaglia playtest report: rows of simulated games in, CSVs, PNG plots and ``report.md`` out.

One row per game comes from :func:`narrator.battaglia.simulate.play_one`. The numbers are
counted in :mod:`~narrator.battaglia.run_stats` (win rate of each force by player count, game length,
deaths by cause, survival per mask, seat-position bias and stalemates); this module writes them. With ``compare`` rows (same seeds, another
rules profile) every table gets a second column and the win-rate plot a second set of lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from narrator.agents.i18n import message
from rich.table import Table

from narrator.battaglia.lies import SpeechTally
from narrator.battaglia.report_tables import cause_name, markdown
from narrator.battaglia.run_stats import (
    FORCES,
    NO_WINNER,
    Row,
    Run,
    band,
    family,
    file_name,
    force_differences,
    mask_name,
    run_file,
    seat_tests,
    seat_verdict,
    winner_of,
)
from narrator.playtest.drawing import Plot, drawn_meanwhile, wait_for_preload
from narrator.playtest.stats import Proportion, RowsCsv, group_by, write_csv

__all__ = ["Run", "file_name", "force_differences", "seat_tests", "seat_verdict", "summary_table", "write_report"]




def write_report(out: Path, runs: Sequence[Run], *, command: str = "", played_by: str = "", lang: str = "en",
                 bots: str = "", edges: Sequence[Any] = (), speech: SpeechTally | None = None,
                 games_csv: Mapping[str, RowsCsv] | None = None, baselines: Mapping[str, Sequence[Row]] | None = None,
                 arms: Sequence[Any] = (), llm_stats: Mapping[str, Mapping[str, Any]] | None = None,
                 plots: bool = True) -> Path:
    """Write CSVs, PNGs and ``report.md`` for one run (or two, compared) into ``out``.

    ``played_by`` says which engine played the games and what was checked (a sentence of the report);
    ``bots`` who played them (``narrator.battaglia.bots.describe``) and ``edges`` each force's edge over
    random play (``narrator.battaglia.bots.edges``), shown beside the win rates; ``baselines`` the
    random-play arms' rows (by force, ``all`` for every seat at random) the findings compare stalemates
    with; ``arms`` every sweep played (``narrator.playtest.counts.Arm``), counted in "Games played";
    ``llm_stats`` the model seats' statistics per profile (a section, and ``llm_stats.json``).
    ``speech``: the claims and lies of the talking games (the kept transcripts), per force.
    ``games_csv``: per run label, its games CSV written while the games were played (closed here).
    ``plots=False`` (``--no-plots``): no PNG is drawn and matplotlib is not imported; the report says so.
    """
    import json

    out.mkdir(parents=True, exist_ok=True)
    path = out / "report.md"
    streamed = games_csv or {}
    drawn = _plots(out, runs, lang) if plots else []
    with drawn_meanwhile(drawn):  # the PNGs are drawn while the CSVs and the text are written
        files = []
        for run in runs:
            if run.label in streamed:
                streamed[run.label].close(run.rows)
            else:
                write_csv(list(run.rows), out / run_file("games", run, runs, "csv"))
            files += _write_tables(out, run, runs)
        if llm_stats:
            (out / "llm_stats.json").write_text(json.dumps(llm_stats, indent=2), encoding="utf-8")
            files.append("llm_stats.json")
        files += [Path(plot.args[1]).name for plot in drawn]
        if speech is not None and speech.games:
            files.append("transcripts/")
        text = markdown(runs, command=command, played_by=played_by, lang=lang, bots=bots, edges=edges,
                        baselines=baselines, arms=arms, llm_stats=llm_stats, files=files, plots=plots)
        if speech is not None and speech.games:
            text += "\n".join(_speech_lines(speech, lang)) + "\n"
        path.write_text(text, encoding="utf-8")
    return path



def _write_tables(out: Path, run: Run, runs: Sequence[Run]) -> list[str]:
    """The run's CSVs; their names, for the report's list of files."""
    names = [run_file(stem, run, runs, "csv") for stem in ("games", "win_rates", "deaths_by_cause", "masks", "seat_bias")]
    rates = run.win_rates
    write_csv([{"players": c, "force": f, "wins": p.hits, "games": p.total, "rate": round(p.rate, 4),
                "low95": round(p.interval[0], 4), "high95": round(p.interval[1], 4)}
               for f, by_count in rates.items() for c, p in by_count.items()],
              out / run_file("win_rates", run, runs, "csv"))
    write_csv([{"players": c, "cause": cause, "mean_per_game": round(v, 4)}
               for cause, by_count in run.deaths_by_cause.items() for c, v in by_count.items()],
              out / run_file("deaths_by_cause", run, runs, "csv"))
    survival, wins = run.mask_survival, run.mask_wins
    write_csv([{"mask": m, "dealt": p.total, "survived": p.hits, "survival_rate": round(p.rate, 4),
                "won": wins[m].hits, "win_rate": round(wins[m].rate, 4)} for m, p in survival.items()],
              out / run_file("masks", run, runs, "csv"))
    write_csv([{"seat": t.seat, "games": t.observed.total, "wins": t.observed.hits, "rate": round(t.observed.rate, 4),
                "expected": round(t.expected, 4), "points": round(t.points, 2), "low95": round(t.observed.interval[0], 4),
                "high95": round(t.observed.interval[1], 4), "p": round(t.p, 5), "p_holm": round(t.p_holm, 5)}
               for t in run.seat_tests],
              out / run_file("seat_bias", run, runs, "csv"))
    return names


def _plots(out: Path, runs: Sequence[Run], lang: str = "en") -> list[Plot]:
    """The report's PNGs, as drawing jobs (:mod:`narrator.playtest.drawing` draws them in parallel)."""
    wait_for_preload()  # matplotlib may still be loading in the background
    from narrator.battaglia.plots import force_panels
    from narrator.playtest import plots

    def m(key: str, **values: Any) -> str:
        return message(lang, f"report.{key}", **values)

    names = {f: m(f"force.{f}") for f in (*FORCES, NO_WINNER, "stalemate")}
    jobs = [Plot(force_panels, ({run.title(lang): _named(run.win_rates, names) for run in runs}, out / "win_rates.png"),
                 {"title": message(lang, "playtest.plot_wins"), "xlabel": m("axis_players"),
                  "ylabel": message(lang, "playtest.axis_rate")})]
    for run in runs:
        rows = run.rows
        survival = run.mask_survival
        tests = run.seat_tests
        points = {str(t.seat): t.points for t in tests}
        bands = {str(t.seat): tuple(100 * (x - t.expected) for x in band(t.observed)) for t in tests}
        jobs += [
            Plot(plots.histogram, ([int(r["days"]) for r in rows], out / run_file("days", run, runs, "png")),
                 {"title": m("plot_days", label=run.title(lang)), "xlabel": m("axis_days"), "discrete": True,
                  "ylabel": m("axis_games")}),
            Plot(plots.stacked_by_count, ({cause_name(lang, c): v for c, v in run.deaths_by_cause.items()},
                                          out / run_file("deaths_by_cause", run, runs, "png")),
                 {"title": f"{m('deaths')} ({run.title(lang)})", "ylabel": m("deaths"), "xlabel": m("axis_players")}),
            Plot(plots.bars, ({mask_name(k, lang): p.rate for k, p in survival.items()},
                              out / run_file("mask_survival", run, runs, "png")),
                 {"title": m("plot_masks", label=run.title(lang)), "ylabel": m("axis_survival"),
                  "errors": {mask_name(k, lang): band(p) for k, p in survival.items()}, "rate": True}),
            Plot(plots.bars, (points, out / run_file("seat_bias", run, runs, "png")),
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
            share = {f: sum(family(winner_of(r)) == f for r in group) / n
                     for f in ("light", "shadow", "darkness", "gloom", NO_WINNER)}
            days = sum(int(r["days"]) for r in group) / n
            label = column("default_profile") if run.label == "default" else run.label
            table.add_row(label, str(count), str(n), *(f"{share[f]:.0%}" for f in share), f"{days:.1f}")
    return table


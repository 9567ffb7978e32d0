"""The text of the battaglia report: findings first, the games played, then one table per question.

Every word comes from the catalogue of the report's language (``report.*``, ``playtest.*``): forces,
masks, endings, causes and the standard profile's name; a p-value reads "p < 0.001"; a table cell holds
one number (a rate's 95% interval has columns of its own, or lives in the CSV and the plot when a table
would grow too wide, which the note under it says).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.i18n import message

from narrator.battaglia.findings import findings
from narrator.battaglia.run_stats import (
    CAUSES,
    FORCES,
    NO_WINNER,
    Run,
    force_differences,
    mask_name,
    run_file,
    seat_verdict,
)
from narrator.playtest.counts import Arm, games_section, p_text, percent
from narrator.playtest.stats import Proportion, group_by, summary

Row = Mapping[str, Any]


def markdown(runs: Sequence[Run], *, command: str, played_by: str = "", lang: str = "en", bots: str = "",
             edges: Sequence[Any] = (), baselines: Mapping[str, Sequence[Row]] | None = None,
             arms: Sequence[Arm] = (), llm_stats: Mapping[str, Mapping[str, Any]] | None = None,
             files: Sequence[str] = (), plots: bool = True) -> str:
    """report.md: the findings, the games played, then the tables (``plots``: with links to the PNGs, else a
    sentence saying none were drawn)."""
    lines = _head(runs, command, played_by, bots, lang)
    llm_games = sum(len(run.rows) for run in runs) if llm_stats else 0
    lines += [""] + findings(runs, lang=lang, baselines=baselines, edges=edges, bots=bots, llm_games=llm_games)
    if arms:
        lines += [""] + games_section(arms, lang, llm=bool(llm_stats))
    if llm_stats:
        lines += [""] + llm_section(llm_stats, lang)
    lines += _tables(runs, lang, edges, plots)
    tail = [message(lang, "playtest.files", list=", ".join(f"`{f}`" for f in files))] if files else []
    if not plots:
        tail.append(message(lang, "playtest.no_plots"))
    if tail:
        lines += ["", " ".join(tail), ""]
    return "\n".join(lines)


def _head(runs: Sequence[Run], command: str, played_by: str, bots: str, lang: str) -> list[str]:
    """The title, the command, how many games at which counts, who played them, the profiles compared."""
    def r(key: str, **values: Any) -> str:
        return message(lang, f"report.{key}", **values)

    main = runs[0]
    counts = sorted({int(row["players"]) for row in main.rows})
    lines = [f"# {r('title')}", ""]
    if command:
        lines += [r("command", command=command), ""]
    per_count = len(main.rows) // max(1, len(counts))
    lines += [r("intro", games=len(main.rows), per_count=per_count, low=counts[0], high=counts[-1])]
    lines += [text for text in (played_by, bots) if text]
    if len(runs) > 1:
        lines += ["", r("same_seeds", labels=" vs ".join(f"`{run.title(lang)}`" for run in runs))]
    return lines


def _tables(runs: Sequence[Run], lang: str, edges: Sequence[Any], drawn: bool = True) -> list[str]:
    """The sections of tables and plots: wins, edges over random play, endings, length, deaths, masks, seats
    (``drawn=False``: the tables alone, no PNG having been drawn)."""
    def r(key: str, **values: Any) -> str:
        return message(lang, f"report.{key}", **values)

    def plots(key: str, stem: str) -> list[str]:  # each run's PNG of a section
        alt = message(lang, f"playtest.alt.{key}")
        return [line for run in runs for line in ("", f"![{alt}]({run_file(stem, run, runs, 'png')})")] if drawn else []

    def plot(key: str, name: str) -> list[str]:  # the PNG of a section that holds every run
        return [f"![{message(lang, f'playtest.alt.{key}')}]({name})", ""] if drawn else []

    main = runs[0]
    lines = ["", f"## {r('wins')}", "", *plot("wins", "win_rates.png"), r("second_note"), ""]
    lines += compare_table(runs, lang, drawn) if len(runs) > 1 else win_table(main, lang, drawn)
    if edges:
        lines += ["", f"## {message(lang, 'report_bots.edge')}", "", message(lang, "report_bots.edge_intro"), ""]
        lines += edge_table(edges, lang)
    lines += ["", f"## {r('ends')}", ""] + termination_table(runs, lang)
    lines += ["", *plot("stalemates", "stalemates.png")] if drawn else [""]
    lines += [f"## {r('length')}", ""] + length_table(runs, lang) + plots("days", "days")
    lines += ["", f"## {r('deaths')}", ""] + deaths_table(runs, lang) + plots("deaths", "deaths_by_cause")
    lines += ["", f"## {r('masks')}", ""] + mask_tables(runs, lang) + plots("masks", "mask_survival")
    lines += ["", f"## {r('seats')}", "", r("seats_intro", n=len(main.seat_tests)), ""]
    lines += seat_table(runs, lang) + plots("seats", "seat_bias")
    lines += ["", f"## {r('health')}", ""] + health_lines(runs, lang)
    return lines


def _force(lang: str, force: str) -> str:
    return message(lang, f"report.force.{force}")


def _cells(p: Proportion) -> str:
    """A rate and its 95% interval as three cells (percent)."""
    low, high = p.interval
    return f"{percent(p.rate)} | {percent(low)} | {percent(high)}"


def _rate_columns(lang: str) -> str:
    return " | ".join(message(lang, f"playtest.{k}") for k in ("col_rate", "col_low", "col_high"))


def win_table(run: Run, lang: str, drawn: bool = True) -> list[str]:
    """Players by force, one win rate (%) a cell; the widest half-interval is said under the table (and where the
    intervals are: the CSV, and the plot when ``drawn``)."""
    rates = run.win_rates
    forces = [f for f in (*FORCES, NO_WINNER) if f in rates]
    counts = sorted({c for by in rates.values() for c in by})
    header = [message(lang, "playtest.col_players")] + [_force(lang, f) for f in forces]
    lines = ["| " + " | ".join(header) + " |", "|" + "---:|" * len(header)]
    for count in counts:
        cells = [str(count)] + [percent(rates[f][count].rate) if count in rates[f] else "—" for f in forces]
        lines.append("| " + " | ".join(cells) + " |")
    half = max((100 * max(p.rate - p.interval[0], p.interval[1] - p.rate) for by in rates.values()
                for p in by.values()), default=0.0)
    return lines + ["", message(lang, "playtest.wins_note" if drawn else "playtest.wins_note_csv", half=half)]


def compare_table(runs: Sequence[Run], lang: str, drawn: bool = True) -> list[str]:
    """One row per force and player count: both rates, the difference in points, the corrected p."""
    def r(key: str, **values: Any) -> str:
        return message(lang, f"report.{key}", **values)

    a, b = runs[0], runs[1]
    rows = force_differences(a, b)
    lines = [r("compare_intro", a=f"`{a.title(lang)}`", b=f"`{b.title(lang)}`", n=len(rows)), "",
             (f"| {r('col_force')} | {r('col_players')} | {a.title(lang)}, % | {b.title(lang)}, % | {r('col_diff')} "
              f"| {r('col_p')} | {r('col_significant')} |"), "|---|---:|---:|---:|---:|---|---|"]
    for d in rows:
        p = p_text(d.p_holm, lang).removeprefix("p ").removeprefix("= ")
        lines.append(f"| {_force(lang, d.force)} | {d.count} | {percent(d.a.rate)} | {percent(d.b.rate)} | "
                     f"{d.points:+.1f} | {p} | {'✔' if d.significant else ''} |")
    return lines + ["", message(lang, "playtest.wins_note" if drawn else "playtest.wins_note_csv", half=max(
        (100 * (p.interval[1] - p.interval[0]) / 2 for run in runs for by in run.win_rates.values()
         for p in by.values()), default=0.0))]


def edge_table(edges: Sequence[Any], lang: str) -> list[str]:
    """Per force and count: as played, with random moves, the edge and its paired interval (a number a cell)."""
    def c(key: str) -> str:
        return message(lang, f"playtest.{key}")

    lines = [(f"| {message(lang, 'report.col_force')} | {c('col_players')} | {c('col_rate')} | {c('col_random')} | "
             f"{c('col_edge')} | {c('col_edge_low')} | {c('col_edge_high')} |"), "|---|---:|---:|---:|---:|---:|---:|"]
    for e in edges:
        lines.append(f"| {message(lang, f'report_bots.force.{e.force}')} | {e.players} | "
                     f"{percent(e.wins / e.games)} | {percent(e.random_wins / e.games)} | {100 * e.edge:+.1f} | "
                     f"{100 * e.low:+.1f} | {100 * e.high:+.1f} |")
    return lines


def _word(lang: str, group: str, code: str) -> str:
    """The catalogue's word for a code of ``playtest.<group>`` (an ending, a cause), or the code itself."""
    try:
        return message(lang, f"playtest.{group}.{code}")
    except KeyError:
        return code


def _ending(lang: str, code: str) -> str:
    return _word(lang, "end", code)


def termination_table(runs: Sequence[Run], lang: str) -> list[str]:
    ends = sorted({t for run in runs for counter in run.termination_counts.values() for t in counter})
    def r(key: str) -> str:
        return message(lang, f"report.{key}")

    lines = [f"| {r('col_profile')} | {r('col_players')} | {r('col_games')} | "
             + " | ".join(f"{_ending(lang, t)}, %" for t in ends) + " |", "|---|---:|---:|" + "---:|" * len(ends)]
    for run in runs:
        for count, counter in run.termination_counts.items():
            total = sum(counter.values())
            lines.append(f"| {run.title(lang)} | {count} | {total} | "
                         + " | ".join(percent(counter.get(t, 0) / total) for t in ends) + " |")
    return lines


def length_table(runs: Sequence[Run], lang: str) -> list[str]:
    lines = [message(lang, "report.length_columns"), "|---|---:|---:|---:|---:|---:|---:|"]
    for run in runs:
        for count, group in group_by(run.rows, "players").items():
            s = summary([float(row["days"]) for row in group])
            lines.append(f"| {run.title(lang)} | {count} | {s['mean']:.2f} | {s['sd']:.2f} | {s['median']:.0f} | "
                         f"{s['p90']:.0f} | {s['max']:.0f} |")
    return lines


def cause_name(lang: str, cause: str) -> str:
    return _word(lang, "cause", cause)


def deaths_table(runs: Sequence[Run], lang: str) -> list[str]:
    tables = [run.deaths_by_cause for run in runs]
    causes = [c for c in CAUSES if any(c in t for t in tables)]
    head = f"| {message(lang, 'report.col_profile')} | {message(lang, 'report.col_players')} | "
    lines = [head + " | ".join(cause_name(lang, c) for c in causes) + " |", "|---|---:|" + "---:|" * len(causes)]
    for run, table in zip(runs, tables):
        for count in sorted({int(row["players"]) for row in run.rows}):
            lines.append(f"| {run.title(lang)} | {count} | " +
                         " | ".join(f"{table.get(c, {}).get(count, 0.0):.2f}" for c in causes) + " |")
    return lines


def mask_tables(runs: Sequence[Run], lang: str) -> list[str]:
    """Per profile, per mask: dealt, survives (rate and interval), the holder's seat wins (rate and interval)."""
    def c(key: str) -> str:
        return message(lang, f"playtest.{key}")

    lines: list[str] = []
    for run in runs:
        if len(runs) > 1:
            lines += [c("masks_for").format(label=run.title(lang)), ""]
        lines += [(f"| {message(lang, 'report.col_mask')} | {c('col_dealt')} | {c('col_survives')} | {c('col_low')} | "
                  f"{c('col_high')} | {c('col_wins')} | {c('col_low')} | {c('col_high')} |"),
                  "|---|---:|---:|---:|---:|---:|---:|---:|"]
        survival, wins = run.mask_survival, run.mask_wins
        for mask, p in survival.items():
            lines.append(f"| {mask_name(mask, lang)} | {p.total} | {_cells(p)} | {_cells(wins[mask])} |")
        lines.append("")
    return lines[:-1]


def seat_table(runs: Sequence[Run], lang: str) -> list[str]:
    def r(key: str) -> str:
        return message(lang, f"report.{key}")

    lines = [(f"| {r('col_profile')} | {r('col_seat')} | {r('col_games')} | {_rate_columns(lang)} | "
              f"{message(lang, 'playtest.col_expected')} | {r('col_points')} | {r('col_p')} | {r('col_differs')} |"),
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for run in runs:
        for t in run.seat_tests:
            p = p_text(t.p_holm, lang).removeprefix("p ").removeprefix("= ")
            lines.append(f"| {run.title(lang)} | {t.seat} | {t.observed.total} | {_cells(t.observed)} | "
                         f"{100 * t.expected:.1f} | {t.points:+.1f} | {p} | "
                         f"{r('differs_yes') if t.differs else r('differs_no')} |")
    for run in runs:
        lines += ["", (f"`{run.title(lang)}`: " if len(runs) > 1 else "") + seat_verdict(run.seat_tests, lang)]
    return lines


def health_lines(runs: Sequence[Run], lang: str) -> list[str]:
    lines = []
    for run in runs:
        fallbacks = sum(int(row.get("fallbacks", 0) or 0) for row in run.rows)
        cut = sum(str(row["termination"]) == "move_limit" for row in run.rows)
        lines.append(message(lang, "report.health_line", label=run.title(lang), fallbacks=fallbacks, cut=cut))
    return lines


def llm_section(stats: Mapping[str, Mapping[str, Any]], lang: str) -> list[str]:
    """The language model's statistics per profile (what ``llm_stats.json`` holds), as a table."""
    from narrator.battaglia.llm_games import stats_lines

    columns = [dict(stats_lines(dict(summary_), lang)) for summary_ in stats.values()]
    labels = [message(lang, "playtest.default_profile") if label == "default" else label for label in stats]
    lines = [f"## {message(lang, 'playtest.llm.title')}", "",
             message(lang, "playtest.llm.columns", labels=" | ".join(labels)), "|---|" + "---:|" * len(labels)]
    for name in columns[0]:
        lines.append(f"| {name} | " + " | ".join(str(column.get(name, "")) for column in columns) + " |")
    return lines

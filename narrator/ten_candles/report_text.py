"""report.md of simulated Ten Candles games: findings first, the games played, then the tables.

Every word comes from the report's language (``report_tc.*``, ``playtest.*``); a table cell holds one
number (a rate's 95% interval has columns of its own); the skill section sets the scripted survivors
and GM beside random survivors and a random GM on the same seeds (:mod:`narrator.ten_candles.skill`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.i18n import message
from narrator.playtest.counts import Arm, games_section, percent, rate_ci
from narrator.playtest.stats import Proportion, group_by

ENDINGS = ("died_one_by_one", "last_candle_out", "all_dead_before_final", "candles_out_before_final")


def markdown(rows: Sequence[Mapping[str, Any]], table: Sequence[Mapping[str, Any]], *, seed: int, jobs: int,
             played_by: str = "", lang: str = "en", command: str = "", skill: Sequence[Mapping[str, Any]] = (),
             arms: Sequence[Arm] = (), plots: bool = True) -> str:
    def r(key: str, **values: Any) -> str:
        return message(lang, f"report_tc.{key}", **values)

    def t(key: str, **values: Any) -> str:
        return message(lang, f"playtest.tc.{key}", **values)

    lines = [f"# {r('title')}", ""]
    if command:
        lines += [message(lang, "report.command", command=command), ""]
    lines += [r("intro", games=len(rows), seed=seed, jobs=jobs, played_by=played_by + " " if played_by else ""), ""]
    lines += [f"## {message(lang, 'playtest.findings.title')}", ""]
    lines += [f"- {item}" for item in findings(rows, skill, lang)]
    if arms:
        lines += [""] + games_section(arms, lang, off="--skill 0")
    lines += ["", r("columns"), "|---|" + "---:|" * 16]
    for s in table:
        final = Proportion(round(s["final_reached_rate"] * s["games"]), s["games"])
        hope = Proportion(round(s["any_hope_die_rate"] * s["games"]), s["games"])
        lines.append(f"| {s['players']} | {s['games']} | {s['scenes_mean']} | {s['conflicts_per_scene_mean']} | "
                     f"{s['traits_burned_mean']} | {s['moment_rolls_mean']} | {_cells(hope)} | {s['hope_rolls_mean']} | "
                     f"{s['brinks_embraced_mean']} | {s['brinks_engulfed_mean']} | {s['seizes_mean']} | "
                     f"{s['voluntary_deaths_mean']} | {_cells(final)} |")
    lines += ["", f"## {r('ends')}", "",
              f"| {r('col_players')} | " + " | ".join(f"{t(f'ending.{e}')}, %" for e in ENDINGS) + " |",
              "|---:|" + "---:|" * len(ENDINGS)]
    for s in table:
        lines.append(f"| {s['players']} | " + " | ".join(percent(s[f"end_{e}"]) for e in ENDINGS) + " |")
    if skill:
        games = max(int(line["games"]) for line in skill)
        lines += ["", f"## {t('skill_title')}", "", t("skill_intro", games=games), "", t("skill_columns"),
                  "|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
        for line in skill:
            lines.append(f"| {line['players']} | {t('arm.' + line['arm'])} | {line['games']} | {_cells(line['final'])} | "
                         f"{percent(line['all_dead_before'].rate)} | {line['deaths_before']:.2f} | "
                         f"{line['voluntary']:.2f} |")
    files = " ".join([r("files") if plots else r("data_files"),
                      *([message(lang, "playtest.files", list=t("skill_files"))] if skill else []),
                      *([] if plots else [message(lang, "playtest.no_plots")])])
    lines += ["", files, ""]
    return "\n".join(lines)


def _cells(p: Proportion) -> str:
    low, high = p.interval
    return f"{percent(p.rate)} | {percent(low)} | {percent(high)}"


def findings(rows: Sequence[Mapping[str, Any]], skill: Sequence[Mapping[str, Any]], lang: str) -> list[str]:
    """What a designer should read first: the Last Stand, the commonest ending, the bots' share in both."""
    def t(key: str, **values: Any) -> str:
        return message(lang, f"playtest.tc.{key}", **values)

    groups = group_by(rows, "players")
    final = {int(c): Proportion(sum(str(r["final_reached"]).lower() in ("true", "1") for r in g), len(g))
             for c, g in groups.items()}
    low, high = min(final, key=lambda c: final[c].rate), max(final, key=lambda c: final[c].rate)
    if final[low].hits == final[low].total and final[high].hits == final[high].total:
        items = [t("findings_final_all", rate=rate_ci(Proportion(len(rows), len(rows)), lang))]
    else:
        items = [t("findings_final", low=rate_ci(final[low], lang), high=rate_ci(final[high], lang), low_count=low,
                   high_count=high)]
    commonest = []
    for count, group in groups.items():
        ends = {e: Proportion(sum(r["last_stand"] == e for r in group), len(group)) for e in ENDINGS}
        top = max(ends, key=lambda e: ends[e].rate)
        commonest.append(t("findings_ending_item", count=count, ending=t(f"ending.{top}"), rate=rate_ci(ends[top], lang)))
    items.append(t("findings_ending", list="; ".join(commonest)))
    if not skill:
        return [*items, t("skill_off")]
    by = {(int(line["players"]), line["arm"]): line for line in skill}
    for count in sorted({c for c, _ in by}):
        scripted, survivors, gm = by.get((count, "scripted")), by.get((count, "random_survivors")), by.get((count, "random_gm"))
        if scripted and survivors and gm:
            items.append(t("findings_skill", count=count, scripted=rate_ci(scripted["final"], lang),
                           survivors=rate_ci(survivors["final"], lang), gm=rate_ci(gm["final"], lang)))
    smallest = min(c for c, _ in by)
    scripted, survivors = by.get((smallest, "scripted")), by.get((smallest, "random_survivors"))
    if scripted and survivors:
        gap = (t("skill_gap", count=smallest, scripted=rate_ci(scripted["all_dead_before"], lang),
                 random=rate_ci(survivors["all_dead_before"], lang)) + " "
               if scripted["all_dead_before"].hits or survivors["all_dead_before"].hits else "")
        items.append(gap + t("skill_why", count=smallest, voluntary=scripted["deaths_before"],
                             random_deaths=survivors["deaths_before"],
                             candles=rate_ci(survivors["candles_out_before"], lang)))
    return items

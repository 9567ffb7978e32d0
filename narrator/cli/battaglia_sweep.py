"""``narrator simulate battaglia``'s games, profile by profile: the bots' sweeps and their random-play baselines, or
the model seats' games, and the report written from them (the command and its options: :mod:`narrator.cli.battaglia`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.cli.common import console, run_language, simulate_rows, tool_word


@dataclass
class Sweep:
    """The games of a run, profile by profile, and what the report says of them (rows, arms, baselines, edges)."""

    counts: list[int]
    games: int
    seed: int
    jobs: int
    out: Path
    transcripts: int
    progress: bool
    engine: str
    verify: int | None
    cluster: str | None
    edge: bool
    edge_games: int
    concurrency: int
    plan: Any
    lang: str
    runs: list[Any] = field(default_factory=list)
    arms: list[Any] = field(default_factory=list)
    baselines: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    edges: list[Any] = field(default_factory=list)
    games_csv: dict[str, Any] = field(default_factory=dict)
    llm_stats: dict[str, dict[str, Any]] = field(default_factory=dict)
    played_by: str = ""
    plots: bool = True
    """Draw the report's PNGs (``--no-plots``: none, and matplotlib is never imported)."""

    def play(self, label: str, options: dict[str, Any], settings: Any, seats_per_game: int | None) -> None:
        """Play one profile's games: the scripted or search bots (and the random-play baselines), or model seats."""
        from narrator.battaglia.report import Run
        from narrator.playtest import make_jobs

        tdir = str(self.out / "transcripts" / label) if self.transcripts else None
        jobs = make_jobs(self.counts, self.games, self.seed, options, transcripts_dir=tdir,
                         keep_transcripts=self.transcripts, bots=None if self.plan.scripted else self.plan)
        rows = self._bots(label, jobs) if settings is None else self._models(label, jobs, settings, seats_per_game)
        self.runs.append(Run(label, rows, options))

    def _bots(self, label: str, jobs: list[Any]) -> list[dict[str, Any]]:
        """The profile's games played by the engine (the games CSV written meanwhile), then, for the main
        profile, each force at random on the same seats (the edge over random play)."""
        from narrator.battaglia.report import file_name
        from narrator.battaglia.simulate import job_config, native_engine, play_one
        from narrator.playtest.counts import Arm
        from narrator.playtest.stats import RowsCsv
        from narrator.playtest.streaming import RowStream

        configs = [job_config(job) for job in {job.players: job for job in jobs}.values()]
        self.out.mkdir(parents=True, exist_ok=True)
        self.games_csv[label] = RowsCsv(self.out / file_name("games", label, main=not self.runs, ext="csv"))
        stream = RowStream(self.games_csv[label].add)  # the games CSV is written while the next games play
        begun = time.perf_counter()
        try:
            rows, self.played_by = simulate_rows(jobs, play_one=play_one, native=native_engine, configs=configs,
                                                 engine=self.engine, verify=self.verify, workers=self.jobs,
                                                 progress=self.progress, description=f"battaglia {label}",
                                                 cluster=self.cluster, on_rows=stream.put, plots=self.plots)
        finally:
            stream.finish()
        self.arms.append(Arm(_arm_name(self.lang, label), len(rows), time.perf_counter() - begun))
        if self.edge and not self.runs:  # the skill measure, for the main profile: each force with random moves
            self._baselines(rows, jobs, configs)
        return rows

    def _baselines(self, rows: list[dict[str, Any]], jobs: list[Any], configs: list[Any]) -> None:
        """Each force played at random on the first seeds of each count (and every seat at random: do the bots
        or the rules make the stalemates?), and each force's edge over its baseline."""
        from narrator.battaglia.bots import FACTIONS, edges, plan_of, with_random
        from narrator.battaglia.simulate import native_engine, play_one
        from narrator.playtest.counts import Arm

        arm_plans = {force: with_random(self.plan, force) for force in FACTIONS if self.plan.kind(force) != "random"}
        if arm_plans:
            arm_plans["all"] = plan_of("random")
        for force, arm_plan in arm_plans.items():
            begun = time.perf_counter()
            other = _first_of_each_count(jobs, min(self.games, self.edge_games), arm_plan)
            self.baselines[force], _ = simulate_rows(
                other, play_one=play_one, native=native_engine, configs=configs, engine=self.engine,
                verify=0, workers=self.jobs, progress=self.progress, description=f"battaglia {force} random",
                cluster=self.cluster, plots=self.plots)
            self.arms.append(Arm(_baseline_name(self.lang, force), len(other), time.perf_counter() - begun,
                                 baseline=True))
        self.edges = edges(rows, {f: r for f, r in self.baselines.items() if f != "all"})

    def _models(self, label: str, jobs: list[Any], settings: Any, seats_per_game: int | None) -> list[dict[str, Any]]:
        """The profile's games with model seats (``--concurrency`` at once), and the models' statistics."""
        from narrator.battaglia.llm_games import LLMRun, play_at_once, with_wall
        from narrator.playtest.counts import Arm

        run = LLMRun(settings, seats_per_game)
        begun = time.perf_counter()
        rows = play_at_once(run.play, jobs, self.concurrency, progress=self.progress, description=f"battaglia {label}")
        self.played_by = tool_word("played_llm")
        self.llm_stats[label] = with_wall(run.stats.summary(), time.perf_counter() - begun)
        self.arms.append(Arm(_arm_name(self.lang, label), len(rows), time.perf_counter() - begun))
        return rows

    def report(self, command: str, seats_per_game: int | None) -> None:
        """Write DIR/report.md (with its CSVs and plots) and print who played, the summary and where it is."""
        from narrator.battaglia.bots import describe
        from narrator.battaglia.lies import tally_transcripts, transcripts_under
        from narrator.battaglia.report import summary_table, write_report
        from narrator.playtest.counts import done_line

        speech = tally_transcripts(transcripts_under(self.out / "transcripts")) if self.transcripts else None
        bots_text = _llm_bots(seats_per_game, self.lang) if self.llm_stats else describe(self.plan, self.lang)
        report = write_report(self.out, self.runs, command=command, played_by=self.played_by, lang=self.lang,
                              bots=bots_text, edges=self.edges, speech=speech, games_csv=self.games_csv,
                              baselines=self.baselines, arms=self.arms, llm_stats=self.llm_stats or None,
                              plots=self.plots)
        console.print(bots_text, highlight=False)
        console.print(summary_table(self.runs, self.lang))
        console.print(done_line(self.arms, self.lang, report, plots=self.plots), highlight=False,
                      soft_wrap=True)  # a path cut across lines cannot be copied
        if self.llm_stats:
            _print_llm_stats(self.llm_stats, self.out)


def _first_of_each_count(jobs: list[Any], games: int, plan: Any) -> list[Any]:
    """The first ``games`` jobs of each player count (the same seeds as the report's), played by ``plan``."""
    from dataclasses import replace

    taken: dict[int, int] = {}
    picked = []
    for job in jobs:
        if taken.get(job.players, 0) < games:
            taken[job.players] = taken.get(job.players, 0) + 1
            picked.append(replace(job, bots=plan, transcript=None))
    return picked


def _arm_name(lang: str, label: str) -> str:
    """A sweep of the report's games, by its profile (the standard rules named in the report's language)."""
    from narrator.agents.i18n import message

    shown = message(lang, "playtest.default_profile") if label == "default" else label
    return message(lang, "playtest.games.main", label=shown)


def _baseline_name(lang: str, force: str) -> str:
    """A random-play baseline: one force at random (``all``: every seat)."""
    from narrator.agents.i18n import message

    if force == "all":
        return message(lang, "playtest.arm_all")
    return message(lang, "playtest.games.baseline", force=message(lang, f"report_bots.force.{force}"))


def _llm_bots(seats: int | None, lang: str) -> str:
    """Who played when model seats did (``seats``: per game, ``None`` for all): not "scripted bots in every seat"."""
    from narrator.agents.i18n import message, plural

    text = message(lang, "report_bots.llm_all") if seats is None else \
        message(lang, "report_bots.llm_some", seats=plural(lang, "in_seats", seats))
    return message(lang, "report_bots.plan", plan=text)


def _print_llm_stats(stats: dict[str, dict[str, Any]], out: Path) -> None:
    """The LLM cost and quality of each run, on the terminal and in DIR/llm_stats.json."""
    import json

    from rich.table import Table as RichTable

    from narrator.battaglia.llm_games import stats_lines

    table = RichTable(title=tool_word("llm_stats.title"))
    table.add_column("")
    for label in stats:
        table.add_column(label, justify="right")
    columns = [dict(stats_lines(summary, run_language())) for summary in stats.values()]
    for name in columns[0]:
        table.add_row(name, *(column.get(name, "") for column in columns))
    console.print(table)
    out.mkdir(parents=True, exist_ok=True)
    (out / "llm_stats.json").write_text(json.dumps(stats, indent=2), encoding="utf-8")

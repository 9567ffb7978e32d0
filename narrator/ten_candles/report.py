"""The playtest report of simulated Ten Candles games: CSVs, PNG plots, report.md, a terminal table."""

from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from narrator.agents.i18n import message
from narrator.playtest.drawing import Plot, drawn_meanwhile, wait_for_preload
from narrator.playtest.stats import Proportion, RowsCsv, group_by, write_csv, write_csv_columns

ENDINGS = ("died_one_by_one", "last_candle_out", "all_dead_before_final", "candles_out_before_final")
"""How a game ends: deaths one by one in the Last Stand (D3), the last candle out, or everyone dead
(or every candle out) before the last candle was reached."""
MEANS = ("scenes", "conflicts", "traits_burned", "moment_rolls", "moments_won", "hope_rolls", "brinks_embraced",
         "brinks_engulfed", "seizes", "voluntary_deaths", "final_scene_deaths", "dangerous", "truths")


def scene_rows(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per scene played: (game, players, scene, conflicts)."""
    return [dict(zip(SCENE_COLUMNS, line)) for line in _scene_lines(rows, _per_scene(rows))]


SCENE_COLUMNS = ("game", "players", "scene", "conflicts")


def _per_scene(rows: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    """Each game's conflicts per scene (its ``conflicts_by_scene``, ``"3;2;4"``), read once for the report."""
    return [[int(c) for c in str(row["conflicts_by_scene"]).split(";") if c != ""] for row in rows]


def _scene_lines(rows: Sequence[Mapping[str, Any]], per_scene: Sequence[Sequence[int]]) -> list[tuple[Any, ...]]:
    return [(row["game"], row["players"], n, c) for row, counts in zip(rows, per_scene)
            for n, c in enumerate(counts, start=1)]


def summarise(rows: Sequence[Mapping[str, Any]], per_scene: Sequence[Sequence[int]] | None = None) -> list[dict[str, Any]]:
    """Per player count: games, means of the counters, and rates with 95% Wilson intervals."""
    per_scene = _per_scene(rows) if per_scene is None else per_scene
    scenes_of = {id(row): counts for row, counts in zip(rows, per_scene)}
    table = []
    for players, group in group_by(rows, "players").items():
        n = len(group)
        line: dict[str, Any] = {"players": players, "games": n}
        for key in MEANS:
            line[f"{key}_mean"] = round(_mean([r[key] for r in group]), 3)
        line["conflicts_per_scene_mean"] = round(_mean([c for r in group for c in scenes_of[id(r)]]), 3)
        for name, test in RATES.items():
            rate = Proportion(sum(1 for r in group if test(r)), n)
            line[f"{name}_rate"] = round(rate.rate, 4)
            line[f"{name}_ci"] = "[{:.3f}, {:.3f}]".format(*rate.interval)
        endings = Counter(r["last_stand"] for r in group)
        for ending in ENDINGS:
            line[f"end_{ending}"] = round(endings[ending] / n, 4)
        table.append(line)
    return table


def _mean(values: Sequence[Any]) -> float:
    """The mean as :func:`narrator.playtest.stats.summary` gives it, without its spread and quantiles (a
    report of 20,000 games asked for 40 of them). The counters are whole numbers: their sum is exact in any
    order, so it is not sorted first (any other value is)."""
    if not values:
        return 0.0
    if all(type(v) is int for v in values):  # bool is not a count
        return sum(values) / len(values)
    return sum(sorted(float(v) for v in values)) / len(values)


RATES = {
    "final_reached": lambda r: bool(r["final_reached"]),
    "any_hope_die": lambda r: int(r["moments_won"]) > 0,
    "any_brink": lambda r: int(r["brinks_embraced"]) > 0,
    "any_voluntary_death": lambda r: int(r["voluntary_deaths"]) > 0,
}


class GameFiles:
    """games.csv and scenes.csv written chunk by chunk as the games are played (:meth:`add`, e.g. through a
    :class:`narrator.playtest.streaming.RowStream`), so that little of the report is left after the last game."""

    def __init__(self, out: Path) -> None:
        out.mkdir(parents=True, exist_ok=True)
        self.per_scene: list[list[int]] = []
        self._games = RowsCsv(out / "games.csv")
        self._handle: IO[str] = (out / "scenes.csv").open("w", newline="", encoding="utf-8")
        self._scenes = csv.writer(self._handle)
        self._scenes.writerow(SCENE_COLUMNS)

    def add(self, rows: Sequence[Mapping[str, Any]]) -> None:
        """Write one chunk of games (in job order)."""
        per_scene = _per_scene(rows)
        self.per_scene.extend(per_scene)
        self._scenes.writerows(_scene_lines(rows, per_scene))
        self._games.add(rows)

    def close(self, rows: Sequence[Mapping[str, Any]]) -> list[list[int]]:
        """Close the files (``rows``: every game, in case games.csv must be written again whole); each
        game's conflicts per scene."""
        self._handle.close()
        self._games.close(rows)
        return self.per_scene


def write_report(rows: Sequence[Mapping[str, Any]], out: Path, *, seed: int, jobs: int,
                 played_by: str = "", lang: str = "en", files: GameFiles | None = None, command: str = "",
                 skill: Sequence[Mapping[str, Any]] = (), arms: Sequence[Any] = (),
                 plots: bool = True) -> list[dict[str, Any]]:
    """Write games.csv, scenes.csv, summary.csv, the plots and report.md into ``out``.

    ``played_by`` says which engine played the games and what was checked (a sentence of the report).
    ``files``: games.csv and scenes.csv were written while the games were played (closed here).
    ``command`` reproduces the run; ``skill`` is :func:`narrator.ten_candles.skill.skill_table` (the
    scripted arm against random survivors and a random GM); ``arms`` every sweep played, counted.
    ``plots=False`` (``--no-plots``): no PNG is drawn and matplotlib is not imported; the report says so.
    """
    out.mkdir(parents=True, exist_ok=True)
    per_scene = files.close(rows) if files is not None else _per_scene(rows)
    table = summarise(rows, per_scene)
    conflicts = [c for counts in per_scene for c in counts]
    with drawn_meanwhile(_plots(rows, conflicts, table, out, lang) if plots else []):  # the PNGs are drawn while the files are written
        if files is None:
            write_csv(rows, out / "games.csv")
            write_csv_columns(SCENE_COLUMNS, _scene_lines(rows, per_scene), out / "scenes.csv")
        write_csv(table, out / "summary.csv")
        if skill:
            write_csv([{k: (round(v.rate, 4) if isinstance(v, Proportion) else v) for k, v in line.items()}
                       for line in skill], out / "skill.csv")
        from narrator.ten_candles.report_text import markdown

        (out / "report.md").write_text(markdown(rows, table, seed=seed, jobs=jobs, played_by=played_by, lang=lang,
                                                command=command, skill=skill, arms=arms, plots=plots),
                                       encoding="utf-8")
    return table


def _plots(rows: Sequence[Mapping[str, Any]], conflicts: Sequence[int],
           table: Sequence[Mapping[str, Any]], out: Path, lang: str = "en") -> list[Plot]:
    wait_for_preload()  # matplotlib may still be loading in the background
    from narrator.playtest import plots

    def m(key: str) -> str:
        return message(lang, f"report_tc.{key}")

    def legend(key: str) -> str:
        return message(lang, f"playtest.tc.legend.{key}")

    cards = {legend(key): {t["players"]: t[f"{key}_mean"] for t in table}
             for key in ("traits_burned", "moment_rolls", "brinks_engulfed")}
    groups = group_by(rows, "players")
    rates = {legend(name): {p: Proportion(sum(1 for r in g if test(r)), len(g)) for p, g in groups.items()}
             for name, test in RATES.items()}
    endings = {message(lang, f"playtest.tc.ending.{e}"): {t["players"]: t[f"end_{e}"] for t in table} for e in ENDINGS}
    deaths = {legend(key): {t["players"]: t[f"{key}_mean"] for t in table}
              for key in ("voluntary_deaths", "final_scene_deaths")}
    players = m("axis_players")
    return [
        Plot(plots.histogram, ([r["scenes"] for r in rows], out / "scenes.png"),
             {"title": m("plot_scenes"), "xlabel": m("axis_scenes"), "discrete": True, "ylabel": m("axis_games")}),
        Plot(plots.histogram, (conflicts, out / "conflicts_per_scene.png"),
             {"title": m("plot_conflicts"), "xlabel": m("axis_conflicts"), "discrete": True, "ylabel": m("axis_games")}),
        Plot(plots.stacked_by_count, (cards, out / "cards_burned.png"),
             {"title": m("plot_cards"), "ylabel": m("axis_cards"), "xlabel": players}),
        Plot(plots.rates_by_count, (rates, out / "rates.png"),
             {"title": m("plot_rates"), "ylabel": m("axis_share"), "xlabel": players}),
        Plot(plots.stacked_by_count, (endings, out / "endings.png"),
             {"title": m("ends"), "ylabel": m("axis_share"), "xlabel": players}),
        Plot(plots.stacked_by_count, (deaths, out / "deaths.png"),
             {"title": m("plot_deaths"), "ylabel": m("axis_deaths"), "xlabel": players}),
    ]

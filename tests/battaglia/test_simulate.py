"""``narrator simulate battaglia``: the report files, bad input, comparison, determinism and replay."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from narrator.rules.replay import replay
from typer.testing import CliRunner

from narrator.battaglia.simulate import play_one
from narrator.cli.main import app
from narrator.playtest import GameJob
from tests.imports_watch import imports_refused
from tests.lanes import sweep

runner = CliRunner()


def simulate(*args: str):
    return runner.invoke(app, ["simulate", "battaglia", "--no-progress", *args])


def quick(*args: str):
    """A run whose plots the test does not look at: none drawn (``--no-plots``, a second of CPU saved)."""
    return simulate("--no-plots", *args)


def text(result) -> str:
    """The output with rich's line wrapping undone."""
    return " ".join(result.output.split())


@pytest.mark.parametrize("games", [5, pytest.param(20, marks=pytest.mark.slow)])  # 20: 3 s of CPU and the plots' wait
def test_tiny_run_writes_report_csvs_and_plots(tmp_path: Path, games: int) -> None:
    out = tmp_path / "r"
    result = simulate("--players", "6-7", "--games", str(games), "--jobs", "1", "--out", str(out), "--transcripts", "1")
    assert result.exit_code == 0, result.output
    assert "battaglia playtest summary" in result.output
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "## Win rate of each force" in report and "![win rate by force](win_rates.png)" in report
    with (out / "games.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 2 * games and {r["players"] for r in rows} == {"6", "7"}
    assert {"winner", "termination", "days", "death_darkness", "seat_NIKOR", "survived_TRITON"} <= set(rows[0])
    for name in ("win_rates", "days", "deaths_by_cause", "mask_survival", "seat_bias", "stalemates"):
        png = out / f"{name}.png"
        assert png.read_bytes()[:4] == b"\x89PNG", name
    for name in ("win_rates", "deaths_by_cause", "masks", "seat_bias"):
        assert (out / f"{name}.csv").stat().st_size > 0
    transcripts = sorted((out / "transcripts" / "default").glob("*.jsonl"))
    assert len(transcripts) == 2
    for path in transcripts:  # every simulated transcript replays
        result = replay(path.read_text(encoding="utf-8").splitlines())
        assert not result.truncated and result.outcome is not None


def test_no_plots_draws_none_and_never_loads_matplotlib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "r"
    with imports_refused(monkeypatch, "matplotlib", "narrator.playtest.plots", "narrator.battaglia.plots") as tried:
        result = simulate("--players", "6", "--games", "3", "--no-plots", "--out", str(out), "--no-edge")
    assert result.exit_code == 0, result.output
    assert tried == [] and not list(out.glob("*.png"))
    report = (out / "report.md").read_text(encoding="utf-8")
    assert ".png" not in report and "## Win rate of each force" in report
    assert "its 95% interval is in `win_rates.csv` (at most" in report  # not "and on the plot"
    assert "Files: `games.csv`, `win_rates.csv`, `deaths_by_cause.csv`, `masks.csv`, `seat_bias.csv`. No plots were " \
           "drawn (`--no-plots`)" in report
    assert "--no-plots" not in report.split("\n")[2]  # the recorded command: the games are the same with plots
    assert text(result).endswith("report: " + str(out / "report.md") + " (no plots: `--no-plots`)")


@pytest.mark.parametrize("players", ["3-40", "5", "6-18", "abc"])
def test_bad_player_range_exits_2(tmp_path: Path, players: str) -> None:
    result = simulate("--players", players, "--games", "1", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "--players" in text(result) and "Traceback" not in text(result)


def test_broken_yaml_exits_2(tmp_path: Path) -> None:
    profile = tmp_path / "broken.yaml"
    profile.write_text("darkness_rounds: [1,\n", encoding="utf-8")
    result = simulate("--players", "6", "--games", "1", "--rules", str(profile), "--out", str(tmp_path / "o"))
    assert result.exit_code == 2 and "not valid YAML" in text(result)


def test_unknown_or_wrong_option_exits_2(tmp_path: Path) -> None:
    profile = tmp_path / "typo.yaml"
    profile.write_text("darkness_round: 2\n", encoding="utf-8")
    result = simulate("--players", "6", "--games", "1", "--rules", str(profile), "--out", str(tmp_path / "o"))
    assert result.exit_code == 2 and "darkness_round" in text(result)
    profile.write_text("accusations_min: 9\n", encoding="utf-8")
    result = simulate("--players", "6", "--games", "1", "--rules", str(profile), "--out", str(tmp_path / "o"))
    assert result.exit_code == 2 and "accusations_min" in text(result)


def test_compare_runs_the_same_seeds_side_by_side(tmp_path: Path) -> None:
    other = tmp_path / "participant.yaml"
    other.write_text("darkness_productivity: participant\n", encoding="utf-8")
    out = tmp_path / "cmp"
    result = quick("--players", "8", "--games", "12", "--compare", str(other), "--out", str(out))
    assert result.exit_code == 0, result.output
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "`standard rules` vs `participant`" in report
    table = report.split("## Profiles")[0].split("| force | players | standard rules, % | participant, % | difference (points) |")
    assert len(table) == 2, "one compare table with both rates side by side"
    rows = [line for line in table[1].splitlines() if line.startswith("| ") and line.count("|") == 8]
    assert rows and all(len(line.split("|")) == 9 for line in rows), "seven columns, not one per force and profile"
    assert "| light | 8 |" in report
    with (out / "games.csv").open() as a, (out / "games-participant.csv").open() as b:
        seeds_a = [r["seed"] for r in csv.DictReader(a)]
        seeds_b = [r["seed"] for r in csv.DictReader(b)]
    assert seeds_a == seeds_b


def test_same_seed_gives_a_byte_identical_transcript(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    play_one(GameJob(0, 9, 1234, {}, str(first)))
    play_one(GameJob(0, 9, 1234, {}, str(second)))
    assert first.read_bytes() == second.read_bytes()


def test_recorded_and_lean_games_are_the_same_game(tmp_path: Path) -> None:
    """The transcript path (Session) and the fast path play the same moves from the same seed."""
    for seed in (5, 6, 7):
        lean = play_one(GameJob(0, 10, seed))
        recorded = play_one(GameJob(0, 10, seed, {}, str(tmp_path / f"{seed}.jsonl")))
        assert lean == recorded


def test_the_kernels_profiles_run(tmp_path: Path) -> None:
    """``profiles/battaglia/*.yaml`` work with --rules; their own ``players`` yields to --players."""
    profiles = Path(__file__).resolve().parents[2] / "profiles" / "battaglia"
    result = quick("--players", "10", "--games", "3", "--rules", str(profiles / "simulation.yaml"),
                      "--out", str(tmp_path / "p"))
    assert result.exit_code == 0, result.output
    assert "--players decides" in text(result)


@pytest.mark.parametrize("name", sweep(["house_lenient", "standard", "simulation"], fast=1))
def test_every_shipped_profile_runs_with_the_default_players(tmp_path: Path, name: str) -> None:
    """Without --players a profile's own table size is used (house_lenient's deck fits only 11 seats)."""
    profile = Path(__file__).resolve().parents[2] / "profiles" / "battaglia" / f"{name}.yaml"
    result = quick("--games", "2", "--rules", str(profile), "--out", str(tmp_path / name))
    assert result.exit_code == 0, result.output
    assert "the run uses it" in text(result)


def test_the_readme_names_only_files_that_exist() -> None:
    """Every ``--rules``/``--compare``/``--character`` file and ``profiles/...`` path the README shows is shipped."""
    import re

    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"--(?:rules|compare|combat) ([\w./-]+\.ya?ml)", readme))
    named |= set(re.findall(r"\b(profiles/[\w./-]+\.ya?ml)", readme))
    assert named, "the README shows no profile"
    missing = sorted(path for path in named if not (root / path).is_file())
    assert not missing, missing


def test_the_report_speaks_the_chosen_language(tmp_path: Path) -> None:
    out = tmp_path / "ru"
    result = quick("--players", "8", "--games", "6", "--out", str(out), "--lang", "ru")
    assert result.exit_code == 0, result.output
    report = (out / "report.md").read_text(encoding="utf-8")
    assert report.startswith("# Battaglia del arte — отчёт плейтеста")
    headings = [line for line in report.splitlines() if line.startswith("## ")]
    assert "## Смещение по местам" in headings and "## Доля побед каждой силы" in headings
    assert all(not any("a" <= c <= "z" for c in h.lower()) for h in headings), headings
    assert "поправлены на проверку 8 мест" in report
    assert "Графики не строились (`--no-plots`)" in report and "интервал — в `win_rates.csv` (здесь" in report


@pytest.mark.slow  # five runs of the games (the edge's random arms) and the plots
def test_report_names_the_bots_and_each_forces_edge_over_random_play(tmp_path: Path) -> None:
    out = tmp_path / "r"
    result = quick("--players", "8", "--games", "12", "--bots-for", "gloom=random", "--out", str(out))
    assert result.exit_code == 0, result.output
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "Bots: scripted bots, except gloom (both lives): random legal moves." in report
    assert "in every seat" not in report.split("## ")[0]  # the introduction leaves who played to that line
    edge = report.split("## Bot skill: each force's edge over random play")[1].split("## ")[0]
    rows = [line for line in edge.splitlines() if line.startswith("| ") and "force" not in line]
    # gloom already plays randomly: no edge of its own; the three others, each with its paired interval
    assert [row.split(" | ")[0] for row in rows] == ["| light", "| shadow", "| darkness (both lives)"]
    for row in rows:
        cells = row.strip("| ").split(" | ")
        assert cells[1] == "8" and len(cells) == 7, "a number a cell: rate, random, edge, its interval"
        edge, low, high = (float(c) for c in cells[4:7])
        assert low <= edge <= high and cells[4][0] in "+-"


@pytest.mark.slow  # a whole run with its report and plots (over a second of CPU)
def test_a_russian_run_prints_its_summary_in_russian(tmp_path: Path) -> None:
    from tests.i18n.test_one_language import foreign_words

    result = CliRunner().invoke(app, ["simulate", "battaglia", "--players", "6", "--games", "2", "--lang", "ru",
                                      "--no-edge", "--out", str(tmp_path), "--no-progress"], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    shown = "\n".join(line for line in result.output.splitlines()
                      if not line.startswith("заметка:"))  # an engine note's reason is a developer's (English)
    assert "сводка прогона" in shown and "по умолчанию" in shown and not foreign_words(shown, "ru"), result.output

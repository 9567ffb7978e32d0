"""Simulation: a tiny run writes its report, games are deterministic, and they replay.

The counted facts come from the kernel's events: a failure puts one candle out
(seeds/000_e53cdcbb20917f8a.txt:L58, L271) and a game has at most ten scenes (L56).
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest
from narrator.rules.replay import replay
from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.playtest import GameJob, make_jobs
from narrator.ten_candles.simulate import play_one
from tests.imports_watch import imports_refused


def test_tiny_simulation_writes_report_csvs_and_plots(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = CliRunner().invoke(app, ["simulate", "ten-candles", "--players", "3-4", "--games", "4", "--seed", "2",
                                      "--out", str(out), "--transcripts", "1", "--no-progress"])
    assert result.exit_code == 0, result.output
    for name in ("report.md", "games.csv", "scenes.csv", "summary.csv", "scenes.png", "conflicts_per_scene.png",
                 "cards_burned.png", "rates.png", "endings.png", "deaths.png"):
        assert (out / name).stat().st_size > 0, name
    with (out / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 8 and {r["players"] for r in rows} == {"3", "4"}
    assert "| 3 | 4 |" in (out / "report.md").read_text()
    assert sorted(p.name for p in (out / "transcripts").iterdir()) == ["game-3p-00000.jsonl", "game-4p-00000.jsonl"]
    assert "Ten Candles: simulated games" in result.output


def test_no_plots_draws_none_and_never_loads_matplotlib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "report"
    with imports_refused(monkeypatch, "matplotlib", "narrator.playtest.plots") as tried:
        result = CliRunner().invoke(app, ["simulate", "ten-candles", "--players", "3", "--games", "3", "--skill", "0",
                                          "--no-plots", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert tried == [] and not list(out.glob("*.png"))
    assert sorted(p.name for p in out.iterdir()) == ["games.csv", "report.md", "scenes.csv", "summary.csv"]
    report = (out / "report.md").read_text(encoding="utf-8")
    assert ".png" not in report and "--no-plots" not in report.split("\n")[2]  # the recorded command
    assert report.rstrip().endswith("Data: `games.csv` (one row per game), `scenes.csv`, `summary.csv`. No plots were "
                                    "drawn (`--no-plots`): the numbers are in the tables and the CSVs.")
    assert " ".join(result.output.split()).endswith(f"report: {out / 'report.md'} (no plots: `--no-plots`)")


def test_simulate_rejects_a_bad_player_range(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["simulate", "ten-candles", "--players", "1-3", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--players" in result.output


def test_same_seed_same_transcript(tmp_path: Path) -> None:
    """Two runs of one job write byte-identical transcripts; another seed writes another game."""
    paths = [tmp_path / f"{n}.jsonl" for n in range(3)]
    for path, seed in zip(paths, (5, 5, 6)):
        play_one(GameJob(0, 4, seed, {}, str(path)))
    assert paths[0].read_bytes() == paths[1].read_bytes()
    assert paths[0].read_bytes() != paths[2].read_bytes()


def test_simulated_games_replay_and_their_rows_match_the_events(tmp_path: Path) -> None:
    """rules.replay.replay re-derives every event, and the row counts what the events say."""
    jobs = make_jobs([3, 5], 3, seed=9, transcripts_dir=str(tmp_path), keep_transcripts=3)
    for job in jobs:
        row = play_one(job)
        lines = Path(job.transcript).read_text(encoding="utf-8").splitlines()
        result = replay(lines)
        assert result.outcome is not None and not result.state.living()
        events = [json.loads(line) for line in lines]
        events = [e for e in events if e["kind"] == "event"]
        count = Counter(e["event"] for e in events)
        assert row["conflicts"] == count["conflict_called"]
        assert row["truths"] == count["truth_spoken"]
        assert row["traits_burned"] == count["trait_burned"]
        assert row["scenes"] == max(e["data"]["scene"] for e in events if e["event"] == "scene_started") <= 10
        failures = sum(1 for e in events if e["event"] == "conflict_resolved" and not e["data"]["success"])
        final_failures = row["final_scene_deaths"]
        assert failures <= row["candles_failed"] + row["candles_moment"] + row["candles_brink"] + final_failures
        assert sum(int(c) for c in row["conflicts_by_scene"].split(";")) == row["conflicts"]


def test_the_report_speaks_the_chosen_language(tmp_path: Path) -> None:
    out = tmp_path / "ru"
    result = CliRunner().invoke(app, ["simulate", "ten-candles", "--players", "3", "--games", "2", "--seed", "2",
                                      "--out", str(out), "--no-progress", "--lang", "ru", "--no-plots"])
    assert result.exit_code == 0, result.output
    report = (out / "report.md").read_text(encoding="utf-8")
    assert report.startswith("# Десять свечей: смоделированные партии")
    assert "## Чем заканчивается партия" in report and "How the game ends" not in report
    assert "Данные: `games.csv` (строка на партию), `scenes.csv`, `summary.csv`. Файлы: `skill.csv`." in report
    assert report.rstrip().endswith("Графики не строились (`--no-plots`): числа — в таблицах отчёта и в файлах `.csv`.")


def test_the_csvs_written_while_playing_are_those_written_after(tmp_path: Path) -> None:
    from narrator.playtest.stats import write_csv, write_csv_columns
    from narrator.ten_candles.report import SCENE_COLUMNS, GameFiles, _per_scene, _scene_lines

    rows = [{"game": i, "players": 3 + i % 2, "seed": 10 * i, "conflicts_by_scene": ";".join(map(str, range(i % 4)))}
            for i in range(7)]
    files = GameFiles(tmp_path / "streamed")
    for start in range(0, len(rows), 3):
        files.add(rows[start:start + 3])
    per_scene = files.close(rows)
    write_csv(rows, tmp_path / "games.csv")
    write_csv_columns(SCENE_COLUMNS, _scene_lines(rows, _per_scene(rows)), tmp_path / "scenes.csv")
    assert per_scene == _per_scene(rows) and per_scene[3] == [0, 1, 2]
    for name in ("games.csv", "scenes.csv"):
        assert (tmp_path / "streamed" / name).read_bytes() == (tmp_path / name).read_bytes(), name


@pytest.mark.slow  # a whole run with its report and plots (over a second of CPU)
def test_a_russian_run_prints_its_summary_in_russian(tmp_path: Path) -> None:
    from tests.i18n.test_one_language import foreign_words

    result = CliRunner().invoke(app, ["simulate", "ten-candles", "--players", "3", "--games", "2", "--lang", "ru",
                                      "--out", str(tmp_path), "--no-progress"], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    shown = "\n".join(line for line in result.output.splitlines()
                      if not line.startswith("заметка:"))  # an engine note's reason is a developer's (English)
    assert "Десять свечей: сыгранные партии" in shown and not foreign_words(shown, "ru"), result.output

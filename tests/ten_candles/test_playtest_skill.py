"""Issue #34 for Ten Candles: the report's findings and bot-skill section, and the early deaths of the
scripted survivors (L291) that random play never showed."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.playtest import make_jobs
from narrator.ten_candles.simulate import play_one
from tests.i18n.test_one_language import foreign_words


def test_the_last_survivor_never_ends_the_story_before_the_last_stand() -> None:
    # before the fix 19 of 100 such games ended with everyone dead before the Last Stand (L291 «уместно»)
    rows = [play_one(job) for job in make_jobs([3], 40, 1)]
    assert not [r for r in rows if r["last_stand"] == "all_dead_before_final"]
    assert sum(r["deaths_before_final"] for r in rows) > 20, "the others still volunteer to die for the group"


def test_the_report_opens_with_findings_and_sets_scripted_beside_random_play(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["simulate", "ten-candles", "--players", "3", "--games", "6", "--skill", "3",
                                      "--lang", "ru", "--out", str(tmp_path), "--no-progress", "--no-plots"])
    assert result.exit_code == 0, result.output
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    sections = [line for line in report.splitlines() if line.startswith("## ")]
    assert sections[0] == "## Главное" and "## Мастерство ботов: по сценарию против случайной игры" in sections
    assert "`narrator simulate ten-candles --players 3 --games 6 --seed 1 --jobs 1" in report
    skill = report.split("## Мастерство ботов")[1]
    arms = [line.split(" | ")[1] for line in skill.splitlines() if line.startswith("| 3 |")]
    assert arms == ["выжившие и ведущий по сценарию", "случайные выжившие", "случайный ведущий"]
    assert "всего 12 партий" in report.lower() and (tmp_path / "skill.csv").exists()
    prose = re.sub(r"`[^`]*`", " ", report)
    assert not {w: n for w, n in foreign_words(prose, "ru").items() if w != "Python"}, foreign_words(prose, "ru")

"""Issue #34: a playtest report a designer can act on: findings first, honest counts, one language, one
number a table cell, a Command line that reproduces the run."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from narrator.battaglia.findings import findings
from narrator.battaglia.report import Run, write_report
from narrator.cli.battaglia import _command_line
from narrator.playtest.counts import Arm, count_list, done_line, games_section, p_text, rate_text
from tests.i18n.test_one_language import foreign_words

NAMES = {"Battaglia", "del", "arte", "Python", "DEC"}
"""The game's title, the kernel's language and the spec's decision ids: proper names in either language."""


def _rows(count: int, games: int, *, stalemates: float, seed: int = 3) -> list[dict[str, object]]:
    """Games where first gloom never wins, light wins about half, and ``stalemates`` of them stalemate."""
    rng = random.Random(seed)
    rows = []
    for index in range(games):
        if rng.random() < stalemates:
            winner, termination, winners = "", "stalemate", ""
        else:
            winner = "light" if rng.random() < 0.55 else rng.choice(["shadow", "second_gloom", "first_darkness"])
            termination, winners = "one_force_left", " ".join(str(s) for s in rng.sample(range(count), 2))
        rows.append({"game": index, "players": count, "winner": winner, "winners": winners, "days": 5,
                     "termination": termination, "death_execution": 3, "fallbacks": 0,
                     "seat_NIKOR": rng.randrange(count), "survived_NIKOR": int(rng.random() < 0.3)})
    return rows


def _run(stalemates: float = 0.3) -> Run:
    return Run("default", _rows(6, 400, stalemates=stalemates) + _rows(7, 400, stalemates=stalemates, seed=4))


def test_a_rate_is_never_zero_games_a_second() -> None:
    assert rate_text(1, 43.6, "en") == "43.6 s a game"
    assert rate_text(35_000, 72.5, "en") == "483 games/s"
    assert rate_text(5, 2.0, "en") == "2.5 games/s"
    assert p_text(0.0, "en") == "p < 0.001" and p_text(0.0, "ru") == "p < 0.001" and p_text(0.0312, "en") == "p = 0.031"


def test_counts_of_tables_read_as_words() -> None:
    assert count_list([6, 7, 8], [6, 7, 8], "en") == "every table size (6–8 players)"
    assert count_list([6, 7, 8, 11], list(range(6, 13)), "en") == "6–8, 11 players"


def test_every_game_played_is_counted_per_arm_with_the_baselines_cost() -> None:
    arms = [Arm("report (standard rules)", 35_000, 20.0), *(Arm(f"arm {i}", 35_000, 10.0, baseline=True) for i in range(5))]
    text = "\n".join(games_section(arms, "en"))
    assert "210000 games in 70.0 s" in text, "the baselines' games are games played"
    assert "175000 of them and took 50.0 s, 71% of the run; `--no-edge` leaves them out" in text
    assert "| report (standard rules) | 35000 | 20.0 | 1750 games/s |" in text
    line = done_line(arms, "en", "out/report.md")
    assert line.startswith("210000 games played in 70.0 s (3000 games/s)") and "arm 4 35000 (3500 games/s)" in line


def test_findings_name_a_force_under_two_percent_with_its_interval() -> None:
    text = "\n".join(findings([_run()], lang="en"))
    assert "**First gloom wins under 2%** at every table size (6–7 players): 0% (0–1.0%) each time." in text
    assert "**Widest imbalance:" in text


@pytest.mark.parametrize(("random_stalemates", "verdict"), [(0.01, "The bots make most of them"),
                                                             (0.3, "the rule itself (three quiet cycles")])
def test_stalemates_are_laid_on_the_bots_only_when_random_play_removes_them(random_stalemates: float,
                                                                           verdict: str) -> None:
    baseline = _rows(6, 400, stalemates=random_stalemates, seed=9) + _rows(7, 400, stalemates=random_stalemates, seed=8)
    text = "\n".join(findings([_run(0.3)], lang="en", baselines={"all": baseline}))
    assert verdict in text


def test_compare_is_told_with_its_paired_interval() -> None:
    a, b = _run(0.3), Run("lenient", _run(0.05).rows)
    text = "\n".join(findings([a, b], lang="en"))
    assert "**`lenient` against `default`** (same seeds), differences that hold after Holm's correction:" in text
    assert re.search(r"nobody at 6 players -2\d\.\d points \(-\d\d\.\d to -\d\d\.\d\)", text), text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_report_is_in_one_language_with_a_number_a_cell(tmp_path: Path, lang: str) -> None:
    arms = [Arm("x", 800, 1.0)]
    path = write_report(tmp_path, [_run()], command="narrator simulate battaglia --players 6-7", lang=lang, arms=arms,
                        baselines={"all": _rows(6, 400, stalemates=0.0) + _rows(7, 400, stalemates=0.0)},
                        plots=False)  # the text alone: the plots' own tests draw them
    report = path.read_text(encoding="utf-8")
    sections = [line for line in report.splitlines() if line.startswith("## ")]
    assert sections[0] in ("## Findings", "## Главное"), "findings come first"
    prose = re.sub(r"`[^`]*`|!\[[^\]]*\]\([^)]*\)", " ", report)  # commands and file names are code
    other = foreign_words(prose, lang)
    assert not {w: n for w, n in other.items() if w not in NAMES}, other
    assert "0.000" not in report and "default" not in prose
    for line in report.splitlines():
        if line.startswith("| ") and not line.startswith("|---"):
            for cell in line.strip("|").split("|"):
                assert len(re.findall(r"\d+(?:\.\d+)?", cell)) <= 1 or "%" in cell and "[" not in cell, (cell, line)
                assert "[" not in cell, line


def test_the_command_line_keeps_every_option_that_changes_the_games() -> None:
    line = _command_line(players="8", games=3, seed=0, jobs=1, out=Path("o"), llm="local",
                         **{"llm-seats": "2"}, lang="ru", bots=None, **{"no-edge": False})
    assert "--llm local" in line and "--llm-seats 2" in line and "--lang ru" in line and "--no-edge" not in line
    assert _command_line(players="6", **{"no-edge": True}).endswith("--players 6 --no-edge")


def test_an_llm_run_reports_its_model_statistics_and_lists_their_file(tmp_path: Path) -> None:
    path = write_report(tmp_path, [_run()], command="narrator simulate battaglia --llm local", lang="en",
                        arms=[Arm("report (standard rules)", 800, 3488.0)], llm_stats={"default": {}}, plots=False)
    report = path.read_text(encoding="utf-8")
    assert "## Language-model statistics" in report and "`llm_stats.json`" in report
    assert (tmp_path / "llm_stats.json").exists() and "4.4 s a game" in report

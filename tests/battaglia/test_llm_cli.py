"""``--llm`` on ``narrator simulate/play battaglia``: bad input gets a clear message; without it nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.battaglia.llm_games import llm_seats, stats_lines, with_wall
from narrator.cli.main import app
from narrator.playtest.runner import GameJob

runner = CliRunner()


def test_bad_llm_seats_is_named(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "battaglia", "--players", "6", "--games", "1", "--llm", "offline",
                                 "--llm-seats", "two", "--out", str(tmp_path), "--no-progress"])
    assert result.exit_code != 0 and "--llm-seats 'two'" in result.output


def test_endpoint_without_configuration_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    config = tmp_path / "narrator.toml"
    config.write_text("[llm]\ntemperature = 0.5\n", encoding="utf-8")
    monkeypatch.setenv("NARRATOR_CONFIG", str(config))
    result = runner.invoke(app, ["simulate", "battaglia", "--players", "6", "--games", "1", "--llm", "endpoint",
                                 "--out", str(tmp_path), "--no-progress"])
    assert result.exit_code != 0 and "no endpoint configured" in result.output and "Traceback" not in result.output


def test_offline_runs_the_scripted_simulation(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "battaglia", "--players", "6", "--games", "2", "--llm", "offline",
                                 "--out", str(tmp_path), "--no-progress", "--no-plots"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "report.md").is_file() and not (tmp_path / "llm_stats.json").exists()


def test_model_seats_rotate_over_the_table() -> None:
    """One seat per game moves along the table from game to game, so every mask meets the model."""
    seats = [llm_seats(GameJob(i, 8, i), 1) for i in range(10)]
    assert seats[:3] == [[0], [1], [2]] and seats[8] == [0]
    assert llm_seats(GameJob(3, 8, 3), None) == list(range(8)) and llm_seats(GameJob(7, 8, 7), 2) == [0, 7]


def test_stats_lines_name_every_measure() -> None:
    summary = {"decisions": 4, "calls_per_decision": 1.25, "prompt_tokens_per_decision": 1200.0,
               "completion_tokens_per_decision": 12.0, "illegal_first_proposal_rate": 0.25,
               "illegal_after_reasks_rate": 0.0, "fallback_rate": 0.25, "latency_ms_per_decision": 900.0,
               "latency_ms_per_decision_p50": 800.0, "latency_ms_per_decision_max": 1500.0,
               "fallbacks_by_reason": {"illegal": 1}}
    lines = dict(stats_lines(summary))
    assert lines["calls per decision"] == "1.25" and lines["illegal first proposal"] == "25.0%"
    assert lines["fallbacks by reason"] == "illegal: 1"


WARMED = {"decisions": 10, "calls_per_decision": 1.0, "prompt_tokens_per_decision": 900.0,
          "completion_tokens_per_decision": 40.0, "illegal_first_proposal_rate": 0.0, "illegal_after_reasks_rate": 0.0,
          "fallback_rate": 0.0, "latency_ms_per_decision": 10_000.0, "latency_ms_per_decision_p50": 9_000.0,
          "latency_ms_per_decision_max": 20_000.0, "fallbacks_by_reason": {}, "warm_ups": 4, "warm_up_latency_s": 20.0}
"""Ten decisions of 10 s and four warm-ups of 5 s."""


def test_warm_ups_are_shown_apart_from_the_decisions() -> None:
    """The ratio counts decisions only; warm-ups (prompts sent ahead, not decisions) get their own line."""
    walled = with_wall(WARMED, 60.0)
    assert walled["wall_over_latency"] == 0.6 and walled["wall_over_latency_with_warm_ups"] == 0.5
    lines = dict(stats_lines(walled))
    assert lines["wall / sum of latencies"] == "60 s / 100 s = 0.60"
    assert lines["prompt warm-ups (not decisions)"] == "4 sent, 20 s; wall / (latencies + warm-ups) = 0.50"


def test_the_model_seats_table_is_told_in_russian() -> None:
    """`simulate --llm` in Russian: every label of the model seats' table from the Russian catalogue."""
    import re

    lines = stats_lines(with_wall(WARMED, 60.0), "ru")
    assert len(lines) == 13 and lines[-1] == ("замены по причинам", "нет")
    assert not [text for pair in lines for text in pair if re.search(r"[A-Za-z]", text)]
    assert stats_lines({}, "ru") == [("решений модели", "0 (все ходы вынужденные или по сценарию)")]


def test_a_model_run_does_not_say_scripted_bots_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The summary and report name who played: the model in N seats (here an endpoint nobody answers, so every
    model move falls to the scripted bot, as the line says), not "scripted bots in every seat"."""
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "none")
    monkeypatch.setenv("NARRATOR_LLM_MAX_RETRIES", "0")
    result = runner.invoke(app, ["simulate", "battaglia", "--players", "6", "--games", "1", "--llm", "endpoint",
                                 "--llm-seats", "2", "--out", str(tmp_path), "--no-progress", "--no-plots"],
                           terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "language model in 2 seats of each game" in result.output and "in every seat" not in result.output
    assert "language model in 2 seats" in (tmp_path / "report.md").read_text(encoding="utf-8")

"""Choosing the engine of a simulation run, and checking its rows against the Python kernel."""

from __future__ import annotations

from typing import Any

import pytest

from narrator.battaglia.simulate import play_one
from narrator.fast import NativeUnavailableError
from narrator.playtest import GameJob, make_jobs
from narrator.playtest.engines import EngineError, KernelCheck, choose, in_runs, verify


def _not_built() -> Any:
    raise NativeUnavailableError("not built here")


def _native_refusing(reason: str | None) -> Any:
    return lambda: ((lambda jobs: []), (lambda config: reason))


def test_auto_falls_back_to_python_when_the_engine_is_not_built() -> None:
    engine = choose("auto", play_one=play_one, native=_not_built, configs=[None])
    assert engine.name == "python" and "not built here" in engine.note


def test_native_on_request_is_an_error_when_not_built() -> None:
    with pytest.raises(EngineError, match="not built here"):
        choose("native", play_one=play_one, native=_not_built, configs=[None])


def test_an_unsupported_rules_option_sends_auto_to_python_with_the_reason() -> None:
    engine = choose("auto", play_one=play_one, native=_native_refusing("option x"), configs=[1, 2])
    assert engine.name == "python" and "option x" in engine.note
    assert choose("auto", play_one=play_one, native=_native_refusing(None), configs=[1]).name == "native"


def test_python_on_request_never_touches_the_native_engine() -> None:
    assert choose("python", play_one=play_one, native=_not_built, configs=[None]).name == "python"


def test_unknown_engine_name_is_refused() -> None:
    with pytest.raises(EngineError, match="auto, native, python"):
        choose("fast", play_one=play_one, native=_not_built, configs=[])


def test_in_runs_groups_tables_keeps_order_and_sends_transcripts_to_python() -> None:
    calls: list[list[int]] = []

    def play_rows(config: Any, jobs: Any) -> list[dict[str, Any]]:
        calls.append([job.index for job in jobs])
        return [{"index": job.index, "by": "native", "config": config} for job in jobs]

    jobs = [GameJob(0, 6, 1), GameJob(1, 6, 2), GameJob(2, 6, 3, transcript="t.jsonl"), GameJob(3, 6, 4),
            GameJob(4, 7, 5)]
    rows = in_runs(play_rows, lambda job: job.players, lambda job: {"index": job.index, "by": "python"}, jobs)
    assert [r["index"] for r in rows] == [0, 1, 2, 3, 4]
    assert [r["by"] for r in rows] == ["native", "native", "python", "native", "native"]
    assert calls == [[0, 1], [3], [4]] and rows[4]["config"] == 7


def test_verify_passes_rows_the_kernel_agrees_with_and_names_a_tampered_one() -> None:
    jobs = make_jobs([6, 7], 2, seed=3)
    rows = [play_one(job) for job in jobs]
    assert verify(rows, jobs, play_one, count=4) == []
    rows[3] = {**rows[3], "days": rows[3]["days"] + 1}
    problems = verify(rows, jobs, play_one, count=4)
    assert len(problems) == 1 and "game 3 (7 players" in problems[0] and "days" in problems[0]


def test_the_kernel_check_started_before_the_run_finds_what_verify_finds() -> None:
    jobs = make_jobs([6, 7], 2, seed=3)
    rows = [play_one(job) for job in jobs]
    check = KernelCheck(jobs, play_one, count=4)  # replays in a forked worker meanwhile
    assert check.problems(rows) == []
    tampered = [*rows[:3], {**rows[3], "days": rows[3]["days"] + 1}]
    check = KernelCheck(jobs, play_one, count=4)
    problems = check.problems(tampered)
    assert problems == verify(tampered, jobs, play_one, count=4) and len(problems) == 1

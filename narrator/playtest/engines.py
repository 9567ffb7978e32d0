"""Which engine plays a run: the native playout engine when it can, else the Python kernel and bots.

Both play the same game for the same seed (``narrator.fast`` explains how that is held true). A run
asks for ``auto`` (native when it is built, was ported from the installed Python rules and plays
every option of the profile, else Python, with the reason shown and reported), ``native`` (an error when it cannot) or ``python``. Whichever plays, a sample of
games is played again by the Python kernel and the rows compared (:func:`verify`), so a report never
rests on an engine that disagrees with the law.
"""

from __future__ import annotations

import functools
import multiprocessing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from narrator.playtest.runner import GameJob, Row

PlayOne = Callable[[GameJob], Row]
PlayBatch = Callable[[Sequence[GameJob]], list[Row]]
PlayRows = Callable[[Any, Sequence[GameJob]], list[Row]]
ENGINES = ("auto", "native", "python")


class EngineError(RuntimeError):
    """The requested engine cannot play this run, or it disagreed with the Python kernel."""


@dataclass(frozen=True)
class Engine:
    """The engine chosen for a run.

    Attributes:
        name: ``"native"`` or ``"python"``.
        play_batch: plays a list of jobs and returns their rows in order (module-level: pickled).
        note: the console line when ``auto`` fell back to Python (empty otherwise).
        why: the reason alone, for the report (empty otherwise).
    """

    name: str
    play_batch: PlayBatch
    note: str = ""
    why: str = ""


def each(play_one: PlayOne, jobs: Sequence[GameJob]) -> list[Row]:
    """Play jobs one by one with a per-game function (the Python engine)."""
    return [play_one(job) for job in jobs]


def in_runs(play_rows: PlayRows, config_of: Callable[[GameJob], Any], play_one: PlayOne,
            jobs: Sequence[GameJob]) -> list[Row]:
    """Play jobs natively, consecutive jobs of one table in one call.

    A job that keeps a transcript is played by ``play_one`` (only the Python session writes JSONL);
    it is the same game either way.
    """
    rows: list[Row] = []
    start = 0
    while start < len(jobs):
        if jobs[start].transcript:
            rows.append(play_one(jobs[start]))
            start += 1
            continue
        end = start + 1
        while (end < len(jobs) and not jobs[end].transcript and jobs[end].players == jobs[start].players
               and jobs[end].options == jobs[start].options and jobs[end].bots == jobs[start].bots):
            end += 1
        rows.extend(play_rows(config_of(jobs[start]), jobs[start:end]))
        start = end
    return rows


def choose(requested: str, *, play_one: PlayOne, native: Callable[[], tuple[PlayBatch, Callable[[Any], str | None]]],
           configs: Sequence[Any]) -> Engine:
    """The engine for a run.

    Args:
        requested: ``auto``, ``native`` or ``python``.
        play_one: the Python engine's per-game function.
        native: returns the native batch function and its ``unsupported(config)``; raises
            ``narrator.fast.NativeUnavailableError`` when the engine is not built.
        configs: every rules config the run will play (one per player count and profile).

    Raises:
        EngineError: ``native`` was asked for and cannot play the run.
    """
    from narrator.fast import NativeUnavailableError

    if requested not in ENGINES:
        raise EngineError(f"--engine {requested!r}: choose one of {', '.join(ENGINES)}")
    python = Engine("python", functools.partial(each, play_one))
    if requested == "python":
        return python
    try:
        batch, unsupported = native()
    except NativeUnavailableError as error:
        return _fallback(requested, python, str(error))
    reasons = sorted({reason for config in configs if (reason := unsupported(config))})
    if reasons:
        return _fallback(requested, python, "the native engine does not support " + "; ".join(reasons))
    return Engine("native", batch)


def _fallback(requested: str, python: Engine, why: str) -> Engine:
    if requested == "native":
        raise EngineError(f"--engine native: {why}")
    return Engine("python", python.play_batch, note=f"playing with the Python kernel: {why}", why=why)


def verify(rows: Sequence[Row], jobs: Sequence[GameJob], play_one: PlayOne, count: int) -> list[str]:
    """Play ``count`` of the run's games again with the Python engine and compare their rows.

    The games are spread evenly over the run (so every player count is sampled when ``count`` is at
    least the number of counts). Returns one line per disagreement; empty when all agree.
    """
    picks = sample(jobs, count)
    return compare(rows, jobs, picks, [play_one(_plain(jobs[i])) for i in picks])


def sample(jobs: Sequence[GameJob], count: int) -> list[int]:
    """The indexes of ``count`` jobs spread evenly over the run."""
    if count <= 0 or not jobs:
        return []
    return sorted({i * len(jobs) // min(count, len(jobs)) for i in range(min(count, len(jobs)))})


def compare(rows: Sequence[Row], jobs: Sequence[GameJob], picks: Sequence[int],
            expected_rows: Sequence[Row]) -> list[str]:
    """One line per picked game whose row differs from the kernel's ``expected_rows``."""
    problems = []
    for i, expected in zip(picks, expected_rows, strict=True):
        if rows[i] != expected:
            keys = sorted(k for k in expected.keys() | rows[i].keys() if rows[i].get(k) != expected.get(k))
            shown = ", ".join(f"{k}: {rows[i].get(k)!r} vs {expected.get(k)!r}" for k in keys[:6])
            problems.append(f"game {jobs[i].index} ({jobs[i].players} players, seed {jobs[i].seed}): {shown}")
    return problems


def _plain(job: GameJob) -> GameJob:
    """The job without its transcript path: the check must not overwrite the run's transcripts."""
    return GameJob(job.index, job.players, job.seed, job.options, bots=job.bots)


class KernelCheck:
    """:func:`verify`, started before the run: the Python kernel replays its sample in a forked worker
    while the native engine plays (it releases the GIL, so the two share the machine's cores).

    Without ``fork`` the sample is played in :meth:`problems`, as :func:`verify` would.
    """

    def __init__(self, jobs: Sequence[GameJob], play_one: PlayOne, count: int) -> None:
        self.jobs, self.play_one = jobs, play_one
        self.picks = sample(jobs, count)
        self._pool: Any = None
        self._pending: Any = None
        if self.picks and "fork" in multiprocessing.get_all_start_methods():
            self._pool = multiprocessing.get_context("fork").Pool(1)
            self._pending = self._pool.map_async(play_one, [_plain(jobs[i]) for i in self.picks], chunksize=1)

    def problems(self, rows: Sequence[Row]) -> list[str]:
        """Wait for the kernel's rows and compare them with the run's ``rows``."""
        if self._pending is None:
            expected = [self.play_one(_plain(self.jobs[i])) for i in self.picks]
        else:
            try:
                expected = self._pending.get()
            finally:
                self.close()
        return compare(rows, self.jobs, self.picks, expected)

    def close(self) -> None:
        """Stop the worker (also when the run failed before :meth:`problems`)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = self._pending = None

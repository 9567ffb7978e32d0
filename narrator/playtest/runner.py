"""Running many simulated games, in one process or several, with a progress bar."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from typing import Any

from narrator.playtest.jobs import GameJob, Row, chunks, make_jobs, play_chunk, progress_bar

__all__ = ["GameJob", "Row", "make_jobs", "progress_bar", "run_games"]


def run_games(play: Callable[..., Any], jobs: Sequence[GameJob], *, workers: int = 1,
              progress: bool = True, description: str = "simulating", batched: bool = False,
              cluster: str | None = None, on_rows: Callable[[list[Row]], None] | None = None) -> list[Row]:
    """Play every job and return the rows in job order.

    Args:
        play: a picklable function (module-level, or a ``functools.partial`` of one): ``play(job) -> row``,
            or with ``batched`` ``play(jobs) -> rows`` (an engine that plays many games per call).
        jobs: the games to play.
        workers: worker processes; 1 plays in this process.
        progress: show a rich progress bar on the terminal.
        description: the progress bar's label.
        batched: ``play`` takes a list of jobs.
        cluster: ``local`` or ``ray://HOST:PORT``: play the chunks as Ray tasks instead
            (:mod:`narrator.playtest.cluster`; the same rows).
        on_rows: called with each chunk's rows as it is done, in job order (e.g. a
            :class:`narrator.playtest.streaming.RowStream` writing them while the next chunk plays);
            on a cluster, once with all the rows.
    """
    if cluster:
        from narrator.playtest.cluster import run_on_ray

        played = run_on_ray(play, jobs, address=cluster, workers=workers, progress=progress,
                            description=description, batched=batched)
        if on_rows is not None:
            on_rows(played)
        return played
    chunk_size = max(1, min(2000 if batched else 200, len(jobs) // (workers * 8) or 1))
    rows: list[Row] = []
    with progress_bar(progress) as bar:
        task = bar.add_task(description, total=len(jobs))
        if workers <= 1:
            for chunk in chunks(jobs, chunk_size):
                chunk_rows = play_chunk((play, chunk, batched))
                rows.extend(chunk_rows)
                if on_rows is not None:
                    on_rows(chunk_rows)
                bar.advance(task, len(chunk))
            return rows
        context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
        with context.Pool(workers) as pool:
            for chunk_rows in pool.imap(play_chunk, ((play, c, batched) for c in chunks(jobs, chunk_size))):
                rows.extend(chunk_rows)
                if on_rows is not None:
                    on_rows(chunk_rows)
                bar.advance(task, len(chunk_rows))
    return rows

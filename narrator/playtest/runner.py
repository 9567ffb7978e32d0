"""Running many simulated games, in one process or several, with a progress bar."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

Row = dict[str, Any]


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game to simulate.

    Attributes:
        index: the game's number in the run (0-based); rows keep it.
        players: the player count.
        seed: the game's seed (chance stream, seating order, bot streams derive from it).
        options: the rules profile's options (a config dict), shared by every game of a run.
        transcript: write this game's transcript here when set (sampled games for audit).
        bots: who plays the seats (a game's plan, e.g. ``narrator.battaglia.bots.BotPlan``); ``None``: the
            game's scripted bots.
    """

    index: int
    players: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    transcript: str | None = None
    bots: Any = None


def make_jobs(player_counts: Sequence[int], games: int, seed: int, options: Mapping[str, Any] | None = None,
              *, transcripts_dir: str | None = None, keep_transcripts: int = 0, bots: Any = None) -> list[GameJob]:
    """``games`` jobs for each player count, with distinct, reproducible seeds.

    The first ``keep_transcripts`` games of each count write a transcript into ``transcripts_dir``.
    """
    jobs: list[GameJob] = []
    for count in player_counts:
        for number in range(games):
            index = len(jobs)
            path = None
            if transcripts_dir and number < keep_transcripts:
                path = os.path.join(transcripts_dir, f"game-{count}p-{number:05d}.jsonl")
            jobs.append(GameJob(index, count, seed * 1_000_003 + index, dict(options or {}), path, bots))
    return jobs


def _chunks(jobs: Sequence[GameJob], size: int) -> Iterator[Sequence[GameJob]]:
    for start in range(0, len(jobs), size):
        yield jobs[start:start + size]


def _play_chunk(args: tuple[Callable[..., Any], Sequence[GameJob], bool]) -> list[Row]:
    play, chunk, batched = args
    return list(play(chunk)) if batched else [play(job) for job in chunk]


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
    with _progress(progress) as bar:
        task = bar.add_task(description, total=len(jobs))
        if workers <= 1:
            for chunk in _chunks(jobs, chunk_size):
                chunk_rows = _play_chunk((play, chunk, batched))
                rows.extend(chunk_rows)
                if on_rows is not None:
                    on_rows(chunk_rows)
                bar.advance(task, len(chunk))
            return rows
        context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
        with context.Pool(workers) as pool:
            for chunk_rows in pool.imap(_play_chunk, ((play, c, batched) for c in _chunks(jobs, chunk_size))):
                rows.extend(chunk_rows)
                if on_rows is not None:
                    on_rows(chunk_rows)
                bar.advance(task, len(chunk_rows))
    return rows


def progress_bar(enabled: bool) -> Progress:
    """The simulators' rich progress bar (games done of all, elapsed, remaining)."""
    return _progress(enabled)


def _progress(enabled: bool) -> Progress:
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("games"), TimeElapsedColumn(), TimeRemainingColumn(), disable=not enabled,
                    transient=False)

"""What a simulation run plays: its jobs (one :class:`GameJob` a game), played a chunk at a time, with a progress bar.

:mod:`~narrator.playtest.runner` plays the chunks in local processes, :mod:`~narrator.playtest.cluster` as
Ray tasks: both from here, so neither imports the other's module back.
"""

from __future__ import annotations

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


def chunks(jobs: Sequence[GameJob], size: int) -> Iterator[Sequence[GameJob]]:
    for start in range(0, len(jobs), size):
        yield jobs[start:start + size]


def play_chunk(args: tuple[Callable[..., Any], Sequence[GameJob], bool]) -> list[Row]:
    play, chunk, batched = args
    return list(play(chunk)) if batched else [play(job) for job in chunk]


def progress_bar(enabled: bool) -> Progress:
    """The simulators' rich progress bar (games done of all, elapsed, remaining)."""
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("games"), TimeElapsedColumn(), TimeRemainingColumn(), disable=not enabled,
                    transient=False)

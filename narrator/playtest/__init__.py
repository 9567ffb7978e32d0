"""Playtesting: run thousands of bot games in parallel, then turn their rows into numbers and plots.

A game contributes one top-level, picklable function ``play_one(job) -> row`` that plays a single
game from a :class:`GameJob` and returns a flat dict of results. :func:`run_games` runs the jobs
over worker processes with a progress bar; :mod:`narrator.playtest.stats` and
:mod:`narrator.playtest.plots` turn the rows into confidence intervals, CSVs and PNGs.
"""

from narrator.playtest.runner import GameJob, make_jobs, run_games

__all__ = ["GameJob", "make_jobs", "run_games"]

"""How much of a Ten Candles result is the bots': the same seeds with random legal moves on one side.

Two arms, each played by the Python kernel on the first games of every player count of a run: random
survivors against the scripted GM, and the scripted survivors against a random GM. The scripted arm is
the run's own rows for the same seeds (the native engine plays them as the kernel does, ``--verify``).
The report's skill section sets them side by side (issue #34): a designer can then tell what the rules
do from what the bots choose, e.g. how often everyone dies before the Last Stand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.base import Request, Seat
from narrator.playtest import GameJob
from narrator.playtest.stats import Proportion
from narrator.rules.core import HOST, Action

ARMS = ("random_survivors", "random_gm")
SCRIPTED = "scripted"


class RandomSeat(Seat):
    """A uniformly random legal move from its own seeded generator (one per seat and game)."""

    name = "random"
    retraceable = True

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(seed)

    def act(self, request: Request) -> Action:
        return self.rng.choice(list(request.legal))


def arm_jobs(jobs: Sequence[GameJob], games: int, arm: str) -> list[GameJob]:
    """The first ``games`` jobs of each player count, marked to be played by ``arm``."""
    taken: dict[int, int] = {}
    picked = []
    for job in jobs:
        if taken.get(job.players, 0) < games:
            taken[job.players] = taken.get(job.players, 0) + 1
            picked.append(GameJob(job.index, job.players, job.seed, job.options, bots=arm))
    return picked


def play_arm(job: GameJob) -> dict[str, Any]:
    """One game of ``job.bots``'s arm (module-level: pickled to workers); the row ``play_one`` gives."""
    from narrator.session import Session
    from narrator.ten_candles.simulate import GAME, Tally, job_config, make_table

    agents = make_table(job.players, job.seed)
    if job.bots == "random_survivors":
        agents.update({s: RandomSeat(f"random:{job.seed}:{s}") for s in range(job.players)})
    elif job.bots == "random_gm":
        agents[HOST] = RandomSeat(f"random:{job.seed}:gm")
    session = Session(GAME, job_config(job), agents, seed=job.seed)
    tally = Tally()
    session.listeners.append(tally)
    session.run()
    return {"game": job.index, "players": job.players, "seed": job.seed, "arm": job.bots, "scenes": tally.scene,
            "final_reached": tally.final_reached, "termination": tally.termination,
            "last_stand": tally.last_stand(), "deaths_before_final": tally.deaths_before_final, **tally.counts}


def skill_table(rows: Sequence[Mapping[str, Any]], arms: Mapping[str, Sequence[Mapping[str, Any]]]
                ) -> list[dict[str, Any]]:
    """Per player count and arm (the scripted arm: ``rows`` of the same games): the numbers of the section."""
    games = {(int(r["players"]), int(r["game"])) for rows_ in arms.values() for r in rows_}
    every = {SCRIPTED: [r for r in rows if (int(r["players"]), int(r["game"])) in games], **arms}
    table = []
    for count in sorted({c for c, _ in games}):
        for arm, arm_rows in every.items():
            group = [r for r in arm_rows if int(r["players"]) == count]
            if not group:
                continue
            n = len(group)
            table.append({
                "players": count, "arm": arm, "games": n,
                "final": Proportion(sum(_true(r["final_reached"]) for r in group), n),
                "all_dead_before": Proportion(sum(r["last_stand"] == "all_dead_before_final" for r in group), n),
                "candles_out_before": Proportion(sum(r["last_stand"] == "candles_out_before_final" for r in group), n),
                "deaths_before": sum(int(r["deaths_before_final"]) for r in group) / n,
                "voluntary": sum(int(r["voluntary_deaths"]) for r in group) / n,
            })
    return table


def _true(value: Any) -> bool:
    return value is True or str(value).lower() in ("true", "1")

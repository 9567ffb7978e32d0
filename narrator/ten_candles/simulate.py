"""Simulated Ten Candles games: one game per job (``play_one``) and the numbers a report needs.

A game is played by scripted survivors and the scripted GM with the wordless voice, no transcript
(unless the job asks for one) and no narration: only a listener that counts events.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from narrator.playtest import GameJob
from narrator.playtest.engines import PlayBatch, in_runs
from narrator.rules.core import HOST, Action, Event
from narrator.rules.replay import decode_config
from narrator.rules.ten_candles import GAME

if TYPE_CHECKING:
    from narrator.agents.ten_candles.voice import Storyteller

COUNTERS = ("conflicts", "dangerous", "moment_rolls", "moments_won", "hope_rolls", "traits_burned",
            "virtues_burned", "vices_burned", "brinks_embraced", "brinks_engulfed", "seizes", "successes",
            "voluntary_deaths", "final_scene_deaths", "end_deaths", "candles_failed", "candles_seized",
            "candles_brink", "candles_moment", "candles_accident", "truths", "x_cards")


class Tally:
    """Counts what happened in one game, from its events (a session listener)."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(COUNTERS, 0)
        self.per_scene: list[int] = []
        self.scene = 0
        self.final_reached = False
        self.termination = ""
        self.deaths_before_final = 0

    def __call__(self, action: Action, events: Sequence[Event]) -> None:
        for event in events:
            handler = HANDLERS.get(event.kind)
            if handler is not None:
                handler(self, event.data)

    def _scene(self, data: Any) -> None:
        self.scene = data["scene"]
        self.per_scene.append(0)
        self.final_reached = self.final_reached or bool(data["final"])

    def _called(self, data: Any) -> None:
        c = self.counts
        c["conflicts"] += 1
        c["dangerous"] += data["dangerous"]
        c["moment_rolls"] += data["moment"]
        if self.per_scene:
            self.per_scene[-1] += 1

    def _died(self, data: Any) -> None:
        cause = data["cause"]
        key = {"voluntary": "voluntary_deaths", "final_scene": "final_scene_deaths"}.get(cause, "end_deaths")
        self.counts[key] += 1
        if not self.final_reached and cause != "the_end":
            self.deaths_before_final += 1

    def _candle(self, data: Any) -> None:
        key = {"failed_roll": "candles_failed", "seize": "candles_seized", "failed_brink": "candles_brink",
               "failed_moment": "candles_moment"}.get(data["cause"], "candles_accident")
        self.counts[key] += 1

    def _trait(self, data: Any) -> None:
        self.counts["traits_burned"] += 1
        self.counts["virtues_burned" if data["card"] == "virtue" else "vices_burned"] += 1

    def last_stand(self) -> str:
        """How the game ended: in the Last Stand one by one, the last candle out, or everyone
        dead before the last candle."""
        if not self.final_reached:
            return "all_dead_before_final" if self.termination == "all_dead" else "candles_out_before_final"
        return "died_one_by_one" if self.termination == "all_dead" else "last_candle_out"


def _bump(key: str, test: Any = None) -> Any:
    def handler(tally: Tally, data: Any) -> None:
        if test is None or test(data):
            tally.counts[key] += 1
    return handler


HANDLERS = {
    "scene_started": Tally._scene,
    "conflict_called": Tally._called,
    "dice_rolled": _bump("hope_rolls", lambda d: d.get("hope") is not None),
    "trait_burned": Tally._trait,
    "moment_burned": _bump("moments_won", lambda d: d["success"]),
    "brink_embraced": _bump("brinks_embraced"),
    "brink_engulfed": _bump("brinks_engulfed"),
    "narration_seized": _bump("seizes"),
    "conflict_resolved": _bump("successes", lambda d: d["success"]),
    "character_died": Tally._died,
    "candle_out": Tally._candle,
    "truth_spoken": _bump("truths"),
    "x_card": _bump("x_cards"),
    "game_over": lambda tally, data: setattr(tally, "termination", data["termination"]),
}


def make_table(players: int, seed: int, *, lang: str = "en", voice: Storyteller | None = None,
               human: dict[int, Any] | None = None) -> dict[int, Any]:
    """Scripted survivors in every seat (except ``human`` seats) and the scripted GM; the survivors
    speak up at the table (``Decision.talk``) and the GM hears it (``Request.talk``)."""
    # imported here: a native run plays without the Python agents and session (its kernel check
    # imports them in its own worker, while the engine plays)
    from narrator.agents.ten_candles.gm import NarratingGM, ScriptedGM
    from narrator.agents.ten_candles.survivor import ScriptedSurvivor

    agents: dict[int, Any] = {s: ScriptedSurvivor(s, seed=seed, lang=lang, talks=True) for s in range(players)}
    agents.update(human or {})
    if human:  # people at the table: they are called as often as the AI survivors (table_gm)
        from narrator.ten_candles.table_gm import NarratingTableGM, TableGM

        agents[HOST] = (TableGM if voice is None else NarratingTableGM)(seed=seed, voice=voice)
    else:
        agents[HOST] = (ScriptedGM if voice is None else NarratingGM)(seed=seed, voice=voice)
    return agents


@lru_cache(maxsize=64)
def _config(players: int, options: str) -> Any:
    """The validated config of a run (validation builds a pydantic adapter: once, not per game)."""
    return decode_config(GAME, {**json.loads(options), "players": players})


def job_config(job: GameJob) -> Any:
    """The rules a job is played under."""
    return _config(job.players, json.dumps(dict(job.options), sort_keys=True))


def native_engine() -> tuple[PlayBatch, Any]:
    """The native engine's batch function and its ``unsupported(config)`` (see ``narrator.fast``).

    Raises:
        narrator.fast.NativeUnavailableError: the engine is not built here.
    """
    from narrator.fast import playout

    fast = playout("ten_candles")
    return functools.partial(in_runs, fast.play_rows, job_config, play_one), fast.unsupported


def play_one(job: GameJob) -> dict[str, Any]:
    """Play one simulated game and return its row (module-level: pickled to workers)."""
    from narrator.session import Session
    from narrator.transcript import TranscriptWriter

    config = job_config(job)
    agents = make_table(job.players, job.seed)
    recorder = TranscriptWriter(job.transcript, overwrite=True) if job.transcript else None
    session = Session(GAME, config, agents, seed=job.seed, recorder=recorder)
    if recorder is not None:  # a kept game commits to its public seed (narrator verify re-derives its draws)
        from narrator.fairness import attach, public_game

        attach(session, public_game(GAME, config, job.seed))
    session.write_header()
    tally = Tally()
    session.listeners.append(tally)
    try:
        session.run()
    finally:
        if recorder is not None:
            recorder.close()
    return {"game": job.index, "players": job.players, "seed": job.seed, "scenes": tally.scene,
            "final_reached": tally.final_reached, "termination": tally.termination,
            "last_stand": tally.last_stand(), "deaths_before_final": tally.deaths_before_final,
            "conflicts_by_scene": ";".join(map(str, tally.per_scene)), **tally.counts}

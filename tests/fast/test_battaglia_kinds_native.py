"""Bot kinds per force (narrator.battaglia.bots): random-legal seats play the same games natively and in
Python, and the native search bot decides from its seat's view alone.

The rules are those of ``rules/battaglia`` (seeds/004_55ac8a5a86b5c135.txt); these tests hold the engine's
players to the Python ones (random) and to the agents' law that a seat sees only its view (search).
"""

from __future__ import annotations

from typing import Any

import pytest
from narrator.agents.battaglia.draws import seed_key

from narrator.battaglia.bots import FACTIONS, BotPlan, PlanError, plan_of
from narrator.battaglia.simulate import job_config, play_one
from narrator.fast import engine, mt_key
from narrator.fast.battaglia import action_dict, bot_keys, play_rows
from narrator.playtest.runner import GameJob
from tests.fast.test_battaglia_bot_native import first_difference, python_moves

pytestmark = pytest.mark.skipif(not __import__("narrator.fast", fromlist=["available"]).available("battaglia"),
                                reason="the native battaglia engine is not built")


def native_moves(job: GameJob, plan: BotPlan) -> list[dict[str, Any]]:
    moves, _ = engine("battaglia").trace_kinds(job_config(job), mt_key(job.seed), bot_keys(job.seed, job.players),
                                               plan.vector(), mt_key(f"{job.seed}/random"),
                                               seed_key(f"{job.seed}/search"), plan.rollouts, plan.candidates)
    return [action_dict(m) for m in moves]


@pytest.mark.parametrize("force", FACTIONS)
@pytest.mark.parametrize("players", [6, 12, 17])
def test_a_force_of_random_seats_plays_the_same_game_natively(force: str, players: int) -> None:
    plan = plan_of("scripted", (f"{force}=random",))
    for seed in range(3):
        job = GameJob(seed, players, 500 + seed, {}, bots=plan)
        ours, theirs = python_moves(job), native_moves(job, plan)
        assert first_difference(ours, theirs) is None, first_difference(ours, theirs)
        assert play_rows(job_config(job), [job]) == [play_one(job)]


def test_random_play_is_weaker_than_scripted_play() -> None:
    """The skill measure the report shows: light's seats playing random legal moves win far less often."""
    jobs = [GameJob(i, 12, 900 + i, {}) for i in range(150)]
    scripted = sum(r["winner"] == "light" for r in play_rows(job_config(jobs[0]), jobs))
    randomly = sum(r["winner"] == "light" for r in play_rows(job_config(jobs[0]), jobs, plan_of("scripted", ("light=random",))))
    assert randomly < scripted / 2, (scripted, randomly)


def test_the_search_bot_decides_from_its_view_alone() -> None:
    """Two states that differ only in what the seat cannot know (two unknown souls' cards and notes swapped,
    the other seats' notes and unpublished ballots changed) give the same decision for the same generator."""
    config = job_config(GameJob(0, 12, 0, {}))
    probed = 0
    for seed in range(6):
        for seat in (0, 5):
            found = engine("battaglia").search_probe(config, mt_key(seed), bot_keys(seed, 12), seat, 2,
                                                     seed_key(f"{seed}/search"), 16, 4)
            if found is None:
                continue
            move, altered, swapped = found
            assert action_dict(move) == action_dict(altered), (seed, seat, swapped)
            probed += 1
    assert probed >= 6


def test_the_search_bot_decides_from_its_view_alone_at_night() -> None:
    """At a night decision too: the unwitnessed choices of the night's earlier steps and the other seats'
    answers this round (retargeted in the altered state), like the hidden souls, do not change the move."""
    config = job_config(GameJob(0, 12, 0, {}))
    probed = 0
    for seed in range(8):
        for seat in (1, 6):
            found = engine("battaglia").search_probe(config, mt_key(seed), bot_keys(seed, 12), seat, 1,
                                                     seed_key(f"{seed}/search"), 16, 4, True)
            if found is None:
                continue
            move, altered, swapped = found
            assert action_dict(move) == action_dict(altered), (seed, seat, swapped)
            probed += 1
    assert probed >= 6


def test_a_search_force_plays_whole_games_legally() -> None:
    plan = plan_of("scripted", ("shadow=search",), rollouts=8, candidates=3)
    jobs = [GameJob(i, 9, 40 + i, {}, bots=plan) for i in range(3)]
    rows = play_rows(job_config(jobs[0]), jobs)
    assert all(r["fallbacks"] == 0 and r["termination"] != "move_limit" for r in rows)
    with pytest.raises(ValueError, match="native engine only"):
        play_one(jobs[0])


def test_bot_plans_read_from_the_command_line() -> None:
    plan = plan_of("random", ("light=scripted", "gloom=search"), rollouts=10)
    assert plan.kind("light") == "scripted" and plan.kind("shadow") == "random" and plan.kind("gloom") == "search"
    assert plan.vector() == [0, 1, 1, 2] and plan.searches and not plan.scripted
    assert "gloom: search" in plan.describe() and "10 rollouts" in plan.describe()
    with pytest.raises(PlanError, match="FORCE=KIND"):
        plan_of("scripted", ("light",))
    with pytest.raises(PlanError, match="choose"):
        plan_of("clever")

"""Mixed games: the scripted survivors and GM, but now and then a seat answers with a random legal move.

Whole scripted games stay on the agents' favourite paths; the trivial chooser never builds the
personas, table talk and generators the agents keep. Here every ask of ``narrator.session.Session``
first asks the seat's agent (as the plain game does, so its generator, persona and the table talk
advance the same), then, with probability ``p`` drawn from ``random.Random(f"mix:{seed}")``, answers
``legal[randrange(len(legal))]`` instead. Both sides draw that stream in the same order (``random()`` at
every ask, re-asks included, ``randrange`` only when it mixes), so the native engine
(``_ten_candles.trace_mixed``) must write the very same transcript lines (moves, dice, rejections,
fallbacks) and count the very same row as the Python session. The odd answers reach what the agents
avoid: an early brink reveal, burnt traits, seized narration, a placeholder text the kernel refuses.

Rule references: those of ``rules/ten_candles`` (seeds/ten_candles); these tests hold the port to that
kernel and to ``agents/ten_candles``, not to the rulebook again.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from narrator.agents.base import Decision, Request
from narrator.rules.ten_candles import GAME
from narrator.rules.ten_candles.config import MAX_PLAYERS, MIN_PLAYERS

from narrator.fast import engine, mt_key
from narrator.fast import ten_candles as fast
from narrator.fast.ten_candles_material import agent_keys
from narrator.playtest import GameJob
from narrator.session import Session
from narrator.ten_candles.simulate import Tally, job_config, make_table
from tests.fast.test_ten_candles_native import OPTIONS
from tests.lanes import sweep

MIX_RATES = (0.05, 0.2, 0.5)
SEEDS_PER_CASE = 10


class MixedAgent:
    """A scripted agent whose answer is, with probability ``p``, replaced by a random legal move.

    Everything else (``max_attempts``, ``observe`` if the agent has it) is the agent's own.
    """

    def __init__(self, agent: Any, mix: random.Random, p: float) -> None:
        self.agent, self.mix, self.p = agent, mix, p

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)

    def act(self, request: Request) -> Any:
        scripted = self.agent.act(request)  # always asked: its generator and memory advance as usual
        if self.mix.random() < self.p:
            move = request.legal[self.mix.randrange(len(request.legal))]
            # what the character said aloud while deciding stands (the table talk), only the move changes
            return dataclasses.replace(scripted, action=move, notes={}) if isinstance(scripted, Decision) else move
        return scripted


class Records:
    """A transcript kept in memory."""

    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []

    def write(self, record: dict[str, Any]) -> None:
        self.lines.append(record)


def python_mixed(config: Any, seed: int, p: float) -> tuple[list[Any], dict[str, Any]]:
    """``simulate.play_one``'s session with mixed agents: its transcript lines and its row's tally fields."""
    agents = make_table(config.players, seed)
    mix = random.Random(f"mix:{seed}")
    records = Records()
    session = Session(GAME, config, {s: MixedAgent(a, mix, p) for s, a in agents.items()}, seed=seed,
                      recorder=records)
    tally = Tally()
    session.listeners.append(tally)
    session.run()
    row = {"scenes": tally.scene, "final_reached": tally.final_reached, "termination": tally.termination,
           "deaths_before_final": tally.deaths_before_final,
           "conflicts_by_scene": ";".join(map(str, tally.per_scene)), **tally.counts,
           "last_stand": tally.last_stand()}
    return fast.transcript_moves(records.lines), row


def native_mixed(config: Any, seed: int, p: float) -> tuple[list[Any], dict[str, Any]]:
    """The same game from ``_ten_candles.trace_mixed``."""
    survivors, gm = agent_keys(seed, config.players)
    moves, row = engine("ten_candles").trace_mixed(config, fast.material_for(config), mt_key(seed), survivors, gm,
                                                   mt_key(f"mix:{seed}"), p)
    return [tuple(m) for m in moves], row


def _first_difference(a: list[Any], b: list[Any]) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"entry {i}: python {x} != native {y}"
    return f"lengths {len(a)} != {len(b)}"


@pytest.mark.parametrize("p", sweep(MIX_RATES, fast=2))
@pytest.mark.parametrize("players", sweep(range(MIN_PLAYERS, MAX_PLAYERS + 1), fast=2))
def test_mixed_games_match_python(players: int, p: float) -> None:
    """Every transcript line (moves, dice, rejections, fallbacks) and the row, for several seeds."""
    config = job_config(GameJob(0, players, 0))
    for k in range(SEEDS_PER_CASE):
        seed = 7_001 * players + 13 * k + int(p * 1000)
        python_moves, python_row = python_mixed(config, seed, p)
        native_moves, native_row = native_mixed(config, seed, p)
        assert native_moves == python_moves, f"seed {seed}, p {p}: {_first_difference(python_moves, native_moves)}"
        assert native_row == python_row, f"seed {seed}, p {p}"


@pytest.mark.parametrize(("index", "options"), sweep(enumerate(OPTIONS), fast=3, unpack=True),
                         ids=[",".join(f"{k}={v}" for k, v in o.items()) or "default" for o in OPTIONS])
def test_mixed_games_match_python_under_every_option(index: int, options: dict[str, Any]) -> None:
    """Every supported option (the list of test_ten_candles_native): a few games each, the player
    counts and mix rates taken in turn."""
    for k in range(4):
        players = MIN_PLAYERS + (3 * index + k) % (MAX_PLAYERS - MIN_PLAYERS + 1)
        p = MIX_RATES[(index + k) % len(MIX_RATES)]
        config = job_config(GameJob(0, players, 0, options))
        seed = 90_001 + 17 * index + k
        python_moves, python_row = python_mixed(config, seed, p)
        native_moves, native_row = native_mixed(config, seed, p)
        assert native_moves == python_moves, f"seed {seed}, p {p}: {_first_difference(python_moves, native_moves)}"
        assert native_row == python_row, f"seed {seed}, p {p}"


def test_mixing_leaves_the_agents_path() -> None:
    """The mixed game is not the plain one (the test would be vacuous if the mix never bit), and p = 0 is."""
    config = job_config(GameJob(0, 4, 0))
    plain, _ = fast.trace_full(config, 99)
    assert python_mixed(config, 99, 0.0)[0] == plain
    assert python_mixed(config, 99, 0.2)[0] != plain

"""Mixed games: the scripted bots, but now and then a seat plays a random legal move instead.

Whole bot games stay on the bots' favourite paths; the trivial chooser never builds the memories the
bots keep. Here every decision first asks the seat's bot (as the plain game does, so its memory folds
the same views), then, with probability ``p`` drawn from ``random.Random(f"mix:{seed}")``, plays
``legal[randrange(len(legal))]`` instead. Both sides draw the same stream in the same order
(``random()`` at every decision, ``randrange`` only when it mixes), so the native engine
(``_battaglia.trace_mixed``) must play the very same moves and report the very same row as the Python
lean loop (``simulate._play_lean`` with its bots so wrapped). The odd moves reach branches the bots
avoid: a Lord revealed at the wrong time, refused accusations, scattered votes, odd night targets.

Rule references: the decks for 6..17 players (seeds/004_55ac8a5a86b5c135.txt:L42), the night (L49-71),
the day (L72-90) and the end (L92-93) are those of ``rules/battaglia``; these tests hold the port to
that kernel and to ``agents/battaglia``, not to the rulebook again.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from narrator.agents.base import Request, Seat
from narrator.agents.battaglia import BattagliaBot
from narrator.rules.codec import action_to_dict

from narrator.battaglia import simulate
from narrator.fast import engine, mt_key
from narrator.fast.battaglia import action_dict, bot_keys, make_row
from narrator.playtest.runner import GameJob
from tests.fast.test_battaglia_native import OPTIONS
from tests.lanes import sweep

PLAYER_COUNTS = range(6, 18)
MIX_RATES = (0.05, 0.2, 0.5)
SEEDS_PER_CASE = 4


class MixedBot(Seat):
    """A scripted bot whose move is, with probability ``p``, replaced by a random legal one."""

    def __init__(self, bot: BattagliaBot, mix: random.Random, p: float) -> None:
        self.bot, self.mix, self.p = bot, mix, p

    def act(self, request: Request) -> Any:
        scripted = self.bot.act(request)  # always asked: its memory folds every view it would see
        if self.mix.random() < self.p:
            return request.legal[self.mix.randrange(len(request.legal))]
        return scripted


@contextmanager
def mixed_bots(mix: random.Random, p: float) -> Iterator[None]:
    """While open, ``simulate.make_bots`` seats :class:`MixedBot`s sharing ``mix``."""
    make_bots = simulate.make_bots

    def mixed(seed: int | None, players: int, table: Any, *, talk: bool) -> dict[int, MixedBot]:
        return {s: MixedBot(bot, mix, p) for s, bot in make_bots(seed, players, table, talk=talk).items()}

    simulate.make_bots = mixed  # type: ignore[assignment]
    try:
        yield
    finally:
        simulate.make_bots = make_bots


def _jsonish(data: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


def python_mixed(job: GameJob, p: float) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The lean loop of ``simulate.play_one`` with mixed bots: every move applied, and the row."""
    moves: list[Any] = []
    tally = simulate.Tally()
    with mixed_bots(random.Random(f"mix:{job.seed}"), p):
        state, n, fallbacks = simulate._play_lean(job, simulate.job_config(job), tally, record=moves)
    return [_jsonish(action_to_dict(m)) for m in moves], simulate.make_row(job, state, tally, n, fallbacks)


def native_mixed(job: GameJob, p: float) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The same game from ``_battaglia.trace_mixed``."""
    config = simulate.job_config(job)
    moves, facts = engine("battaglia").trace_mixed(config, mt_key(job.seed), mt_key(f"mix:{job.seed}"),
                                                   bot_keys(job.seed, job.players), p)
    return [action_dict(m) for m in moves], make_row(job, config.cards, facts)


def _first_difference(python: list[Any], native: list[Any]) -> tuple[int, Any, Any]:
    for i, (a, b) in enumerate(zip(python, native)):
        if a != b:
            return i, a, b
    n = min(len(python), len(native))
    return n, python[n:n + 1], native[n:n + 1]


@pytest.mark.parametrize("p", sweep(MIX_RATES, fast=2))
@pytest.mark.parametrize("players", sweep(PLAYER_COUNTS, fast=2))
def test_mixed_games_match_python(players: int, p: float) -> None:
    """Every move (chance included) and every column of the row, for several seeds."""
    for k in range(SEEDS_PER_CASE):
        job = GameJob(k, players, 104_729 * players + 31 * k + int(p * 1000), {})
        python_moves, python_row = python_mixed(job, p)
        native_moves, native_row = native_mixed(job, p)
        assert native_moves == python_moves, (job.seed, p, _first_difference(python_moves, native_moves))
        assert native_row == python_row, (job.seed, p)


@pytest.mark.parametrize(("index", "options"), sweep(enumerate(OPTIONS), fast=3, unpack=True),
                         ids=[",".join(f"{k}={v}" for k, v in o.items()) for o in OPTIONS])
def test_mixed_games_match_python_under_every_option(index: int, options: dict[str, Any]) -> None:
    """Every rules option away from its default (the list of test_battaglia_native): one game each, the
    player counts and mix rates taken in turn."""
    players, p = PLAYER_COUNTS[5 * index % len(PLAYER_COUNTS)], (0.2, 0.5)[index % 2]
    job = GameJob(index, players, 15_485_863 + index, options)
    python_moves, python_row = python_mixed(job, p)
    native_moves, native_row = native_mixed(job, p)
    assert native_moves == python_moves, (job.seed, _first_difference(python_moves, native_moves))
    assert native_row == python_row, job.seed


def test_mixing_leaves_the_bots_path() -> None:
    """The mixed game is not the plain bot game (the test would be vacuous if the mix never bit)."""
    job = GameJob(0, 12, 4242, {})
    plain = [_jsonish(action_to_dict(m)) for m in simulate.lean_trace(job)[0]]
    mixed, _ = python_mixed(job, 0.2)
    assert mixed != plain
    assert python_mixed(job, 0.0)[0] == plain, "p = 0 is the plain game, move for move"

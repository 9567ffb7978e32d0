"""The native Ten Candles engine plays the very same games as the Python kernel.

Kernel: both engines play with a shared trivial chooser (``Chooser`` here, ``tc::Chooser`` in
``native/ten_candles/kernel_chooser.hpp``), seeded alike, which now and then makes doubtful
proposals (another seat's move, blank text, a mutated field, a wrong kind) so that rejection
codes, re-asks and the session's fallback are compared too. Every move (actor, every field),
every chance result, every rejection and the report's counters must be equal, on many seeds,
every player count and each rules option; so must every seat's view before every move.

Game: the scripted survivors and GM (``narrator.ten_candles.simulate.play_one``) play natively the
same transcript (moves, dice, rejections, fallbacks) and the same report row, column for column.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from narrator.agents.base import Seat
from narrator.rules.codec import codec_for
from narrator.rules.core import HOST, Action, jsonable
from narrator.rules.replay import decode_config
from narrator.rules.ten_candles import GAME, TEXT_FIELDS, Roll, is_interjection
from narrator.rules.ten_candles.config import MAX_PLAYERS, MIN_PLAYERS

from narrator.fast import NativeUnavailableError, engine, mt_key
from narrator.fast import ten_candles as fast
from narrator.playtest import GameJob
from narrator.session import Session
from narrator.ten_candles.simulate import Tally, job_config, make_table, play_one
from tests.fast.options import away_from_default
from tests.lanes import sweep

try:
    native = engine("ten_candles")
except NativeUnavailableError:  # tests/fast/conftest.py fails or skips them (NARRATOR_NATIVE=optional)
    native = None

OPTIONS: list[dict[str, Any]] = [{}, *away_from_default(
    "ten_candles", skip=("players",), values={"max_rerolls_per_roll": [0, 1], "lines": [["spiders"]],
                                              "veils": [["blood"]]}, together=[("lines", "veils")])]
"""The defaults, then every option of TenCandlesConfig away from its default (a new option joins by itself:
tests/fast/options.py)."""


# -- the shared trivial chooser (Python side) -----------------------------------------------------


def _mutate(action: Action, how: int, seat: int) -> Action:
    if how == 0:
        return dataclasses.replace(action, actor=HOST if seat != HOST else 0)
    if how == 1:
        blank = {f.name: " " for f in dataclasses.fields(action) if f.name in TEXT_FIELDS}
        return dataclasses.replace(action, **blank) if blank else action
    if how == 2:
        changes = {"call_conflict": {"moment": True}, "speak_truth": {"topic": "sun"},
                   "arrange_stack": {"order": ("brink", "vice", "moment")}, "write_traits": {"virtue": "two words"},
                   "kill_character": {"target": 0}}.get(action.kind)
        return dataclasses.replace(action, **changes) if changes else action
    return Roll(actor=seat)


class Chooser(Seat):
    """Mostly a random turn move, now and then an interjection or a doubtful proposal."""

    name = "chooser"
    max_attempts: int | None = 3

    def __init__(self, seat: int, seed: int, doubt: float = 0.05) -> None:
        self.seat, self.doubt = seat, doubt
        self.rng = random.Random(f"chooser:{seed}:{seat}")

    def act(self, request: Any) -> Action:
        legal = request.legal
        turn = [a for a in legal if not is_interjection(a)]
        pool = turn if turn and self.rng.random() >= 0.03 else legal
        action = pool[self.rng.randrange(len(pool))]
        if self.rng.random() < self.doubt:
            return _mutate(action, self.rng.randrange(4), self.seat)
        return action


class Records:
    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []

    def write(self, record: dict[str, Any]) -> None:
        self.lines.append(record)


def _row(tally: Tally) -> dict[str, Any]:
    return {"scenes": tally.scene, "final_reached": tally.final_reached, "termination": tally.termination,
            "deaths_before_final": tally.deaths_before_final,
            "conflicts_by_scene": ";".join(map(str, tally.per_scene)), **tally.counts}


def python_chooser_game(config: Any, seed: int, with_legal: bool = False, doubt: float = 0.05,
                        with_views: bool = False) -> tuple[list[Any], dict[str, Any], list[Any]]:
    seats = [HOST, *range(config.players)]
    records = Records()
    session = Session(GAME, config, {s: Chooser(s, seed, doubt) for s in seats}, seed=seed, recorder=records)
    tally = Tally()
    session.listeners.append(tally)
    legal: list[Any] = []
    while True:
        if with_views:
            legal.append([_view_dict(session.state, s) for s in seats])
        elif with_legal:
            legal.append([[dict(_payload(a)) for a in GAME.legal_actions(session.state, s)] for s in seats])
        if not session.step():
            break
    return fast.transcript_moves(records.lines), _row(tally), legal


def _view_dict(state: Any, seat: int) -> dict[str, Any]:
    data = jsonable(GAME.view(state, seat))
    data["done"] = sorted(data["done"])
    data["truths"] = [tuple(t) for t in data["truths"]]
    return data


def _payload(action: Action) -> dict[str, Any]:
    from narrator.rules.codec import action_to_dict
    return action_to_dict(action)


def native_chooser_game(config: Any, seed: int, with_legal: bool = False, doubt: float = 0.05,
                        with_views: bool = False) -> tuple[list[Any], dict[str, Any], list[Any]]:
    keys = [mt_key(f"chooser:{seed}:{s}") for s in (HOST, *range(config.players))]
    trace, row, legal = native.chooser_game(config, mt_key(seed), keys, with_legal, doubt, with_views)
    return [tuple(t) for t in trace], row, legal


def _config(players: int, **options: Any) -> Any:
    return decode_config(GAME, {**options, "players": players})


def _first_difference(a: list[Any], b: list[Any]) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"entry {i}: python {x} != native {y}"
    return f"lengths {len(a)} != {len(b)}"


# -- the tests ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", sweep(range(MIN_PLAYERS, MAX_PLAYERS + 1)))
def test_chooser_games_match_move_for_move(players: int) -> None:
    """Same seed, same config: the same moves, chance, rejections and counters (every player count)."""
    config = _config(players)
    for seed in range(12):
        py_trace, py_row, _ = python_chooser_game(config, seed)
        nat_trace, nat_row, _ = native_chooser_game(config, seed)
        assert py_trace == nat_trace, f"seed {seed}: {_first_difference(py_trace, nat_trace)}"
        assert py_row == nat_row, f"seed {seed}"


@pytest.mark.parametrize("options", sweep(OPTIONS, fast=4), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_chooser_games_match_for_each_option(options: dict[str, Any]) -> None:
    """Each rules option the native engine supports plays the same games as the Python kernel."""
    for players in (3, 4, 5):
        config = _config(players, **options)
        for seed in range(6):
            py_trace, py_row, _ = python_chooser_game(config, 1000 + seed)
            nat_trace, nat_row, _ = native_chooser_game(config, 1000 + seed)
            assert py_trace == nat_trace, f"{players}p seed {seed}: {_first_difference(py_trace, nat_trace)}"
            assert py_row == nat_row


@pytest.mark.parametrize("players", [2, 3, 5])
def test_legal_actions_match_for_every_seat_before_every_move(players: int) -> None:
    """legal_actions, every seat, every state of a game: the same list in the same order."""
    config = _config(players)
    for seed in range(3):
        _, _, py_legal = python_chooser_game(config, 500 + seed, with_legal=True)
        _, _, nat_legal = native_chooser_game(config, 500 + seed, with_legal=True)
        assert len(py_legal) == len(nat_legal)
        for i, (a, b) in enumerate(zip(py_legal, nat_legal)):
            assert a == b, f"seed {seed} move {i}"


@pytest.mark.parametrize("players", [2, 3, 5, 9])
def test_legal_kinds_match_the_listed_moves_for_every_seat_before_every_move(players: int) -> None:
    """The scripted agents read the legal kinds without listing the moves (native LegalMoves): the same kinds
    and the same first turn move as the list, every seat, every state, rejections and fallbacks included."""
    config = _config(players)
    checked = 0
    for seed, doubt in [(s, 0.05) for s in range(6)] + [(s, 0.7) for s in range(2)]:
        keys = [mt_key(f"chooser:{600 + seed}:{s}") for s in (HOST, *range(config.players))]
        count, differ = native.legal_kinds_game(config, mt_key(600 + seed), keys, doubt)
        assert differ == [], f"seed {600 + seed}: {differ[:3]}"
        checked += count
    assert checked > 100 * (players + 1)


@pytest.mark.parametrize("options", sweep(OPTIONS, fast=4), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_legal_kinds_match_the_listed_moves_for_each_option(options: dict[str, Any]) -> None:
    """The same under every rules option the native engine supports."""
    config = _config(4, **options)
    for seed in range(3):
        keys = [mt_key(f"chooser:{700 + seed}:{s}") for s in (HOST, *range(config.players))]
        _, differ = native.legal_kinds_game(config, mt_key(700 + seed), keys)
        assert differ == [], f"seed {700 + seed}: {differ[:3]}"


def test_stubborn_proposals_are_rejected_alike_and_fall_back_alike() -> None:
    """A seat refused three times falls back to the kernel's default move in both engines
    (narrator.session.Session.ask), with the same rejection codes on the way."""
    fallbacks = 0
    for players in (2, 4, 6):
        config = _config(players)
        for seed in range(4):
            py_trace, py_row, _ = python_chooser_game(config, 77 + seed, doubt=0.7)
            nat_trace, nat_row, _ = native_chooser_game(config, 77 + seed, doubt=0.7)
            assert py_trace == nat_trace, f"{players}p seed {seed}: {_first_difference(py_trace, nat_trace)}"
            assert py_row == nat_row
            fallbacks += sum(1 for t in nat_trace if t[0] == "fallback")
    assert fallbacks > 0


@pytest.mark.parametrize("options", [{}, {"gm_sees_all_brinks": True, "message_playback": "on_death"},
                                     {"message_playback": "never", "lines": ["spiders"], "veils": ["blood"]}],
                         ids=["default", "gm_sees_all+on_death", "never+safety"])
def test_views_match_for_every_seat_before_every_move(options: dict[str, Any]) -> None:
    """What each seat may know (rules/ten_candles/views.py) is what the native View gives it, at every
    moment of a game: secrets (Brinks, Their Brink, Traits in step 1, Moments and stacks before they
    are shared, messages) stay hidden alike (seeds/000_e53cdcbb20917f8a.txt:L102, L144, L176, L190-192, L230-234)."""
    for players in (2, 3, 4):
        config = _config(players, **options)
        _, _, py_views = python_chooser_game(config, 900 + players, with_views=True)
        _, _, nat_views = native_chooser_game(config, 900 + players, with_views=True)
        assert len(py_views) == len(nat_views)
        for i, (a, b) in enumerate(zip(py_views, nat_views)):
            # stated attempts (D45) are not ported: without the option the Python view's ``attempt`` is always
            # None, and the native view has no such field
            assert all(seat_view.pop("attempt", None) is None for seat_view in a), f"{players}p move {i}"
            assert a == b, f"{players}p move {i}"


# -- the scripted table: native rows and traces are Python play_one's -----------------------------


def python_scripted_game(config: Any, seed: int) -> tuple[list[Any], dict[str, Any]]:
    """``narrator.ten_candles.simulate.play_one``'s game, with its transcript lines kept."""
    agents = make_table(config.players, seed)
    records = Records()
    session = Session(GAME, config, agents, seed=seed, recorder=records)
    tally = Tally()
    session.listeners.append(tally)
    session.run()
    return fast.transcript_moves(records.lines), _row(tally)


@pytest.mark.parametrize("players", sweep(range(MIN_PLAYERS, MAX_PLAYERS + 1)))
def test_scripted_games_match_play_one_move_for_move(players: int) -> None:
    """The scripted survivors and GM play the same game natively: every move, die, rejection, and the row."""
    config = _config(players)
    jobs = [GameJob(i, players, 40 + 7 * i) for i in range(10)]
    rows = fast.play_rows(config, jobs)
    for job, row in zip(jobs, rows):
        py_trace, _ = python_scripted_game(config, job.seed)
        nat_trace, _ = fast.trace_full(config, job.seed)
        assert py_trace == nat_trace, f"seed {job.seed}: {_first_difference(py_trace, nat_trace)}"
        expected = play_one(job)
        assert row == expected, f"seed {job.seed}"
        assert list(row) == list(expected)  # the columns in the same order


@pytest.mark.parametrize("options", sweep(OPTIONS, fast=3), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_scripted_rows_match_play_one_for_each_option(options: dict[str, Any]) -> None:
    """Each supported option: the native rows equal ``play_one``'s, and so does one full trace."""
    for players in (3, 4, 5):
        jobs = [GameJob(i, players, 3000 + i, options) for i in range(6)]
        config = job_config(jobs[0])
        assert fast.unsupported(config) is None
        assert fast.play_rows(config, jobs) == [play_one(job) for job in jobs]
        py_trace, _ = python_scripted_game(config, jobs[0].seed)
        assert fast.trace_full(config, jobs[0].seed)[0] == py_trace


def test_native_trace_replays_legally_through_the_python_kernel() -> None:
    """Every native move is legal for ``GAME.apply``; every native rejection is ``GAME.check``'s."""
    codec = codec_for((*GAME.action_types,))
    for players in (2, 4, 7):
        config = _config(players)
        for seed in (1, 2):
            state = GAME.initial_state(config)
            for kind, actor, payload, code in fast.trace_full(config, seed)[0]:
                if kind == "fallback":
                    continue
                action = codec.decode(payload)
                if kind == "rejected":
                    if actor == action.actor:  # not a proposal for another seat (the session refuses those)
                        assert str(GAME.check(state, action).code) == code
                    continue
                state = GAME.apply(state, action).state
            assert GAME.outcome(state) is not None
            assert [dict(m) for m in fast.trace(config, seed)] == [
                p for k, _, p, _ in fast.trace_full(config, seed)[0] if k in ("action", "chance")]


@pytest.mark.parametrize("seed", [0, 1, -1, 7, 2**32 + 5, 2**63 - 1, -(2**63 - 1), 1_000_003 * 7 + 12])
def test_native_generator_keys_are_mt_key(seed: int) -> None:
    """The keys play_rows computes natively (SHA-512 for the agents' str seeds) are narrator.fast.mt_key's."""
    for text in (seed, f"gm:{seed}", *(f"survivor:{seed}:{seat}" for seat in range(MAX_PLAYERS))):
        assert native.mt_key(text) == mt_key(text)
    assert native.mt_key("é" * 100) == mt_key("é" * 100)


@pytest.mark.parametrize("players", sweep(range(MIN_PLAYERS, MAX_PLAYERS + 1)))
def test_a_tables_keys_hashed_four_at_a_time_are_mt_key(players: int) -> None:
    """play_seeds hashes a table's str seeds four at a time (SHA-512 in AVX2 lanes where the CPU has them): the
    rows equal those of play_rows given every key from narrator.fast.mt_key, for seeds across the 64-bit range."""
    from narrator.fast.ten_candles import material_for
    from narrator.fast.ten_candles_material import agent_keys

    rng = random.Random(players)
    seeds = [rng.randrange(-(2**63) + 1, 2**63) for _ in range(12)] + [0, -1, 2**63 - 1, -(2**63 - 1), 10**18]
    config = _config(players)
    material = material_for(config)
    by_seed = native.play_seeds(config, material, list(enumerate(seeds)))
    by_key = native.play_rows(config, material, [(i, s, mt_key(s), *agent_keys(s, players)) for i, s in enumerate(seeds)])
    assert by_seed == by_key


def test_seeds_beyond_64_bits_play_the_same_games() -> None:
    """Seeds the native key path cannot hold go through Python's mt_key, and still match play_one."""
    jobs = [GameJob(i, 4, 2**70 + 13 * i) for i in range(3)] + [GameJob(3, 4, -(2**66))]
    config = job_config(jobs[0])
    assert fast.play_rows(config, jobs) == [play_one(job) for job in jobs]

"""The native battaglia engine plays the very same games as the Python kernel (rules/battaglia is the law).

Kernel first, with a shared trivial chooser (every seat plays ``legal[randrange(len(legal))]`` from
its own ``random.Random``): the same moves, chance values, public log and private notes, at every
player count 6..17 and under every rules option. Then the scripted bots: the same rows as
``narrator.battaglia.simulate.play_one`` and the same moves as the Python lean loop.

Rule references: the decks for 6..17 players (seeds/004_55ac8a5a86b5c135.txt:L42), the regular night
(L49-71), the day (L72-90) and the end (L92-93) are those of ``rules/battaglia``; these tests check the
port against that kernel, not the rulebook again.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from narrator.rules.battaglia import GAME, BattagliaConfig, Choose
from narrator.rules.battaglia.forced import forced_winner
from narrator.rules.battaglia.game import advance
from narrator.rules.chance import sample
from narrator.rules.codec import action_to_dict
from narrator.rules.core import CHANCE, ChanceAction, Event

from narrator.battaglia.simulate import job_config, lean_trace, play_one
from narrator.fast import engine, mt_key
from narrator.fast.battaglia import CARD_NAMES, action_dict, play_rows, trace, unsupported
from narrator.playtest.runner import GameJob
from tests.fast.options import away_from_default
from tests.lanes import sweep

ROOT = Path(__file__).resolve().parents[2]
PLAYER_COUNTS = range(6, 18)

OPTIONS: list[dict[str, Any]] = away_from_default(
    "battaglia", skip=("players", "deck_size", "max_players"),
    values={"darkness_rounds": [1], "shadow_talk_rounds": [0, 2], "votes_per_player": [2], "stalemate_cycles": [0, 1],
            "max_days": [3], "forced_outcome_players": [3], "forced_outcome_visits": [300], "accusations_min": [1],
            "accusations_max": [6]},
    together=[("domovik_self", "tiir_self", "corrigan_self"), ("n_includes_gloom", "n_includes_koldunya"),
              ("accusations_min", "accusations_max"), ("scoring_cumulative", "scoring_clan_by"),
              ("forced_outcome_players", "forced_outcome_visits")])
"""Every option of BattagliaConfig away from its default (a new option joins by itself: tests/fast/options.py);
the table's shape is tested on its own."""


@pytest.fixture(scope="module")
def native() -> ModuleType:
    """The compiled engine (a test error, not a skip, when it is not built)."""
    return engine("battaglia")


# -- the Python side of the trivial-chooser game ----------------------------------------------------------


def python_trivial(config: BattagliaConfig, seed: int, chooser_seed: str) -> tuple[list[dict[str, Any]], Any]:
    """The lean loop of simulate._play_lean with the trivial chooser: every move, and the final state."""
    return python_trivial_from(GAME.initial_state(config), seed, chooser_seed)


def _jsonish(data: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


def native_trivial(native: ModuleType, config: BattagliaConfig, seed: int, chooser_seed: str) -> tuple[Any, ...]:
    moves, summary, (log, notes) = native.trace_trivial(config, mt_key(seed), mt_key(chooser_seed))
    return [action_dict(m) for m in moves], summary, log, notes


# -- events: the native records projected onto the Python event data the bots and the tally read ------------


def _whisper_text(seats: list[int]) -> str:
    return "тьма: " + ", ".join(str(s) for s in seats) if seats else ""


def python_event_key(event: Event) -> tuple[Any, ...]:
    """The facts of a Python event that the native record carries."""
    k, d = event.kind, event.data
    fields: dict[str, tuple[Any, ...]] = {
        "deal": (d.get("players"), d.get("undealt")),
        "your_card": (d.get("card"), d.get("life")), "new_soul": (d.get("card"), d.get("life")),
        "night": (d.get("night"), bool(d.get("acquaintance"))),
        "clan": (d.get("night"), d.get("clan"), d.get("members")),
        "cat_saw": (d.get("night"), d.get("step"), d.get("awake"), d.get("choices")),
        "heading": (d.get("night"), d.get("step")),
        "gathering": (d.get("night"), d.get("step"), d.get("members")),
        "tiir_saw": (d.get("night"), d.get("seat"), d.get("card")),
        "lord_reveal_noted": (d.get("night"),),
        "darkness_round": (d.get("night"), d.get("step"), d.get("round"), d.get("choices"), d.get("decided")),
        "whispers": (d.get("night"), d.get("round"), d.get("messages")),
        "lord_revealed": (d.get("seat"), d.get("night")),
        "morning": (d.get("night"), [[x["seat"], x["card"], x["life"]] for x in d.get("deaths", [])],
                    d.get("shadows")),
        "no_soul_left": (d.get("seat"),),
        "day": (d.get("day"), d.get("accusations"), d.get("votes"), d.get("judges")),
        "accusation": (d.get("accuser"), d.get("target"), d.get("basis"), d.get("charge"), d.get("by_curse")),
        "curse_binds": (d.get("cursed"), d.get("forced_voters")),
        "speech": (d.get("seat"),),
        "accusation_proposed": (d.get("accuser"), d.get("target"), d.get("basis"), d.get("charge")),
        "accusation_refused": (d.get("accuser"), d.get("target"), d.get("judge")),
        "no_condemnation": (d.get("day"), d.get("reason")),
        "vote_open": (d.get("day"), d.get("revote"), d.get("candidates"), d.get("votes"), d.get("bound")),
        "ballots": (d.get("day"), d.get("revote"), d.get("ballots")),
        "condemned": (d.get("day"), d.get("seat")),
        "child_revealed": (d.get("seat"), d.get("cause")),
        "dying_shot": (d.get("target"),),
        "curse": (d.get("koldun"), d.get("cursed"), d.get("forced_voters")),
        "execution_moment": (d.get("day"), d.get("seat")),
        "intercession": (d.get("lun"), d.get("condemned")),
        "execution": (d.get("day"), d.get("seat"), d.get("card"), d.get("life")),
        "death": (d.get("seat"), d.get("card"), d.get("life")),
        "shadow_revealed": (d.get("seat"),),
        "heir": (d.get("slot"),),
        "bishop_revealed": (d.get("seat"), d.get("pointed")),
        "day_end": (d.get("day"),),
        "game_over": (d.get("termination"), d.get("winners"), d.get("scores")),
    }
    return (k, *fields[k])


_REASONS = ("no_accusations", "tie", "no_votes")
_TERMINATIONS = ("move_limit", "one_force_left", "all_dead", "stalemate", "day_limit", "forced_outcome")


def native_event_key(e: tuple[Any, ...], summary: dict[str, Any], scores: list[int]) -> tuple[Any, ...]:
    """The same facts from a native event tuple (see module.cpp event_tuple)."""
    k, seat, target, step, card, life, rnd, night, day, a, b, members, mask2, items, flag, basis, charge = e
    pairs = [[i[0], i[1]] for i in items]
    fields: dict[str, tuple[Any, ...]] = {
        "deal": (a, b), "your_card": (card, life), "new_soul": (card, life),
        "night": (night, bool(flag)),
        "clan": (night, "darkness" if a == 0 else "shadow", members),
        "cat_saw": (night, step, members, pairs), "heading": (night, step),
        "gathering": (night, step, members), "tiir_saw": (night, seat, card), "lord_reveal_noted": (night,),
        "darkness_round": (night, step, rnd, pairs, None if target < 0 else target),
        "whispers": (night, rnd, [[i[0], _whisper_text(i[4])] for i in items]),
        "lord_revealed": (seat, night or None),
        "morning": (night, [[i[0], i[2], i[3]] for i in items], members),
        "no_soul_left": (seat,), "day": (day, a, b, members),
        "accusation": (seat, target, basis, charge, bool(flag)), "curse_binds": (target, members), "speech": (seat,),
        "accusation_proposed": (seat, target, basis, charge), "accusation_refused": (seat, target, a),
        "no_condemnation": (day, _REASONS[a % 3]), "vote_open": (day, bool(flag), members, a, mask2),
        "ballots": (day, bool(flag), [[i[0], i[4]] for i in items]), "condemned": (day, seat),
        "child_revealed": (seat, "condemned" if a == 0 else "dying_shot"), "dying_shot": (target,),
        "curse": (seat, target, members), "execution_moment": (day, seat), "intercession": (seat, target),
        "execution": (day, seat, card, life), "death": (seat, card, life), "shadow_revealed": (seat,),
        "heir": (a,), "bishop_revealed": (seat, members), "day_end": (day,),
        "game_over": (_TERMINATIONS[a % 6], members, scores),
    }
    return (k, *fields[k])


def _comparable(py: tuple[Any, ...], nat: tuple[Any, ...]) -> bool:
    return py == nat


def assert_records(state: Any, log: list[Any], notes: list[Any], summary: dict[str, Any]) -> None:
    scores = list(state.result.detail["scores"]) if state.result else []
    assert [e[0] for e in log] == [e.kind for e in state.public_log]
    for py_event, nat_event in zip(state.public_log, log):
        py_key, nat_key = python_event_key(py_event), native_event_key(nat_event, summary, scores)
        assert _comparable(py_key, nat_key), (py_key, nat_key)
    for seat, mine in enumerate(notes):
        assert [e[0] for e in mine] == [e.kind for e in state.notes[seat]], seat
        for py_event, nat_event in zip(state.notes[seat], mine):
            py_key, nat_key = python_event_key(py_event), native_event_key(nat_event, summary, scores)
            assert _comparable(py_key, nat_key), (seat, py_key, nat_key)


def assert_same_game(native: ModuleType, config: BattagliaConfig, seed: int) -> None:
    chooser = f"pick:{seed}"
    py_moves, state = python_trivial(config, seed, chooser)
    moves, summary, log, notes = native_trivial(native, config, seed, chooser)
    for i, (py_move, nat_move) in enumerate(zip(py_moves, moves)):
        assert py_move == nat_move, f"move {i} differs: python {py_move}, native {nat_move}"
    assert len(py_moves) == len(moves)
    assert summary["termination"] == (state.result.termination if state.result else "move_limit")
    assert summary["winners"] == sorted(state.result.winners if state.result else ())
    assert_records(state, log, notes, summary)


@pytest.mark.parametrize("players", sweep(PLAYER_COUNTS))
def test_trivial_games_match_python_at_every_count(native: ModuleType, players: int) -> None:
    """Default rules, both deck sizes the table allows (L42): same moves, chance, log and notes."""
    for seed in range(4):
        assert_same_game(native, BattagliaConfig(players=players), seed)
    if players + 3 <= 20:
        assert_same_game(native, BattagliaConfig(players=players, deck_size=players + 3), 99)


@pytest.mark.parametrize("options", sweep(OPTIONS, fast=4), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_trivial_games_match_python_under_every_option(native: ModuleType, options: dict[str, Any]) -> None:
    for players, seed in ((6, 1), (9, 2), (12, 3), (17, 4)):
        assert_same_game(native, BattagliaConfig(players=players, **options), seed)


def test_every_option_is_supported() -> None:
    assert unsupported(BattagliaConfig()) is None
    assert unsupported(BattagliaConfig(forced_outcome_players=2, human_moderator=True)) is None
    assert unsupported(BattagliaConfig(players=18, max_players=18)) is None


def test_eighteen_players_with_the_twenty_card_set(native: ModuleType) -> None:
    """max_players=18 (DEC-1): the 20-card set for 18 players, trivial games and bot rows alike."""
    for seed in range(2):
        assert_same_game(native, BattagliaConfig(players=18, max_players=18), seed)
    jobs = [GameJob(i, 18, 40 + i, {"max_players": 18}) for i in range(3)]
    for job, row in zip(jobs, play_rows(job_config(jobs[0]), jobs)):
        assert row == play_one(job), _row_differences(play_one(job), row)


def test_card_names_follow_the_deck_order() -> None:
    from narrator.rules.battaglia import DECK_ORDER

    assert CARD_NAMES == tuple(c.value for c in DECK_ORDER)


# -- the scripted bots: the same games as narrator.battaglia.simulate -------------------------------------


def python_bot_trace(job: GameJob) -> list[dict[str, Any]]:
    """simulate._play_lean's moves (the applied ones, fallbacks replaced), chance included."""
    return [_jsonish(action_to_dict(action)) for action in lean_trace(job)[0]]


def _row_differences(python: dict[str, Any], native_row: dict[str, Any]) -> dict[str, Any]:
    keys = list(dict.fromkeys([*python, *native_row]))
    return {k: (python.get(k), native_row.get(k)) for k in keys if python.get(k) != native_row.get(k)}


@pytest.mark.parametrize("players", sweep(PLAYER_COUNTS, fast=2))
def test_rows_equal_play_one_at_every_count(players: int) -> None:
    """Simulation defaults (SIMULATION_DEFAULTS), many seeds: every column of every row."""
    jobs = [GameJob(i, players, 7919 * players + i, {}) for i in range(12)]
    rows = play_rows(job_config(jobs[0]), jobs)
    for job, row in zip(jobs, rows):
        assert list(row) == list(play_one(job)), "columns and their order"
        assert row == play_one(job), (job.seed, _row_differences(play_one(job), row))


@pytest.mark.parametrize("players", sweep([6, 9, 12, 14, 17], fast=2))
def test_bot_traces_equal_the_python_lean_loop(players: int) -> None:
    """Move for move: actor, kind, every field, chance values."""
    config = job_config(GameJob(0, players, 0, {}))
    for seed in (players, 100 + players, 2000 + players):
        assert trace(config, seed) == python_bot_trace(GameJob(0, players, seed, {}))


def _profile(name: str) -> dict[str, Any]:
    return yaml.safe_load((ROOT / "profiles" / "battaglia" / f"{name}.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("profile", sweep(["standard", "simulation", "house_lenient"], fast=1))
def test_rows_equal_play_one_under_the_profiles(profile: str) -> None:
    options = _profile(profile)
    players = options.pop("players")
    jobs = [GameJob(i, players, 31 * i + 5, options) for i in range(15)]
    config = job_config(jobs[0])
    assert unsupported(config) is None
    for job, row in zip(jobs, play_rows(config, jobs)):
        assert row == play_one(job), (profile, job.seed, _row_differences(play_one(job), row))


@pytest.mark.parametrize("options", sweep(OPTIONS, fast=3), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_rows_equal_play_one_under_every_option(options: dict[str, Any]) -> None:
    for players in (7, 12, 16):
        jobs = [GameJob(i, players, 500 + i, options) for i in range(2)]
        for job, row in zip(jobs, play_rows(job_config(jobs[0]), jobs)):
            assert row == play_one(job), (options, job.seed, _row_differences(play_one(job), row))


def test_native_bot_trace_replays_legally_through_the_python_kernel() -> None:
    """Property: every native move is accepted by the Python kernel's ``apply`` (its check is the law)."""
    from narrator.rules.codec import codec_for

    codec = codec_for(GAME.action_types)
    for players, seed in ((8, 3), (13, 4), (17, 5)):
        config = job_config(GameJob(0, players, seed, {}))
        state = GAME.initial_state(config)
        for move in trace(config, seed):
            state = GAME.apply(state, codec.decode(move)).state
        assert state.result is not None


def test_rows_equal_the_recorded_session_games(tmp_path: Path) -> None:
    """play_one with a transcript runs a Session (talking bots, JSONL): the same moves (texts aside: the
    talking bots word their accusations and whispers in English) and the same row."""
    for players, seed in ((10, 1), (12, 2), (15, 3)):
        path = tmp_path / f"g{seed}.jsonl"
        job = GameJob(0, players, seed, {}, transcript=str(path))
        (row,) = play_rows(job_config(job), [job])
        assert row == play_one(job), _row_differences(play_one(job), row)
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        recorded = [_silent(line["payload"]) for line in lines if line["kind"] in ("action", "chance")]
        assert recorded == trace(job_config(job), seed)


def _silent(payload: dict[str, Any]) -> dict[str, Any]:
    """A recorded move as the silent native bots make it: no accusation text, whispers in Russian."""
    if payload["kind"] == "accuse":
        return {**payload, "text": ""}
    if payload["kind"] == "whisper" and payload["text"].startswith("dark: "):
        return {**payload, "text": "тьма: " + payload["text"][len("dark: "):]}
    return payload


# -- the forced-outcome look-ahead (DEC-35, L92): positions loaded from Python states ------------------------

def trivial_states(config: BattagliaConfig, seed: int) -> Any:
    """Every state of a trivial-chooser game (chance from ``seed``), the first included."""
    rng, pick = random.Random(seed), random.Random(f"pick:{seed}")
    state = GAME.initial_state(config)
    yield state
    while state.result is None:
        active = GAME.active_players(state)
        if CHANCE in active:
            action: Any = ChanceAction(values=sample(GAME.chance_spec(state), rng))
        else:
            legal = GAME.legal_actions(state, min(active))
            action = legal[pick.randrange(len(legal))]
        state = GAME.apply(state, action).state
        yield state


def held(state: Any, native: ModuleType) -> Any:
    """``state`` with the fields the C++ state does not hold (``STATE_SKIPPED``) at their defaults, and
    those it holds as sets (``STATE_UNORDERED``: the day's ballots and execution window) in seat order."""
    cleared = {name.split(".")[1] for name in native.STATE_SKIPPED if name.startswith("BattagliaState.")}
    defaults = {f.name: f.default for f in dataclasses.fields(state) if f.name in cleared}
    today = state.today
    if today is not None and "Accusation.text" in native.STATE_SKIPPED:
        today = dataclasses.replace(today, accusations=tuple(dataclasses.replace(a, text="") for a in today.accusations),
                                    pending=today.pending and dataclasses.replace(today.pending, text=""))
    if today is not None:
        assert set(native.STATE_UNORDERED) == {"DayState.ballots", "DayState.window"}
        today = dataclasses.replace(today, ballots=tuple(sorted(today.ballots)), window=tuple(sorted(today.window)))
    return dataclasses.replace(state, today=today, **defaults)


def test_the_generated_state_glue_round_trips_the_states_of_played_games(native: ModuleType) -> None:
    """generated_state_py.hpp (narrator/fast/codegen_state.py, from the state dataclasses): every state of
    trivial games, read into the C++ state and written back, equals the Python one but for the fields the
    engine does not hold (its records, the result, texts), at every phase, under options that fill the
    night's whispers, the curse, the execution window and the second souls."""
    assert set(native.STATE_SKIPPED) - {"BattagliaState.record"} == {  # record: the public log folded, when there
        "Accusation.text", "DayState.declared", "DayState.declaring", "BattagliaState.public_log",
        "BattagliaState.notes", "BattagliaState.result"}
    seen: set[str] = set()
    checked = 0
    for players, seed, options in ((6, 1, {}), (9, 2, {"shadow_talk_rounds": 2}), (12, 3, {"speech_rounds": 1}),
                                   (17, 4, {"soul_pool": "undealt_and_dead"})):
        for state in trivial_states(BattagliaConfig(players=players, **options), seed):
            if state.result is not None:
                continue
            back = native.state_round_trip(state)
            assert back == held(state, native), (players, seed, state.phase)
            seen.add(str(state.phase))
            if state.night is not None and any(isinstance(t, str) for _, t in state.night.chosen):
                seen.add("whisper")
            if state.today is not None and state.today.window:
                seen.add("window")
            seen |= {"curse"} if state.curse or (state.today and state.today.curse) else set()
            checked += 1
    assert checked > 500 and {"deal", "night", "vote", "execution", "whisper", "window"} <= seen, seen


def test_the_state_glue_refuses_what_the_engine_cannot_hold(native: ModuleType) -> None:
    """A finished game and a day of declared accusations (accusation_order declare_draw, unported) are
    refused by name, not read wrong."""
    *_, over = trivial_states(BattagliaConfig(players=6), 5)
    with pytest.raises(ValueError, match="result: not held natively"):
        native.state_round_trip(over)
    state = next(s for s in trivial_states(BattagliaConfig(players=7), 6) if s.today is not None)
    declaring = dataclasses.replace(state, today=dataclasses.replace(state.today, declaring=True))
    with pytest.raises(ValueError, match="declaring: not held natively"):
        native.state_round_trip(declaring)


def assert_same_lookahead(native: ModuleType, state: Any, budgets: tuple[int, ...]) -> None:
    for budget in budgets:
        expected = forced_winner(state, advance, visits=budget)
        found, _ = native.forced_winner(state, budget)
        assert found == (None if expected is None else str(expected)), (budget, expected, found)


def test_the_lookahead_finds_the_forced_position_of_the_kernel_tests(native: ModuleType) -> None:
    """The positions of tests/battaglia/test_kernel_forced.py (L92, L86): forced for the light with the curse,
    not forced without it (stalling into a stalemate), not forced past a budget of 5."""
    from tests.battaglia.test_kernel_forced import execute_lun, lun_condemned

    forced = execute_lun(lun_condemned(curse=True))
    assert native.forced_winner(forced, 20_000)[0] == "light"
    assert_same_lookahead(native, forced, (5, 50, 20_000))
    assert_same_lookahead(native, execute_lun(lun_condemned(curse=False)), (5, 50, 20_000))


def test_the_lookahead_agrees_on_positions_of_played_games(native: ModuleType) -> None:
    """Every position with three living players or fewer along trivial games, at several budgets."""
    checked = 0
    for players, seed in ((6, 1), (6, 2), (7, 3), (8, 4)):
        config = BattagliaConfig(players=players, stalemate_cycles=2)
        rng, pick = random.Random(seed), random.Random(f"pick:{seed}")
        state = GAME.initial_state(config)
        while state.result is None:
            active = GAME.active_players(state)
            if CHANCE in active:
                action: Any = ChanceAction(values=sample(GAME.chance_spec(state), rng))
            else:
                legal = GAME.legal_actions(state, min(active))
                action = legal[pick.randrange(len(legal))]
            state = GAME.apply(state, action).state
            if state.result is None and state.players - len(state.out) <= 3 and checked < 40:
                assert_same_lookahead(native, state, (20, 400))
                checked += 1
    assert checked > 0


def python_trivial_from(state: Any, seed: int, chooser_seed: str) -> tuple[list[dict[str, Any]], Any]:
    """The trivial-chooser game from ``state`` (chance from ``seed``, choices from ``chooser_seed``)."""
    rng, pick = random.Random(seed), random.Random(chooser_seed)
    moves: list[dict[str, Any]] = []
    for _ in range(20_000):
        if state.result is not None:
            break
        active = GAME.active_players(state)
        if CHANCE in active:
            action: Any = ChanceAction(values=sample(GAME.chance_spec(state), rng))
        else:
            legal = GAME.legal_actions(state, min(active))
            action = legal[pick.randrange(len(legal))]
        moves.append(_jsonish(action_to_dict(action)))
        state = GAME.apply(state, action).state
    return moves, state


def test_the_lookahead_ends_a_game_as_the_kernel_does(native: ModuleType) -> None:
    """From the condemned Lun of test_kernel_forced with forced_outcome_players=3: the same moves up to the
    night that the look-ahead closes with the light's forced win (L92, DEC-35), and the same winners."""
    from tests.battaglia.test_kernel_forced import lun_condemned

    for curse in (True, False):
        start = lun_condemned(curse=curse, forced_outcome_players=3)
        for seed in range(4):
            py_moves, end = python_trivial_from(start, seed, f"pick:{seed}")
            moves, facts = native.trace_trivial_from(start, mt_key(seed), mt_key(f"pick:{seed}"))
            assert [action_dict(m) for m in moves] == py_moves
            assert (facts[2], facts[3], facts[4]) == (end.result.termination, end.result.detail["force"],
                                                      sorted(end.result.winners))


def python_view_tuple(view: Any) -> tuple[Any, ...]:
    """A BattagliaView as module.cpp's view_tuple (log and notes by length)."""
    return (view.viewer, str(view.phase), view.day, view.night, None if view.step is None else str(view.step),
            view.players, len(view.deck), list(view.lives), sorted(view.out),
            [(s, life, str(c)) for s, life, c in view.graveyard], sorted(view.revealed_shadow),
            sorted(view.revealed_child), sorted(view.revealed_lord), sorted(view.revealed_bishop), list(view.judges),
            view.turn, [(a.accuser, a.target, a.basis, a.charge) for a in view.accusations], view.accusations_limit,
            view.votes, list(view.candidates), view.condemned, view.cursed, sorted(view.bound_voters), len(view.log),
            str(view.card), view.life, view.heir_slot, list(view.awake_with), view.night_round, len(view.notes))


@pytest.mark.parametrize("players", sweep([6, 11, 17], fast=2))
def test_every_view_equals_the_python_view(native: ModuleType, players: int) -> None:
    """Before every seat's move, its native View holds what views.py gives it, and nothing is missing."""
    for seed in range(2):
        config = BattagliaConfig(players=players, speech_rounds=1)
        rng, pick = random.Random(seed), random.Random(f"pick:{seed}")
        state = GAME.initial_state(config)
        expected = []
        while state.result is None:
            active = GAME.active_players(state)
            if CHANCE in active:
                action: Any = ChanceAction(values=sample(GAME.chance_spec(state), rng))
            else:
                seat = min(active)
                expected.append(python_view_tuple(GAME.view(state, seat)))
                legal = GAME.legal_actions(state, seat)
                action = legal[pick.randrange(len(legal))]
            state = GAME.apply(state, action).state
        views = native.views_trivial(config, mt_key(seed), mt_key(f"pick:{seed}"))
        assert len(views) == len(expected)
        for i, (mine, theirs) in enumerate(zip(views, expected)):
            assert tuple(mine) == theirs, i


@pytest.mark.parametrize("players", sweep([6, 12, 17], fast=2))
def test_illegal_proposals_fall_back_as_in_python(native: ModuleType, players: int) -> None:
    """A chooser that sometimes proposes Choose(random seat): legal only as a listed night choice; otherwise
    the kernel's check refuses it and the loop plays the default action (pass; a judge approves)."""
    config = BattagliaConfig(players=players)
    for seed in range(3):
        rng, pick = random.Random(seed), random.Random(f"mischief:{seed}")
        state = GAME.initial_state(config)
        expected, fallbacks = [], 0
        while state.result is None:
            active = GAME.active_players(state)
            if CHANCE in active:
                action: Any = ChanceAction(values=sample(GAME.chance_spec(state), rng))
            else:
                seat = min(active)
                legal = GAME.legal_actions(state, seat)
                k = pick.randrange(len(legal) + 1)
                action = legal[k] if k < len(legal) else Choose(actor=seat, target=pick.randrange(players))
                if GAME.check(state, action) is not None:
                    fallbacks += 1
                    action = GAME.default_action(state, seat)
            expected.append(_jsonish(action_to_dict(action)))
            state = GAME.apply(state, action).state
        moves, summary, _ = native.trace_trivial(config, mt_key(seed), mt_key(f"mischief:{seed}"), True)
        assert [action_dict(m) for m in moves] == expected
        assert summary["fallbacks"] == fallbacks > 0

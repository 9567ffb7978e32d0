"""The native scripted bot (native/battaglia/bot.hpp) decides exactly as agents/battaglia/bot.py does.

``BattagliaBot(seed, seat, None, talk=False)`` is what ``narrator.battaglia.simulate`` seats in a lean
game; the C++ port must pick the same move for every request: the same SplitMix64 draws, the same
floats, the same tie-breaks and the same memory carried from one decision to the next. Each test
plays whole games both ways (the Python lean loop of ``simulate._play_lean`` and
``narrator.fast.battaglia.trace``) and reports the first move where they part.

The rules are those of ``rules/battaglia`` (seeds/004_55ac8a5a86b5c135.txt: decks L42, night L49-71,
day L72-90); the bots only play them, so these tests check the port against the Python bot.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from narrator.agents.battaglia.texts import temperament
from narrator.rules.battaglia import DECK_ORDER
from narrator.rules.codec import action_to_dict

from narrator.battaglia.simulate import job_config, lean_trace, play_one
from narrator.fast.battaglia import play_rows, trace
from narrator.playtest.runner import GameJob
from tests.lanes import sweep

BOT_HEADER = Path(__file__).resolve().parents[2] / "native" / "battaglia" / "bot_mind.hpp"
PLAYER_COUNTS = range(6, 18)
SEEDS_PER_COUNT = 14

OPTIONS: list[dict[str, Any]] = [
    # what the bots see or are offered changes with these (the simulation defaults aside)
    {"speech_rounds": 1}, {"objection_window": "all"},
    {"domovik_self": True, "tiir_self": True, "corrigan_self": True},
    {"lord_reveal_at_night": False}, {"lord_revote": False},
    {"darkness_rounds": 1}, {"shadow_talk_rounds": 0}, {"shadow_talk_rounds": 2},
    {"koldunya_in_shadow_meetings": False}, {"cat_peeks_night1": False},
    {"cat_sees_tiir_card": True, "acquaintance_reveals_cards": True},
    {"votes_per_player": 2}, {"accusations_min": 1, "accusations_max": 6},
    {"dying_shot_gate": "on_condemnation", "heir_keeps_shot_after_death": True},
    {"koldun_executed": False, "curse_gate": "on_execution"},
    {"soul_pool": "undealt", "soul_own_previous_card": False},
]


def python_moves(job: GameJob, chance_seed: Any = None) -> list[dict[str, Any]]:
    """simulate._play_lean's moves with the talk-less bots, chance included, as the codec encodes them."""
    moves, fallbacks = lean_trace(job, chance_seed=chance_seed)
    assert fallbacks == 0, "the Python bot itself proposed an illegal move"
    return [{k: list(v) if isinstance(v, tuple) else v for k, v in action_to_dict(m).items()} for m in moves]


def first_difference(python: list[dict[str, Any]], native: list[dict[str, Any]]) -> str | None:
    """Where two games part: the move number and both moves (with the two moves before), else ``None``."""
    for i, (ours, theirs) in enumerate(zip(python, native)):
        if ours != theirs:
            return f"move {i}: python {ours} != native {theirs}; before: {python[max(0, i - 2):i]}"
    if len(python) != len(native):
        return f"python played {len(python)} moves, native {len(native)}"
    return None


def assert_same_game(players: int, seed: int, options: dict[str, Any] | None = None) -> None:
    job = GameJob(0, players, seed, options or {})
    difference = first_difference(python_moves(job), trace(job_config(job), seed))
    assert difference is None, f"{players} players, seed {seed}, options {options}: {difference}"


@pytest.mark.parametrize("players", sweep(PLAYER_COUNTS))
def test_bot_moves_equal_python_at_every_count(players: int) -> None:
    """The simulation's rules (SIMULATION_DEFAULTS), many seeds: every move, field for field."""
    for seed in range(SEEDS_PER_COUNT):
        assert_same_game(players, 4099 * seed + players)


@pytest.mark.parametrize("options", sweep(OPTIONS, fast=4), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_bot_moves_equal_python_under_options(options: dict[str, Any]) -> None:
    """Options that change what a seat is shown or offered (speeches, objection windows, self-targets,
    night reveals, darkness and shadow rounds, ballots' size, souls): the bots still agree."""
    for players, seed in ((7, 11), (11, 12), (14, 13), (17, 14)):
        assert_same_game(players, seed, options)


def test_rows_equal_play_one_for_seeds_of_every_count() -> None:
    """The report rows of bot games (what ``narrator simulate`` writes) equal the Python ones."""
    for players in PLAYER_COUNTS:
        jobs = [GameJob(i, players, 300 + 17 * i + players, {}) for i in range(2)]
        for job, row in zip(jobs, play_rows(job_config(jobs[0]), jobs)):
            assert row == play_one(job), (players, job.seed)
            assert row["fallbacks"] == 0, "a scripted bot always answers legally"


def test_seed_none_keys_the_bots_like_python() -> None:
    """``BattagliaBot(None, seat)`` keys its draws with ``seed_key("None/seat")``; the native bots too."""
    job = GameJob(0, 9, None, {})
    config = job_config(job)
    rng_seed = 5  # the chance stream needs a seed; the bots' keys come from ``None``
    python = python_moves(job, chance_seed=rng_seed)
    from narrator.fast import engine, mt_key
    from narrator.fast.battaglia import action_dict, bot_keys

    moves, _, _ = engine("battaglia").trace_bots(config, mt_key(rng_seed), bot_keys(None, 9))
    assert first_difference(python, [action_dict(m) for m in moves]) is None


def _header_temperaments() -> dict[str, float]:
    """The numbers of ``bot::Temperament`` in bot_mind.hpp, by field (boldness as a list)."""
    text = BOT_HEADER.read_text(encoding="utf-8")
    body = text[text.index("struct Temperament"):]
    body = body[:body.index("\n};")]
    boldness = re.search(r"boldness\[MAX_CARDS\]\s*=\s*\{([^}]*)\}", body)
    assert boldness is not None
    found: dict[str, Any] = {"boldness": [float(x) for x in boldness.group(1).split(",")]}
    for name in ("lord_reveal", "koldun_curse", "bishop_reveal", "lun_reveal"):
        match = re.search(rf"double {name} = ([0-9.]+);", body)
        assert match is not None, name
        found[name] = float(match.group(1))
    return found


def test_temperaments_in_the_header_are_the_masks_yaml() -> None:
    """The native bot's biases equal texts.temperament (prompts/battaglia/masks.yaml) for every mask."""
    found = _header_temperaments()
    assert found["boldness"] == [temperament(card.value, "boldness") for card in DECK_ORDER]
    assert found["lord_reveal"] == temperament("LORD_LUIHAD", "reveal")
    assert found["koldun_curse"] == temperament("KOLDUN", "curse")
    assert found["bishop_reveal"] == temperament("BISHOP", "reveal")
    assert found["lun_reveal"] == temperament("LUN", "reveal")

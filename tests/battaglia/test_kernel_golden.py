"""Golden games: the kernel's behaviour, frozen line by line in 200 recorded games.

Each golden game is a seeded random-legal-move game played through :class:`narrator.session.Session`.
Its lines (see ``tests/golden_lines.py``) are, in the order they happened, the transcript (every
action, every event with its audience and data, the result), what each seat was shown when asked
(its view, and the legal moves in the kernel's order), and every seat's final view with its full
log and notes. Speed work on the kernel must keep every line: the rules
(seeds/004_55ac8a5a86b5c135.txt) are unchanged only if all 200 games are identical. A failure names
the first changed line of the first changed game.

Regenerate (only after a deliberate, documented change of an event's form)::

    python -m tests.battaglia.test_kernel_golden --write
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from narrator.agents.base import Seat
from narrator.rules.battaglia import GAME, BattagliaConfig
from narrator.rules.core import Viewer

from narrator.session import Session
from tests import golden_lines
from tests.golden_lines import StreamRecorder
from tests.lanes import sweep

GOLDEN = Path(__file__).with_name("golden_lines.json")
SIMULATION = {"speech_rounds": 0, "objection_window": "eligible", "shadow_talk_rounds": 0, "darkness_rounds": 1}
HOUSE = {"deck_size": 14, "rainmaker_force": "by_night_group", "darkness_productivity": "participant",
         "dying_shot_gate": "on_condemnation", "scoring_cumulative": True}
VARIANT = {"soul_pool": "undealt_and_dead", "soul_own_previous_card": False, "acquaintance_reveals_cards": True,
           "cat_sees_tiir_card": True, "koldunya_in_shadow_meetings": False, "koldunya_revealed_by_target": False,
           "bishop_points_at_koldunya": False, "domovik_multi_host": "any_alive_saves",
           "lord_guest_protected": False, "domovik_self": True, "tiir_self": True, "corrigan_self": True,
           "heir_keeps_shot_after_death": True, "lord_revote": False, "koldun_executed": False,
           "curse_gate": "on_execution", "n_includes_gloom": True, "n_includes_koldunya": True,
           "votes_per_player": 2, "scoring_clan_by": "any_soul", "shadow_talk_rounds": 2, "speech_rounds": 2}
SUITES: dict[str, tuple[dict[str, Any], tuple[int, ...], int]] = {
    # name: (options, player counts, games per count)
    "default": ({}, (6, 9, 12, 17), 10),
    "simulation": (SIMULATION, (6, 8, 12, 14, 17), 16),
    "house": (HOUSE, (11,), 40),
    "variant": (VARIANT, (7, 13), 10),
    "undealt": ({"soul_pool": "undealt", "objection_window": "eligible", "stalemate_cycles": 0, "max_days": 12},
                (6, 15), 10),
}
"""200 games in all: the spec's defaults, the simulation profile, the house profile and every other option."""


def _plain(value: Any) -> Any:
    """Sets in sorted order (their iteration order is an accident of construction); the rest as is."""
    if isinstance(value, (frozenset, set)):
        return sorted(value)
    return value


def _event(event: Any) -> str:
    return repr((event.kind, _plain(event.audience), event.data))


def _view_text(view: Any) -> str:
    """A view as one line: every field, the log and notes as (length, last entry)."""
    parts = []
    for name in view.__slots__:
        if name == "record":  # the log's facts: test_public_record holds it to record_of(log)
            continue
        value = getattr(view, name)
        if name in ("log", "notes"):
            value = (len(value), _event(value[-1]) if value else None)
        elif name == "truth":
            value = value is not None
        parts.append(f"{name}={_plain(value)!r}")
    return ";".join(parts)


def _final_views(state: Any, players: int) -> list[str]:
    """Every final view as lines: its fields, then every log entry and note in full.

    Every viewer's log is the public record, so a log equal to the first viewer's is one line saying so.
    """
    lines: list[str] = []
    first: list[str] | None = None
    for viewer in (*range(players), None, Viewer.PUBLIC):
        view = GAME.view(state, viewer)
        log = [_event(e) for e in view.log]
        lines.append(f"final {viewer}: {_view_text(view)}")
        if first is not None and log == first:
            lines.append(f"final {viewer} log: the first viewer's")
        else:
            lines += (f"final {viewer} log {i}: {e}" for i, e in enumerate(log))
        first = log if first is None else first
        lines += (f"final {viewer} note {i}: {_event(e)}" for i, e in enumerate(view.notes))
    return lines


class RandomAgent(Seat):
    """Picks a legal move with its own seeded generator, adding what it was shown to the game's lines."""

    name = "random"

    def __init__(self, seed: int, lines: list[str]) -> None:
        self.rng, self.lines = random.Random(seed), lines

    def act(self, request: Any) -> Any:
        self.lines.append(f"view {request.seat}: {_view_text(request.view)}")
        self.lines.append(f"legal {request.seat}: {list(request.legal)!r}")
        return self.rng.choice(list(request.legal))


def game_lines(options: dict[str, Any], players: int, seed: int) -> list[str]:
    """One golden game's lines, in order (see the module docstring for what they cover)."""
    lines: list[str] = []
    config = BattagliaConfig(players=players, **options)
    agents = {s: RandomAgent(seed * 100 + s, lines) for s in range(players)}
    session = Session(GAME, config, agents, seed=seed, recorder=StreamRecorder(lines, config))
    session.write_header()
    session.run()
    return lines + _final_views(session.state, players)


def golden_games() -> list[tuple[str, dict[str, Any], int, int]]:
    """(id, options, players, seed) of every golden game."""
    return [(f"{name}-{players}p-{seed}", options, players, seed)
            for name, (options, counts, games) in SUITES.items() for players in counts for seed in range(games)]


def _chunk(game_id: str) -> str:
    """Games in runs of ten (suite, player count, tens of seeds): the parallel runner's units."""
    name, players, seed = game_id.rsplit("-", 2)
    return f"{name}-{players}-{int(seed) // 10}"


CHUNKS = sorted({_chunk(game_id) for game_id, *_ in golden_games()})


def test_the_golden_file_holds_exactly_the_golden_games():
    assert len(golden_games()) == 200
    assert set(golden_lines.read(GOLDEN)) == {game_id for game_id, *_ in golden_games()}


@pytest.mark.parametrize("chunk", sweep(CHUNKS, fast=6))  # one chunk of every suite fast, all 22 in CI
def test_golden_games_are_line_for_line_identical(chunk: str):
    """Each game's transcript, views and legal moves hash as recorded; a failure names the first changed line."""
    expected = golden_lines.read(GOLDEN)
    golden_lines.check(expected, ((game_id, game_lines(options, players, seed))
                                  for game_id, options, players, seed in golden_games() if _chunk(game_id) == chunk))


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.battaglia.test_kernel_golden --write")
    golden_lines.write(GOLDEN, {game_id: golden_lines.encode(game_lines(options, players, seed))
                                for game_id, options, players, seed in golden_games()})
    print(f"wrote {GOLDEN}")

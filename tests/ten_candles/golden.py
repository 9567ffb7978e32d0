"""The golden games: seeded random-legal games whose transcripts, views and legal-move lists must
stay byte-identical while the kernel is optimised (no rule may change).

Each game runs through ``narrator.session.Session``; every seat is a seeded agent that plays a
random listed move of its turn, now and then an interjection (X-card, accidental candle, showing
the Brink) and now and then a probe move that the kernel must refuse (so rejection codes and
messages are covered). A game's lines (``tests/golden_lines.py``) are its transcript records; for
every request, ``repr`` of the seat's view, of its legal moves and of the refusal it is
re-asked with; and after every move the public and the auditor's views, the waiting seats and the
owed dice.

Regenerate (only when a rule change is intended, and say so in the commit):

    python -m tests.ten_candles.golden
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from narrator.agents.base import Request, Seat
from narrator.rules.core import HOST, Action, Viewer
from narrator.rules.ten_candles import (
    GAME,
    AcceptRoll,
    BurnTrait,
    CallConflict,
    DeclineDeath,
    EmbraceBrink,
    KillCharacter,
    Narrate,
    Roll,
    SeizeNarration,
    SpeakTruth,
    TenCandlesConfig,
    VolunteerDeath,
    is_interjection,
)

from narrator.session import Session
from tests import golden_lines
from tests.golden_lines import StreamRecorder

GOLDEN = Path(__file__).with_name("golden_lines.json")
GAMES = 200
CONFIGS: tuple[dict[str, Any], ...] = (
    {},
    {"final_scene": "literal"},
    {"brink_success_loses": "sixes", "seize_requires_tie": True},
    {"max_rerolls_per_roll": 1, "trait_reroll_includes_hope": False},
    {"gm_sees_all_brinks": True, "dead_players_speak_truths": False, "message_playback": "on_death"},
    {"chorus_counts_as_truth": False, "allow_relight_during_setup": True, "message_playback": "never"},
    {"traits_one_word": False, "lines": ("spiders",), "veils": ("torture",)},
)


def probes(seat: int) -> list[Action]:
    """Moves the kernel usually refuses (wrong phase, wrong seat, GM-only topics...)."""
    return [Roll(actor=seat), BurnTrait(actor=seat), EmbraceBrink(actor=seat), SeizeNarration(actor=seat),
            AcceptRoll(actor=seat), VolunteerDeath(actor=seat), DeclineDeath(actor=seat),
            Narrate(actor=seat, text="x"), SpeakTruth(actor=seat, text="x", topic="sun"),
            SpeakTruth(actor=seat, text="", topic="general"), CallConflict(actor=seat, active=0, moment=True),
            KillCharacter(actor=seat, target=1), CallConflict(actor=seat, active=7)]


class GoldenAgent(Seat):
    """A seeded random seat that also adds every request it sees to the game's lines."""

    name = "golden"
    max_attempts: int | None = 3

    def __init__(self, seed: int, lines: list[str]) -> None:
        self.rng = random.Random(seed)
        self.lines = lines

    def act(self, request: Request) -> Action:
        seat = request.seat
        self.lines.append(f"view {seat}: {request.view!r}")
        self.lines.append(f"legal {seat}: {list(request.legal)!r}")
        if request.rejection is not None:
            self.lines.append(f"rejection {seat}: {request.rejection!r}")
        roll = self.rng.random()
        extra = [a for a in request.legal if is_interjection(a)]
        if roll < 0.04:
            return self.rng.choice(probes(request.seat))
        if roll < 0.05 and extra:
            return self.rng.choice(extra)
        return self.rng.choice([a for a in request.legal if not is_interjection(a)])


def game_spec(index: int) -> tuple[int, TenCandlesConfig]:
    """The seed and config of golden game ``index``."""
    options = CONFIGS[index % len(CONFIGS)]
    return 1000 + index, TenCandlesConfig(players=2 + index % 5, **options)


def game_id(index: int) -> str:
    """Golden game ``index``'s name: its number, table size and config (an index into ``CONFIGS``)."""
    return f"{index:03d}-{2 + index % 5}p-config{index % len(CONFIGS)}"


def game_lines(index: int) -> list[str]:
    """Golden game ``index``'s lines in order: transcript records, requests' views and moves, after-move views."""
    seed, config = game_spec(index)
    lines: list[str] = []
    agents = {seat: GoldenAgent(seed * 31 + seat, lines) for seat in (HOST, *range(config.players))}
    session = Session(GAME, config, agents, seed=seed, recorder=StreamRecorder(lines, config))

    def after_move(action: Action, events: object) -> None:
        state = session.state
        lines.append(f"after: public {GAME.view(state, None)!r}")
        lines.append(f"after: auditor {GAME.view(state, Viewer.HOST)!r}")
        lines.append(f"after: waiting {sorted(GAME.active_players(state))!r} dice {GAME.chance_spec(state)!r}")

    session.listeners.append(after_move)
    session.write_header()
    session.run()
    return lines


def main() -> None:
    """Recompute and store every golden game."""
    golden_lines.write(GOLDEN, {game_id(i): golden_lines.encode(game_lines(i)) for i in range(GAMES)})
    print(f"wrote {GAMES} games to {GOLDEN}")


if __name__ == "__main__":
    main()

"""The golden games: seeded random-legal games whose transcripts, views and legal-move lists must
stay byte-identical while the kernel is optimised (no rule may change).

Each game runs through ``narrator.session.Session`` with a ``MemoryRecorder``; every seat is a
seeded agent that plays a random listed move of its turn, now and then an interjection (X-card,
accidental candle, showing the Brink) and now and then a probe move that the kernel must refuse
(so rejection codes and messages are covered). The digest of a game covers its transcript lines;
for every request, ``repr`` of the seat's view and of its legal moves; and after every move the
public and the auditor's views, the waiting seats and the owed dice.

Regenerate (only when a rule change is intended, and say so in the commit):

    python -m tests.ten_candles.golden
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from narrator.agents.base import Request
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
from narrator.transcript import MemoryRecorder

HASHES = Path(__file__).with_name("golden_hashes.json")
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


class GoldenAgent:
    """A seeded random seat that also feeds every request it sees into a digest."""

    name = "golden"
    max_attempts = 3

    def __init__(self, seed: int, digest: Any) -> None:
        self.rng = random.Random(seed)
        self.digest = digest

    def act(self, request: Request) -> Action:
        self.digest.update(repr(request.view).encode())
        self.digest.update(repr(list(request.legal)).encode())
        self.digest.update(repr(request.rejection).encode())
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


def game_digest(index: int) -> str:
    """SHA-256 of golden game ``index``: transcript lines, then the requests' views and moves."""
    seed, config = game_spec(index)
    requests = hashlib.sha256()
    agents = {seat: GoldenAgent(seed * 31 + seat, requests) for seat in (HOST, *range(config.players))}
    recorder = MemoryRecorder()
    session = Session(GAME, config, agents, seed=seed, recorder=recorder)

    def after_move(action: Action, events: object) -> None:
        state = session.state
        requests.update(repr((GAME.view(state, None), GAME.view(state, Viewer.HOST),
                              sorted(GAME.active_players(state)), GAME.chance_spec(state))).encode())

    session.listeners.append(after_move)
    session.write_header()
    session.run()
    transcript = hashlib.sha256("\n".join(recorder.lines()).encode())
    return hashlib.sha256((transcript.hexdigest() + requests.hexdigest()).encode()).hexdigest()


def main() -> None:
    """Recompute and store every golden digest."""
    HASHES.write_text(json.dumps([game_digest(i) for i in range(GAMES)], indent=0) + "\n", encoding="utf-8")
    print(f"wrote {GAMES} digests to {HASHES}")


if __name__ == "__main__":
    main()

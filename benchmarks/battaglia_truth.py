"""Truth of the scripted bots' public speech: every statement of fact checked against the host's truth.

Plays fresh games of talking scripted bots (the rules' defaults: one speech round a day) and judges each
spoken statement of fact when it is said:

* the structured claims in the move's host-only notes (``claims``): a claim about the public record
  against the public log so far, a claim of how many darks live (``darks_left``) against the living darks
  the kernel counts (``living_darks``, DEC-30), a claim about one's own soul against the soul;
* a speech that states a fact but carries no claim (before issue #32: "N darks are still among us",
  the pool ``by_logic.darks_count``), judged from its composed words against the same count.

A false statement is *recorded* when its claim is marked ``lie`` (a choice of the speaker's policy, shown
to the host); the number that must be zero is the false unrecorded ones.

Usage::

    python benchmarks/battaglia_truth.py                 # 20 games at 12 and 20 at 17 players
    python benchmarks/battaglia_truth.py --games 25 --players 12 17

Measured 2026-12-07, seeds 1..20 at 12 and at 17 players (40 games, ~11 s), English and Russian alike:

======================================  ==============  ==========
40 games, 12 and 17 players             before (#32)    after
======================================  ==============  ==========
statements of fact                      2,400           2,400
  of them with no structured claim      242             0
false, recorded as a chosen lie         77              77
false, not recorded                     74 (21 by       0
                                        lights)
======================================  ==============  ==========

All 74 were "N darks are still among us" with N = accusations - 1 at the cap of five (or the floor of two);
the estimate now says what the count shows ("at least 4", "at most one") and carries a ``darks_left`` claim.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from narrator.agents.base import Decision
from narrator.agents.battaglia import BattagliaBot
from narrator.agents.battaglia.claims import PUBLIC, Claim, PublicRecord, true_of_soul
from narrator.agents.battaglia.texts import Table
from narrator.rules.battaglia import GAME, BattagliaState
from narrator.rules.battaglia.cards import LIGHT
from narrator.rules.battaglia.day import living_darks
from narrator.rules.replay import decode_config

from narrator.battaglia.playout import play_out, seat_request


def darks_true(n: int, bound: str, real: int) -> bool:
    """Whether "``bound`` ``n`` darks live" is true when ``real`` do (``exact`` when the words give no bound)."""
    if bound == "at_least":
        return real >= n
    if bound == "at_most":
        return real <= n
    return real == n


def judge(state: BattagliaState, seat: int, notes: dict[str, Any], tally: Counter[str]) -> None:
    """Count the statements of fact of one spoken move and whether each is true, false-and-recorded, or false."""
    claims = [Claim.from_dict(c) for c in notes.get("claims", [])]
    composed = notes.get("composed") or {}
    reason = composed.get("reason") or {}
    kinds = {c.kind for c in claims}
    if reason.get("kind") == "darks_count" and "darks_left" not in kinds:  # a fact said with no claim
        tally["statements"] += 1
        tally["unstructured"] += 1
        if not darks_true(int(reason.get("n", 0)), str(reason.get("bound", "exact")), living_darks(state)):
            tally["false_unrecorded"] += 1
            tally["false_unrecorded_darks_count"] += 1
            tally[f"false_darks_count_by_{'light' if state.cards[seat] in LIGHT else 'non_light'}"] += 1
    record = PublicRecord.of(state.public_log)
    for claim in claims:
        tally["statements"] += 1
        if claim.kind in PUBLIC:
            true = record.holds(claim)
        elif claim.kind == "darks_left":
            true = darks_true(claim.n, claim.card, living_darks(state))
        else:
            true = true_of_soul(claim, state.cards[seat])
        tally[f"claims_{claim.kind}"] += 1
        if not true:
            tally["false_recorded" if claim.lie else "false_unrecorded"] += 1
            if not claim.lie:
                tally[f"false_unrecorded_{claim.kind}"] += 1


def play(seed: int, players: int, lang: str, tally: Counter[str]) -> None:
    config = decode_config(GAME, {"players": players})
    table = Table.for_game(seed, players, lang)
    bots = {s: BattagliaBot(seed, s, table, talk=True) for s in range(players)}

    def decide(state: BattagliaState, seat: int) -> Any:
        move = bots[seat].act(seat_request(state, seat))
        if isinstance(move, Decision) and getattr(move.action, "text", ""):
            judge(state, seat, dict(move.notes), tally)
        return move

    play_out(GAME.initial_state(config), random.Random(seed), decide, max_moves=20_000)
    tally["games"] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per table size")
    parser.add_argument("--players", type=int, nargs="+", default=[12, 17])
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    tally: Counter[str] = Counter()
    started = time.perf_counter()
    for players in args.players:
        for seed in range(1, args.games + 1):
            play(seed, players, args.lang, tally)
    for key in ("statements", "unstructured", "false_recorded", "false_unrecorded"):
        tally[key] += 0  # said even when none
    for key in sorted(tally):
        print(f"{key:40} {tally[key]}")
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()

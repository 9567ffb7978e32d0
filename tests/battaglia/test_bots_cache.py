"""The bots' speed tricks never change a decision: caches fall back to a full read, draws are fixed.

A bot caches what it read (the kernel's public record and its private notes, incrementally); a decision must still depend on (seed, seat, view) only, whatever the bot was asked
before, so a game resumed from its transcript goes on as it would have.
"""

from __future__ import annotations

import random

import pytest
from narrator.agents.base import Request
from narrator.agents.battaglia import BattagliaBot
from narrator.agents.battaglia.draws import DecisionRandom, seed_key
from narrator.agents.battaglia.knowledge import (
    REVEALED_CARDS,
    Claim,
    Narrowing,
    PrivateMemory,
    PublicMemory,
    current_claims,
)
from narrator.rules.battaglia import GAME, BattagliaConfig

from narrator.battaglia.playout import play_out, seat_request
from narrator.battaglia.simulate import SIMULATION_DEFAULTS


def recorded_game(players: int, seed: int) -> list[tuple[Request, object]]:
    """Every bot request of one game with the move the bot (asked in order) answered."""
    bots = {s: BattagliaBot(seed, s) for s in range(players)}
    asked: list[tuple[Request, object]] = []

    def recorded_move(state, seat):
        request = seat_request(state, seat)
        action = bots[seat].act(request)
        asked.append((request, action))
        return action

    play_out(GAME.initial_state(BattagliaConfig(players=players, **SIMULATION_DEFAULTS)), random.Random(seed),
             recorded_move)
    return asked


@pytest.mark.parametrize("players,seed", [(9, 21), (14, 22)])
def test_requests_out_of_order_get_the_same_moves(players: int, seed: int) -> None:
    """The same bots asked the same requests shuffled (views that do not continue the last one)
    answer as they did in order, and so do bots of two games asked in turn (shared memories)."""
    asked = recorded_game(players, seed)
    shuffled = asked[:]
    random.Random(seed).shuffle(shuffled)
    bots = {s: BattagliaBot(seed, s) for s in range(players)}
    assert all(bots[r.seat].act(r) == action for r, action in shuffled)

    other = recorded_game(6, seed + 1)
    fresh = {s: BattagliaBot(seed, s) for s in range(players)}
    fresh_other = {s: BattagliaBot(seed + 1, s) for s in range(6)}
    for (a, move_a), (b, move_b) in zip(asked, other):
        assert fresh[a.seat].act(a) == move_a
        assert fresh_other[b.seat].act(b) == move_b


def test_a_memory_read_incrementally_equals_one_read_at_once() -> None:
    """A memory fed one game's records out of order (each a restart or a continuation) equals, at every
    point, a memory that read that record alone."""
    asked = recorded_game(8, 5)
    kept = PublicMemory()
    for request, _ in asked[::-1][::7] + asked[::11] + asked[::3]:
        record = request.view.record
        alone = PublicMemory().feed(record)
        kept.feed(record)
        nights = range(1, record.night + 2)
        assert (kept.souls, kept.threat, kept.deaths, [kept.deaths_at_night(n) for n in nights]) == (
            alone.souls, alone.threat, alone.deaths, [alone.deaths_at_night(n) for n in nights])
        assert alone.deaths_at_night(record.night + 1) is None


@pytest.mark.parametrize("order", ["in order", "shuffled"])
def test_narrowing_equals_current_claims(order: str) -> None:
    """The incremental narrowing of claims equals :func:`current_claims` at every request of a
    game, read in order or shuffled (then most views do not continue the previous one)."""
    asked = [request for request, _ in recorded_game(11, 8)]
    if order == "shuffled":
        random.Random(8).shuffle(asked)
    narrowings = {s: Narrowing() for s in range(11)}
    privates = {s: PrivateMemory() for s in range(11)}  # (in order, claims come incrementally)
    for request in asked:
        view, seat = request.view, request.seat
        memory = PublicMemory().feed(view.record)
        private = privates[seat].feed(view.notes, seat, memory)
        reveals = [Claim(s, cards, "revealed", 0, memory.deaths.get(s, 0))
                   for name, cards in REVEALED_CARDS for s in getattr(view, name)]
        expected = current_claims(private + reveals, view.graveyard, view.out, memory.deaths)
        narrowings[seat].update(private, view, memory.deaths)
        assert narrowings[seat].known == expected


def test_decision_random_is_deterministic_uniform_and_keyed() -> None:
    """Same seed, same stream; floats in [0, 1) with a flat histogram; ``unit`` ignores draws made."""
    a, b = DecisionRandom(seed_key("7/3")), DecisionRandom(seed_key("7/3"))
    assert [a.random() for _ in range(50)] == [b.random() for _ in range(50)]
    assert DecisionRandom(seed_key("7/4")).random() != DecisionRandom(seed_key("7/3")).random()
    rng = DecisionRandom(12345)
    draws = [rng.random() for _ in range(20_000)]
    assert all(0.0 <= x < 1.0 for x in draws)
    buckets = [0] * 10
    for x in draws:
        buckets[int(x * 10)] += 1
    assert max(buckets) < 2_200 and min(buckets) > 1_800
    rng.seed(99)
    first = rng.unit(4)
    rng.random()
    assert rng.unit(4) == first != rng.unit(5)
    assert sorted({rng.choice("abc") for _ in range(200)}) == ["a", "b", "c"]
    with pytest.raises(IndexError):
        rng.choice([])

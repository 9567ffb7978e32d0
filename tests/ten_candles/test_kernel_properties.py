"""Property tests: random playouts end, candles never relight, the pool never exceeds the lit
candles, ``check`` agrees with ``legal_actions``, hidden Brinks never leak through views, refused
moves leave the state untouched (seeds/000_e53cdcbb20917f8a.txt:L56, L172-176, L190, L275)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from narrator.rules.chance import sample
from narrator.rules.core import CHANCE, HOST, ChanceAction, IllegalActionError
from narrator.rules.ten_candles import (
    ACTION_TYPES,
    GAME,
    SAMPLE,
    ArrangeStack,
    CallConflict,
    KillCharacter,
    Phase,
    SpeakTruth,
    TenCandlesConfig,
    TenCandlesState,
    WriteTraits,
    XCard,
    is_interjection,
    same_move,
)
from narrator.rules.ten_candles.setup import brink_knowers
from narrator.rules.ten_candles.state import PRE_PLAY_PHASES

MAX_MOVES = 5000
configs = st.builds(
    TenCandlesConfig, players=st.integers(2, 5), final_scene=st.sampled_from(["one_by_one", "literal"]),
    chorus_counts_as_truth=st.booleans(), seize_requires_tie=st.booleans(),
    brink_success_loses=st.sampled_from(["ones", "sixes"]), max_rerolls_per_roll=st.sampled_from([None, 0, 1]),
    dead_players_speak_truths=st.booleans(), gm_sees_all_brinks=st.booleans(),
    message_playback=st.sampled_from(["at_end", "on_death", "never"]), stated_attempts=st.booleans())


def random_move(state: TenCandlesState, rng: random.Random, accidents: float):
    """A random legal move: chance, or the lowest active seat's move; now and then an interjection."""
    active = GAME.active_players(state)
    if CHANCE in active:
        return ChanceAction(values=sample(GAME.chance_spec(state), rng))
    seat = min(active)
    legal = GAME.legal_actions(state, seat)
    turn = [a for a in legal if not is_interjection(a)]
    if rng.random() < accidents:
        seat = rng.choice([HOST, *range(state.players)])
        return rng.choice(GAME.legal_actions(state, seat))
    return rng.choice(turn)


def playout(config: TenCandlesConfig, seed: int, accidents: float = 0.02):
    """Yield every state of a random game."""
    rng = random.Random(seed)
    state = GAME.initial_state(config)
    yield state
    for _ in range(MAX_MOVES):
        if GAME.outcome(state) is not None:
            return
        state = GAME.apply(state, random_move(state, rng, accidents)).state
        yield state
    raise AssertionError(f"no end after {MAX_MOVES} moves")


@settings(max_examples=40, deadline=None)
@given(configs, st.integers(0, 2**32), st.sampled_from([0.0, 0.02, 0.1]))
def test_random_playouts_end_and_keep_the_candle_invariants(config, seed, accidents):
    """L56 «потушенные свечи никогда не зажигаются»; L275 the pool never exceeds the lit candles;
    L41 nobody survives; at most 10 scenes (L56)."""
    previous = None
    for state in playout(config, seed, accidents):
        assert 0 <= state.lit <= 10 and state.lit + state.dark <= 10
        assert state.pool <= state.lit
        assert all(c.stack[-1] == "brink" for c in state.chars if c.stack and state.phase not in PRE_PLAY_PHASES)
        assert state.scene <= 10
        if previous is not None:
            assert state.dark >= previous.dark
            if previous.phase not in PRE_PLAY_PHASES:
                assert state.lit <= previous.lit
        previous = state
    assert previous.phase == Phase.OVER and not previous.living() and previous.lit == 0


@settings(max_examples=12, deadline=None)
@given(configs, st.integers(0, 2**32), st.sampled_from([0.0, 0.05]))
def test_until_the_game_ends_some_seat_has_a_move(config, seed, accidents):
    """No reachable state stalls: until the game is over the kernel waits for someone, and every seat
    it waits for has a move of its turn (with stated attempts: each beat's attempts and passes, the
    GM's answer, L58, L265, L267)."""
    for state in playout(config, seed, accidents):
        if GAME.outcome(state) is not None:
            assert not GAME.active_players(state)
            continue
        active = GAME.active_players(state)
        assert active, (state.phase, state.attempt, state.passed)
        for seat in active - {CHANCE}:
            assert [a for a in GAME.legal_actions(state, seat) if not is_interjection(a)], (state.phase, seat)


def candidates(state: TenCandlesState) -> list:
    """A broad set of proposals, legal and not, for every seat."""
    seats = [HOST, *range(state.players), state.players, -1]
    moves = []
    for seat in seats:
        for kind in ACTION_TYPES:
            fields = {"actor": seat}
            names = kind.__dataclass_fields__
            for name in ("text", "name", "appearance", "description"):
                if name in names:
                    fields[name] = SAMPLE
            if kind is WriteTraits:
                fields.update(virtue="Сильный", vice="Жадный")
            if kind is ArrangeStack:
                fields["order"] = ("moment", "vice", "virtue")
            if kind is CallConflict:
                moves += [CallConflict(actor=seat, active=t, dangerous=d, moment=m)
                          for t in range(-1, state.players + 1) for d in (False, True) for m in (False, True)]
                continue
            if kind is KillCharacter:
                moves += [KillCharacter(actor=seat, target=t) for t in range(-1, state.players + 1)]
                continue
            if kind is SpeakTruth:
                moves += [SpeakTruth(actor=seat, text="x", topic=t) for t in ("general", "sun", "bogus")]
                continue
            moves.append(kind(**fields))
    return moves


@pytest.mark.slow  # every move of 15 games checked against the legal list and refused copies
@settings(max_examples=15, deadline=None)
@given(configs, st.integers(0, 2**32))
def test_check_agrees_with_legal_actions_and_refusals_leave_state_untouched(config, seed):
    """STYLE §2: ``check(s, a) is None`` iff ``a`` is a listed move (up to its free text)."""
    rng = random.Random(seed)
    for index, state in enumerate(playout(config, seed, 0.05)):
        if index % 7:
            continue
        for action in candidates(state) + [m for s in (HOST, *range(state.players))
                                           for m in GAME.legal_actions(state, s)]:
            listed = action.actor in (HOST, *range(state.players)) and any(
                same_move(action, legal) for legal in GAME.legal_actions(state, action.actor))
            rejection = GAME.check(state, action)
            assert (rejection is None) == listed, (state.phase, action, rejection)
            if rejection is not None:
                assert rejection.code and rejection.message and rejection.rule.startswith("seeds/")
                try:
                    GAME.apply(state, action)
                except IllegalActionError as error:
                    assert error.rejection == rejection
                else:
                    raise AssertionError(f"apply accepted {action}")
        if GAME.chance_spec(state) is not None:
            spec = GAME.chance_spec(state)
            assert GAME.check(state, ChanceAction(values=sample(spec, rng))) is None
            assert GAME.check(state, ChanceAction(values=(0,) * spec.count)) is not None


@settings(max_examples=25, deadline=None)
@given(configs, st.integers(0, 2**32), st.integers(0, 400))
def test_a_hidden_brink_never_leaks_through_views(config, seed, stop):
    """L172 «её следует хранить втайне до использования», L176, L190: two states differing only
    in a Brink give the same view to every seat that may not know it."""
    state = None
    for index, state in enumerate(playout(config, seed, 0.0)):
        if index >= stop:
            break
    for holder in range(state.players):
        if state.chars[holder].brink_revealed:
            continue
        other = replace(state, chars=tuple(replace(c, brink=c.brink + " (другая)") if c.seat == holder else c
                                           for c in state.chars))
        for seat in (None, HOST, *range(state.players)):
            if seat not in brink_knowers(state, holder):
                assert GAME.view(state, seat) == GAME.view(other, seat)
    their = replace(state, their_brink=state.their_brink + " (другая)")
    for seat in (None, *range(state.players - 1)):
        assert GAME.view(state, seat) == GAME.view(their, seat)


def test_x_card_is_listed_for_every_seat_until_the_end():
    state = GAME.initial_state(TenCandlesConfig(players=2))
    for seat in (HOST, 0, 1):
        assert XCard(actor=seat, note="") in GAME.legal_actions(state, seat)

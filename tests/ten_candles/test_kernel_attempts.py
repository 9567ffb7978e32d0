"""Stated attempts (``stated_attempts``, D45): a player says what their character attempts, the GM
answers with a conflict for that player or lets it happen (seeds/000_e53cdcbb20917f8a.txt:L58, L265, L267)."""

from __future__ import annotations

import random
from dataclasses import replace

from narrator.rules.chance import sample
from narrator.rules.core import CHANCE, HOST, ChanceAction
from narrator.rules.ten_candles import (
    GAME,
    AcceptRoll,
    AllowAttempt,
    CallConflict,
    CandleOut,
    Card,
    Narrate,
    PassAttempt,
    Phase,
    Roll,
    SpeakTruth,
    StateAttempt,
    TenCandlesConfig,
    is_interjection,
)

from tests.ten_candles.test_kernel_support import A, B, C, dice, kinds, play, rejection_code, scenario

ON = TenCandlesConfig(players=3, stated_attempts=True)


def scene(**kw):
    return scenario(lit=10, scene=1, config=ON, **kw)


def test_each_beat_the_living_players_decide_first_and_the_gm_waits_L265():
    state = scene()
    assert GAME.active_players(state) == {A, B, C}
    assert [m.kind for m in GAME.legal_actions(state, A) if not is_interjection(m)] == ["pass_attempt",
                                                                                        "state_attempt"]
    assert rejection_code(state, CallConflict(active=A)) == "PLAYERS_DECIDING"
    state, _ = play(state, PassAttempt(actor=A), PassAttempt(actor=B))
    assert GAME.active_players(state) == {C}
    assert rejection_code(state, PassAttempt(actor=A)) == "ALREADY_ACTED"
    state, _ = play(state, PassAttempt(actor=C))
    assert GAME.active_players(state) == {HOST}  # everyone passed: the GM calls as without the option
    assert {m.active for m in GAME.legal_actions(state, HOST) if isinstance(m, CallConflict)} == {A, B, C}
    state, _ = play(state, CallConflict(active=C))
    assert state.phase == Phase.ROLL and state.conflict.attempt == ""


def test_a_stated_attempt_becomes_the_attempters_conflict_L267():
    state = scene()
    state, events = play(state, StateAttempt(actor=B, text="I force the cellar door"))
    assert [e.data for e in events if e.kind == "attempt_stated"] == [{"seat": B, "text": "I force the cellar door"}]
    assert GAME.active_players(state) == {HOST}
    assert GAME.view(state, A).attempt.text == "I force the cellar door"  # said aloud: every seat hears it
    assert rejection_code(state, StateAttempt(actor=A, text="me too")) == "ATTEMPT_PENDING"
    assert rejection_code(state, CallConflict(active=A)) == "ATTEMPT_PENDING"
    answers = GAME.legal_actions(state, HOST)
    assert {(m.kind, getattr(m, "active", None)) for m in answers if not is_interjection(m)} == {
        ("call_conflict", B), ("allow_attempt", None)}
    state, events = play(state, CallConflict(active=B, dangerous=True))
    assert kinds(events) == ["attempt_answered", "conflict_called"]
    assert events[0].data == {"seat": B, "text": "I force the cellar door", "conflict": True}
    view = GAME.view(state, None)
    assert (view.attempt.seat, view.attempt.answered, view.conflict.dangerous) == (B, True, True)
    # the conflict is the kernel's ordinary one: B rolls the common pool, a 6 succeeds (L269, L271)
    state, _ = play(state, Roll(actor=B))
    state, _ = dice(state, 6, 6, 2, 3, 4, 5, 2, 3, 4, 5)
    if state.phase == Phase.REROLL:
        state, _ = play(state, AcceptRoll(actor=B))
    state, _ = play(state, Narrate(actor=state.narrator, text="the door gives"))
    assert state.phase == Phase.SCENE and GAME.active_players(state) == {A, B, C}  # a new beat
    assert GAME.view(state, None).attempt is None


def test_an_attempt_whose_result_is_obvious_simply_happens_L58():
    state = scene()
    state, _ = play(state, StateAttempt(actor=A, text="I light a match"))
    assert rejection_code(state, AllowAttempt(actor=A)) == "GM_ONLY"
    state, events = play(state, AllowAttempt(text="The match flares."))
    assert kinds(events) == ["attempt_answered", "narrated"]
    assert events[0].data["conflict"] is False
    assert (state.phase, state.lit, state.conflict) == (Phase.SCENE, 10, None)  # no dice, no candle
    assert GAME.active_players(state) == {A, B, C}
    assert rejection_code(state, AllowAttempt()) == "NO_ATTEMPT"


def test_the_moment_keeps_its_rule_the_gm_may_call_it_for_an_attempt_L152_D14():
    state = scene(stacks={A: (Card.MOMENT, Card.VIRTUE, Card.VICE, Card.BRINK)})
    state, _ = play(state, StateAttempt(actor=A, text="I call my sister on the radio"))
    calls = [m for m in GAME.legal_actions(state, HOST) if isinstance(m, CallConflict)]
    assert {(m.active, m.moment) for m in calls} == {(A, False), (A, True)}
    state, _ = play(state, CallConflict(active=A, moment=True))
    assert state.conflict.moment and state.conflict.attempt == "I call my sister on the radio"
    # B's Moment is not on top: still refused as before (L150)
    other = scene()
    other, _ = play(other, StateAttempt(actor=B, text="x"))
    assert rejection_code(other, CallConflict(active=B, moment=True)) == "NO_MOMENT_ACTIVE"


def test_who_may_state_and_when_L58_D44():
    state = scene()
    assert rejection_code(state, StateAttempt(actor=HOST, text="x")) == "PLAYERS_ONLY"
    assert rejection_code(state, StateAttempt(actor=A, text="  ")) == "TEXT_EMPTY"
    dead = replace(state, chars=tuple(replace(c, alive=False) if c.seat == C else c for c in state.chars))
    assert GAME.active_players(dead) == {A, B}
    assert rejection_code(dead, StateAttempt(actor=C, text="x")) == "DEAD_ACTOR"
    rolling, _ = play(state, PassAttempt(actor=A), PassAttempt(actor=B), PassAttempt(actor=C), CallConflict(active=A))
    assert rejection_code(rolling, StateAttempt(actor=B, text="x")) == "WRONG_PHASE"
    off = scenario(lit=10, scene=1)
    assert rejection_code(off, StateAttempt(actor=A, text="x")) == "ATTEMPTS_OFF"
    assert "pass_attempt" not in {m.kind for m in GAME.legal_actions(off, A)}  # without the option: as before
    assert GAME.active_players(off) == {HOST}


def test_an_accidental_candle_voids_the_waiting_attempt_and_truths_begin_L56_D16():
    state = scene()
    state, _ = play(state, StateAttempt(actor=A, text="I run"), CandleOut(actor=B))
    assert state.phase == Phase.TRUTHS and GAME.view(state, None).attempt is None
    assert rejection_code(state, StateAttempt(actor=A, text="x")) == "WRONG_PHASE"
    speaker = state.truth_queue[0]
    assert rejection_code(state, SpeakTruth(actor=speaker, text="Свет погас.")) is None


def test_random_games_with_the_option_accept_every_listed_move_and_end():
    """Every listed move (its sample text) is accepted, whoever is waited for, until the game ends."""
    rng = random.Random(7)
    state = GAME.initial_state(replace(ON, players=2))
    from tests.ten_candles.test_kernel_support import step_actions

    while state.phase != Phase.SCENE:
        state, _ = play(state, *step_actions(state))
    for _ in range(3000):
        if GAME.outcome(state) is not None:
            break
        active = sorted(GAME.active_players(state))
        if active == [CHANCE]:
            values = sample(GAME.chance_spec(state), rng)
            state, _ = play(state, ChanceAction(values=values))
            continue
        seat = active[0]
        moves = [m for m in GAME.legal_actions(state, seat) if not is_interjection(m)]
        state, _ = play(state, rng.choice(moves))
    assert GAME.outcome(state) is not None

"""Truths (L301-331), accidents (L56, L327), the final scene and the end (L41, L47, L60, L319),
safety tools (D39)."""

from __future__ import annotations

from dataclasses import replace

from narrator.rules.core import HOST
from narrator.rules.ten_candles import (
    CHORUS,
    GAME,
    OPENING_PHRASE,
    AcceptRoll,
    CallConflict,
    CandleOut,
    Card,
    KillCharacter,
    Narrate,
    Phase,
    RevealBrink,
    Roll,
    SpeakTruth,
    TenCandlesConfig,
    VolunteerDeath,
    XCard,
)

from tests.ten_candles.test_kernel_support import A, B, C, dice, kinds, play, rejection_code, scenario


def fail_roll(state, seat, *, dangerous=False):
    """``seat`` rolls all twos (a failure with no 1 to reroll) and the GM narrates."""
    state, _ = play(state, CallConflict(active=seat, dangerous=dangerous), Roll(actor=seat))
    state, events = dice(state, *[2] * (state.pool + state.gm_pool + state.chars[seat].hope))
    if state.phase == Phase.REROLL:
        state, more = play(state, AcceptRoll(actor=seat))
        events += more
    return state, events


def speak_all(state):
    events = []
    while state.phase == Phase.TRUTHS:
        state, more = play(state, SpeakTruth(actor=state.truth_queue[0], text="Истина: пошёл дождь"))
        events += more
    return state, events


def test_tc37_truth_rotation_count_and_chorus_L309_L313_L315_L317():
    state, _ = fail_roll(scenario(lit=8, scene=3), B)
    state, events = play(state, Narrate(actor=HOST, text="провал"))
    opened = next(e for e in events if e.kind == "truths_opened")
    assert opened.data["phrase"] == OPENING_PHRASE == "Вот всё, что осталось. Мир погружён во тьму."
    assert opened.data["speaker"] == HOST
    assert state.truth_queue == (B, C, HOST, A, B, C)
    state, events = speak_all(state)
    chorus = next(e for e in events if e.kind == "we_are_alive")
    assert chorus.data == {"seats": [A, B, C], "phrase": CHORUS}
    assert [t.seat for t in state.truths] == [B, C, HOST, A, B, C] and len(state.truths) + 1 == 7
    assert (state.scene, state.pool, state.gm_pool, state.phase) == (4, 7, 3, Phase.SCENE)


def test_chorus_not_counted_is_an_option_D2_L315():
    config = TenCandlesConfig(players=3, chorus_counts_as_truth=False)
    state, _ = fail_roll(scenario(lit=8, scene=3, config=config), B)
    state, _ = play(state, Narrate(actor=HOST, text="провал"))
    assert len(state.truth_queue) == 7


def test_truths_out_of_turn_and_gm_topics_rejected_L313_L331():
    state, _ = fail_roll(scenario(lit=8, scene=3), B)
    state, _ = play(state, Narrate(actor=HOST, text="провал"))
    assert rejection_code(state, SpeakTruth(actor=C, text="x")) == "NOT_YOUR_TURN"
    assert rejection_code(state, SpeakTruth(actor=B, text="x", topic="sun")) == "GM_ONLY_TOPIC"
    assert rejection_code(state, SpeakTruth(actor=B, text="x", topic="weather")) == "UNKNOWN_TOPIC"
    assert rejection_code(state, SpeakTruth(actor=B, text="  ")) == "TEXT_EMPTY"
    assert rejection_code(state, CallConflict(active=A)) == "WRONG_PHASE"  # D44
    state, _ = play(state, SpeakTruth(actor=B, text="x"), SpeakTruth(actor=C, text="x"))
    assert rejection_code(state, SpeakTruth(actor=HOST, text="Они боятся огня", topic="their_weakness")) is None


def test_too_many_truths_rejected_L313():
    state, _ = fail_roll(scenario(lit=3, scene=8), A)
    state, _ = play(state, Narrate(actor=HOST, text="провал"))
    assert state.truth_queue == (A,)
    state, _ = play(state, SpeakTruth(actor=A, text="x"))
    assert state.phase == Phase.SCENE
    assert rejection_code(state, SpeakTruth(actor=B, text="one more")) == "WRONG_PHASE"


def test_truths_are_kept_in_order_and_never_removed_L323():
    state, _ = fail_roll(scenario(lit=8, scene=3), B)
    state, _ = play(state, Narrate(actor=HOST, text="провал"))
    state, _ = speak_all(state)
    before = state.truths
    state, _ = fail_roll(state, A)
    state, _ = play(state, Narrate(actor=HOST, text="провал"))
    state, _ = speak_all(state)
    assert state.truths[:len(before)] == before and len(state.truths) == len(before) + 5


def test_tc35_accident_mid_scene_gm_speaks_first_L56_L313_L329():
    state = scenario(lit=6, scene=5, set_aside=2)
    state, events = play(state, CandleOut(actor=A))
    assert state.lit == 5 and state.truth_queue[0] == HOST
    assert next(e for e in events if e.kind == "scene_ended").data["cause"] == "accident"
    state, _ = speak_all(state)
    assert (state.scene, state.pool, state.gm_pool) == (6, 5, 5)


def test_accident_between_roll_and_narration_voids_the_conflict_L56_D16():
    state, _ = play(scenario(lit=6, scene=5), CallConflict(active=A), Roll(actor=A))
    state, _ = dice(state, 6, 1, 1, 2, 3, 4, 2, 3, 4, 5)
    state, events = play(state, CandleOut(actor=HOST))
    assert "conflict_void" in kinds(events) and state.set_aside == 0 and state.lit == 5
    assert state.conflict is None and state.truth_queue[0] == HOST


def test_accident_during_truths_stops_them_and_chorus_follows_L327_L329():
    state, _ = fail_roll(scenario(lit=8, scene=3), B)
    state, _ = play(state, Narrate(actor=HOST, text="провал"), SpeakTruth(actor=B, text="x"))
    state, events = play(state, CandleOut(actor=C))
    assert kinds(events) == ["candle_out", "we_are_alive", "scene_started"]
    assert (state.lit, state.scene, state.pool, state.gm_pool) == (6, 4, 6, 4)


def test_tc39_last_candle_truths_are_the_chorus_alone_then_final_scene_L47_L60_L319_L329():
    state, _ = fail_roll(scenario(lit=2, scene=9), A)
    assert state.lit == 1
    state, events = play(state, Narrate(actor=HOST, text="провал"))
    assert kinds(events)[-4:] == ["scene_ended", "truths_opened", "we_are_alive", "scene_started"]
    assert next(e for e in events if e.kind == "truths_opened").data["truths"] == 0
    assert state.final and (state.pool, state.gm_pool, state.scene) == (1, 9, 10)


def test_final_scene_failure_kills_the_roller_one_by_one_L41_L47_D3():
    state = scenario(lit=1, scene=10)
    state, events = fail_roll(state, A)
    assert not state.chars[A].alive and state.lit == 1
    state, _ = play(state, Narrate(actor=HOST, text="смерть"))
    assert state.phase == Phase.SCENE and rejection_code(state, CallConflict(active=A)) == "TARGET_DEAD"
    state, events = play(state, KillCharacter(target=B, text="B падает"))
    assert not state.chars[B].alive and state.phase == Phase.SCENE
    state, events = play(state, KillCharacter(target=C))
    assert state.phase == Phase.OVER and GAME.outcome(state).termination == "all_dead"
    assert GAME.outcome(state).winners == frozenset() and state.lit == 0
    played = [e.data["seat"] for e in events if e.kind == "message_played"]
    assert played == [A, B, C] and events[-1].kind == "game_over"
    assert GAME.legal_actions(state, A) == [] and GAME.active_players(state) == frozenset()


def test_final_scene_literal_failure_ends_the_game_D3():
    config = TenCandlesConfig(players=3, final_scene="literal")
    state, _ = fail_roll(scenario(lit=1, scene=10, config=config), A)
    state, _events = play(state, Narrate(actor=HOST, text="тьма"))
    assert state.phase == Phase.OVER and GAME.outcome(state).termination == "last_candle"
    assert not any(c.alive for c in state.chars)  # L41: there are no survivors


def test_kill_character_only_in_the_final_scene_L47_L60():
    assert rejection_code(scenario(lit=5, scene=6), KillCharacter(target=A)) == "NOT_FINAL_SCENE"
    assert rejection_code(scenario(lit=1, scene=10), KillCharacter(actor=A, target=B)) == "GM_ONLY"


def test_everyone_dead_before_last_candle_ends_the_game_D28():
    state = scenario(lit=5, scene=6)
    state = replace(state, chars=tuple(replace(c, alive=c.seat == A) for c in state.chars))
    state, _ = fail_roll(state, A, dangerous=True)
    state, events = play(state, VolunteerDeath(actor=A))
    state, events = play(state, Narrate(actor=A, text="я ухожу"))
    assert state.phase == Phase.OVER and GAME.outcome(state).termination == "all_dead"
    assert "darkness" in kinds(events) and state.lit == 0


def test_messages_on_death_option_plays_each_at_its_death():
    config = TenCandlesConfig(players=3, message_playback="on_death")
    state, events = play(scenario(lit=1, scene=10, config=config), KillCharacter(target=B))
    assert [e.data["seat"] for e in events if e.kind == "message_played"] == [B]
    assert GAME.view(state, A).characters[B].message == "message 1"
    assert GAME.view(state, A).characters[C].message is None


def test_dead_players_speak_truths_but_not_the_chorus_D26_L315():
    state = scenario(lit=6, scene=5)
    state = replace(state, chars=tuple(replace(c, alive=c.seat != C) for c in state.chars))
    state, _ = fail_roll(state, A)
    state, _ = play(state, Narrate(actor=HOST, text="x"))
    assert C in state.truth_queue
    config = TenCandlesConfig(players=3, dead_players_speak_truths=False)
    quiet = scenario(lit=6, scene=5, config=config)
    quiet = replace(quiet, chars=tuple(replace(c, alive=c.seat != C) for c in quiet.chars))
    quiet, _ = fail_roll(quiet, A)
    quiet, _ = play(quiet, Narrate(actor=HOST, text="x"))
    assert quiet.truth_queue == (A, B, HOST, A)


def test_reveal_brink_only_when_active_L232_L234():
    state = scenario(lit=6, scene=5, stacks={A: (Card.BRINK,)})
    assert rejection_code(state, RevealBrink(actor=B)) == "CARD_NOT_ACTIVE"
    assert GAME.view(state, C).characters[A].brink is None
    state, events = play(state, RevealBrink(actor=A))
    assert events[0].kind == "brink_revealed" and GAME.view(state, C).characters[A].brink == state.chars[A].brink
    assert rejection_code(state, RevealBrink(actor=A)) == "BRINK_ALREADY_SHOWN"


def test_x_card_any_seat_any_moment_changes_nothing_else_D39():
    state, _ = play(scenario(lit=6, scene=5), CallConflict(active=A), Roll(actor=A))  # dice pending
    for seat in (HOST, A, B, C):
        after, events = play(state, XCard(actor=seat, note="не надо про детей"))
        assert events[0].kind == "x_card" and events[0].audience == "public"
        assert replace(after, x_cards=()) == state
    assert rejection_code(state, XCard(actor=9)) == "UNKNOWN_SEAT"


def test_lines_and_veils_fixed_at_setup_are_in_every_view_D39():
    config = TenCandlesConfig(players=3, lines=("дети",), veils=("пытки",))
    state = scenario(lit=6, scene=5, config=config)
    assert GAME.view(state, B).lines == ("дети",) and GAME.view(state, None).veils == ("пытки",)

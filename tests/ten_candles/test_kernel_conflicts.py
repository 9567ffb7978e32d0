"""Conflicts: the spec's acceptance scenarios TC-07..TC-47 and the rules around them
(seeds/000_e53cdcbb20917f8a.txt:L58-60, L152-160, L218-222, L263-297)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from narrator.rules.chance import Dice
from narrator.rules.core import HOST
from narrator.rules.ten_candles import (
    GAME,
    AcceptRoll,
    BurnTrait,
    CallConflict,
    Card,
    Conflict,
    DeclineDeath,
    EmbraceBrink,
    Narrate,
    Phase,
    Roll,
    SeizeNarration,
    TenCandlesConfig,
    VolunteerDeath,
)

from tests.ten_candles.test_kernel_support import A, B, C, dice, kinds, play, rejection_code, scenario

ALL = (Card.VIRTUE, Card.VICE, Card.MOMENT, Card.BRINK)


def call(state, seat, *, dangerous=False, moment=False):
    state, _ = play(state, CallConflict(active=seat, dangerous=dangerous, moment=moment), Roll(actor=seat))
    return state


def narrate(state):
    return play(state, Narrate(actor=state.narrator, text="и вот что было"))


def resolved(events):
    return next(e.data for e in events if e.kind == "conflict_resolved")


def test_tc07_success_player_narrates_ones_set_aside_L271_L273_L277_L279():
    state = scenario(lit=10, scene=1)
    state, events = dice(call(state, A), 6, 1, 1, 3, 2, 4, 5, 2, 3, 4)
    assert state.phase == Phase.REROLL  # a Trait could reroll the ones
    state, events = play(state, AcceptRoll(actor=A))
    r = resolved(events)
    assert (r["success"], r["narrator"], r["gm"], r["set_aside"]) == (True, A, [], 2)
    assert (state.pool, state.lit, state.narrator) == (8, 10, A)
    state, _ = narrate(state)
    assert state.phase == Phase.SCENE and state.scene == 1 and state.pool == 8


def test_tc09_tie_in_sixes_gm_narrates_L283():
    state = scenario(lit=8, scene=3)
    state, _ = dice(call(state, C), 6, 1, 2, 3, 4, 5, 2, 3, 6, 2)
    state, events = play(state, AcceptRoll(actor=C))
    r = resolved(events)
    assert (r["success"], r["player_sixes"], r["gm_sixes"], r["narrator"]) == (True, 1, 1, HOST)
    assert (state.pool, state.lit) == (7, 8)


def test_tc11_no_seizure_after_a_failure_L283_L285_L291():
    state = scenario(lit=8, scene=3)
    state, _ = dice(call(state, B), 1, 2, 3, 4, 5, 2, 3, 4, 2, 3)
    assert state.phase == Phase.REROLL
    assert rejection_code(state, SeizeNarration(actor=B)) == "NOTHING_TO_SEIZE"
    state, events = play(state, AcceptRoll(actor=B))
    assert kinds(events).count("candle_out") == 1 and state.lit == 7 and state.narrator == HOST


def test_tc13_gm_ones_are_not_removed_L273_D32():
    state = scenario(lit=6, scene=5)
    state, _ = dice(call(state, A), 6, 6, 1, 2, 3, 4, 6, 1, 2, 3)
    state, events = play(state, AcceptRoll(actor=A))
    assert resolved(events)["narrator"] == A
    assert (state.pool, state.gm_pool) == (5, 4)


def test_tc15_hope_die_showing_one_is_kept_L160_L273_L287():
    state = scenario(lit=4, scene=7, hope=(A,))
    assert GAME.chance_spec(call(state, A)) == Dice(4 + 1 + 6, 6, "4 common + hope + 6 GM")
    state, _ = dice(call(state, A), 6, 1, 1, 2, 1, 2, 3, 4, 5, 2, 3)
    state, events = play(state, AcceptRoll(actor=A))
    assert resolved(events)["narrator"] == A
    assert state.pool == 2 and state.chars[A].hope


def test_tc17_burning_a_trait_turns_failure_into_success_L75_L114_L232_L295():
    tc17()


def tc17():
    """TC-17's play, reused by TC-19."""
    state = scenario(lit=9, scene=2)
    state, _ = dice(call(state, A), 1, 1, 3, 2, 4, 5, 2, 3, 4, 2)
    state, events = play(state, BurnTrait(actor=A))
    assert kinds(events) == ["trait_burned"] and GAME.chance_spec(state) == Dice(2, 6, "trait reroll of the ones")
    state, events = dice(state, 6, 1)
    r = resolved(events)
    assert r["common"] == [6, 1, 3, 2, 4, 5, 2, 3, 4] and r["success"] and r["narrator"] == A
    char = state.chars[A]
    assert state.pool == 8 and char.top == Card.VICE and char.traits_burned_this_scene == (Card.VIRTUE,)
    assert char.burned == (Card.VIRTUE,)
    return state


def test_tc19_virtue_and_vice_not_both_burned_in_a_scene_L114_L295():
    state, _ = narrate(tc17())
    state, _events = dice(call(state, A), 1, 2, 3, 4, 5, 2, 3, 4, 4)
    # the only reroll would be the vice, which may not burn: the failure stands at once
    assert rejection_code(state, BurnTrait(actor=A)) == "WRONG_PHASE"
    assert state.lit == 8 and state.chars[A].top == Card.VICE
    # ...and with the window open (a tie the GM narrates), the code names the rule
    window = scenario(lit=9, scene=2, stacks={A: (Card.VICE, Card.MOMENT, Card.BRINK)})
    window = replace(window, chars=tuple(replace(c, traits_burned_this_scene=(Card.VIRTUE,)) if c.seat == A else c
                                         for c in window.chars))
    window, _ = dice(call(window, A), 6, 1, 2, 3, 4, 5, 2, 3, 4, 6)
    assert rejection_code(window, BurnTrait(actor=A)) == "BOTH_TRAITS_IN_SCENE"
    # in the next scene the vice burns
    state, _ = narrate(state)
    for seat in state.truth_queue:
        from narrator.rules.ten_candles import SpeakTruth
        state, _ = play(state, SpeakTruth(actor=seat, text="истина"))
    assert (state.scene, state.pool) == (3, 8)
    state, _ = dice(call(state, A), 1, 2, 3, 4, 5, 2, 3, 4, 4, 4)
    assert rejection_code(state, BurnTrait(actor=A)) is None


def test_tc21_trait_burn_on_success_saves_dice_L75_L273_L295():
    state = scenario(lit=6, scene=5)
    state, _ = dice(call(state, A), 6, 1, 1, 2, 3, 4, 2, 3, 4, 5)
    state, _ = play(state, BurnTrait(actor=A))
    state, events = dice(state, 3, 4)
    assert resolved(events)["common"] == [6, 3, 4, 2, 3, 4] and state.pool == 6 and state.narrator == A


def test_tc23_living_the_moment_gives_hope_L152_L154_L158_L232():
    state = scenario(lit=8, scene=3, stacks={B: (Card.MOMENT, Card.BRINK)})
    state, events = dice(call(state, B, moment=True), 6, 2, 3, 4, 5, 2, 3, 4, 3, 4)
    assert "moment_burned" in kinds(events)
    char = state.chars[B]
    assert char.hope and char.top == Card.BRINK and Card.MOMENT in char.burned
    state, _ = narrate(state)
    assert (state.lit, state.scene, state.phase) == (8, 3, Phase.SCENE)


def test_failed_moment_loses_hope_and_puts_a_candle_out_L152_L154_L156():
    state = scenario(lit=8, scene=3, stacks={B: (Card.MOMENT, Card.BRINK)})
    state, events = dice(call(state, B, moment=True), 5, 2, 3, 4, 5, 2, 3, 4, 3, 4)
    assert not state.chars[B].hope and state.chars[B].top == Card.BRINK and state.lit == 7
    assert [e.data["cause"] for e in events if e.kind == "candle_out"] == ["failed_moment"]


def test_tc25_moment_not_active_cannot_be_lived_L232():
    state = scenario(lit=8, scene=3, stacks={A: (Card.VICE, Card.MOMENT, Card.BRINK)})
    assert rejection_code(state, CallConflict(active=A, moment=True)) == "NO_MOMENT_ACTIVE"


def test_tc27_failed_brink_reroll_L160_L218_L220_L297_L313_L329():
    state = scenario(lit=5, scene=6, stacks={A: (Card.BRINK,)}, hope=(A,))
    state, _ = dice(call(state, A), 1, 2, 3, 4, 2, 3, 2, 3, 4, 5, 2)
    state, events = play(state, EmbraceBrink(actor=A))
    assert events[0].kind == "brink_embraced" and events[0].data["text"] == state.chars[A].brink
    assert GAME.chance_spec(state).count == 6
    state, events = dice(state, 2, 3, 4, 4, 2, 2)
    char = state.chars[A]
    assert not char.hope and char.stack == () and Card.BRINK in char.burned and char.brink_revealed
    assert state.lit == 4 and kinds(events).count("candle_out") == 1  # D41
    state, events = narrate(state)
    assert state.phase == Phase.TRUTHS and state.truth_queue[0] == A
    for seat in state.truth_queue:
        from narrator.rules.ten_candles import SpeakTruth
        state, _ = play(state, SpeakTruth(actor=seat, text="истина"))
    assert (state.scene, state.pool, state.gm_pool) == (7, 4, 6)


def test_tc29_no_brink_when_the_player_already_narrates_L297():
    state = scenario(lit=5, scene=6, stacks={A: (Card.BRINK,)})
    state, _ = dice(call(state, A), 6, 2, 3, 4, 5, 2, 3, 4, 5, 2)
    assert state.phase == Phase.NARRATION and state.narrator == A
    assert rejection_code(state, EmbraceBrink(actor=A)) == "WRONG_PHASE"
    window = replace(state, phase=Phase.REROLL, narrator=None,
                     conflict=Conflict(active=A, common=(6, 2, 3, 4, 5), gm=(2, 3, 4, 5, 2), rolled=True))
    assert rejection_code(window, EmbraceBrink(actor=A)) == "BRINK_NOT_NEEDED"


def test_tc31_brink_embraced_twice_in_a_scene_L218_L297():
    state = scenario(lit=6, scene=5, stacks={A: (Card.BRINK,)})
    for first, second in (((2, 3, 4, 5, 2, 3), (6, 2, 3, 4, 5, 2)), ((2, 2, 3, 4, 5, 3), (6, 3, 2, 4, 5, 3))):
        state, _ = dice(call(state, A), *first, 2, 3, 4, 5)
        state, _ = play(state, EmbraceBrink(actor=A))
        state, events = dice(state, *second)
        assert resolved(events)["success"] and state.narrator == A
        state, _ = narrate(state)
    assert state.chars[A].stack == (Card.BRINK,) and state.lit == 6 and state.scene == 5


def test_brink_only_when_everything_else_burned_L85_L232():
    state = scenario(lit=6, scene=5, stacks={A: (Card.MOMENT, Card.BRINK)})
    window = replace(state, phase=Phase.REROLL,
                     conflict=Conflict(active=A, common=(2, 3, 4, 5, 2, 3), gm=(2, 3, 4, 5), rolled=True))
    assert rejection_code(window, EmbraceBrink(actor=A)) == "CARD_NOT_ACTIVE"


def test_tc33_voluntary_death_L291_L315():
    state = scenario(lit=6, scene=5)
    state, _ = dice(call(state, B, dangerous=True), 2, 3, 4, 5, 2, 3, 2, 3, 4, 5)
    assert state.phase == Phase.DEATH and state.lit == 5
    assert GAME.active_players(state) == frozenset({A, B, C})
    assert rejection_code(state, Narrate(actor=HOST, text="x")) == "WRONG_PHASE"
    assert rejection_code(state, VolunteerDeath(actor=HOST)) == "PLAYERS_ONLY"
    state, events = play(state, VolunteerDeath(actor=C))
    assert not state.chars[C].alive and state.narrator == C and state.lit == 5
    assert rejection_code(state, Narrate(actor=HOST, text="x")) == "NOT_NARRATOR"
    state, events = narrate(state)
    assert state.truth_queue[0] == B  # D25: the roller speaks first
    from narrator.rules.ten_candles import SpeakTruth
    for seat in state.truth_queue:
        state, events = play(state, SpeakTruth(actor=seat, text="истина"))
    chorus = next(e for e in events if e.kind == "we_are_alive")
    assert chorus.data["seats"] == [A, B]


def test_dangerous_failure_without_volunteer_gm_narrates_L289():
    state = scenario(lit=6, scene=5)
    state, _ = dice(call(state, B, dangerous=True), 2, 3, 4, 5, 2, 3, 2, 3, 4, 5)
    state, _ = play(state, DeclineDeath(actor=A), DeclineDeath(actor=B))
    assert rejection_code(state, DeclineDeath(actor=A)) == "ALREADY_ACTED"
    state, _ = play(state, DeclineDeath(actor=C))
    assert state.phase == Phase.NARRATION and state.narrator == HOST and all(c.alive for c in state.chars)


def test_no_voluntary_death_on_an_ordinary_conflict_L291():
    state = scenario(lit=6, scene=5)
    state, _ = dice(call(state, B), 2, 3, 4, 5, 2, 3, 2, 3, 4, 5)
    assert state.phase == Phase.NARRATION
    assert rejection_code(state, VolunteerDeath(actor=C)) == "WRONG_PHASE"


def test_seize_narration_puts_out_a_candle_and_ends_the_scene_L60_L285_L313():
    state = scenario(lit=8, scene=3)
    state, _ = dice(call(state, C), 6, 1, 2, 3, 4, 5, 2, 3, 6, 2)
    state, events = play(state, SeizeNarration(actor=C))
    assert state.narrator == C and state.lit == 7 and resolved(events)["seized"]
    assert [e.data["cause"] for e in events if e.kind == "candle_out"] == ["seize"]
    state, _ = narrate(state)
    assert state.phase == Phase.TRUTHS and state.truth_queue[0] == C


@pytest.mark.parametrize("requires_tie,code", [(False, None), (True, "NOTHING_TO_SEIZE")])
def test_seize_when_gm_rolled_more_sixes_is_option_D4_L285(requires_tie, code):
    state = scenario(lit=8, scene=3, config=TenCandlesConfig(players=3, seize_requires_tie=requires_tie))
    state, _ = dice(call(state, C), 6, 1, 2, 3, 4, 5, 2, 3, 6, 6)
    assert rejection_code(state, SeizeNarration(actor=C)) == code


def test_tc41_pool_restored_after_ones_lost_L273_L275_L329():
    state = scenario(lit=4, scene=7, set_aside=2)
    assert GAME.chance_spec(call(state, C)).count == 2 + 6
    state, _ = dice(call(state, C), 2, 3, 2, 3, 4, 5, 2, 3)
    state, _ = narrate(state)
    from narrator.rules.ten_candles import SpeakTruth
    for seat in state.truth_queue:
        state, _ = play(state, SpeakTruth(actor=seat, text="истина"))
    assert (state.lit, state.pool, state.gm_pool) == (3, 3, 7)


def test_tc43_only_the_owner_rolls_their_hope_die_L160_L267():
    state = scenario(lit=5, scene=6, hope=(A,))
    assert GAME.chance_spec(call(state, B)) == Dice(5 + 5, 6, "5 common + 5 GM")


def test_tc45_only_the_active_player_rolls_L267():
    state, _ = play(scenario(lit=8, scene=3), CallConflict(active=B))
    assert rejection_code(state, Roll(actor=A)) == "NOT_YOUR_TURN"
    assert rejection_code(state, Roll(actor=HOST)) == "NOT_YOUR_TURN"


def test_tc47_empty_pool_hope_die_alone_then_automatic_failure_L160_L271_L273_D15():
    state = scenario(lit=3, scene=8, set_aside=2, hope=(A,))
    state, _ = dice(call(state, A), 1, 5, *[2] * 7)
    if state.phase == Phase.REROLL:
        state, _ = play(state, AcceptRoll(actor=A))
    assert state.pool == 0 and state.chars[A].hope
    state, _ = narrate(state)
    state, events = play(state, CallConflict(active=B), Roll(actor=B))
    assert GAME.chance_spec(state) is None and state.lit == 2
    assert resolved(events)["success"] is False


def test_brink_success_loses_sixes_option_D1_L218():
    config = TenCandlesConfig(players=3, brink_success_loses="sixes")
    state = scenario(lit=6, scene=5, stacks={A: (Card.BRINK,)}, config=config)
    state, _ = dice(call(state, A), 2, 3, 4, 5, 2, 1, 2, 3, 4, 5)
    state, _ = play(state, EmbraceBrink(actor=A))
    state, events = dice(state, 6, 6, 1, 4, 5, 2)
    assert resolved(events)["set_aside"] == 2 and state.pool == 4


@pytest.mark.parametrize("include,count", [(True, 2), (False, 1)])
def test_trait_reroll_of_hope_die_showing_one_option_D8_L114(include, count):
    config = TenCandlesConfig(players=3, trait_reroll_includes_hope=include)
    state = scenario(lit=6, scene=5, hope=(A,), config=config)
    state, _ = dice(call(state, A), 1, 2, 3, 4, 2, 3, 1, 2, 3, 4, 5)
    state, _ = play(state, BurnTrait(actor=A))
    assert GAME.chance_spec(state).count == count


def test_max_rerolls_per_roll_option_D10_L293():
    config = TenCandlesConfig(players=3, max_rerolls_per_roll=1)
    state = scenario(lit=6, scene=5, stacks={A: (Card.VIRTUE, Card.BRINK)}, config=config)
    state, _ = dice(call(state, A), 1, 2, 3, 4, 2, 3, 2, 3, 4, 5)
    state, _ = play(state, BurnTrait(actor=A))
    state, _ = dice(state, 2)
    assert state.phase == Phase.NARRATION  # the Brink is now active but the cap is reached
    uncapped = scenario(lit=6, scene=5, stacks={A: (Card.VIRTUE, Card.BRINK)})
    uncapped, _ = dice(call(uncapped, A), 1, 2, 3, 4, 2, 3, 2, 3, 4, 5)
    uncapped, _ = play(uncapped, BurnTrait(actor=A))
    uncapped, _ = dice(uncapped, 2)
    assert uncapped.phase == Phase.REROLL and rejection_code(uncapped, EmbraceBrink(actor=A)) is None


def test_burn_trait_needs_a_one_L295():
    state = scenario(lit=8, scene=3)
    state, _ = dice(call(state, C), 6, 2, 2, 3, 4, 5, 2, 3, 6, 2)
    assert rejection_code(state, BurnTrait(actor=C)) == "NO_ONES"
    assert rejection_code(state, BurnTrait(actor=A)) == "NOT_YOUR_TURN"


def test_gm_calls_conflicts_only_for_the_living_L265_L267():
    state = scenario(lit=8, scene=3)
    assert rejection_code(state, CallConflict(actor=A, active=B)) == "GM_ONLY"
    assert rejection_code(state, CallConflict(active=7)) == "UNKNOWN_TARGET"
    dead = replace(state, chars=tuple(replace(c, alive=False) if c.seat == B else c for c in state.chars))
    assert rejection_code(dead, CallConflict(active=B)) == "TARGET_DEAD"


def test_dice_must_match_the_pool_L269():
    state = call(scenario(lit=8, scene=3), A)
    from narrator.rules.core import ChanceAction
    assert rejection_code(state, ChanceAction(values=(6, 6))) == "CHANCE_MISMATCH"
    assert rejection_code(state, ChanceAction(values=(7,) * 10)) == "CHANCE_MISMATCH"
    assert rejection_code(state, AcceptRoll(actor=A)) == "WRONG_PHASE"

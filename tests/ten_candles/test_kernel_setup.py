"""Setup steps 1-7, the framing and the messages (seeds/000_e53cdcbb20917f8a.txt:L92-259)."""

from __future__ import annotations

import pytest
from narrator.rules.core import HOST, Viewer
from narrator.rules.ten_candles import (
    GAME,
    ArrangeStack,
    Phase,
    ReadModule,
    RecordMessage,
    TenCandlesConfig,
    WriteBrink,
    WriteTraits,
)

from tests.ten_candles.test_kernel_support import (
    VICES,
    VIRTUES,
    A,
    B,
    C,
    kinds,
    play,
    rejection_code,
    step_actions,
    through_setup,
)


def test_tc01_candles_lit_3_3_3_6_9_9_10_L92_L96_L140_L166_L242():
    """TC-01: lit after each step is 3, 3, 3, 6, 9, 9, 10 (L96, L140, L166, L242)."""
    state = GAME.initial_state(TenCandlesConfig(players=3))
    assert state.lit == 0
    seen = []
    for _ in range(7):
        state, _ = play(state, *step_actions(state))
        seen.append(state.lit)
    assert seen == [3, 3, 3, 6, 9, 9, 10]
    assert state.phase == Phase.FRAMING


def test_traits_virtue_passes_right_vice_left_L102():
    """«передают записанную добродетель игроку справа, а порок — игроку слева» (L102), D19 ring."""
    state = through_setup(3, until=Phase.MODULE)
    # seat p writes VIRTUES[p], VICES[p]; right of p is p-1, left of p is p+1 (players ring)
    assert [c.virtue for c in state.chars] == [VIRTUES[1], VIRTUES[2], VIRTUES[0]]
    assert [c.vice for c in state.chars] == [VICES[2], VICES[0], VICES[1]]


def test_traits_hidden_until_all_written_then_public_L102():
    """Traits are passed «Когда это сделают все» (L102): nothing reaches a character before."""
    state = GAME.initial_state(TenCandlesConfig(players=3))
    state, events = play(state, WriteTraits(actor=A, virtue="Сильный", vice="Жадный"))
    assert kinds(events) == ["traits_written"] and events[0].audience == frozenset({A})
    assert GAME.view(state, B).characters[C].virtue in ("", None)
    state, events = play(state, *step_actions(state)[1:])
    assert "traits_passed" in kinds(events) and state.phase == Phase.MODULE


@pytest.mark.parametrize("virtue,code", [("очень сильный", "TRAIT_NOT_ONE_WORD"), ("", "TEXT_EMPTY"),
                                         ("x" * 41, "TEXT_TOO_LONG")])
def test_trait_is_one_word_L104(virtue, code):
    """«Каждая Черта должна быть одним словом» (L104)."""
    state = GAME.initial_state(TenCandlesConfig(players=3))
    assert rejection_code(state, WriteTraits(actor=A, virtue=virtue, vice="Жадный")) == code


def test_trait_one_word_is_a_config_option_L104():
    state = GAME.initial_state(TenCandlesConfig(players=3, traits_one_word=False))
    assert rejection_code(state, WriteTraits(actor=A, virtue="очень сильный", vice="Жадный")) is None


def test_gm_writes_no_traits_and_players_write_once_L102():
    """«каждый игрок (но не Рассказчик) пишет добродетель» (L102)."""
    state = GAME.initial_state(TenCandlesConfig(players=3))
    assert rejection_code(state, WriteTraits(actor=HOST, virtue="Сильный", vice="Жадный")) == "PLAYERS_ONLY"
    state, _ = play(state, WriteTraits(actor=A, virtue="Сильный", vice="Жадный"))
    assert rejection_code(state, WriteTraits(actor=A, virtue="Сильный", vice="Жадный")) == "ALREADY_ACTED"


def test_module_read_by_gm_only_after_traits_L122():
    """«Когда у всех игроков будут Черты, Рассказчик должен зачитать модуль» (L122)."""
    state = GAME.initial_state(TenCandlesConfig(players=3))
    assert rejection_code(state, ReadModule(text="x")) == "WRONG_PHASE"
    state = through_setup(3, until=Phase.MODULE)
    assert rejection_code(state, ReadModule(actor=A, text="x")) == "GM_ONLY"
    assert GAME.active_players(state) == frozenset({HOST})


def test_tc03_brink_chain_and_who_knows_L174_L176_L190_L192_L228():
    """TC-03: GM→A «Они видели», A→B, B→C, C→Them; each known to holder and author only."""
    state = through_setup(3, until=Phase.STACKS)
    assert [c.brink for c in state.chars] == [f"brink by {HOST}", "brink by 0", "brink by 1"]
    assert state.their_brink == "brink by 2"
    knows = {seat: [GAME.view(state, seat).characters[h].brink is not None for h in (A, B, C)]
             for seat in (HOST, A, B, C)}
    assert knows == {HOST: [True, False, False], A: [True, True, False], B: [False, True, True],
                     C: [False, False, True]}
    assert [GAME.view(state, s).their_brink is not None for s in (HOST, A, B, C)] == [True, False, False, True]
    assert all(GAME.view(state, None).characters[h].brink is None for h in (A, B, C))
    assert GAME.view(state, Viewer.HOST).characters[B].brink == "brink by 0"


def test_brink_written_events_reach_only_knowers_L176_L190():
    state = through_setup(3, until=Phase.BRINKS)
    _, events = play(state, *step_actions(state))
    audiences = {e.data["author"]: e.audience for e in events if e.kind == "brink_written"}
    assert audiences == {HOST: frozenset({HOST, A}), A: frozenset({A, B}), B: frozenset({B, C}),
                         C: frozenset({C, HOST})}


def test_gm_sees_all_brinks_option_D23():
    state = through_setup(3, TenCandlesConfig(players=3, gm_sees_all_brinks=True), until=Phase.STACKS)
    assert all(c.brink is not None for c in GAME.view(state, HOST).characters)
    assert GAME.view(state, A).characters[C].brink is None


def test_gm_writes_a_brink_in_step_5_L168_L190():
    """«все игроки (а также Рассказчик) должны взять ещё по одной карточке» (L168)."""
    state = through_setup(3, until=Phase.BRINKS)
    assert GAME.active_players(state) == frozenset({HOST, A, B, C})
    state, _ = play(state, WriteBrink(actor=HOST, text="они видели"))
    assert rejection_code(state, WriteBrink(actor=HOST, text="again")) == "ALREADY_ACTED"


@pytest.mark.parametrize("order,code", [
    (("virtue", "vice", "moment"), None), (("moment", "vice", "virtue"), None),
    (("brink", "virtue", "vice", "moment"), "BRINK_NOT_AT_BOTTOM"), (("virtue", "vice", "moment", "brink"),
                                                                     "BRINK_NOT_AT_BOTTOM"),
    (("virtue", "virtue", "moment"), "BAD_STACK"), (("virtue", "vice"), "BAD_STACK")])
def test_stack_any_order_brink_at_bottom_L230_L232(order, code):
    """«остальные карточки разложите в любом порядке ... Грани должны лежать в самом низу» (L230)."""
    state = through_setup(3, until=Phase.STACKS)
    assert rejection_code(state, ArrangeStack(actor=A, order=order)) == code


def test_tc05_two_moments_on_top_accepted_with_a_warning_L230():
    """TC-05: «в идеале наверху должно быть не больше одного Момента» (L230) is a warning only (D21)."""
    state = through_setup(3, until=Phase.STACKS)
    moves = [ArrangeStack(actor=p, order=("moment", "virtue", "vice")) for p in (A, B)]
    state, events = play(state, *moves, ArrangeStack(actor=C, order=("virtue", "vice", "moment")))
    assert state.phase == Phase.SUPPLIES
    assert [e.data["seats"] for e in events if e.kind == "moments_on_top"] == [[A, B]]
    assert state.chars[A].stack == ("moment", "virtue", "vice", "brink")


def test_stack_fixed_after_step_6_L234():
    """«После того, как стопка составлена, она фиксируется» (L234)."""
    state = through_setup(3, until=Phase.SUPPLIES)
    assert rejection_code(state, ArrangeStack(actor=A, order=("vice", "virtue", "moment"))) == "WRONG_PHASE"


def test_gm_holds_only_their_brink_after_step_6_L228():
    """TC-03 end: «У Рассказчика есть только Грань» (L228): the GM has no character, Their Brink only."""
    state = through_setup(3, until=Phase.SUPPLIES)
    assert len(state.chars) == 3 and state.their_brink == "brink by 2"


def test_lights_out_framing_then_messages_then_scene_1_L242_L253_L255_L259():
    """«Начинаем.» (L244); the GM frames (L253); every player records (L255); then scene 1 (L259)."""
    state = through_setup(3, until=Phase.FRAMING)
    assert state.lit == 10 and GAME.active_players(state) == frozenset({HOST})
    state, _ = play(state, *step_actions(state))
    assert state.phase == Phase.MESSAGES and GAME.active_players(state) == frozenset({A, B, C})
    state, events = play(state, RecordMessage(actor=A, text=""), RecordMessage(actor=B, text="прощайте"))
    assert state.phase == Phase.MESSAGES
    state, events = play(state, RecordMessage(actor=C, text="мама"))
    assert state.phase == Phase.SCENE and state.scene == 1
    assert (state.pool, state.gm_pool) == (10, 0)
    assert not any(e.kind == "truths_opened" for e in events)  # D7: no truths before scene 1


def test_message_heard_only_by_its_speaker_until_played_L255_L257():
    state = through_setup(3)
    assert GAME.view(state, A).characters[A].message == "message 0"
    assert GAME.view(state, B).characters[A].message is None
    assert GAME.view(state, HOST).characters[A].message is None
    assert GAME.view(state, B).characters[A].message_recorded


def test_setup_accident_stays_dark_and_later_steps_light_the_rest_L56_D17():
    """«потушенные свечи никогда не зажигаются» (L56): step 4 lights three more of what remains."""
    from narrator.rules.ten_candles import CandleOut
    state = through_setup(3, until=Phase.MODULE)
    state, _ = play(state, CandleOut(actor=B))
    assert (state.lit, state.dark) == (2, 1)
    while state.phase != Phase.FRAMING:
        state, _ = play(state, *step_actions(state))
    assert state.lit == 9
    relit = through_setup(3, TenCandlesConfig(players=3, allow_relight_during_setup=True), until=Phase.MODULE)
    relit, events = play(relit, CandleOut(actor=HOST))
    assert relit.lit == 3 and kinds(events) == ["candle_out", "candle_relit"]


def test_no_candle_out_before_any_is_lit_L56():
    state = GAME.initial_state(TenCandlesConfig(players=3))
    from narrator.rules.ten_candles import CandleOut
    assert rejection_code(state, CandleOut(actor=A)) == "NO_CANDLE_LIT"


def test_every_rule_citation_points_into_the_seed():
    """STYLE §7: each ``Rule:``/rejection line cites a real line of the 345-line seed."""
    import re
    from pathlib import Path
    seed_lines = 345
    cited = []
    for path in Path("rules/ten_candles").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"000_e53cdcbb20917f8a\.txt:((?:L\d+(?:-\d+)?(?:, )?)+)", text):
            cited += [int(n) for n in re.findall(r"\d+", match.group(1))]
        for match in re.finditer(r'reject\([^"]*"[^"]*"[^)]*?"(L[\d, L-]+)"\)', text):
            cited += [int(n) for n in re.findall(r"\d+", match.group(1))]
    assert len(cited) > 50 and all(1 <= n <= seed_lines for n in cited)

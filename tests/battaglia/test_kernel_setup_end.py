"""Deck table (§10 A), end conditions (§10 D) and defaults (§10 E) (seeds/004_55ac8a5a86b5c135.txt:L42-43, L92-93)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from narrator.rules.battaglia import GAME, BattagliaConfig, Card, Force, deck_for
from narrator.rules.battaglia.cards import FACTION
from narrator.rules.battaglia.life import end_check
from narrator.rules.replay import decode_config

from tests.battaglia.kernel_helpers import S6A, S12, P, accuse_round, dealt, run_night, vote_round

DECKS = {6: 8, 7: 9, 8: 10, 9: 11, 10: 12, 11: 13, 12: 14, 13: 15, 14: 16, 15: 17, 16: 18, 17: 20}
SPLITS = {6: (3, 2, 2, 1), 9: (4, 3, 3, 1), 12: (5, 4, 4, 1), 17: (7, 6, 6, 1)}


@pytest.mark.parametrize("players", list(DECKS), ids=[f"AT-A P={p} L42-43" for p in DECKS])
def test_deck_for_every_count_L42_43(players):
    """Deck = prefix of the addition order, P+2 cards (20 for 17 players) [L42, L43]."""
    state = GAME.initial_state(BattagliaConfig(players=players))
    assert state.deck == deck_for(DECKS[players]) and len(state.deck) - players in (2, 3)
    if players in SPLITS:
        counts = [sum(1 for c in state.deck if FACTION[c].value == f) for f in ("light", "shadow", "darkness", "gloom")]
        assert tuple(counts) == SPLITS[players]


def test_minimum_set_AT01_L42():
    """AT-01 [L42]: the six-player deck is the minimum set."""
    assert set(deck_for(8)) == {Card.NIKOR, Card.CORRIGAN, Card.COHEN, Card.LUN, Card.RAINMAKER, Card.FLUID,
                                Card.KOLDUNYA, Card.TRITON}


@pytest.mark.parametrize("data", [{"players": 5}, {"players": 12, "deck_size": 20}, {"players": 13, "deck_size": 14},
                                  {"players": 18}, {"players": 12, "surprise": 1}],
                         ids=["AT-05 P=5 L42", "AT-05 P=12 with 20 cards L43", "AT-05 P=13 with 14 cards L43",
                              "DEC-1 18 players off by default L42", "unknown option"])
def test_rejected_configs_AT05_L42_43(data):
    """AT-05 [L42-43]: impossible tables are refused at the boundary, naming the problem."""
    with pytest.raises(ValueError, match="invalid battaglia config"):
        decode_config(GAME, data)


def test_deal_hides_the_kitty_L43():
    """[L43] each seat learns only its own card; the public learns the deck, not the undealt cards."""
    state, events = dealt(S12)
    assert set(state.undealt) == {Card.KOLDUN, Card.TIIR}
    public = [e for e in events if str(e.audience) == "public"]
    assert "KOLDUN" in repr(public[0].data["deck"]) and "undealt" in public[0].data
    own = [e for e in events if e.kind == "your_card"]
    assert [(sorted(e.audience), e.data["card"]) for e in own] == [([i], c.value) for i, c in enumerate(S12)]


def test_acquaintance_clans_L48():
    """[L48] the darkness clan (darks, Nikor, Koldunya) and the shadow clan (with Koldunya, DEC-7) meet."""
    _, events = dealt(S12)
    clans = {e.data["clan"]: (sorted(e.audience), e.data["members"]) for e in events if e.kind == "clan"}
    assert clans["darkness"][1] == [0, 4, 5, 6, 8]
    assert clans["shadow"][1] == [6, 7, 9, 11]
    assert all("cards" not in e.data for e in events if e.kind == "clan")


def alive_only(state, seats_cards):
    """Keep only the given seats alive, holding the given (card, life)."""
    cards, lives = list(state.cards), list(state.lives)
    for seat, (card, life) in seats_cards.items():
        cards[seat], lives[seat] = card, life
    out = frozenset(range(state.players)) - set(seats_cards)
    return replace(state, cards=tuple(cards), lives=tuple(lives), out=out)


def test_two_darknesses_continue_AT46_L92():
    """AT-46 [L92]: first and second darkness are different forces: no end."""
    state, _ = dealt(S12)
    state = alive_only(state, {P["P6"]: (Card.FLUID, 1), P["P9"]: (Card.PUCK, 2)})
    assert end_check(state, []).result is None


def test_shadow_wins_AT48_L92():
    """AT-48 [L92]: only shadows left (Koldunya counts as a shadow): Shadow wins, 3 points each (L93)."""
    state, _ = dealt(S12)
    state = alive_only(state, {P["P7"]: (Card.KOLDUNYA, 1), P["P8"]: (Card.TRITON, 1),
                               P["P10"]: (Card.CHESHIRE_CAT, 1)})
    result = end_check(state, []).result
    assert result.termination == "one_force_left" and result.detail["force"] == Force.SHADOW
    assert {P["P7"], P["P8"], P["P10"]} <= result.winners
    assert result.detail["scores"][P["P7"]] == 3 and result.detail["scores"][P["P1"]] == 0


def test_nikor_wins_five_points_L93():
    """[L93] a winning Nikor gets 5 points."""
    state, _ = dealt(S12)
    state = alive_only(state, {P["P1"]: (Card.NIKOR, 1)})
    result = end_check(state, []).result
    assert result.detail["force"] == Force.FIRST_GLOOM and result.detail["scores"][P["P1"]] == 5


def test_stalemate_after_three_quiet_cycles_AT_D12_L92():
    """AT-D12 (DEC-35, DEC-37) [L92-93]: Cohen heals himself against a lone Fluid; ties forever: stalemate."""
    from narrator.rules.battaglia import NightStep as N
    state, _ = dealt(S6A)
    state = alive_only(state, {P["P3"]: (Card.COHEN, 1), P["P5"]: (Card.FLUID, 1)})
    state = replace(state, today=replace(state.today, order=(P["P3"], P["P5"])))
    for _ in range(4):
        if state.result:
            break
        state = accuse_round(state, {P["P3"]: P["P5"], P["P5"]: P["P3"]})
        state = vote_round(state, {P["P3"]: (P["P5"],), P["P5"]: (P["P3"],)})
        state = vote_round(state, {P["P3"]: (P["P5"],), P["P5"]: (P["P3"],)})
        if state.result:
            break
        state = run_night(state, {N.FIRST_DARKNESS: {P["P5"]: P["P3"]}, N.FIRST_COHEN: {P["P3"]: P["P3"]}})
    assert state.result.termination == "stalemate" and state.day == 3
    assert state.result.detail["scores"][P["P3"]] == 1 and state.result.detail["scores"][P["P5"]] == 1


def test_defaults_are_the_spec_s_AT_E():
    """§10 E / §9: every default is the spec's recommended one."""
    c = BattagliaConfig()
    assert (c.players, c.cards, c.soul_pool, c.rainmaker_force, c.darkness_productivity, c.domovik_multi_host,
            c.lord_guest_protected, c.dying_shot_gate, c.curse_gate, c.stalemate_cycles, c.accusations_min,
            c.accusations_max, c.votes_per_player) == (12, 14, "unissued", "by_life", "supporter", "any_dead_kills",
                                                       True, "on_execution", "on_condemnation", 3, 2, 5, 0)

"""Day scenarios of spec §10 C: accusations, votes and rules a-g (seeds/004_55ac8a5a86b5c135.txt:L72-90)."""

from __future__ import annotations

import pytest
from narrator.rules.battaglia import GAME, Card, Phase
from narrator.rules.battaglia.actions import Curse, DyingShot, Intercede, RevealBishop, RevealLord
from narrator.rules.battaglia.day import day_limits

from tests.battaglia.kernel_helpers import (
    S6A,
    S12,
    S17,
    P,
    accuse_round,
    answer,
    dealt,
    public_of,
    reborn,
    run_night,
    vote_round,
    with_cards,
)


def seats(*names):
    return tuple(P[n] for n in names)


def ballots(spec):
    return {P[v]: seats(*targets) for voters, targets in spec for v in voters}


def test_tie_and_revote_AT29_L77():
    """AT-29 [L74, L77, L87, L44]: a 3:3 tie goes to a one-vote re-vote; P1 is condemned and executed."""
    state, _ = dealt(S6A)
    assert day_limits(state) == (2, 1)
    events = []
    state = accuse_round(state, {P["P2"]: P["P1"], P["P3"]: P["P5"]}, events)
    state = vote_round(state, ballots([(("P2", "P3", "P4"), ("P1",)), (("P1", "P5", "P6"), ("P5",))]), events)
    assert state.phase is Phase.REVOTE and state.today.candidates == seats("P1", "P5")
    state = vote_round(state, ballots([(("P2", "P3", "P4", "P6"), ("P1",)), (("P1", "P5"), ("P5",))]), events)
    assert public_of(events, "condemned") == [{"day": 1, "seat": P["P1"]}]
    state = answer(state, events=events)
    assert public_of(events, "execution")[0] == {"day": 1, "seat": 0, "card": "NIKOR", "life": 1}
    state = reborn(state, {P["P1"]: Card.TRITON})
    assert state.cards[P["P1"]] is Card.TRITON and state.lives[P["P1"]] == 2


def test_second_tie_condemns_nobody_AT_D6_L77():
    """AT-D6 (DEC-31) [L77]: a second tie condemns nobody."""
    state, _ = dealt(S6A)
    events = []
    state = accuse_round(state, {P["P2"]: P["P1"], P["P3"]: P["P5"]}, events)
    tie = ballots([(("P2", "P3", "P4"), ("P1",)), (("P1", "P5", "P6"), ("P5",))])
    state = vote_round(vote_round(state, tie, events), tie, events)
    assert public_of(events, "no_condemnation") == [{"day": 1, "reason": "tie"}]
    assert state.phase is Phase.NIGHT and not state.graveyard


def condemn(state, seat, events):
    """Accuse ``seat`` (by the first other seat in turn) and have everybody vote for him."""
    accuser = next(s for s in state.today.order if s != seat)
    state = accuse_round(state, {accuser: seat}, events)
    return vote_round(state, {s: (seat,) for s in range(state.players)}, events)


@pytest.mark.parametrize("target,dead,shadows", [
    ("P6", [("P2", "CORRIGAN"), ("P6", "FLUID")], []),
    ("P10", [("P2", "CORRIGAN")], ["P10"]),
    ("P3", [("P2", "CORRIGAN")], []),
], ids=["AT-31 dying shot kills even Fluid [L80]", "AT-33 dying shot reveals a shadow [L81]",
        "AT-35 dying shot at Cohen: silent heir [L82]"])
def test_dying_shot_L79_83(target, dead, shadows):
    """AT-31/33/35 [L79-83]: the condemned Corrigan's dying shot, cases aa/ab/ac."""
    state, _ = dealt(S12)
    events = []
    state = condemn(state, P["P2"], events)
    state = answer(state, DyingShot(actor=P["P2"], target=P[target]), events=events)
    deaths = [(e["seat"], e["card"]) for e in public_of(events, "execution") + public_of(events, "death")]
    assert deaths == [(P[s], c) for s, c in dead]
    assert [e["seat"] for e in public_of(events, "shadow_revealed")] == [P[s] for s in shadows]
    assert not any(e.kind == "dying_shot" and str(e.audience) == "public" for e in events)
    if target == "P3":
        assert state.heirs[P["P3"]] == 1 and GAME.view(state, P["P3"]).heir_slot == 1
        assert GAME.view(state, P["P4"]).heir_slot == 0


def test_heir_shoots_at_night_AT35_L82():
    """AT-35 [L82, L68]: Cohen as heir wakes in the first Corrigan slot and kills Nikor, and still heals."""
    from narrator.rules.battaglia import NightStep as N
    state, _ = dealt(S12)
    state = condemn(state, P["P2"], [])
    state = reborn(answer(state, DyingShot(actor=P["P2"], target=P["P3"])), {P["P2"]: Card.TIIR})
    assert state.phase is Phase.NIGHT
    events = []
    plan = {N.FIRST_CORRIGAN: {P["P3"]: P["P1"]}, N.FIRST_COHEN: {P["P3"]: P["P3"]},
            N.SECOND_TIIR: {P["P2"]: P["P5"]}, N.FIRST_DARKNESS: {s: P["P6"] for s in seats("P1", "P6", "P7", "P9")}}
    run_night(state, plan, events)
    (morning,) = public_of(events, "morning")
    assert morning["deaths"] == [{"seat": P["P1"], "card": "NIKOR", "life": 1}]
    assert [dict(e.data) for e in events if e.kind == "tiir_saw"] == [{"night": 2, "seat": P["P5"], "card": "RAINMAKER"}]


def test_child_condemned_is_spared_L84():
    """Day rule b [L84]: a condemned Child is revealed and nobody dies today."""
    state, _ = dealt(S17)
    events = []
    state = answer(condemn(state, P["P16"], events), events=events)
    assert public_of(events, "child_revealed") == [{"seat": P["P16"], "cause": "condemned"}]
    assert not public_of(events, "execution") and P["P16"] in state.revealed_child


def test_dying_shot_at_child_AT_ad_L83():
    """Day rule ad [L83]: Corrigan shoots the unrevealed Child: revealed, and Corrigan lives."""
    state, _ = dealt(S17)
    events = []
    state = answer(condemn(state, P["P2"], events), DyingShot(actor=P["P2"], target=P["P16"]), events=events)
    assert public_of(events, "child_revealed") == [{"seat": P["P16"], "cause": "dying_shot"}]
    assert not public_of(events, "execution") and state.lives[P["P2"]] == 1


def test_lord_reveals_and_revote_AT37_L85():
    """AT-37 [L46, L75, L85]: the condemned Lord reveals, the host confirms, and the full re-vote condemns P9."""
    state, _ = dealt(S12)
    assert day_limits(state) == (4, 3)
    events = []
    state = accuse_round(state, {P["P9"]: P["P11"], P["P4"]: P["P9"], P["P1"]: P["P5"], P["P3"]: P["P1"]}, events)
    first = ballots([(("P1", "P5", "P6", "P7", "P9"), ("P11", "P5", "P1")), (("P2", "P3", "P4"), ("P11", "P9", "P1")),
                     (("P8", "P10", "P12"), ("P11", "P9", "P5")), (("P11",), ("P9", "P5", "P1"))])
    state = vote_round(state, first, events)
    assert state.today.condemned == P["P11"]
    state = GAME.apply(state, RevealLord(actor=P["P11"])).state
    assert state.phase is Phase.VOTE and P["P11"] in state.revealed_lord
    second = ballots([(("P2", "P3", "P4", "P6", "P8", "P10", "P11", "P12"), ("P9", "P5", "P1")),
                      (("P1", "P7"), ("P11", "P9", "P1")), (("P5", "P9"), ("P11", "P9", "P5"))])
    state = vote_round(state, second, events)
    assert state.today.condemned == P["P9"]
    state = answer(state, events=events)
    assert [(e["seat"], e["card"]) for e in public_of(events, "execution")] == [(P["P9"], "PUCK")]
    assert GAME.view(state, None).judges == (P["P11"],)


def koldun_day(intercede=False):
    state, _ = dealt(S17)
    assert day_limits(state) == (5, 5)
    events = []
    state = accuse_round(state, {P["P4"]: P["P12"], P["P2"]: P["P9"], P["P3"]: P["P17"], P["P11"]: P["P5"],
                                 P["P14"]: P["P1"]}, events)
    spec = [(("P2", "P3", "P4", "P11", "P13", "P14", "P16"), ("P12",)), (("P1", "P5", "P6", "P7"), ("P9",)),
            (("P9", "P12", "P17"), ("P1",)), (("P8", "P10", "P15"), ("P17",))]
    state = vote_round(state, ballots(spec), events)
    assert state.today.condemned == P["P12"]
    state = GAME.apply(state, Curse(actor=P["P12"])).state
    window = {P["P4"]: Intercede(actor=P["P4"])} if intercede else {}
    state = answer(state, window=window, events=events)
    return reborn(state, {P["P12"]: Card.FREILINA, P["P4"]: Card.MESKLINIT}), events


def test_koldun_curse_AT39_L86():
    """AT-39 [L86, L74, L77]: next day the cursed P4 is auto-accused; Koldun's voters vote for him automatically."""
    state, events = koldun_day()
    assert [(e["seat"], e["card"]) for e in public_of(events, "execution")] == [(P["P12"], "KOLDUN")]
    state = run_night(state, {})
    assert state.today.accusations[0].target == P["P4"] and state.today.accusations[0].accuser == -1
    assert day_limits(state) == (5, 4)
    state = accuse_round(state, {})
    bound = {s for s, b in state.today.ballots}
    assert bound == set(seats("P2", "P3", "P4", "P11", "P13", "P14", "P16"))
    assert all(b == (P["P4"],) for _, b in state.today.ballots)
    assert not GAME.legal_actions(state, P["P2"])


def test_lun_intercedes_curse_stands_AT_D10_L88():
    """AT-D10 (DEC-27 ii) [L86, L88]: Lun dies instead of Koldun; the curse on P4 still stands."""
    state, events = koldun_day(intercede=True)
    assert public_of(events, "intercession") == [{"lun": P["P4"], "condemned": P["P12"]}]
    assert [(e["seat"], e["card"]) for e in public_of(events, "execution")] == [(P["P4"], "LUN")]
    assert state.curse is not None and state.curse.cursed == P["P4"]


@pytest.mark.parametrize("shot", [None, "P6"], ids=["AT-41 Bishop reveals [L89-90]",
                                                    "AT-53 Bishop blocks a dying shot [L89-90]"])
def test_bishop_reveals_L89(shot):
    """AT-41/53 [L89-90]: the Bishop points at all shadows but Triton; nobody dies today."""
    state, _ = dealt(S17)
    events = []
    condemned = "P2" if shot else "P9"
    state = condemn(state, P[condemned], events)
    state = answer(state, DyingShot(actor=P["P2"], target=P[shot]) if shot else None,
                   window={P["P15"]: RevealBishop(actor=P["P15"])}, events=events)
    assert public_of(events, "bishop_revealed") == [{"seat": P["P15"], "pointed": list(seats("P7", "P10", "P13",
                                                                                           "P15"))}]
    assert not public_of(events, "execution") and not public_of(events, "death")
    assert P["P8"] not in state.revealed_shadow


def test_second_death_is_final_AT43_L44():
    """AT-43 [L44, L49]: a life-2 player executed is out for good: no soul, no vote, no night step."""
    state, _ = dealt(S12)
    state = with_cards(state, {P["P9"]: (Card.TIIR, 2)})
    events = []
    state = answer(condemn(state, P["P9"], events), events=events)
    assert public_of(events, "execution")[0]["card"] == "TIIR" and P["P9"] in state.out
    assert state.phase is Phase.NIGHT and P["P9"] not in GAME.active_players(state)
    assert GAME.legal_actions(state, P["P9"]) == []

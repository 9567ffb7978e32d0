"""Night scenarios of spec §10 B and the resolution rules a-f (seeds/004_55ac8a5a86b5c135.txt:L49-73)."""

from __future__ import annotations

import pytest
from narrator.rules.battaglia import GAME, Card, NightStep, Phase
from narrator.rules.battaglia.night import awake_seats, called_steps

from tests.battaglia.kernel_helpers import S6A, S6C, S12, S17, P, dealt, pass_day, public_of, run_night, with_cards

N = NightStep
H12 = {N.FIRST_DOMOVIK: {P["P12"]: P["P8"]},
       N.FIRST_DARKNESS: {P["P1"]: P["P6"], P["P6"]: P["P6"], P["P7"]: P["P6"], P["P9"]: P["P6"]},
       N.SECOND_DARKNESS: {P["P5"]: P["P6"]}, N.FIRST_GLOOM: {P["P1"]: P["P6"]},
       N.FIRST_CORRIGAN: {P["P2"]: P["P6"]}, N.FIRST_COHEN: {P["P3"]: P["P3"]}}


def night2(cards=S12, **options):
    state, _ = dealt(cards, **options)
    return pass_day(state)


def h12(**overrides):
    plan = {step: dict(choices) for step, choices in H12.items()}
    for step, choices in overrides.items():
        plan[N(step)] = {P[k]: P[v] for k, v in choices.items()}
    return plan


def morning(events):
    (data,) = public_of(events, "morning")
    return [(d["seat"], d["card"]) for d in data["deaths"]], data["shadows"]


def test_headings_and_wake_lists_AT07_L49_L51_63():
    """AT-07 [L43, L49, L51-63]: called headings from public knowledge; who wakes is private."""
    state = night2()
    assert called_steps(state) == (N.FIRST_DOMOVIK, N.FIRST_TIIR, N.FIRST_DARKNESS, N.SECOND_DARKNESS,
                                   N.FIRST_GLOOM, N.FIRST_CORRIGAN, N.FIRST_COHEN, N.SHADOW)
    expected = {N.FIRST_DOMOVIK: [12], N.FIRST_TIIR: [], N.FIRST_DARKNESS: [1, 6, 7, 9], N.SECOND_DARKNESS: [5],
                N.FIRST_GLOOM: [1], N.FIRST_CORRIGAN: [2], N.FIRST_COHEN: [3], N.SHADOW: [7, 8, 10, 12]}
    for step, players in expected.items():
        assert awake_seats(state, step) == tuple(p - 1 for p in players), step


SCENARIOS = [
    ("AT-09 all but one agree [L55 L67]", h12(first_darkness={"P1": "P4", "P6": "P4", "P7": "P4", "P9": "P3"}),
     [(P["P4"], "LUN")], []),
    ("AT-11 Fluid immune, group shoots its own [L55 L65]", h12(), [], []),
    ("AT-13 Cohen heals himself [L61 L67]",
     h12(first_darkness={"P1": "P3", "P6": "P3", "P7": "P3", "P9": "P3"}), [], []),
    ("AT-15 Corrigan kills a dark [L68]", h12(first_corrigan={"P2": "P9"}), [(P["P9"], "PUCK")], []),
    ("AT-17 Corrigan reveals a shadow [L70 L73]", h12(first_corrigan={"P2": "P10"}), [], [P["P10"]]),
    ("AT-19 Corrigan on a light [L68 L70]", h12(first_corrigan={"P2": "P11"}), [], []),
    ("AT-21 Domovik dies and so does his guest [L66 L71]",
     h12(first_domovik={"P12": "P4"}, first_darkness={"P1": "P12", "P6": "P12", "P7": "P12", "P9": "P12"}),
     [(P["P4"], "LUN"), (P["P12"], "DOMOVIK")], []),
    ("AT-23 simultaneous deaths [L57 L59 L71]", h12(first_corrigan={"P2": "P1"}, first_gloom={"P1": "P2"}),
     [(P["P1"], "NIKOR"), (P["P2"], "CORRIGAN")], []),
    ("AT-27 exact morning content [L73]", h12(first_corrigan={"P2": "P10"}, first_gloom={"P1": "P4"}),
     [(P["P4"], "LUN")], [P["P10"]]),
    ("AT-D4 Lord guest of a living Domovik survives (DEC-15) [L66 L69]",
     h12(first_domovik={"P12": "P11"}, first_darkness={"P1": "P11", "P6": "P11", "P7": "P11", "P9": "P11"}), [], []),
    ("AT-49 Lord victim dies even as a patient [L69]",
     h12(first_darkness={"P1": "P11", "P6": "P11", "P7": "P11", "P9": "P11"}, first_cohen={"P3": "P11"}),
     [(P["P11"], "LORD_LUIHAD")], []),
    ("guest of a dead Domovik dies even as a patient (DEC-16) [L66-67]",
     h12(first_domovik={"P12": "P4"}, first_cohen={"P3": "P4"},
         first_darkness={"P1": "P12", "P6": "P12", "P7": "P12", "P9": "P12"}),
     [(P["P4"], "LUN"), (P["P12"], "DOMOVIK")], []),
    ("living Domovik saves his guest from the gloom [L66]", h12(first_domovik={"P12": "P4"}, first_gloom={"P1": "P4"}),
     [], []),
    ("Corrigan target Koldunya dies [L68]", h12(first_corrigan={"P2": "P7"}), [(P["P7"], "KOLDUNYA")], []),
    ("Corrigan does not reveal Triton [L70]", h12(first_corrigan={"P2": "P8"}), [], []),
    ("two-member split: 2 of 4 is no consensus [L55]",
     h12(first_darkness={"P1": "P4", "P6": "P4", "P7": "P3", "P9": "P3"}), [], []),
]


@pytest.mark.parametrize("name,plan,deaths,shadows", SCENARIOS, ids=[s[0] for s in SCENARIOS])
def test_night_resolution_L64_71(name, plan, deaths, shadows):
    """Rules a-f resolved at once; the morning names only deaths with cards and unnamed shadows (L64-73)."""
    events = []
    state = run_night(night2(), plan, events)
    assert morning(events) == (deaths, shadows)
    for seat, card in deaths:
        assert GAME.view(state, None).graveyard[-len(deaths):] and (seat, 1, Card(card)) in state.graveyard


def test_morning_never_says_who_killed_AT27_L73():
    """AT-27 [L73]: no public event names a shooter, a blank shot, a protection or a card of a shadow."""
    events = []
    run_night(night2(), h12(first_corrigan={"P2": "P10"}, first_gloom={"P1": "P4"}), events)
    public = [e for e in events if str(e.audience) == "public"]
    assert {e.kind for e in public} <= {"heading", "morning", "day", "vote_open", "night"}
    text = repr([e.data for e in public])
    assert "CHESHIRE_CAT" not in text
    host = [e for e in events if str(e.audience) == "host"]
    assert host and host[0].kind == "night_report"


def test_tiir_sees_card_cat_sees_choice_AT25_L50_L53():
    """AT-25 [L53, L50]: Tiir privately learns P7's card; the Cat sees Tiir's choice but not the card (DEC-10)."""
    events = []
    plan = {N.FIRST_TIIR: {P["P14"]: P["P7"]}}
    run_night(night2(S17), plan, events)
    saw = [e for e in events if e.kind == "tiir_saw"]
    assert [(sorted(e.audience), dict(e.data)) for e in saw] == [([P["P14"]], {"night": 2, "seat": P["P7"], "card": "KOLDUNYA"})]
    cat = [dict(e.data) for e in events if e.kind == "cat_saw" and e.data["step"] == "first_tiir"]
    assert cat == [{"night": 2, "step": "first_tiir", "awake": [P["P14"]], "choices": [[P["P14"], P["P7"]]]}]


def test_second_nikor_AT52_L55_58():
    """AT-52 [L55-58, L68, L44]: a life-2 Nikor wakes in the second darkness (unproductive) and second gloom."""
    state = night2(S6C)
    state = with_cards(state, {P["P4"]: (Card.NIKOR, 2)})
    steps = called_steps(state)
    assert N.FIRST_GLOOM in steps and N.SECOND_GLOOM in steps
    assert awake_seats(state, N.SECOND_DARKNESS) == (P["P4"],)
    assert awake_seats(state, N.FIRST_DARKNESS) == (P["P5"], P["P6"])
    plan = {N.FIRST_DARKNESS: {P["P5"]: P["P3"], P["P6"]: P["P3"]}, N.SECOND_DARKNESS: {P["P4"]: P["P3"]},
            N.SECOND_GLOOM: {P["P4"]: P["P2"]}, N.FIRST_CORRIGAN: {P["P2"]: P["P4"]},
            N.FIRST_COHEN: {P["P3"]: P["P3"]}}
    # run from the start of night 2 with the modified cards: restart the night on the new holders
    from dataclasses import replace

    from narrator.rules.battaglia.night import start_night
    state = start_night(replace(state, night_no=1), [])
    events = []
    state = run_night(state, plan, events)
    assert morning(events) == ([(P["P2"], "CORRIGAN"), (P["P4"], "NIKOR")], [])
    assert P["P4"] in state.out


@pytest.mark.parametrize("productivity,deaths", [("supporter", []), ("participant", [(2, "COHEN")])],
                         ids=["AT-D2 DEC-13 supporter: a dissenting first dark vetoes [L55]",
                              "AT-D2 DEC-13 participant: P3 dies [L55]"])
def test_productivity_AT_D2_L55(productivity, deaths):
    """AT-D2 [L55]: Nikor, Koldunya and a second Rainmaker alone never make a productive shot."""
    from dataclasses import replace

    from narrator.rules.battaglia.night import start_night
    state = night2(S6A, darkness_productivity=productivity)
    state = start_night(replace(with_cards(state, {P["P4"]: (Card.RAINMAKER, 2)}), night_no=1), [])
    plan = {N.FIRST_DARKNESS: {P["P1"]: P["P3"], P["P4"]: P["P3"], P["P6"]: P["P3"], P["P5"]: P["P2"]},
            N.FIRST_COHEN: {P["P3"]: P["P2"]}, N.FIRST_CORRIGAN: {P["P2"]: P["P5"]}, N.FIRST_GLOOM: {P["P1"]: P["P5"]}}
    events = []
    run_night(state, plan, events)
    assert morning(events) == (deaths, [])


def test_rebirth_gives_second_soul_AT21_L44():
    """AT-21 [L44]: first deaths get a new secret soul; the host announces the dead card only."""
    events = []
    state = run_night(night2(), h12(first_domovik={"P12": "P4"},
                                    first_darkness={"P1": "P12", "P6": "P12", "P7": "P12", "P9": "P12"}),
                      events, souls={P["P4"]: Card.TIIR, P["P12"]: Card.KOLDUN})
    assert state.cards[P["P4"]] is Card.TIIR and state.lives[P["P4"]] == 2
    assert state.cards[P["P12"]] is Card.KOLDUN and state.phase is not Phase.REBIRTH
    new = [e for e in events if e.kind == "new_soul"]
    assert [sorted(e.audience) for e in new] == [[P["P4"]], [P["P12"]]]
    assert GAME.view(state, P["P4"]).card is Card.TIIR and GAME.view(state, None).card is None

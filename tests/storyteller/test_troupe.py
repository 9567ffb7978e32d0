"""The troupe decisions D48-D55 (spec §6.1): several characters in one turn, team tasks and contests.

Citations: DA = seeds/002_066846aa780a4bc4.txt, WW = seeds/003_f0eb31a77e5e4bcd.txt.
"""

from __future__ import annotations

import pytest
from narrator.rules.core import HOST
from narrator.rules.storyteller import (
    BeginScene,
    DeclareActions,
    Initiative,
    NextTurn,
    Resisted,
    Roll,
    Teamwork,
)

from tests.storyteller.helpers import act, game_of, rejection, sheet, table

DA_BOOK, WW_BOOK = "dark_ages", "wild_west"
SCHOLAR = sheet("scholar", attrs={"wits": 3}, abilities={"occult": 3})          # Wits + Occult = 6
MONK = sheet("monk", attrs={"intelligence": 2}, abilities={"theology": 2})       # Intelligence + Theology = 4
GHOUL = sheet("ghoul", attrs={"wits": 2}, abilities={"occult": 1}, player=False)  # a Storyteller character


def team(**fields):
    base = {"members": ("scholar", "monk"), "traits": (("wits", "occult"), ("intelligence", "theology")),
            "task": "library", "target": 10}
    return Teamwork(**(base | fields))


# -- D48: one difficulty, each member's own traits -----------------------------------------------------


def test_d48_members_roll_their_own_traits_at_one_difficulty() -> None:
    """Each member rolls its own pool (6 and 4 dice), never one pooled 10 (DA L227; WW L116)."""
    state = table(DA_BOOK, SCHOLAR, MONK)
    step = game_of(DA_BOOK).apply(state, team())
    data = step.events[0].data
    assert (data["pools"], data["difficulties"]) == ([6, 4], [6, 6])
    assert game_of(DA_BOOK).chance_spec(step.state).count == 10
    state, events = act(state, team(), (7, 7, 7, 2, 2, 2) + (9, 1, 2, 2))
    assert [r["net"] for r in events[-1].data["results"]] == [3, 0] and events[-1].data["total"] == 3


def test_d48_per_member_difficulty_is_an_option() -> None:
    """Refused by default with a stable code; under ``per_member`` each share is read at its own difficulty."""
    per_member = team(difficulties=(6, 8))
    assert rejection(table(DA_BOOK, SCHOLAR, MONK), per_member) == "TEAM_DIFFICULTY_PER_MEMBER"
    state = table(DA_BOOK, SCHOLAR, MONK, team_difficulty="per_member")
    assert rejection(state, team(difficulties=(6,))) == "TEAM_DIFFICULTY_PER_MEMBER"
    assert rejection(state, team(difficulties=(6, 11))) == "DIFFICULTY_OUT_OF_RANGE"
    state, events = act(state, per_member, (7, 2, 2, 2, 2, 2) + (7, 7, 8, 2))
    results = events[-1].data["results"]
    assert [(r["difficulty"], r["net"]) for r in results] == [(6, 1), (8, 1)]


# -- D49: Storyteller characters in a team -------------------------------------------------------------


def test_d49_a_storyteller_character_may_help_unless_the_table_says_players_only() -> None:
    """DA L227 "два или более игроков", WW L116 "вся стая или её часть": the ST says who helps (D49)."""
    helped = team(members=("scholar", "ghoul"), traits=(("wits", "occult"), ("wits", "occult")))
    state = table(DA_BOOK, SCHOLAR, GHOUL)
    _, events = act(state, helped, (7, 2, 2, 2, 2, 2) + (8, 8, 2))
    assert events[-1].data["total"] == 3
    assert rejection(table(DA_BOOK, SCHOLAR, GHOUL, team_members="players_only"), helped) == "TEAM_PLAYERS_ONLY"


# -- D50: helping uses the helper's action; resisting does not ----------------------------------------


def test_d50_helping_is_the_helpers_action() -> None:
    """One action per turn (DA L65): a member who acted cannot help, and a helper cannot act again."""
    state = table(DA_BOOK, SCHOLAR, MONK)
    acted, _ = act(state, Roll(character="monk", traits=("intelligence",)), (2, 2))
    assert rejection(acted, team()) == "ACTION_ALREADY_TAKEN"
    helped, _ = act(state, team(), (2,) * 10)
    assert [helped.char(c).actions_used for c in ("scholar", "monk")] == [1, 1]
    assert rejection(helped, Roll(character="monk", traits=("intelligence",))) == "ACTION_ALREADY_TAKEN"


def test_d50_helping_counts_among_declared_multiple_actions() -> None:
    """A helper that declared two actions helps with its first slot's reduced pool (DA L193: 6 - 2 = 4)."""
    state = table(DA_BOOK, SCHOLAR, MONK)
    state, _ = act(state, DeclareActions(character="scholar", actions=(("wits", "occult"), ("wits", "occult"))))
    assert game_of(DA_BOOK).apply(state, team()).events[0].data["pools"] == [4, 4]
    state, _ = act(state, team(), (2,) * 8)
    second = Roll(character="scholar", traits=("wits", "occult"))
    assert game_of(DA_BOOK).apply(state, second).events[0].data["pool"] == 3  # the second slot: 6 - 3


# -- D51: a carried Wild West tie ------------------------------------------------------------------------

GRABBER = sheet("grabber", attrs={"strength": 2}, abilities={"brawl": 1})
ROBBER = sheet("robber", attrs={"strength": 2}, abilities={"brawl": 1})


def grab(**fields):
    base = {"character": "grabber", "traits": ("strength", "brawl"), "opponent": "robber",
            "opponent_traits": ("strength", "brawl"), "task": "sack"}
    return Resisted(**(base | fields))


def test_d51_a_ww_tie_carries_to_the_next_turn_as_the_same_contest() -> None:
    """WW L108: no winner this turn; the rematch keeps the difficulties and takes no retry penalty."""
    state = table(WW_BOOK, GRABBER, ROBBER)
    state, events = act(state, grab(), (2, 2, 2) + (7, 7, 2))  # lost: a failed attempt
    assert events[-1].data["failed_attempts"] == 1
    state, events = act(act(state, NextTurn())[0], grab(), (7, 2, 2) + (7, 2, 2))
    assert events[0].data["difficulties"] == [7, 6] and events[-1].data["continues"]  # the retry at +1 ties
    state, _ = act(state, NextTurn())
    assert rejection(state, grab(difficulty=8)) == "TIE_REMATCH_CHANGED"
    assert rejection(state, grab(opponent_difficulty=5)) == "TIE_REMATCH_CHANGED"
    state, events = act(state, grab(), (7, 7, 2) + (2, 2, 2))
    assert events[0].data["difficulties"] == [7, 6]  # still 7: the tie was not a failed attempt
    assert events[-1].data["rematch"] and events[-1].data["winner"] == "grabber"


def test_d51_the_rematch_is_next_turn_and_both_characters_action() -> None:
    """The tie goes on in the next turn, not by a second declared action in this one; the carried contest
    takes the resister's action too, whatever resist_uses_action says."""
    grabber = sheet("grabber", attrs={"strength": 3}, abilities={"brawl": 3})
    state = table(WW_BOOK, grabber, ROBBER)
    state, _ = act(state, DeclareActions(character="grabber", actions=(("strength", "brawl"),) * 2, split=(3, 3)))
    state, _ = act(state, grab(), (7, 2, 2) + (7, 2, 2))
    assert rejection(state, grab()) == "TIE_NEXT_TURN"
    state, _ = act(state, NextTurn())
    acted, _ = act(state, Roll(character="robber", traits=("strength",)), (2, 2))
    assert rejection(acted, grab()) == "ACTION_ALREADY_TAKEN"
    state, events = act(state, grab(), (7, 7, 2, 2, 2, 2) + (2, 2, 2))
    assert events[-1].data["opponent_used_action"] and state.char("robber").actions_used == 1


def test_d51_a_dark_ages_tie_is_a_failed_attempt_and_a_new_scene_drops_a_carried_tie() -> None:
    """DA has no carry-over (D7: status quo), so its tie raises the next attempt's difficulty (DA L173)."""
    state, events = act(table(DA_BOOK, GRABBER, ROBBER), grab(), (7, 2, 2) + (7, 2, 2))
    assert events[-1].data["failed_attempts"] == 1 and not state.task("grabber:sack").carried
    state, _ = act(table(WW_BOOK, GRABBER, ROBBER), grab(), (7, 2, 2) + (7, 2, 2))
    assert state.task("grabber:sack").carried == ("robber", 6, 6, 1)
    state, _ = act(state, BeginScene(scene="later"))
    assert not state.task("grabber:sack").carried and rejection(state, grab(difficulty=8)) is None


# -- D52, D53: see test_option_paths.py (Willpower and automatic success on every path) ---------------


def test_d53_both_sides_of_a_contest_may_spend_willpower_when_allowed() -> None:
    """With the option, each side's point is one success (D2): 1 against 1 is a tie, and both pay."""
    state = table(WW_BOOK, GRABBER, ROBBER, willpower_in_team_contest="one_success")
    state, events = act(state, grab(willpower=True, opponent_willpower=True))
    assert events[-1].data["tie"] and [state.char(c).willpower for c in ("grabber", "robber")] == [4, 4]


# -- D54: declaring before the first roll of the turn ---------------------------------------------------


@pytest.mark.parametrize("first", ["own roll", "teamwork", "resisting"])
def test_d54_no_declaration_after_a_roll_this_turn(first: str) -> None:
    """DA L193: the player declares the number of actions, then the pools are reduced; not after rolling."""
    state = table(DA_BOOK, SCHOLAR, MONK)
    if first == "own roll":
        state, _ = act(state, Roll(character="scholar", traits=("wits",)), (2, 2, 2))
    elif first == "teamwork":
        state, _ = act(state, team(), (2,) * 10)
    else:
        contest = Resisted(character="monk", traits=("intelligence",), opponent="scholar", opponent_traits=("wits",))
        state, _ = act(state, contest, (2, 2, 2, 2, 2))
        assert state.char("scholar").actions_used == 0  # resisting used no action (D50), but it was a roll
    declare = DeclareActions(character="scholar", actions=(("wits",), ("wits", "occult")))
    assert rejection(state, declare) == "DECLARE_AFTER_ROLL"
    assert rejection(act(state, NextTurn())[0], declare) is None


def test_d54_a_reflexive_roll_does_not_close_the_declaration_and_one_declaration_per_turn() -> None:
    """Reflexive actions do not interfere with the turn's plan (DA L71); a second declaration is refused."""
    state = table(DA_BOOK, SCHOLAR, MONK)
    state, _ = act(state, Roll(character="scholar", traits=("wits",), action="reflexive"), (2, 2, 2))
    declare = DeclareActions(character="scholar", actions=(("wits",), ("wits", "occult")))
    state, _ = act(state, declare)
    assert rejection(state, declare) == "ALREADY_DECLARED"


# -- D55: no initiative rule from the books -------------------------------------------------------------


def test_d55_no_order_within_a_turn_and_initiative_is_labelled_house_default() -> None:
    """Neither chapter orders a turn (DA L187, L235 point to ch. 7): the kernel enforces no order, and the
    house-default initiative says where it comes from."""
    a, b = sheet("a", abilities={"alertness": 1}), sheet("b", attrs={"wits": 4}, abilities={"alertness": 3})
    state = table(DA_BOOK, a, b, combat=True)
    state, events = act(state, Initiative(characters=("a", "b")), (2, 2, 2) + (7, 7, 7, 7, 7, 7, 7))
    data = events[-1].data
    assert data["order"] == ["b", "a"] and "house default" in data["source"]
    assert rejection(state, Roll(character="a", traits=("wits",))) is None  # the last in order may act first
    assert all(game_of(DA_BOOK).check(state, m) is None for m in game_of(DA_BOOK).legal_actions(state, HOST))

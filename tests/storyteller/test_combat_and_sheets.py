"""Combat over the d10 core, tested against the house-default data (not a rulebook claim), and sheet validation."""

from __future__ import annotations

import pytest
from narrator.rules.storyteller import Attack, Initiative, NextTurn, Roll, SheetError, parse_sheet
from narrator.rules.storyteller.combat import health_status, wound_penalty

from narrator.storyteller.data import DataError, load_combat, load_sheet, sample_sheets
from tests.storyteller.helpers import act, rejection, sheet, table

FIGHTER = sheet("knight", attrs={"dexterity": 3, "strength": 3, "stamina": 2, "wits": 2},
                abilities={"melee": 2, "alertness": 1, "brawl": 1}, creature="vampire")
BANDIT = sheet("bandit", attrs={"dexterity": 2, "strength": 2, "stamina": 2, "wits": 2},
               abilities={"melee": 1, "alertness": 1}, player=False)


def test_house_default_files_are_labelled_and_valid() -> None:
    for book in ("dark_ages", "wild_west"):
        tables = load_combat(book)
        assert "house default" in tables.label and "not from the rulebook" in tables.label
        assert [level.penalty for level in tables.health_levels] == [0, -1, -1, -2, -2, -5, None]


def test_wound_penalties_follow_the_data() -> None:
    tables = load_combat("dark_ages")
    assert [wound_penalty(tables, n) for n in range(8)] == [0, 0, -1, -1, -2, -2, -5, None]
    assert health_status(tables, 0) == "unhurt" and health_status(tables, 4) == "Wounded"


def test_attack_damage_soak_chain() -> None:
    """Sword: Dexterity 3 + Melee 2 at 6; 3 hits -> damage Strength 3 + 2 + 2 extra = 7 dice; the human
    bandit cannot soak lethal (house default), so every damage success is a wound."""
    state = table("dark_ages", FIGHTER, BANDIT, combat=True)
    state, events = act(state, Attack(character="knight", defender="bandit", weapon="sword"),
                        (8, 9, 7, 2, 3), (6, 6, 2, 2, 2, 2, 2))
    wounded = events[-1].data
    assert (wounded["hits"], wounded["damage"], wounded["soaked"], wounded["wounds"]) == (3, 2, 0, 2)
    assert state.char("bandit").damage == ("lethal", "lethal") and wounded["health"] == "Hurt"


def test_vampire_soaks_lethal_with_stamina() -> None:
    state = table("dark_ages", FIGHTER, BANDIT, combat=True)
    state, events = act(state, Attack(character="bandit", defender="knight", weapon="knife"),
                        (7, 2, 2), (6, 6, 6), (6, 2))
    assert (events[-1].data["damage"], events[-1].data["soaked"], events[-1].data["wounds"]) == (3, 1, 2)


def test_a_miss_rolls_no_damage() -> None:
    state = table("dark_ages", FIGHTER, BANDIT, combat=True)
    state, events = act(state, Attack(character="knight", defender="bandit", weapon="sword"), (2, 3, 4, 5, 1))
    assert state.pending is None and events[-1].data["hit"] is False and state.char("bandit").damage == ()


def test_wounds_reduce_pools_and_incapacitate() -> None:
    state = table("dark_ages", FIGHTER, BANDIT, combat=True)
    state, _ = act(state, Attack(character="knight", defender="bandit", weapon="axe"),
                   (8, 8, 8, 8, 8), (7, 7, 7, 2, 2, 2, 2, 2, 2, 2))
    assert len(state.char("bandit").damage) == 3
    state, _ = act(state, NextTurn())
    _, events = act(state, Roll(character="bandit", traits=("dexterity", "melee")))
    assert (events[0].data["pool"], events[0].data["wound_penalty"]) == (2, -1)
    state, _ = act(state, Attack(character="knight", defender="bandit", weapon="axe"),
                   (8, 8, 8, 8, 8), (7, 7, 7, 7, 2, 2, 2, 2, 2, 2))
    assert rejection(state, Roll(character="bandit", traits=("wits",))) == "INCAPACITATED"


def test_no_combat_without_tables_d39() -> None:
    state = table("dark_ages", FIGHTER, BANDIT)
    assert rejection(state, Attack(character="knight", defender="bandit", weapon="sword")) == "NO_COMBAT_TABLES"
    assert rejection(table("dark_ages", FIGHTER, BANDIT, combat=True),
                     Attack(character="knight", defender="bandit", weapon="lance")) == "UNKNOWN_WEAPON"


def test_initiative_orders_by_successes() -> None:
    state = table("dark_ages", FIGHTER, BANDIT, combat=True)
    state, events = act(state, Initiative(characters=("knight", "bandit")), (2, 2, 2, 7, 7, 7))
    assert events[-1].data["order"] == ["bandit", "knight"] and state.initiative == ("bandit", "knight")


def test_sample_sheets_validate() -> None:
    for book in ("dark_ages", "wild_west"):
        assert len(sample_sheets(book)) >= 2
        for path in sample_sheets(book):
            assert load_sheet(path, book).willpower >= 1


BAD_SHEETS = [
    ({"willpower": 11}, "willpower"),
    ({"attributes": {"strength": 2}}, "attributes: missing"),
    ({"abilities": {"melee": 12}}, "abilities.melee"),
    ({"rage": 3}, "rage: a wild west trait"),
    ({"id": "Bad Id"}, "id"),
    ({"colour": "red"}, "colour"),
]


@pytest.mark.parametrize("change,needle", BAD_SHEETS, ids=[n for _, n in BAD_SHEETS])
def test_bad_sheets_name_the_field(change, needle) -> None:
    data = {"id": "x", "name": "X", "book": "dark_ages", "willpower": 5,
            "attributes": {a: 2 for a in ("strength", "dexterity", "stamina", "charisma", "manipulation",
                                          "appearance", "perception", "intelligence", "wits")}} | change
    with pytest.raises(SheetError, match=needle):
        parse_sheet(data)


def test_sheet_for_the_other_book_is_refused(tmp_path) -> None:
    with pytest.raises(DataError, match="for wild_west, not dark_ages"):
        load_sheet(sample_sheets("wild_west")[0], "dark_ages")
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: [unclosed\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid YAML"):
        load_sheet(broken, "dark_ages")

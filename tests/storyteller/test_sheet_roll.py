"""``narrator roll TRAITS --sheet FILE``: the sheet's pool, named traits and dice, the book's rules."""

from __future__ import annotations

import json
import random

import pytest
from narrator.rules.storyteller.dice import evaluate_roll
from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.storyteller.play import resolve_sheet
from narrator.storyteller.sheet_roll import SheetRollError, roll_from_sheet

runner = CliRunner()


def test_the_pool_is_the_sheets_traits_and_the_result_the_books() -> None:
    ysolde = resolve_sheet("dark_ages", "ysolde")
    rolled = roll_from_sheet(ysolde, "dark_ages", ("dexterity", "stealth"), 6, faces=[10, 7, 1, 3, 8, 1])
    assert rolled.pool == 6 and rolled.ratings == (3, 3)
    expected = evaluate_roll((10, 7, 1, 3, 8, 1), 6, botch_rule="no_successes")
    assert (rolled.result.net, rolled.result.category) == (expected.net, expected.category)


def test_botch_rules_differ_by_book_on_the_same_dice() -> None:
    """Two 1s against one success: Wild West botches (more 1s than successes, WW L76), Dark Ages fails."""
    ruth = resolve_sheet("wild_west", "ruth")
    ww = roll_from_sheet(ruth, "wild_west", ("dexterity", "stealth"), 6, faces=[1, 1, 7, 2, 3])
    assert ww.result.category == "botch"
    odo = resolve_sheet("dark_ages", "odo")
    da = roll_from_sheet(odo, "dark_ages", ("strength", "athletics"), 6, faces=[1, 1, 7, 2, 3])
    assert da.result.category == "failure"


def test_willpower_is_one_automatic_success_without_dice_by_default() -> None:
    rolled = roll_from_sheet(resolve_sheet("wild_west", "elias"), "wild_west", ("wits", "subterfuge"), 8,
                             willpower=True, rng=random.Random(1))
    assert rolled.result.dice == () and rolled.result.net == 1 and rolled.willpower_left == 5


def test_refusals_are_the_kernels() -> None:
    ruth = resolve_sheet("wild_west", "ruth")
    with pytest.raises(SheetRollError) as missing:
        roll_from_sheet(ruth, "wild_west", ("dexterity", "lore"), 6)
    assert missing.value.rejection.code == "TRAIT_NOT_ON_SHEET"
    with pytest.raises(SheetRollError) as shape:
        roll_from_sheet(ruth, "wild_west", ("stealth", "melee"), 6)
    assert shape.value.rejection.code == "POOL_SHAPE"


def test_the_cli_names_traits_and_dice_in_the_chosen_language() -> None:
    result = runner.invoke(app, ["roll", "dexterity+stealth", "-d", "6", "--sheet", "ysolde", "--seed", "2",
                                 "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert "Изольда из Серой Завесы" in result.output and "Ловкость 3 + Скрытность 3" in result.output
    assert "кубиков 6, сложность 6" in result.output
    as_json = runner.invoke(app, ["roll", "perception+alertness", "-d", "7", "--sheet", "hattie", "--json",
                                  "--seed", "1"])
    data = json.loads(as_json.output)
    assert data["pool"] == 5 and data["traits"] == ["perception", "alertness"] and len(data["dice"]) == 5
    spent = runner.invoke(app, ["roll", "wits+subterfuge", "--sheet", "elias", "--willpower"])
    assert spent.exit_code == 0 and "Willpower spent" in spent.output and "5/6" in spent.output
    bad = runner.invoke(app, ["roll", "dexterity+lore", "--sheet", "ruth"])
    assert bad.exit_code == 2 and "TRAIT_NOT_ON_SHEET" in bad.output

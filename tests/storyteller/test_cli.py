"""The table tools: ``narrator roll`` and ``narrator odds`` (typer's CliRunner)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from narrator.cli.main import app

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_roll_physical_dice_json_ww_l76() -> None:
    """[10,7,1,3,8,1] at 7 under Wild West: 3 successes, two 1s, net 1, marginal."""
    result = invoke("roll", "--dice", "10,7,1,3,8,1", "--difficulty", "7", "--book", "wild-west", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["raw"], data["ones"], data["net"], data["category"]) == (3, 2, 1, "marginal")
    assert len(data["cancelled"]) == 4


def test_roll_books_differ_on_the_same_dice_d1() -> None:
    da = json.loads(invoke("roll", "--dice", "1,1,7", "--book", "dark-ages", "--json").stdout)
    ww = json.loads(invoke("roll", "--dice", "1,1,7", "--book", "wild-west", "--json").stdout)
    assert (da["outcome"], ww["outcome"]) == ("failure", "botch")


def test_roll_rich_output_shows_the_verdict() -> None:
    result = invoke("roll", "--dice", "1,3,4,3,6", "--difficulty", "7")
    assert result.exit_code == 0 and "BOTCH" in result.stdout


def test_roll_seeded_is_reproducible() -> None:
    first = invoke("roll", "7", "--seed", "3", "--json").stdout
    assert first == invoke("roll", "7", "--seed", "3", "--json").stdout and len(json.loads(first)["dice"]) == 7


@pytest.mark.parametrize("args,needle", [
    (("roll", "--dice", "11,2"), "not on a d10"),
    (("roll", "3", "--difficulty", "12"), "2..10"),
    (("roll", "--dice", "a,b"), "whole numbers"),
    (("roll",), "POOL"),
    (("roll", "3", "--book", "vampire"), "dark-ages or wild-west"),
    (("roll", "4", "--dice", "1,2"), "does not match"),
    (("roll", "--dice", "10,3", "--rule-of-ten"), "--rerolls"),
    (("odds", "0"), "POOL"),
    (("odds", "3", "--difficulty", "1"), "2..10"),
], ids=lambda v: " ".join(v) if isinstance(v, tuple) else v)
def test_bad_input_exits_2_with_a_message(args, needle) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert needle in result.output
    assert "Traceback" not in result.output


def test_odds_json_sums_to_one() -> None:
    result = invoke("odds", "7", "--difficulty", "6", "--book", "wild-west", "--json")
    assert result.exit_code == 0, result.output
    odds = json.loads(result.stdout)["odds"]
    assert sum(Fraction(v["fraction"]) for v in odds.values()) == 1


def test_odds_options_willpower_and_rule_of_ten() -> None:
    wp = json.loads(invoke("odds", "3", "--willpower", "--json").stdout)["odds"]
    assert wp["marginal"]["probability"] == 1.0
    ten = json.loads(invoke("odds", "5", "--rule-of-ten", "--json").stdout)["odds"]
    plain = json.loads(invoke("odds", "5", "--json").stdout)["odds"]
    assert ten["phenomenal"]["probability"] > plain["phenomenal"]["probability"]


def test_odds_table_and_heat_map(tmp_path) -> None:
    out = tmp_path / "odds.png"
    result = invoke("odds", "--table", "--book", "dark-ages", "--json", "--out", str(out))
    assert result.exit_code == 0, result.output
    cells = json.loads(result.stdout)["cells"]
    assert len(cells) == 15 * 9
    assert all(sum(Fraction(v["fraction"]) for v in c["odds"].values()) == 1 for c in cells)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_play_eof_then_resume_through_the_cli(tmp_path) -> None:
    path = tmp_path / "ww.jsonl"
    first = runner.invoke(app, ["play", "wild-west", "--seed", "3", "--transcript", str(path), "--lang", "ru"],
                          input="5z\n1\n")  # "x" is the X-card now (as in Ten Candles)
    assert first.exit_code == 0, first.output
    assert "не выбор" in first.output and f"--resume {path}" in first.output.replace("\n", "")
    assert "not a choice" not in first.output  # one language on screen
    again = runner.invoke(app, ["play", "wild-west", "--resume", str(path)], input="q\n")
    assert again.exit_code == 0 and "Продолжаем" in again.output  # the resumed game keeps its language
    assert "На кону:" in again.output  # the resumed scene says its stakes, as when it began
    assert invoke("replay", str(path)).exit_code == 0


@pytest.mark.parametrize("args,needle", [
    (("play", "dark-ages", "--character", "missing.yaml"), "no such file"),
    (("play", "dark-ages", "--lang", "de"), "--lang"),
    (("play", "dark-ages", "--resume", "missing.jsonl"), "no such file"),
])
def test_play_bad_input_exits_2(tmp_path, args, needle) -> None:
    result = runner.invoke(app, [*args, "--transcript", str(tmp_path / "t.jsonl")] if "--resume" not in args
                           else list(args))
    assert result.exit_code == 2 and needle in result.output and "Traceback" not in result.output


def test_play_wrong_book_sheet_exits_2(tmp_path) -> None:
    from narrator.storyteller.data import sample_sheets

    result = runner.invoke(app, ["play", "dark-ages", "--character", str(sample_sheets("wild_west")[0]),
                                 "--transcript", str(tmp_path / "t.jsonl")])
    assert result.exit_code == 2 and "not dark_ages" in result.output


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("en", "dice come from its secret", "the bots and names"), ("ru", "выпадают из её тайного зерна", "боты и имена")])
def test_a_solo_game_does_not_say_its_seed_deals_bots_and_names(tmp_path, lang: str, said: str,
                                                                  not_said: str) -> None:
    """A solo Storyteller game has no bots and deals no names: its seed line says what ``--seed`` does to its dice."""
    result = runner.invoke(app, ["play", "dark-ages", "--lang", lang, "--transcript", str(tmp_path / "t.jsonl")],
                           input="q\n")
    out = " ".join(result.output.split())
    assert said in out and not_said not in out, result.output

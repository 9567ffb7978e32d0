"""The Storyteller games at the terminal: the character sheet on screen and on demand (``sheet``/``лист``,
``who``/``кто``, without spending the turn), and every roll line labelled (initiative, attack, damage,
soak, resisted, simple), in both languages, driven through ``narrator play``'s real prompt loop."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.storyteller.reference import Reference

runner = CliRunner()


BUILT_IN = {"dark-ages": "ferry-of-saint-aubin", "wild-west": "night-wire-coyote-springs"}
"""The short scenarios these tests were written on (``narrator play`` opens an evening one by default)."""


def play(book: str, lang: str, stdin: str, tmp_path: Path) -> str:
    result = runner.invoke(app, ["play", book, "--scenario", BUILT_IN[book], "--seed", "3", "--lang", lang,
                                 "--transcript", str(tmp_path / "t.jsonl")], input=stdin)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


@pytest.mark.parametrize(("lang", "sheet", "who"), [("en", "sheet", "who"), ("ru", "лист", "кто")])
def test_wild_west_sheet_on_demand_and_labelled_combat_dice(lang: str, sheet: str, who: str, tmp_path: Path) -> None:
    out = play("wild-west", lang, f"{sheet}\n{who}\n" + "1\n" * 40, tmp_path)
    ref = Reference(lang)
    title = ref.say("sheet", name={"en": 'Ruth "Dry Creek" Halloran', "ru": "Рут «Сухой Ручей» Холлоран"}[lang])
    assert out.count(title) >= 2  # shown at the start, and again on demand
    assert ref.say("others") in out and f"{ref.say('willpower')}: 5 / 5" in out
    assert ref.trait("firearms") + " 2" in out
    head = {"en": ("Initiative —", "Attack (", "Damage —", "Soak —", "Roll ("),
            "ru": ("Инициатива —", "Атака (", "Урон —", "Поглощение —", "Бросок (")}[lang]
    for label in head:
        assert label in out, label


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_dark_ages_shows_the_sheet(lang: str, tmp_path: Path) -> None:
    out = play("dark-ages", lang, "1\n" * 40, tmp_path)
    ref = Reference(lang)
    assert ref.say("abilities") in out and ref.say("health") in out and ref.say("blood") in out


def test_the_sheet_is_the_seat_s_own_view_only(tmp_path: Path) -> None:
    """The player's view holds its own sheet; an NPC's hidden traits never reach the reference."""
    from narrator.storyteller.play import new_table
    from narrator.storyteller.seat import ScriptedPlayer

    table = new_table("wild_west", character=None, lang="en", seed=3, transcript=tmp_path / "x.jsonl",
                      player=ScriptedPlayer(["1"]), say=lambda _s: None)
    state = table.session.state
    view = table.session.game.view(state, 0)
    shown = "\n".join(Reference("en").sheet(view) + Reference("en").scene(view))
    from narrator.rules.core import HOST

    host = table.session.game.view(state, HOST)
    npcs = [s for s in host.get("sheets", ()) if not s.get("player", True)]
    assert npcs
    for npc in npcs:
        assert f"Character sheet: {npc['name']}" not in shown


@pytest.mark.parametrize(("lang", "who", "ruth", "unhurt"),
                         [("en", "who", 'Ruth "Dry Creek" Halloran', "unhurt"),
                          ("ru", "кто", "Рут «Сухой Ручей» Холлоран", "без ран")])
def test_who_lists_the_scene_not_the_whole_story(lang: str, who: str, ruth: str, unhurt: str, tmp_path: Path) -> None:
    """At the depot the thing in the spring is not "in the scene" (a spoiler), and Ruth is not «невредим»."""
    ref = Reference(lang)
    out = play("wild-west", lang, f"{who}\n", tmp_path)
    roster = out.split(ref.say("others") + ":")[1]
    assert ref.say("condition", name=ruth, health=unhurt) in roster
    assert {"en": "Mosby", "ru": "Мосби"}[lang] not in roster and {"en": "spring", "ru": "родник"}[lang] not in roster
    assert "невредим" not in out


def test_who_names_the_ferryman_at_the_landing(tmp_path: Path) -> None:
    out = play("dark-ages", "ru", "кто\n", tmp_path)
    roster = out.split(Reference("ru").say("others") + ":")[1]
    assert "паромщик Герлах — здоровье: без ран" in roster and "привратник" not in roster

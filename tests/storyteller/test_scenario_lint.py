"""The scenario linter (issue 29): every shipped scenario plays well, and each evening rule catches what it
names on a scenario broken on purpose."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from narrator.storyteller.lint import lint_file, main, problems, sentences, shortest_to_ending
from narrator.storyteller.scenario import Scenario, shipped_scenarios

BOOKS = ("dark_ages", "wild_west")
SHIPPED = [(book, path) for book in BOOKS for path in shipped_scenarios(book)]


def t(en: str, ru: str = "") -> dict[str, str]:
    return {"en": en, "ru": ru or "Текст."}


def roll(id_: str, success: str, **extra: Any) -> dict[str, Any]:
    return {"id": id_, "label": t(f"Do {id_} (Wits + Alertness, diff 6)"), "roll": {"traits": ["wits", "alertness"]},
            "next": {"success": success}, "says": {"failure": t("It costs you."), "botch": t("It costs more.")},
            **extra}


IMPROV = {"clues": [{"id": "mark", "words": t("mark"), "text": t("A mark."), "free": True}],
          "success": t("You gain ground."), "failure": t("You lose time.")}


def evening() -> dict[str, Any]:
    """A minimal evening scenario that passes every rule: eight scenes in a line, the last a climax."""
    names = [f"s{i}" for i in range(1, 9)]
    scenes = {name: {"text": t(f"Scene {name}."), "approaches": [roll("go-on", nxt)], "improv": IMPROV}
              for name, nxt in zip(names, [*names[1:], "end:won"], strict=True)}
    scenes["s8"]["climax"] = True
    npc = {"id": "warden", "name": "Warden", "names": t("the warden", "привратник"), "motive": t("To keep the gate."),
           "book": "dark_ages", "creature": "human", "player": False,
           "attributes": {"strength": 2, "dexterity": 2, "stamina": 2, "charisma": 2, "manipulation": 2,
                          "appearance": 2, "perception": 2, "intelligence": 2, "wits": 2},
           "abilities": {"alertness": 2}, "willpower": 5}
    return {"id": "test-evening", "book": "dark_ages", "length": "evening", "title": t("A test"),
            "pitch": t("You want in."), "start": "s1", "npcs": [npc], "scenes": scenes,
            "endings": {"won": {"text": t("You are in."), "epilogue": t("The gate shuts. Nobody tells.",
                                                                          "Ворота закрылись. Никто не узнал.")}},
            "fallen": "won"}  # the ending when no player character can act (playtest 17)


def found(data: dict[str, Any]) -> list[str]:
    return problems(Scenario.model_validate(data))


@pytest.mark.parametrize("book,path", SHIPPED, ids=[p.stem for _, p in SHIPPED])
def test_every_shipped_scenario_lints_clean(book: str, path: Path) -> None:
    assert lint_file(path) == []


def test_three_evening_scenarios_per_book() -> None:
    for book in BOOKS:
        evenings = [p for p in shipped_scenarios(book) if "length: evening" in p.read_text(encoding="utf-8")]
        assert len(evenings) >= 3, (book, evenings)


def test_in_every_scene_of_an_evening_each_sample_character_has_an_approach_of_its_own_sheet() -> None:
    """Any sample character may play an evening alone: in each scene that is no fight one approach at least
    asks only for traits rated on that character's sheet (an unlearned Ability would roll the Attribute alone)."""
    from narrator.storyteller.data import load_sheet, sample_sheets
    from narrator.storyteller.scenario import load_scenario

    for book in BOOKS:
        sheets = [load_sheet(p, book) for p in sample_sheets(book)]
        for path in shipped_scenarios(book):
            story = load_scenario(book, path)
            if story.length != "evening":
                continue
            for name, scene in story.scenes.items():
                pools = [a.spec().traits for a in scene.approaches if a.spec() is not None]
                for sheet in sheets:
                    assert scene.fight or any(all(sheet.rating(t) for t in pool) for pool in pools), \
                        (story.id, name, sheet.id)


def test_the_minimal_evening_passes_and_its_shortest_way_is_eight_scenes() -> None:
    assert found(evening()) == []
    assert shortest_to_ending(Scenario.model_validate(evening())) == 8


def test_an_evening_whose_shortest_way_is_too_short() -> None:
    data = evening()
    data["scenes"]["s2"]["approaches"][0]["next"]["botch"] = "s8"
    assert found(data) == ["scenes: the shortest way to an ending passes 3 scenes; an evening's passes at least 6"]


def test_too_few_scenes_and_no_pitch() -> None:
    data = evening()
    del data["pitch"]
    for name in ("s3", "s4"):
        del data["scenes"][name]
    data["scenes"]["s2"]["approaches"][0]["next"]["success"] = "s5"
    said = found(data)
    assert any("at least 8 scenes" in p for p in said)
    assert any(p.startswith("pitch:") for p in said)


def test_an_ending_outside_a_climax_is_refused() -> None:
    data = evening()
    data["scenes"]["s2"]["approaches"][0]["next"]["botch"] = "end:won"
    assert any(p.startswith("scenes.s2.approaches.go-on.next.botch: end:won ends the story") for p in found(data))


def test_a_transition_to_its_own_scene_is_a_silent_restart() -> None:
    data = evening()
    data["scenes"]["s3"]["approaches"][0]["next"]["failure"] = "s3"
    assert any("s3.approaches.go-on.next.failure: leads back to its own scene" in p for p in found(data))


def test_going_back_without_a_word_is_found_in_any_scenario() -> None:
    data = evening()
    data["length"] = "short"
    data["scenes"]["s4"]["approaches"][0]["next"]["botch"] = "s2"
    del data["scenes"]["s4"]["approaches"][0]["says"]["botch"]
    assert found(data) == [("scenes.s4.approaches.go-on.next.botch: goes back to s2 without a word "
                            "(say what happened: says.botch)")]


def test_a_failure_that_keeps_the_scene_must_say_what_it_costs() -> None:
    data = evening()
    del data["scenes"]["s5"]["approaches"][0]["says"]["failure"]
    assert any("s5.approaches.go-on: a failure keeps the scene without a word" in p for p in found(data))
    data = evening()
    del data["scenes"]["s5"]["approaches"][0]["says"]["failure"]
    data["scenes"]["s5"]["approaches"][0]["next"]["failure"] = "s6"  # failing forward to another scene is fine
    assert found(data) == []


def test_every_ending_has_an_epilogue_of_two_sentences_in_both_languages() -> None:
    data = evening()
    data["endings"]["won"]["epilogue"] = t("The gate shuts and nobody tells.", "Ворота закрылись. Никто не узнал.")
    assert found(data) == ["endings.won.epilogue.en: at least 2 sentences"]
    data["endings"]["won"] = t("You are in.")  # a bare text: an ending without an epilogue
    assert found(data) == ["endings.won.epilogue: every ending of an evening scenario has an epilogue"]


def test_unreachable_scenes_dead_ends_and_unreached_endings() -> None:
    data = evening()
    data["scenes"]["island"] = copy.deepcopy(data["scenes"]["s4"])
    data["scenes"]["island"]["approaches"][0]["next"] = {"success": "island-2"}
    data["scenes"]["island-2"] = copy.deepcopy(data["scenes"]["s4"])
    data["scenes"]["island-2"]["approaches"][0]["next"] = {"success": "island"}
    data["endings"]["lost"] = {"text": t("Lost."), "epilogue": t("One. Two.", "Раз. Два.")}
    said = found(data)
    assert "scenes.island: no way leads here from start (s1)" in said
    assert "scenes.island: a dead end (no ending can be reached from it)" in said
    assert "endings.lost: no scene reachable from start leads to it" in said


def test_motives_and_improv_are_asked_of_an_evening() -> None:
    data = evening()
    del data["npcs"][0]["motive"]
    del data["scenes"]["s6"]["improv"]
    said = found(data)
    assert any(p.startswith("npcs.0 (warden): motive") for p in said)
    assert any(p.startswith("scenes.s6.improv:") for p in said)


def test_sentences_are_counted_at_their_ends() -> None:
    assert sentences("One. Two!") == 2
    assert sentences("«Тише», — говорит она. Засов отодвигается…") == 2
    assert sentences("St. Aubin is far") == 1  # an abbreviation counts: the linter errs toward more


def test_the_command_line_says_each_problem_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import yaml

    data = evening()
    data["scenes"]["s2"]["approaches"][0]["next"]["botch"] = "end:won"
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert main([str(path)]) == 1
    assert "end:won ends the story from a scene that is no climax" in capsys.readouterr().out
    assert main([str(SHIPPED[0][1])]) == 0


def test_every_listed_id_is_one_scenario_option_finds() -> None:
    """What ``--scenario``'s help lists, ``--scenario`` takes: the built-in one by its id too."""
    from narrator.storyteller.scenario import EVENING, load_scenario, scenario_path

    for book in BOOKS:
        for path in shipped_scenarios(book):
            assert scenario_path(book, load_scenario(book, path).id) == path
        assert load_scenario(book, EVENING[book]).length == "evening"


def test_an_evening_names_its_ending_for_the_fallen() -> None:
    """Playtest 17: Elias died and the table played three scenes to nobody. An evening scenario names the ending
    told when no player character can act (``fallen``); wounds reach it, so no transition needs to."""
    data = evening()
    assert found(data) == []
    del data["fallen"]
    assert found(data) == [("fallen: an evening scenario names its ending for when no player character can act any "
                            "more (playtest 17: the table played three scenes to a dead man)")]

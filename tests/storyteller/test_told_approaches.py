"""An approach whose success only tells (a single roll whose success keeps the scene: the tourney's "Watch who
fills Gautier's cup") is offered no more once the character succeeded at it: tried again it says nothing new
(the play-tester was offered it again the next turn)."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.storyteller.play import new_table, run
from narrator.storyteller.seat import TerminalPlayer

LABEL = {"en": "Watch who fills Gautier's cup", "ru": "Проследить, кто наполняет кубок Готье"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_clue_found_is_not_offered_again(tmp_path: Path, lang: str):
    said: list[str] = []
    answers = iter(["2", "q"])  # watch-cup; seed 3: a success (3 net)
    table = new_table("dark_ages", character=None, lang=lang, seed=3, transcript=tmp_path / "t.jsonl",
                      player=TerminalPlayer(lambda _p: next(answers, "q"), said.append, lang), say=said.append,
                      scenario="tourney-at-vaucouleurs")
    run(table, said.append)
    offered = [i for i, line in enumerate(said) if LABEL[lang] in line and line.lstrip().startswith("[bold]")]
    success = next(i for i, line in enumerate(said) if "net 3" in line or "чистых 3" in line)
    assert offered and offered[0] < success  # offered at first
    assert not [i for i in offered if i > success]  # not after the success
    menus = [line for line in said[success:] if line.lstrip().startswith("[bold]")]
    assert len(menus) == 3  # the other three approaches of the feast are still offered


def test_a_clue_found_is_offered_again_when_every_other_approach_is_closed(tmp_path: Path):
    """Carrion Flats' church, seed 2 with one bot: the register and the spirit side read, both contests lost (the
    kernel refuses a closed contest, TASK_CLOSED). Hiding the clues there left only refusals and the game went
    round them for ever; now the clues stay offered, the scene runs out its turns and the story ends."""
    from narrator.storyteller.data import sample_sheets
    from narrator.storyteller.seat import BotPlayer

    sheets = [p.stem for p in sample_sheets("wild_west")][:1]
    table = new_table("wild_west", sheets=sheets, lang="en", seed=2, transcript=tmp_path / "t.jsonl",
                      say=lambda _line: None, scenario="ghost-town-of-carrion-flats", players=[BotPlayer(2)])
    assert run(table, lambda _line: None, max_moves=400)
    assert table.session.state.ending


def _rival_options(tasks: list[dict]) -> list[str]:
    """The approaches the tourney's rival scene (Raoul's tower) offers Ysolde with these kernel tasks."""
    from narrator.storyteller.scenario import find_scenario
    from narrator.storyteller.template_moves import _told

    scene = find_scenario("dark_ages", "tourney-at-vaucouleurs").scenes["rival"]
    hidden = _told({"tasks": tasks}, scene, "ysolde")
    return [a.id for a in scene.approaches if a.id not in hidden]


def test_a_contest_lost_is_not_offered_again():
    """Raoul's bargain lost 0 : 3 (the play-tester, seed 7) stayed on the menu, and choosing it only brought the
    kernel's «this task is already finished»; the contest is over, the other approaches are what is left."""
    lost = [{"key": "ysolde:parley", "status": "lost", "failed": 1}]
    assert _rival_options(lost) == ["watch-face", "read-wards", "threaten-church"]
    won_clue = [*lost, {"key": "ysolde:watch-face", "status": "open", "failed": 0}]
    assert _rival_options(won_clue) == ["read-wards", "threaten-church"]


def test_the_clues_stay_when_every_other_approach_is_closed():
    """Every approach but the clues closed: the clues found are offered again (the scene runs out its clock),
    never the closed contests, which the kernel refuses."""
    tasks = [{"key": "ysolde:parley", "status": "lost", "failed": 1},
             {"key": "ysolde:threaten-church", "status": "won", "failed": 0},
             {"key": "ysolde:watch-face", "status": "open", "failed": 0},
             {"key": "ysolde:read-wards", "status": "open", "failed": 0}]
    assert _rival_options(tasks) == ["watch-face", "read-wards"]

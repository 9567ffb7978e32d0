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

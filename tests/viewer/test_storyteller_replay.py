"""A troupe's Storyteller game told again: each scene and turn said once, and the Storyteller's refused roll
request named in words of the replay's language (whose roll, which traits, how hard), not as a field dump."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from narrator.storyteller.play import run
from narrator.viewer.tell import tell
from narrator.viewer.terminal import text_lines
from narrator.viewer.timeline import Lens, load
from tests.i18n.test_one_language import foreign_words
from tests.storyteller.troupe_support import PLAN, PlanPlayer, troupe_table


@pytest.fixture(scope="module")
def troupe_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seeded Wild West troupe of three, played in English; Hattie asks for automatic successes where the
    rules give none (a teamwork task), so the kernel refuses the Storyteller's request. (It used to be the
    template asking Elias for an Ability not on his sheet, which it no longer does.)"""
    path = tmp_path_factory.mktemp("troupe") / "troupe.jsonl"
    players = [PlanPlayer(), PlanPlayer(), PlanPlayer({**PLAN, **{(scene, 2): "1a" for scene in range(1, 6)}})]
    assert run(troupe_table(path, "en", lambda _line: None, players=players), lambda _line: None)
    return path


@pytest.mark.slow  # a whole troupe game (0.3 s of CPU)
def test_the_storyteller_replay_says_each_turn_once_and_names_its_refused_roll(troupe_game: Path) -> None:
    lines = text_lines(tell(load(troupe_game), Lens(host=True), "ru"), panels=False)
    refused = [line for line in lines if "правила отказали" in line]
    assert refused and all(line.lstrip().startswith(("Рассказчик предлагает «бросок: ", "Рассказчик предлагает «сообща: "))
                           for line in refused), refused
    assert "сложность" in refused[0] and "exempt" not in refused[0]
    assert not foreign_words("\n".join(lines), "ru")
    # the Storyteller's own words say the turn (and the scene's clock, where it has one: a861916)
    assert any(re.fullmatch(r"— ход 2 —( \(из \d+ в этой сцене\))?", line.strip()) for line in lines)
    assert not any(re.fullmatch(r"\s*Ход \d+", line) for line in lines)  # so the table's line does not again
    assert not any(re.fullmatch(r"\s*Сцена \d+", line) for line in lines)  # the chapter's heading says it

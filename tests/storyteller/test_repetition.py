"""The offline Storyteller of Dark Ages and Wild West says no line twice in a scene, and Russian agrees
with the character's gender (issue #10).

Whole games are played to their end by a player who keeps choosing the first approach (so a scene is
retried with the same approach, the case where one outcome sentence was heard three times) and by one
who chooses at random, seeded. A **line** is one line of the Storyteller's narration (the ``narration``
records of the transcript): the scene's text, result and outcome sentences, misses, contest lines, the
ending. Readouts are not lines: the title and end headers (``== … ==``), turn markers, initiative order,
progress and contest tallies, wound tallies (numbers of the kernel's dice).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from narrator.agents.base import Request
from narrator.agents.i18n import catalogue

from narrator.storyteller.play import new_table, run
from narrator.storyteller.reference import Reference
from narrator.storyteller.seat import ScriptedPlayer
from narrator.storyteller.template import Choice
from tests.lanes import sweep

BOOKS = ("dark_ages", "wild_west")
SEEDS = sweep(range(40), fast=3)
READOUT = re.compile(r"^(== .* ==|— (turn|ход) \d+ —|(Initiative|Инициатива): |(Progress|Прогресс): |(Contest score|Счёт состязания): )"
                     r"|\d+ (damage|wounds)|урон \d+")


class RandomPlayer(ScriptedPlayer):
    """Chooses one of the offered approaches at random (seeded), now and then with Willpower."""

    def __init__(self, seed: int) -> None:
        super().__init__([], then="first")
        self.rng = random.Random(f"player:{seed}")

    def act(self, request: Request) -> Choice:
        options = list(request.options)
        pick = options[self.rng.randrange(len(options))]
        return Choice(actor=request.seat, approach=pick.approach, willpower=self.rng.random() < 0.2)


def played(tmp_path: Path, book: str, lang: str, seed: int, player: ScriptedPlayer) -> list[dict[str, Any]]:
    path = tmp_path / f"{book}-{lang}-{seed}-{type(player).__name__}.jsonl"
    table = new_table(book, character=None, lang=lang, seed=seed, transcript=path, player=player, say=lambda _: None)
    assert run(table, lambda _: None), "the story did not end"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def lines_by_scene(records: list[dict[str, Any]]) -> dict[int, list[str]]:
    scene, heard = 0, {}
    for r in records:
        if r["kind"] == "event" and r["event"] == "scene_begun":
            scene += 1
        if r["kind"] == "narration":
            for line in r["text"].split("\n"):
                if line.strip() and not READOUT.search(line):
                    heard.setdefault(scene, []).append(line)
    return heard


def repeats(records: list[dict[str, Any]]) -> list[tuple[int, str, int]]:
    return [(scene, line, n) for scene, lines in lines_by_scene(records).items()
            for line, n in Counter(lines).items() if n > 1]


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("seed", SEEDS)
def test_no_storyteller_line_repeats_within_a_scene(tmp_path: Path, book: str, lang: str, seed: int) -> None:
    heard = 0
    for player in (ScriptedPlayer([], then="first"), RandomPlayer(seed)):
        records = played(tmp_path, book, lang, seed, player)
        assert not repeats(records), repeats(records)[:3]
        heard += sum(map(len, lines_by_scene(records).values()))
    assert heard > 4, "the Storyteller said almost nothing: the test proves nothing"


MALE_HEALTH = set(catalogue("ru")["health"].values())
FEMALE_HEALTH = set(catalogue("ru")["health_f"].values())


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("seed", SEEDS)
def test_russian_health_agrees_with_a_womans_name(tmp_path: Path, book: str, seed: int) -> None:
    """The default characters of both books are women (Изольда, Рут): «Ранена», «Ушиблена», never «Ранен»."""
    records = played(tmp_path, book, "ru", seed, RandomPlayer(seed))
    pc = json.loads(json.dumps(records[0]))["pc"]
    name = str(catalogue("ru")["characters"][pc])
    told = [line for r in records if r["kind"] == "narration" for line in r["text"].split("\n") if line.startswith(name)]
    for line in told:
        health = line.rsplit("— ", 1)[-1].rstrip(".")
        assert health not in MALE_HEALTH - FEMALE_HEALTH, line
    sheet = [{"id": pc, "name": name, "willpower": 5, "attributes": {}, "abilities": {}}]
    shown = Reference("ru").sheet({"sheets": sheet, "characters": [{"id": pc, "health": "unhurt", "damage": []}]})
    assert any(line.endswith(": " + catalogue("ru")["health_f"]["unhurt"]) for line in shown), shown

"""Every shipped scenario: it validates, speaks one language per text, asks only for traits some sample
character has, and plays to an ending for one character and for a troupe of four (bots)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from narrator.storyteller.data import load_sheet, sample_sheets
from narrator.storyteller.play import new_table, run
from narrator.storyteller.scenario import Scenario, Text, load_scenario, shipped_scenarios
from narrator.storyteller.seat import BotPlayer
from narrator.storyteller.template_moves import FALLEN

BOOKS = ("dark_ages", "wild_west")
SHIPPED = [(book, path) for book in BOOKS for path in shipped_scenarios(book)]


def texts(value: object) -> list[Text]:
    if isinstance(value, Text):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in texts(v)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in texts(v)]
    if hasattr(value, "__dict__") and hasattr(type(value), "model_fields"):
        return [t for name in type(value).model_fields for t in texts(getattr(value, name))]
    return []


def test_two_original_scenarios_per_book_besides_the_built_in_one() -> None:
    for book in BOOKS:
        assert len(shipped_scenarios(book)) >= 3


@pytest.mark.parametrize("book,path", SHIPPED, ids=[p.stem for _, p in SHIPPED])
def test_every_text_is_in_one_language(book: str, path: Path) -> None:
    story = load_scenario(book, path)
    found = texts(story)
    assert len(found) > 10
    for text in found:
        assert not re.search(r"[A-Za-z]{2,}", text.ru), text.ru
        assert not re.search(r"[А-Яа-яЁё]", text.en), text.en


def pools(story: Scenario) -> list[tuple[str, tuple[str, ...]]]:
    found = []
    for name, scene in story.scenes.items():
        for approach in scene.approaches:
            spec = approach.spec()
            if spec is not None:
                found.append((f"{name}.{approach.id}", tuple(spec.traits)))
            if approach.teamwork is not None and approach.teamwork.helper_traits:
                found.append((f"{name}.{approach.id}", tuple(approach.teamwork.helper_traits)))
    return found


@pytest.mark.parametrize("book,path", SHIPPED, ids=[p.stem for _, p in SHIPPED])
def test_some_sample_character_can_roll_every_approach(book: str, path: Path) -> None:
    story = load_scenario(book, path)
    samples = [load_sheet(p, book) for p in sample_sheets(book)]
    for where, traits in pools(story):
        assert any(all(s.rating(t) is not None for t in traits) for s in samples), (where, traits)


ORIGINAL = [(book, path) for book, path in SHIPPED if path.parent.name != "storyteller"]


def play_out(tmp_path: Path, book: str, path: Path, count: int, seed: int) -> None:
    story = load_scenario(book, path)
    sheets = [p.stem for p in sample_sheets(book)][:count]
    transcript = tmp_path / f"{count}-{seed}.jsonl"
    table = new_table(book, sheets=sheets, lang="ru" if seed % 2 else "en", seed=seed, transcript=transcript,
                      say=lambda _line: None, scenario=path, players=[BotPlayer(seed) for _ in sheets])
    assert run(table, lambda _line: None, max_moves=1500)
    # an evening scenario writes its ending for the fallen; a short one may end on the table's words (FALLEN)
    assert table.session.state.ending in story.endings or (table.session.state.ending == FALLEN and not story.fallen)


@pytest.mark.parametrize("book,path", ORIGINAL, ids=[p.stem for _, p in ORIGINAL])
def test_a_troupe_of_bots_plays_each_shipped_scenario_to_an_ending(tmp_path: Path, book: str, path: Path) -> None:
    play_out(tmp_path, book, path, 2, 0)


@pytest.mark.slow
@pytest.mark.parametrize("book,path", ORIGINAL, ids=[p.stem for _, p in ORIGINAL])
@pytest.mark.parametrize("count", [1, 3, 4])
def test_one_to_four_bots_play_each_shipped_scenario_to_an_ending(tmp_path: Path, book: str, path: Path,
                                                                 count: int) -> None:
    for seed in range(4):
        play_out(tmp_path, book, path, count, seed)

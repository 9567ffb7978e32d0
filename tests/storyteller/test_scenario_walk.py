"""Every evening scenario, walked by a player choosing at random over 20 seeds (issue 29): it lasts (median
scenes and decisions), it rarely ends early, it never dead-ends or restarts a scene silently, and every
ending it reaches says an epilogue of at least two sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.storyteller.scenario import file_header, shipped_scenarios
from narrator.storyteller.walk import summarise

EVENINGS = [(book, path) for book in ("dark_ages", "wild_west") for path in shipped_scenarios(book)
            if file_header(path)[1] == "evening"]
"""Read from the files' top-level lines, as the help page does: loading and validating every scenario at
collection cost each xdist worker 0.3 s for a test only the slow lane runs."""


@pytest.mark.slow
@pytest.mark.parametrize("book,path", EVENINGS, ids=[p.stem for _, p in EVENINGS])
def test_a_random_player_gets_an_evening(book: str, path: Path) -> None:
    walks = summarise(book, path, seeds=20, lang="ru" if "a" < path.stem[0] < "n" else "en")
    assert walks.dead_ends == 0 and walks.silent_restarts == 0
    assert walks.median_scenes >= 6
    assert walks.median_decisions >= 20
    assert walks.short_share <= 0.10
    assert walks.fewest_epilogue_sentences >= 2


def test_a_walk_counts_what_it_says() -> None:
    """The measure itself on the built-in short scenario: a random walk ends, in few scenes, with its epilogue."""
    walks = summarise("dark_ages", shipped_scenarios("dark_ages")[0], seeds=3)
    assert all(w.ended and 1 <= w.scenes <= 4 and w.decisions >= 1 for w in walks.walks)
    assert walks.fewest_epilogue_sentences >= 2

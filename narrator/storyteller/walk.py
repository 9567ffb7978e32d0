"""A scenario walked by a player choosing at random: how far it goes and how it ends (issue 29).

The measure behind the evening rules of ``docs/scenarios.md``: a solo character (the seed picks one of
the book's sample sheets) played by the seeded random :class:`~narrator.storyteller.seat.BotPlayer`
against the template Storyteller, offline. Each walk counts the scenes reached, the player's decisions,
whether it ended (a dead end is a walk that runs out of moves), re-entries of a scene with no word of
why (a silent restart), and the sentences of the epilogue said at the end.
"""

from __future__ import annotations

import json
import re
import statistics
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narrator.rules.core import PUBLIC, Event
from narrator.rules.storyteller import events as ev
from narrator.storyteller.data import sample_sheets
from narrator.storyteller.lint import sentences
from narrator.storyteller.play import new_table, run
from narrator.storyteller.scenario import Scenario, load_scenario
from narrator.storyteller.seat import BotPlayer

MAX_MOVES = 4000


@dataclass(frozen=True)
class Walk:
    """One walk through a scenario."""

    seed: int
    sheet: str
    ended: bool
    ending: str
    scenes: int
    """Distinct scenes reached."""
    decisions: int
    """Choices the player made (approaches and holds; refused ones not counted)."""
    silent_restarts: int
    epilogue_sentences: int
    words: int = 0
    """Words the player read (the Storyteller's lines, options and dice included): the evening's length."""


def walk(book: str, story: Scenario, scenario: Path | str, seed: int, folder: Path, lang: str = "en") -> Walk:
    """Play ``story`` once, solo, with a random player; ``seed`` picks the sheet and the dice."""
    sheets = [p.stem for p in sample_sheets(book)]
    sheet = sheets[seed % len(sheets)]
    path = folder / f"{story.id}-{seed}-{lang}.jsonl"
    said: list[str] = []
    table = new_table(book, sheets=[sheet], lang=lang, seed=seed, transcript=path, say=said.append,
                      scenario=scenario, players=[BotPlayer(seed)])
    ended = run(table, said.append, max_moves=MAX_MOVES)
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    events = [Event(r["event"], PUBLIC, r.get("data", {})) for r in records if r["kind"] == "event"]
    begun = [str(p.scene) for p in (e.payload for e in events) if isinstance(p, ev.SceneBegun)]
    decisions = sum(1 for r in records if r["kind"] == "answer")  # a player's choice, as the table kept it
    ending = str(table.session.state.ending or "")
    return Walk(seed=seed, sheet=sheet, ended=ended and bool(ending), ending=ending, scenes=len(set(begun)),
                decisions=decisions, silent_restarts=_silent(story, events),
                epilogue_sentences=_epilogue(story, ending, lang, said),
                words=sum(len(re.findall(r"[^\W\d_]+", line)) for line in said))


def _silent(story: Scenario, events: Sequence[Event]) -> int:
    """Scenes begun again right after a failed or botched roll whose approach said nothing of what went wrong."""
    count, visited, scene, last_roll = 0, set(), "", None
    for event in events:
        match event.payload:
            case ev.RollResolved() | ev.ContestResolved() | ev.TeamResolved():
                last_roll = event.data
            case ev.SceneBegun(scene=begun):
                target = str(begun)
                if target in visited and last_roll is not None and not _spoken(story, scene, last_roll):
                    count += 1
                visited.add(target)
                scene, last_roll = target, None
    return count


def _spoken(story: Scenario, scene: str, roll: Mapping[str, Any]) -> bool:
    here = story.scenes.get(scene)
    approach = next((a for a in here.approaches if a.id == str(roll.get("task", "")).split("@")[0]), None) \
        if here else None
    if approach is None:
        return True  # an improvised roll keeps the scene: whatever moved on was said by the Storyteller
    category = str(roll.get("category"))
    if category not in ("failure", "botch"):
        return True  # a success that leads on (even somewhere seen before) is no restart
    return category in approach.says


def _epilogue(story: Scenario, ending: str, lang: str, said: Sequence[str]) -> int:
    found = story.endings.get(ending)
    if found is None or found.epilogue is None:
        return 0
    text = found.epilogue.get(lang)
    return sentences(text) if any(text in line for line in said) else 0


@dataclass(frozen=True)
class Summary:
    """Twenty (or ``seeds``) walks of one scenario."""

    scenario: str
    walks: tuple[Walk, ...]

    @property
    def median_scenes(self) -> float:
        return statistics.median(w.scenes for w in self.walks)

    @property
    def median_decisions(self) -> float:
        return statistics.median(w.decisions for w in self.walks)

    @property
    def median_words(self) -> float:
        return statistics.median(w.words for w in self.walks)

    @property
    def short_share(self) -> float:
        """Walks over within two scenes."""
        return sum(1 for w in self.walks if w.scenes <= 2) / len(self.walks)

    @property
    def dead_ends(self) -> int:
        return sum(1 for w in self.walks if not w.ended)

    @property
    def silent_restarts(self) -> int:
        return sum(w.silent_restarts for w in self.walks)

    @property
    def fewest_epilogue_sentences(self) -> int:
        return min((w.epilogue_sentences for w in self.walks if w.ended), default=0)


def summarise(book: str, scenario: Path | str, seeds: int = 20, lang: str = "en") -> Summary:
    """``seeds`` random walks of a scenario (a shipped id or a file)."""
    story = load_scenario(book, scenario)
    with tempfile.TemporaryDirectory() as folder:
        walks = tuple(walk(book, story, scenario, seed, Path(folder), lang) for seed in range(seeds))
    return Summary(story.id, walks)

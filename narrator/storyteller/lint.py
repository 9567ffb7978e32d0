"""The scenario linter: what a scenario must be to play for an evening (issue 29).

Loading a scenario (:func:`narrator.storyteller.scenario.load_scenario`) checks that it is well formed:
every field valid, every transition names a scene or an ending. The linter checks that it plays well:
every scene reachable and none a dead end, every ending reachable, both languages in every text, and
for a scenario of ``length: evening`` the evening rules of ``docs/scenarios.md``: at least
:data:`EVENING_SCENES` scenes, fail-forward play (only a climax ends the story; a failed or botched roll
says what it costs; nothing restarts its own scene), an epilogue of at least two sentences to every
ending, a motive for every Storyteller character and an ``improv`` block in every scene that is no fight.

Run: ``python -m narrator.storyteller.lint FILE [FILE...]`` (prints each problem, exits 1 if any).
"""

from __future__ import annotations

import re
import sys
from collections import deque
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel

from narrator.storyteller.data import DataError, read_yaml
from narrator.storyteller.scenario import Approach, Scenario, Scene, Text, load_scenario

EVENING_SCENES = 8
"""The fewest scenes an evening scenario has (issue 29: 60-120 minutes of play)."""
EVENING_PATH = 6
"""The fewest scenes the shortest way from ``start`` to an ending passes through, in an evening scenario."""
EPILOGUE_SENTENCES = 2
LANGUAGES = ("en", "ru")
ROLLED = ("roll", "resisted", "versus", "teamwork")


def transitions(scene: Scene) -> Iterator[tuple[str, str]]:
    """Every ``(where, target)`` a scene may lead to (approach outcomes and moves, its clock, its fight)."""
    for approach in scene.approaches:
        for outcome, target in approach.next.items():
            yield f"approaches.{approach.id}.next.{outcome}", target
        if approach.go:
            yield f"approaches.{approach.id}.go", approach.go
    if scene.timeout:
        yield "timeout", scene.timeout
    if scene.fight:
        yield "fight.win", scene.fight.win
        yield "fight.lose", scene.fight.lose


def _graph(story: Scenario) -> dict[str, set[str]]:
    """Scene (or ``end:<id>``) -> where it may lead (``retry`` dropped)."""
    return {name: {t for _, t in transitions(scene) if t != "retry"} for name, scene in story.scenes.items()}


def _reached(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, queue = {start}, deque([start])
    while queue:
        for target in graph.get(queue.popleft(), ()):
            if target not in seen:
                seen.add(target)
                queue.append(target)
    return seen


def _depths(graph: dict[str, set[str]], start: str) -> dict[str, int]:
    """How far each scene is from ``start`` (the fewest scenes between)."""
    depth, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for target in graph.get(here, ()):
            if target not in depth:
                depth[target] = depth[here] + 1
                queue.append(target)
    return depth


def shortest_to_ending(story: Scenario) -> int:
    """How many scenes the shortest way from ``start`` to any ending passes through (0: no way)."""
    graph = _graph(story)
    depth = _depths(graph, story.start)
    ends = [d + 1 for scene, d in depth.items() if any(t.startswith("end:") for t in graph.get(scene, ()))]
    return min(ends, default=0)


def sentences(text: str) -> int:
    """Sentences in ``text`` (ends of . ! ? … followed by a space or the end)."""
    return len(re.findall(r"[.!?…]+[»”\"')]*(?=\s|$)", text.strip()))


def _rolled(approach: Approach) -> bool:
    return approach.kind in ROLLED


def problems(story: Scenario) -> list[str]:
    """Everything the linter finds wrong with ``story`` (empty: it plays well)."""
    found: list[str] = []
    graph = _graph(story)
    reached = _reached(graph, story.start)
    depth = _depths(graph, story.start)
    for name in story.scenes:
        if name not in reached:
            found.append(f"scenes.{name}: no way leads here from start ({story.start})")
    for ending in story.endings:
        if f"end:{ending}" not in reached and ending != story.fallen:  # the fallen ending: wounds reach it
            found.append(f"endings.{ending}: no scene reachable from start leads to it")
    for name, scene in story.scenes.items():
        if not any(t.startswith("end:") for t in _reached(graph, name)):
            found.append(f"scenes.{name}: a dead end (no ending can be reached from it)")
        found += [f"scenes.{name}.{p}" for p in _back_without_a_word(graph, depth, name, scene)]
    if story.length == "evening":
        found += _evening(story)
    return found


def _back_without_a_word(graph: dict[str, set[str]], depth: dict[str, int], name: str, scene: Scene) -> list[str]:
    """An outcome that sends the troupe back to an earlier scene (``depth``: each scene's distance from the
    start) must say why (else the old framing is reprinted as if nothing happened: the silent restart of issue 29)."""
    found = []
    for approach in scene.approaches:
        for outcome, target in approach.next.items():
            back = (target in depth and name in depth and depth[target] < depth[name]
                    and name in _reached(graph, target))  # an earlier scene, on a way that led here
            if back and outcome not in approach.says:
                found.append(f"approaches.{approach.id}.next.{outcome}: goes back to {target} without a word "
                             f"(say what happened: says.{outcome})")
    return found


def _evening(story: Scenario) -> list[str]:
    found: list[str] = []
    if len(story.scenes) < EVENING_SCENES:
        found.append(f"scenes: an evening scenario has at least {EVENING_SCENES} scenes, this has {len(story.scenes)}")
    if story.pitch is None:
        found.append("pitch: an evening scenario says who the characters are and what they want")
    shortest = shortest_to_ending(story)
    if 0 < shortest < EVENING_PATH:
        found.append(f"scenes: the shortest way to an ending passes {shortest} scenes; an evening's passes at least "
                     f"{EVENING_PATH}")
    if story.scenes[story.start].climax:
        found.append(f"scenes.{story.start}.climax: the first scene cannot be the climax")
    for i, npc in enumerate(story.npcs):
        if not npc.get("motive"):
            found.append(f"npcs.{i} ({npc.get('id')}): motive: every Storyteller character wants something tonight")
    if story.fallen is None:
        found.append("fallen: an evening scenario names its ending for when no player character can act any more "
                     "(playtest 17: the table played three scenes to a dead man)")
    for name, ending in story.endings.items():
        if ending.epilogue is None:
            found.append(f"endings.{name}.epilogue: every ending of an evening scenario has an epilogue")
            continue
        for lang in LANGUAGES:
            if sentences(ending.epilogue.get(lang)) < EPILOGUE_SENTENCES:
                found.append(f"endings.{name}.epilogue.{lang}: at least {EPILOGUE_SENTENCES} sentences")
    for name, scene in story.scenes.items():
        found += [f"scenes.{name}.{p}" for p in _scene(name, scene)]
    return found


def _scene(name: str, scene: Scene) -> list[str]:
    found: list[str] = []
    for where, target in transitions(scene):
        if target == name:
            found.append(f"{where}: leads back to its own scene (a silent restart); use retry and say what changed")
        if target.startswith("end:") and not scene.climax:
            found.append(f"{where}: {target} ends the story from a scene that is no climax (fail forward: "
                         f"complicate it instead, or mark the scene climax: true)")
    if scene.fight is None and scene.improv is None:
        found.append("improv: a scene gives the offline Storyteller obstacles, clues and what an unlisted "
                     "deed wins or costs")
    if scene.improv is not None and not scene.improv.clues:
        found.append("improv.clues: at least one thing a character may learn here")
    if scene.fight is None and not any(t != "retry" for _, t in transitions(scene)):
        found.append("a scene no approach or clock leaves")
    for approach in scene.approaches:
        if not _rolled(approach) or scene.fight is not None:
            continue
        for outcome in ("failure", "botch"):
            target = approach.next.get(outcome, "retry")
            if target == "retry" and outcome not in approach.says:
                found.append(f"approaches.{approach.id}: a {outcome} keeps the scene without a word: say what it "
                             f"costs (says.{outcome}) or lead elsewhere (next.{outcome})")
    return found


def bilingual(value: object) -> Iterator[Text]:
    """Every :class:`Text` in a scenario (to check one language per text)."""
    if isinstance(value, Text):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from bilingual(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from bilingual(item)
    elif isinstance(value, BaseModel):  # a scenario's part: its fields in declaration order
        for field in type(value).model_fields:
            yield from bilingual(getattr(value, field))


def lint_file(path: Path) -> list[str]:
    """The problems of the scenario file at ``path`` (a file that does not load is one problem)."""
    data = read_yaml(path)
    book = data.get("book") if isinstance(data, dict) else None
    try:
        story = load_scenario(str(book or "dark_ages"), path)
    except DataError as error:
        return [str(error)]
    return problems(story)


def main(argv: list[str] | None = None) -> int:
    paths = [Path(p) for p in (sys.argv[1:] if argv is None else argv)]
    if not paths:
        print("usage: python -m narrator.storyteller.lint SCENARIO.yaml [...]", file=sys.stderr)
        return 2
    bad = 0
    for path in paths:
        for problem in lint_file(path):
            print(f"{path}: {problem}")
            bad += 1
    if not bad:
        print(f"{len(paths)} scenario file(s): no problem")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The Russian option labels name traits exactly as the character sheet does (one term per trait on screen)."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from narrator.agents.i18n import catalogue

PROMPTS = Path(__file__).resolve().parents[2] / "prompts" / "storyteller"
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: the scenarios are ~1 MB, 8x faster to parse


@functools.cache
def scenario(name: str) -> Any:
    """A shipped scenario file's data (parsed once a process: collection and both tests read it)."""
    return yaml.load((PROMPTS / name).read_text(encoding="utf-8"), Loader=LOADER)


SCENARIOS = sorted(name for name in (str(p.relative_to(PROMPTS)) for p in [*PROMPTS.glob("*.yaml"),
                                                                          *PROMPTS.glob("scenarios/*/*.yaml")])
                   if re.search(r"^scenes:", (PROMPTS / name).read_text(encoding="utf-8"), re.MULTILINE))
"""Every shipped scenario (the books' own and the troupe scenarios): a file with a top-level ``scenes:``, found
without parsing it (each xdist worker collects this file; the tests, in one of them, parse what they read)."""
PAIR = re.compile(r"\(([^()+,]+?) \+ ([^(),]+?)[,)]")


def _labels(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [str(node["ru"])] if isinstance(node.get("ru"), str) and isinstance(node.get("en"), str) else []
        return found + [x for value in node.values() for x in _labels(value)]
    if isinstance(node, list):
        return [x for value in node for x in _labels(value)]
    return []


@pytest.mark.parametrize("name", SCENARIOS)
def test_russian_roll_labels_use_the_sheets_trait_names(name: str) -> None:
    """«Ловкость + Фехтование» beside a sheet that says «Ближний бой» read as two different traits."""
    sheet = {str(trait) for trait in catalogue("ru")["traits"].values()}  # the sheet's names: the catalogue's
    labels = _labels(scenario(name))
    pairs = [(a.strip(), b.split(" против")[0].strip()) for label in labels for a, b in PAIR.findall(label)]
    assert pairs
    assert [p for p in pairs if not set(p) <= sheet] == []


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_rolled_approach_states_its_difficulty_in_its_label(name: str) -> None:
    """The option line shows the label and then only the pool ("— 4 кубика"): the label carries the
    difficulty, or says who it is rolled against."""
    marks = ("diff ", "сл. ", " vs ", "against", "против", "contest", "состязание")
    data = scenario(name)

    def rolled(node: object) -> list[dict]:
        if isinstance(node, dict):
            here = [node] if "label" in node and {"roll", "resisted", "versus", "teamwork"} & node.keys() else []
            return here + [x for value in node.values() for x in rolled(value)]
        if isinstance(node, list):
            return [x for value in node for x in rolled(value)]
        return []

    approaches = rolled(data)
    assert approaches
    assert [a["label"] for a in approaches if not all(any(m in text for m in marks) for text in a["label"].values())] == []

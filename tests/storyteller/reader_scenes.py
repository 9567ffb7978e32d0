"""The offline reader's test cases' common ground: the six evening scenarios by name, and a typed intent ruled
in one of their scenes with the benchmark's sample sheets (``benchmarks/offline_intents.py``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from narrator.storyteller.offline import rule_intent
from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.template import Choice, TemplateStoryteller

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.offline_intents import SHEETS
from benchmarks.offline_intents import _view as bench_view

DA, WW = "dark_ages", "wild_west"
TOURNEY, PILGRIMS, PLAGUE = "tourney-at-vaucouleurs", "pilgrims-of-the-long-night", "plague-in-the-silent-quarter"
RAILROAD, DRIVE, FLATS = "the-devils-railroad", "the-long-drive", "ghost-town-of-carrion-flats"


def scene_setup(book: str, scenario: str, scene: str, lang: str) -> tuple[TemplateStoryteller, Any]:
    """A template Storyteller of ``scenario`` and the view of ``scene`` the benchmark's sheet sees."""
    voice = TemplateStoryteller(load_scenario(book, scenario), load_narration(), lang=lang)
    return voice, bench_view(voice, book, scene, SHEETS[book])


def rule(book: str, scenario: str, scene: str, lang: str, text: str) -> Any:
    """The Storyteller's ruling on ``text`` typed in ``scene``."""
    voice, view = scene_setup(book, scenario, scene, lang)
    return rule_intent(voice, view, Choice(actor=0, approach="intent", intent=text))

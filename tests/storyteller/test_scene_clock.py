"""A scene's clock running out says so (play-test): the tourney's herald's three turns ran out and the alley
began with no word of why. The Storyteller that moved the story by the clock says «Time runs out: …» before
the next scene's framing (terminal and web tell the same narration); a roll that moves it says no such line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from narrator.agents.i18n import message
from narrator.rules.core import public
from narrator.rules.storyteller.actions import BeginScene

from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.template import TemplateStoryteller

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.offline_intents import SHEETS
from benchmarks.offline_intents import _view as bench_view


def _last_turn_spent(lang: str):
    story = load_scenario("dark_ages", "tourney-at-vaucouleurs")
    voice = TemplateStoryteller(story, load_narration(), lang=lang)
    view = bench_view(voice, "dark_ages", "whispers", SHEETS["dark_ages"])
    clock = story.scenes["whispers"].max_turns
    assert clock and story.scenes["whispers"].timeout == "alley"
    return voice, {**view, "turn": clock, "characters": [{**c, "actions_used": 1} for c in view["characters"]]}


@pytest.mark.parametrize(("lang", "start"), [("en", "Time runs out: "), ("ru", "Время вышло: ")])
def test_the_clock_running_out_is_said(lang: str, start: str) -> None:
    voice, view = _last_turn_spent(lang)
    move = voice.storyteller_move(view, {})
    assert move == BeginScene(scene="alley")
    lines = voice.narrate({**view, "scene": "alley", "turn": 1, "scene_count": 2},
                          [public("scene_begun", scene="alley", number=2, chapter=1)])
    assert lines[0] == message(lang, "template.time_out") and lines[0].startswith(start)
    stakes = voice.scenario.scenes["whispers"].stakes.get(lang)  # then the stake lost with the time (playtest 17)
    assert lines[1] == message(lang, "template.stake_lost", stakes=stakes[:1].lower() + stakes[1:])
    assert lines[2] == voice.scenario.scenes["alley"].text.get(lang)  # then the alley's framing
    again = voice.narrate({**view, "scene": "alley", "turn": 1, "scene_count": 3},
                          [public("scene_begun", scene="alley", number=3, chapter=1)])
    assert message(lang, "template.time_out") not in again  # said once, for the move that ran the clock out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_scene_a_roll_moved_says_no_clock(lang: str) -> None:
    voice, view = _last_turn_spent(lang)
    lines = voice.narrate({**view, "scene": "alley", "turn": 1, "scene_count": 2},
                          [public("scene_begun", scene="alley", number=2, chapter=1)])
    assert message(lang, "template.time_out") not in lines

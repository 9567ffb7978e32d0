"""The Storyteller's answer to a question that needs no roll is told before the next turn's header:
the question ended the speaker's turn, so «— turn 3 —» above the answer read as if turn 3 had answered it."""

from __future__ import annotations

import pytest
from narrator.rules.core import HOST, public

from narrator.session import NARRATION
from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.template import TemplateStoryteller


@pytest.mark.parametrize("lang", ("en", "ru"))
def test_an_answer_without_a_roll_comes_before_the_turn_it_opens(lang: str) -> None:
    story = load_scenario("dark_ages", "tourney-at-vaucouleurs")
    voice = TemplateStoryteller(story, load_narration(), lang=lang)
    view = {"scene": "feast", "scene_count": 1, "turn": 3, "characters": [], "sheets": [], "book": "dark_ages"}
    answer = "The chorus goes: the grey wolf will not touch the lamb."
    # the order Session.apply gives them: the kernel's events for next_turn, then the words said beside it
    events = [public("turn_begun", scene="feast", turn=3), public(NARRATION, by=HOST, text=answer)]
    lines = voice.narrate(view, events)
    header = "— turn 3 — (of 4 in this scene)" if lang == "en" else "— ход 3 — (из 4 в этой сцене)"  # the feast's clock
    assert lines == [answer, header]


def test_words_said_beside_a_roll_stay_after_its_result() -> None:
    """Only what the move opens moves (a turn's header, or on a scene's last turn the next scene: playtest 16):
    words said beside the kernel's other events are still told after them."""
    story = load_scenario("dark_ages", "tourney-at-vaucouleurs")
    voice = TemplateStoryteller(story, load_narration(), lang="en")
    view = {"scene": "feast", "scene_count": 1, "turn": 2, "characters": [], "sheets": [], "book": "dark_ages"}
    events = [public("initiative_rolled", what="initiative", order=["gautier"], source="kernel", results={},
                     category="initiative"), public(NARRATION, by=HOST, text="Told.")]
    lines = voice.narrate(view, events)
    assert lines[-1] == "Told." and lines[0] != "Told."


def test_the_answer_on_a_scenes_last_turn_comes_before_the_next_scene() -> None:
    """A free act on the scene's last turn: the clock's move opens the next scene, and the answer to the act
    belonged under the scene it was asked in, not after the next one's framing (playtest 16, 4 times)."""
    story = load_scenario("dark_ages", "tourney-at-vaucouleurs")
    voice = TemplateStoryteller(story, load_narration(), lang="en")
    view = {"scene": "tent", "scene_count": 2, "turn": 1, "characters": [], "sheets": [], "book": "dark_ages"}
    events = [public("scene_begun", scene="tent", number=2, chapter=1), public(NARRATION, by=HOST, text="Told.")]
    lines = voice.narrate(view, events)
    assert lines[0] == "Told." and len(lines) > 1


def test_the_model_storyteller_tells_them_in_the_same_order() -> None:
    """The model voice tells the template's lines event by event: the order is made before (no model is
    asked here: neither a turn nor the Storyteller's own words go to it)."""
    from types import SimpleNamespace

    from narrator.storyteller.llm import LLMStoryteller

    story = load_scenario("dark_ages", "tourney-at-vaucouleurs")
    voice = TemplateStoryteller(story, load_narration(), lang="en")
    view = {"scene": "feast", "scene_count": 1, "turn": 3, "characters": [], "sheets": [], "book": "dark_ages"}
    events = [public("turn_begun", scene="feast", turn=3), public(NARRATION, by=HOST, text="Answered.")]
    lines = LLMStoryteller.narrate(SimpleNamespace(template=voice, lang="en"), view, events)  # type: ignore[arg-type]
    assert lines == ["Answered.", "— turn 3 — (of 4 in this scene)"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_scene_with_a_clock_says_how_many_turns_it_has(lang: str) -> None:
    """The tourney's herald (max_turns 3, then the alley): two turns spent talking, and the third ran the
    clock out with no warning (play-test, seed 7). Its turns say «of 3»; a scene without a clock says none."""
    story = load_scenario("dark_ages", "tourney-at-vaucouleurs")
    assert story.scenes["whispers"].max_turns == 3
    voice = TemplateStoryteller(story, load_narration(), lang=lang)
    view = {"scene": "whispers", "scene_count": 4, "turn": 2, "characters": [], "sheets": [], "book": "dark_ages"}
    lines = voice.narrate(view, [public("turn_begun", scene="whispers", turn=2)])
    assert lines == (["— turn 2 — (of 3 in this scene)"] if lang == "en" else ["— ход 2 — (из 3 в этой сцене)"])
    clockless = next(s for s, scene in story.scenes.items() if not scene.max_turns)  # the alley's fight
    lines = voice.narrate({**view, "scene": clockless}, [public("turn_begun", scene=clockless, turn=2)])
    assert lines == (["— turn 2 —"] if lang == "en" else ["— ход 2 —"])

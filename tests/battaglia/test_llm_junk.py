"""A model's battaglia speech with a template's or its JSON's leftovers is refused like any other game's
(issue 30, item 13); a plain speech passes."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from narrator.agents.battaglia.llm.roles import speech_problem
from narrator.rules.battaglia.actions import Speak


def problem(speech: str) -> str | None:
    return speech_problem(SimpleNamespace(choice=0, speech=speech), {"options": [Speak(actor=2, text="")]})


@pytest.mark.parametrize("speech", ["{2017, 4, 30 } I saw Polina near the mill at night.",
                                    "./10 successes} I saw Polina near the mill at night.",
                                    "<speech>I saw Polina near the mill at night.</speech>"])
def test_markup_in_a_speech_is_refused(speech: str) -> None:
    assert problem(speech) and "markup" in problem(speech)


@pytest.mark.parametrize("speech", ["I saw Polina near the mill at night.", "«Я видел Полину у мельницы ночью»."])
def test_a_plain_speech_passes(speech: str) -> None:
    assert problem(speech) is None

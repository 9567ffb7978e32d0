"""The model's roll request has the intent ruling's roll shape: one Attribute, an optional Ability, 2..10 (#11)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from narrator.storyteller.improv import NONE
from narrator.storyteller.llm import roll_model, rolled_traits


def test_the_schema_names_the_sheets_attributes_and_abilities() -> None:
    model = roll_model(["pc"], ["strength", "wits"], ["melee", "stealth"])
    schema = model.model_json_schema()["properties"]
    assert schema["attribute"]["enum"] == ["strength", "wits"]
    assert schema["ability"]["enum"] == ["melee", "stealth", NONE]
    assert schema["difficulty"]["enum"] == list(range(2, 11))
    answer = model.model_validate({"character": "pc", "attribute": "wits", "ability": NONE, "difficulty": 6,
                                   "action": "simple"})
    assert rolled_traits(answer) == ("wits",)
    both = model.model_validate({"character": "pc", "attribute": "strength", "ability": "melee", "difficulty": 7,
                                 "action": "extended"})
    assert rolled_traits(both) == ("strength", "melee")


@pytest.mark.parametrize("wrong", [{"attribute": "melee"}, {"ability": "wits"}, {"difficulty": 11},
                                   {"difficulty": 1}])
def test_no_answer_can_ask_for_an_invalid_pool_shape(wrong: dict[str, object]) -> None:
    """Two Attributes, an Ability as the Attribute, a difficulty off the 2..10 scale: refused by the schema."""
    model = roll_model(["pc"], ["strength", "wits"], ["melee", "stealth"])
    answer = {"character": "pc", "attribute": "wits", "ability": NONE, "difficulty": 6, "action": "simple", **wrong}
    with pytest.raises(ValidationError):
        model.model_validate(answer)

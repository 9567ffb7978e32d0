"""The model Storyteller ruling on a player's own words (issue 16): roll or not, and which roll.

The model answers one structured ``rule_on_intent`` call (:func:`ruling_model`): the suggested
approach the words amount to (or ``none``), whether the outcome is in doubt, and if so the roll:
an Attribute ``Literal`` of the sheet's, an optional Ability, a difficulty 2..10, simple, extended
or resisted, and the opponent among the scenario's characters. :func:`to_action` turns it into the
kernel's action; the kernel checks it, and a refusal goes back to the model with the kernel's
code and reason. The rulebooks on when to roll:

* Rule: DA L67 «Большинство действий … настолько просты, что их можно автоматически считать
  успешными … при возникновении сомнений в успехе действия определить результат можно броском кубиков».
* Rule: WW L70 «если задача проста, можно либо поставить низкую сложность, либо объявить успех вообще без броска».
* Rule: WW L80 «если оно не стоит выеденного яйца, для простоты примите, что оно успешно без броска».
* Rule: DA L167 «он вообще не применяется в бою или другой напряженной ситуации»; WW L84 «таких как бой,
  позволять автоматические успехи нельзя»: in a fight every action is rolled.

The player's words reach the prompt as quoted data (a JSON string), never as instructions.
The scene moves only by the scenario's transitions: a roll that is one of the suggested
approaches takes that approach's task (so its transitions apply); any other roll is a task of
its own that keeps the scene (next turn), and a no-roll intent simply happens and takes the turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from narrator.rules.core import Action
from narrator.rules.storyteller.actions import Resisted, Roll
from narrator.storyteller.scenario import Scene

NONE = "none"
DIFFICULTIES = tuple(range(2, 11))
"""Rule: DA L109 «Сложность всегда варьируется от 2 до 10» (an enum: the grammar keeps a small model inside it)."""
SUCCESSES = tuple(range(1, 11))


def ruling_model(approaches: Sequence[str], attributes: Sequence[str], abilities: Sequence[str],
                 opponents: Sequence[str]) -> type[BaseModel]:
    """The structured ruling for one intent; every name is a ``Literal`` of this scene's and sheet's."""
    return create_model(
        "rule_on_intent", __config__=ConfigDict(extra="ignore"),
        __doc__="Rule on what the player's character tries: a roll, or no roll when nothing is in doubt.",
        approach=(Literal[(*approaches, NONE)], Field(description="The suggested approach this is, or none.")),
        roll=(bool, Field(description="true when the outcome is in doubt or there is danger; false when it "
                                      "simply happens.")),
        attribute=(Literal[tuple(attributes)], Field(description="The Attribute rolled.")),
        ability=(Literal[(*abilities, NONE)], Field(description="The Ability added to it, or none.")),
        difficulty=(Literal[DIFFICULTIES], Field(description="2..10; 6 is standard, 8 hard.")),
        action=(Literal["simple", "extended", "resisted"],
                Field(description="simple; extended for a long task; resisted against an opponent.")),
        opponent=(Literal[(*opponents, NONE)], Field(description="Who resists, for a resisted roll; else none.")),
        successes=(Literal[SUCCESSES], Field(description="For an extended task: the successes needed.")),
        narration=(str, Field(max_length=300, description="Without a roll: what happens, one or two sentences.")))


@dataclass(frozen=True)
class Ruled:
    """The ruling as the table uses it: a kernel action (or ``None``: no roll), and the words to say."""

    action: Action | None
    narration: str = ""
    approach: str | None = None


class RulingRefused(ValueError):
    """A ruling the table refuses before the kernel sees it (its reason goes back to the model)."""


def to_action(ruling: Any, *, pc: str, scene: Scene, intent_task: str,
              opponent_traits: Mapping[str, Sequence[str]]) -> Ruled:
    """The kernel's action for ``ruling`` (a :func:`ruling_model` instance) in ``scene``.

    A suggested approach that rolls is rolled (the scenario judged it risky), whatever ``roll`` says,
    exactly as the scenario states it (traits, difficulty, simple or extended and its goal): the
    model's mapping of the words to the approach is its only say (it once set a difficulty-7 roll at 2).

    Args:
        pc: the player character's sheet id.
        scene: the current scene (its approaches and whether it is a fight).
        intent_task: the task id of a roll that is none of the suggested approaches.
        opponent_traits: each possible opponent's sheet traits (to name what it rolls).

    Raises:
        RulingRefused: no roll in a fight, a resisted roll without an opponent, an approach that
            is a move or an attack taken as a roll.
    """
    approach = next((a for a in scene.approaches if a.id == ruling.approach), None)
    if approach is not None and approach.roll is None:  # a move, an attack or a contest: the scenario's own request
        return Ruled(None, approach=approach.id)
    if not ruling.roll and approach is None:
        if scene.fight is not None:
            raise RulingRefused("this is a fight: every action in combat is rolled (no automatic success in "
                                "combat, DA L167, WW L84); set roll to true")
        return Ruled(None, narration=str(ruling.narration).strip())
    traits = (ruling.attribute,) if ruling.ability == NONE else (ruling.attribute, ruling.ability)
    spec = approach.roll if approach is not None else None
    task = approach.id if approach is not None else f"{intent_task}:{'+'.join(traits)}"
    combat = scene.fight is not None or bool(spec and spec.combat)
    if spec is not None:  # a suggested roll, as the scenario states it: a model cannot make it easier
        return Ruled(Roll(character=pc, traits=tuple(spec.traits), difficulty=spec.difficulty, action=spec.action,
                          task=task, target=spec.target if spec.action == "extended" else 0, combat=combat),
                     approach=approach.id if approach else None)
    if ruling.action == "resisted":
        if ruling.opponent == NONE:
            raise RulingRefused("a resisted roll needs an opponent: name who resists, or make it simple")
        theirs = opponent_traits.get(ruling.opponent, ())
        against = tuple(t for t in traits if t in theirs) or tuple(theirs[:1])
        return Ruled(Resisted(character=pc, traits=traits, difficulty=ruling.difficulty, opponent=ruling.opponent,
                              opponent_traits=against, opponent_difficulty=ruling.difficulty, task=task,
                              combat=combat), approach=approach.id if approach else None)
    target = ruling.successes if ruling.action == "extended" else 0
    return Ruled(Roll(character=pc, traits=traits, difficulty=ruling.difficulty, action=ruling.action, task=task,
                      target=target, combat=combat))

"""Roles: what a model is asked to do, as data. A role = templates (ru/en) + an output model + a validator.

Two kinds:

* :class:`ChoiceRole` picks one of the kernel's legal moves (a night target, roll or hold, a vote),
  optionally with a line of speech. The output model is built per request: its ``choice`` field is
  a ``Literal`` of the legal moves' labels, so the schema itself lists what is allowed.
* :class:`WriterRole` writes prose (narration, a truth, an accusation) into a pydantic model, or
  plain text; its validator refuses text the game cannot use, and the reason goes back to the model.

See ``docs/llm.md`` ("Adding a role") for a worked example.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from narrator.agents.base import Request
from narrator.agents.llm.settings import Role
from narrator.rules.core import Action, jsonable
from pydantic import BaseModel, ConfigDict, Field, create_model

Validator = Callable[[Any, dict[str, Any]], str | None]
"""``validator(output, context) -> None`` when acceptable, else the reason (sent back to the model)."""


def action_label(action: Action) -> str:
    """A short, stable label for a move: its kind, then its arguments other than the actor.

    ``Roll(actor=0)`` -> ``"roll"``; ``Vote(actor=2, target=3)`` -> ``"vote(target=3)"``.
    """
    fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action) if f.name not in ("kind", "actor")}
    if not fields:
        return action.kind
    args = ",".join(f"{name}={_short(value)}" for name, value in fields.items())
    return f"{action.kind}({args})"


def _short(value: Any) -> str:
    value = jsonable(value)
    if isinstance(value, list):
        return "[" + ",".join(map(str, value)) + "]"
    return str(value)


def option_labels(legal: Sequence[Action], label: Callable[[Action], str] = action_label) -> dict[str, Action]:
    """Label -> move for the legal moves; repeated labels get ``#2``, ``#3`` so each is unique."""
    options: dict[str, Action] = {}
    for action in legal:
        text = label(action)
        unique, n = text, 1
        while unique in options:
            n += 1
            unique = f"{text}#{n}"
        options[unique] = action
    return options


@dataclass(frozen=True)
class ChoiceRole:
    """A seat choosing one legal move.

    Attributes:
        name: shown in records and agent names (``"pig-player"``, ``"battaglia-night"``).
        model_role: which configured model answers (``settings.model_for``).
        system: template of the static prefix (system text + rules summary), cacheable by providers.
        prompt: template of the per-request message (view, recent events, options, task).
        reask: template of the follow-up after a refused answer (answer + reason + options).
        task: template of the one-line instruction closing the prompt.
        speech: ``None`` for a silent choice, else a hint of what to say (adds a ``speech`` field).
        speech_max_chars: longest speech accepted.
        speech_min_chars: shortest speech the schema allows (0: any); a grammar-bound model then cannot answer
            with a word or two where the role's checks want a sentence.
        label: turns a legal move into its option label.
        validator: extra checks on the parsed output (context: request, options), or ``None``.
        to_action: folds the output into the move (e.g. speech into an ``Accuse`` text field).
        persona: a line about the character played, or ``None``.
        recent_events: how many of the seat's latest visible events the prompt shows.
    """

    name: str = "player"
    model_role: Role = "player"
    system: str = "common/choose_system"
    prompt: str = "common/choose"
    reask: str = "common/reask"
    task: str = "common/default_task"
    speech: str | None = None
    speech_max_chars: int = 400
    speech_min_chars: int = 0
    label: Callable[[Action], str] = action_label
    validator: Validator | None = None
    to_action: Callable[[Action, BaseModel, Request], Action] | None = None
    persona: str | None = None
    recent_events: int = 12

    @property
    def tool(self) -> str:
        """The function name the model calls."""
        return "choose_move"

    def reask_values(self, labels: Sequence[str], seat: int | None = None) -> dict[str, Any]:
        """More values for the :attr:`reask` template (roles whose fields are not one ``choice`` say theirs)."""
        return {}

    def output_model(self, labels: Sequence[str], seat: int | None = None) -> type[BaseModel]:
        """The structured output for one request: ``choice`` is a ``Literal`` of ``labels`` (``seat``: who
        answers, for roles whose fields leave out what no seat means, such as accusing yourself)."""
        fields: dict[str, Any] = {
            "choice": (Literal[tuple(labels)], Field(description="The label of exactly one legal option.")),
        }
        if self.speech is not None:
            fields["speech"] = (str, Field(description=f"What you say at the table: {self.speech}",
                                           min_length=self.speech_min_chars or None,
                                           max_length=self.speech_max_chars))
        return create_model(self.tool, __config__=ConfigDict(extra="ignore"),
                            __doc__="Choose your move among the legal options.", **fields)


@dataclass(frozen=True)
class WriterRole:
    """A model writing text: narration, a truth, a line of speech.

    Attributes:
        name: shown in records (``"ten-candles-truth"``).
        model_role: which configured model answers.
        system: template of the static prefix.
        prompt: template of the per-request message; rendered with the caller's variables.
        rewrite: template of the follow-up after refused text.
        output: a pydantic model to fill (structured output), or ``None`` for plain text.
        validator: ``validator(output, context) -> reason | None``; ``context`` is the caller's variables.
        max_chars: longest plain text accepted (``output=None`` only).
    """

    name: str
    prompt: str
    model_role: Role = "storyteller"
    system: str = "common/write_system"
    rewrite: str = "common/rewrite"
    output: type[BaseModel] | None = None
    validator: Validator | None = None
    max_chars: int = 2000


PLAYER = ChoiceRole()
"""The generic chooser: the default role of an :class:`~agents.llm.agent.LLMAgent`."""

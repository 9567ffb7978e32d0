"""The model Storyteller's contests and teamwork: the structured requests it proposes for them.

A troupe's scenario offers resisted rolls (a character against a Storyteller character, or against
another player's character) and teamwork tasks (several characters adding their successes). As for
a plain roll (:class:`narrator.storyteller.llm.RollRequest`), the model sets what the rulebook leaves
to the Storyteller, each side's or member's traits and difficulty, as structured output whose
characters and traits are ``Literal`` of the sheets; the kernel checks the request, a refusal goes
back to the model with its reason, and the template's request is the fallback. Who takes part (the
opponent, who joined the task) and the scenario's task id, target and flags stay the table's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, ConfigDict, Field, create_model

from narrator.agents.llm.conversation import Conversation
from narrator.agents.llm.prompts import render
from narrator.rules.core import HOST, Action
from narrator.rules.storyteller.actions import Resisted, Teamwork
from narrator.storyteller.improv import DIFFICULTIES, NONE
from narrator.storyteller.llm_roles import parse_answer

if TYPE_CHECKING:
    from narrator.storyteller.llm import LLMStoryteller
    from narrator.storyteller.template import Choice, View

Sheet = tuple[Sequence[str], Sequence[str]]
"""A sheet's Attributes and Abilities (their names)."""

ROLE_CONTEST = "storyteller-contest"
ROLE_TEAM = "storyteller-teamwork"


def _pool(prefix: str, whose: str, attributes: Sequence[str], abilities: Sequence[str]) -> dict[str, Any]:
    """An Attribute and an optional Ability of one sheet (the kernel's pool shapes: DA L193), as two
    ``Literal`` fields, so a small model cannot name two Attributes or two Abilities."""
    return {f"{prefix}attribute": (Literal[tuple(attributes)], Field(description=f"{whose}: the Attribute rolled.")),
            f"{prefix}ability": (Literal[(*abilities, NONE)],
                                 Field(description=f"{whose}: the Ability added to it, or none."))}


def _difficulty(description: str) -> Any:
    return (Literal[DIFFICULTIES], Field(description=f"{description} 2..10; 6 is standard, 8 hard."))


def contest_model(character: str, mine: Sheet, opponent: str, theirs: Sheet) -> type[BaseModel]:
    """The structured contest request: both sides' pools (``Literal`` of their sheets) and difficulties."""
    return create_model(
        "request_contest", __config__=ConfigDict(extra="ignore"),
        __doc__="Request a resisted roll (a contest of two characters) from the rules engine.",
        character=(Literal[(character,)], Field(description="The sheet id of the character who acts.")),
        **_pool("", "The acting character", *mine), difficulty=_difficulty("The acting side's difficulty:"),
        opponent=(Literal[(opponent,)], Field(description="The sheet id of the character who resists.")),
        **_pool("opponent_", "The resisting character", *theirs),
        opponent_difficulty=_difficulty("The resisting side's difficulty:"))


def team_model(leader: Sheet, helpers: Sheet) -> type[BaseModel]:
    """The structured teamwork request: the leader's and the helpers' pools, and the task's difficulty."""
    return create_model(
        "request_teamwork", __config__=ConfigDict(extra="ignore"),
        __doc__="Request a teamwork roll (each member rolls separately; successes are added) from the rules engine.",
        **_pool("", "The leader", *leader), **_pool("helper_", "Each helper", *helpers),
        difficulty=_difficulty("The task's one difficulty:"))


def _traits(output: Any, prefix: str = "") -> tuple[str, ...]:
    ability = getattr(output, f"{prefix}ability")
    return (getattr(output, f"{prefix}attribute"), *(() if ability == NONE else (ability,)))


def contest_action(output: Any, template: Resisted) -> Resisted:
    """The model's contest as a kernel action: the template's sides, task, target and flags, its pools."""
    return replace(template, traits=_traits(output), difficulty=output.difficulty,
                   opponent_traits=_traits(output, "opponent_"), opponent_difficulty=output.opponent_difficulty)


def team_action(output: Any, template: Teamwork) -> Teamwork:
    """The model's teamwork as a kernel action: the members who joined, the model's pools and difficulty."""
    helper = _traits(output, "helper_")
    return replace(template, traits=(_traits(output), *(helper for _ in template.members[1:])),
                   difficulty=output.difficulty)


class ShapedRequest:
    """One contest or teamwork request in the making: the model's proposals, re-asked after refusals."""

    def __init__(self, role: str, conversation: Conversation, build: Callable[[Any], Action]) -> None:
        self.role, self.conversation, self.build = role, conversation, build

    def propose(self) -> Action:
        """The model's next proposal as a kernel action.

        Raises:
            AgentGaveUpError: no usable proposal (re-asks spent, transport, budget).
        """
        return self.build(self.conversation.run())

    def refused(self, reason: str) -> None:
        """The kernel refused the last proposal: mark it and re-ask with the reason (or give up)."""
        log = self.conversation.log
        if log.proposals and log.proposals[-1] == "proposed":
            log.proposals[-1] = "rejected"
        self.conversation.refused(reason)


def sheet_of(view: View, storyteller: LLMStoryteller, character: str) -> Sheet:
    """The Attributes and Abilities on ``character``'s sheet as the host view has it."""
    sheet = storyteller.template._sheet(view, character) or {}
    return list(sheet.get("attributes", {})), list(sheet.get("abilities", {}))


def start_shaped(storyteller: LLMStoryteller, view: View, choice: Choice,
                 answers: Mapping[int, Choice]) -> ShapedRequest | None:
    """A conversation asking the model for the contest or teamwork roll ``choice`` leads to (``None``:
    the template's request is not a contest nor a teamwork roll, so the model does not shape it here)."""
    template = storyteller.template
    try:
        action = template.propose(view, choice, answers)
    except ValueError:
        return None
    if isinstance(action, Resisted):
        return _contest(storyteller, view, choice, action)
    if isinstance(action, Teamwork):
        return _team(storyteller, view, choice, action)
    return None


def _conversation(storyteller: LLMStoryteller, output: type[BaseModel], prompt: str, role: str) -> Conversation:
    lang = storyteller.lang
    system = render("storyteller/llm/system", lang, game=storyteller.game, rules=storyteller.rules, style=None)
    structured = storyteller.chat.with_structured_output(output, method="function_calling", include_raw=True)
    return Conversation(
        structured, [SystemMessage(content=system), HumanMessage(content=prompt)],
        lambda answer: parse_answer(answer, output),
        lambda answer, reason: render("storyteller/llm/refused", lang, answer=answer, reason=reason),
        storyteller.stats.start(HOST), storyteller.settings, storyteller.accounting, role, storyteller.model_name)


def _contest(storyteller: LLMStoryteller, view: View, choice: Choice, action: Resisted) -> ShapedRequest:
    template = storyteller.template
    mine, theirs = sheet_of(view, storyteller, action.character), sheet_of(view, storyteller, action.opponent)
    output = contest_model(action.character, mine, action.opponent, theirs)
    prompt = render("storyteller/llm/contest", storyteller.lang, scene=template.frame_scene(view),
                    character=action.character, who=template._name(view, action.character),
                    approach=storyteller._approach_label(view, choice.approach), opponent=action.opponent,
                    opponent_name=template._name(view, action.opponent), traits=[*mine[0], *mine[1]],
                    opponent_traits=[*theirs[0], *theirs[1]])
    conversation = _conversation(storyteller, output, prompt, ROLE_CONTEST)
    return ShapedRequest(ROLE_CONTEST, conversation, lambda out: contest_action(out, action))


def _team(storyteller: LLMStoryteller, view: View, choice: Choice, action: Teamwork) -> ShapedRequest:
    template = storyteller.template
    leader, helpers = action.members[0], action.members[1:]
    sheets = [sheet_of(view, storyteller, h) for h in helpers]
    attributes, abilities = ([t for t in sheets[0][part] if all(t in other[part] for other in sheets[1:])] for part in (0, 1))
    shared = (attributes, abilities)  # the traits every helper has
    mine = sheet_of(view, storyteller, leader)
    output = team_model(mine, shared)
    prompt = render("storyteller/llm/team", storyteller.lang, scene=template.frame_scene(view), character=leader,
                    who=template._name(view, leader), approach=storyteller._approach_label(view, choice.approach),
                    helpers=", ".join(template._name(view, h) for h in helpers), traits=[*mine[0], *mine[1]],
                    helper_traits=[*shared[0], *shared[1]], target=action.target)
    conversation = _conversation(storyteller, output, prompt, ROLE_TEAM)
    return ShapedRequest(ROLE_TEAM, conversation, lambda out: team_action(out, action))

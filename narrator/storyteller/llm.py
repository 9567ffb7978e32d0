"""A Dark Ages / Wild West Storyteller voiced by a language model, over the template Storyteller.

:class:`LLMStoryteller` implements :class:`~narrator.storyteller.template.StorytellerVoice`:

* ``narrate`` of a ``scene_begun`` event and ``frame_scene`` (a resumed game): the model frames each
  new scene from the scenario's text, at most :data:`FRAME_CHARS` characters, checked against the
  table's lines and veils like every other text (fallback: the scene text itself);
* ``options``: the scenario's approaches, as the template offers them (the player chooses);
* ``propose``: for an approach that rolls, the model proposes the roll request as structured
  output (character, attribute, ability or none, difficulty 2..10, action type), which the kernel
  validates; the scenario's task id, target, Willpower and automatic-success flags are kept from the
  template; for a contest or a teamwork task, each side's or member's traits and difficulty
  (:mod:`narrator.storyteller.llm_shapes`);
* ``narrate``: the model tells each degree of success, a failure or a botch from the kernel's
  ``roll_resolved`` event, and a contest's or a team's from ``resisted_resolved`` / ``team_resolved``; a text that tells a different result is regenerated (twice at most),
  then the template's line is used.

What the model writes and how each text is checked: :mod:`~narrator.storyteller.llm_roles`; the seat that
proposes its requests to the kernel (falling back to the template's): :mod:`~narrator.storyteller.llm_seat`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage

from narrator.agents.base import AgentGaveUpError
from narrator.agents.i18n import message
from narrator.agents.llm import LLMSettings, LLMWriter, TokenBudget, UsageStats, WriterRole
from narrator.agents.llm.client import chat_model
from narrator.agents.llm.conversation import Accounting, Conversation
from narrator.agents.llm.prompts import render, rules_summary
from narrator.agents.llm.usage import ModelSwitch
from narrator.rules.core import HOST, Action, Event
from narrator.rules.storyteller import events as ev
from narrator.rules.storyteller.actions import Roll
from narrator.storyteller.improv import NONE, Ruled, RulingRefused, ruling_model, to_action
from narrator.storyteller.intent import FREE
from narrator.storyteller.llm_roles import (
    FRAME,
    FRAME_CHARS,
    NARRATE,
    RECAP,
    ROLE_IMPROV,
    ROLE_REQUEST,
    _results,
    frame_problem,
    parse_answer,
    result_problems,
    roll_model,
    rolled_traits,
)
from narrator.storyteller.safety import TableSafety
from narrator.storyteller.scenario import Scene
from narrator.storyteller.template import Choice, Option, TemplateStoryteller, View

__all__ = [  # the roles and checks are re-exported: tests and callers import them from here
    "FRAME", "FRAME_CHARS", "NARRATE", "RECAP", "Improvisation", "LLMStoryteller", "RollRequest", "frame_problem",
    "result_problems", "roll_model", "rolled_traits", "scene_opponents", "told_who",
]

RecordSink = Callable[[dict[str, Any]], None]


class LLMStoryteller:
    """The model's words and roll requests; ``template`` for the scenario's flow and every fallback.

    Args:
        settings: endpoint, model (``storyteller``), re-asks, budget, language.
        template: the scenario's template Storyteller.
        stats, budget, http_client: as for the other LLM roles.
    """

    def __init__(self, settings: LLMSettings, template: TemplateStoryteller, *, stats: UsageStats | None = None,
                 budget: TokenBudget | None = None, http_client: Any = None) -> None:
        self.settings, self.template, self.lang = settings, template, template.lang
        self.stats = stats or UsageStats()
        self.accounting = Accounting(None, self.stats, budget or TokenBudget(settings.budget_tokens),
                                     ModelSwitch(settings.max_transport_failures))
        self.chat = chat_model(settings, "storyteller", http_client=http_client)
        self.model_name = settings.model_for("storyteller")
        self._writers = {role.name: LLMWriter(settings, role, model=self.chat, stats=self.stats,
                                              budget=self.accounting.budget, switch=self.accounting.switch)
                         for role in (NARRATE, FRAME, RECAP)}
        self.records: RecordSink | None = None
        self.fallbacks: list[dict[str, Any]] = []
        self.safety = TableSafety()
        """The table's lines and veils (and X-carded texts): every model text is checked against them."""
        self.last_told = ""
        self.memory = ""
        """A chronicle's bounded memory (summary + the facts of now), given with each ruling; empty outside one."""
        self.last_intent = ""
        """The player's own words behind the latest improvised roll (told with its result)."""
        self.framed: dict[int, str] = {}
        """Scene number -> the framing told when it began (a scene is framed once)."""
        self.rules = rules_summary("storyteller/llm", self.lang)
        self.game = "Vampire: Dark Ages" if template.scenario.book == "dark_ages" else "Werewolf: Wild West"

    def bind(self, write: RecordSink) -> None:
        """Write ``llm_call`` and ``fallback`` records through ``write`` (the session's)."""
        self.records = write
        self.accounting.sink = lambda record: write({"kind": "llm_call", **record})
        for writer in self._writers.values():
            writer.bind_calls(self.accounting.sink)

    def record_fallback(self, role: str, error: AgentGaveUpError) -> None:
        """Note that the template spoke or decided instead of the model, and why."""
        record = {"kind": "fallback", "actor": HOST, "role": role, "attempts": error.attempts,
                  "reason": error.reason, "raw": error.raw, "by": "template-storyteller"}
        self.fallbacks.append(record)
        if self.records is not None:
            self.records(record)

    # -- StorytellerVoice -------------------------------------------------------------------------

    def frame_scene(self, view: View) -> str:
        """The current scene as the model framed it (framed now if it was not yet: a resumed game)."""
        return self._frame(int(view.get("scene_count") or 0), self.template.frame_scene(view))

    def _frame(self, number: int, text: str) -> str:
        """The model's framing of scene ``number`` from its scenario ``text``; the text itself when it cannot."""
        if not text:
            return text
        if number in self.framed:
            return self.framed[number]
        try:
            framed = str(self._write(FRAME, scene=text).text)
        except AgentGaveUpError as error:
            self.record_fallback(FRAME.name, error)
            framed = text
        self.framed[number] = framed
        return framed

    def tell_previously(self, memory: str) -> str | None:
        """The model's "previously" from the chronicle's bounded memory (``None``: the template tells it)."""
        try:
            return str(self._write(RECAP, memory=memory).text)
        except AgentGaveUpError as error:
            self.record_fallback(RECAP.name, error)
            return None

    def options(self, view: View, answers: Mapping[int, Choice] | None = None) -> list[Option]:
        """The scenario's approaches (empty when the Storyteller moves alone)."""
        return self.template.options(view, answers)

    def questions(self, view: View, answers: Mapping[int, Choice]) -> list[Any]:
        """Whom the table asks now (the scenario's flow: the template's)."""
        return self.template.questions(view, answers)

    def storyteller_move(self, view: View, answers: Mapping[int, Choice] | None = None) -> Action | None:
        """The Storyteller's own move (scenes, turns, its characters): the scenario's flow."""
        return self.template.storyteller_move(view, answers)

    def lead(self, view: View, answers: Mapping[int, Choice]) -> Choice | None:
        """The standing choice the next request is made of."""
        return self.template.lead(view, answers)

    def propose(self, view: View, choice: Choice | None, answers: Mapping[int, Choice] | None = None) -> Action:
        """The template's request (the model shapes plain rolls through :class:`RollRequest`)."""
        return self.template.propose(view, choice, answers)

    def narrate(self, view: View, events: Sequence[Event]) -> list[str]:
        """The template's lines, with each new scene framed and the generic result line of each roll told
        by the model."""
        from narrator.storyteller.template import said_before_turn

        lines: list[str] = []
        for event in said_before_turn(events):  # an answer without a roll before the turn it opens, as offline
            told = self.template.narrate(view, [event])
            match event.payload:  # the kernel's results the model tells (a plain roll, a contest from its acting
                # side, a team's sum)
                case ev.RollResolved() | ev.ContestResolved() | ev.TeamResolved() as result if told:
                    told[0] = self._tell_result(view, result, told[0])
                case ev.SceneBegun(scene=scene_id, number=number):
                    scene = self.template.scenario.scenes.get(str(scene_id))
                    text = scene.text.get(self.lang) if scene else ""
                    if text and text in told:  # the template's scene text becomes the model's framing of it
                        told[told.index(text)] = self._frame(int(number or 0), text)
            lines.extend(told)
        return lines

    def _tell_result(self, view: View, result: ev.RollResolved | ev.ContestResolved | ev.TeamResolved,
                     template_line: str) -> str:
        category = str(result.category)
        label, guidance = _results()[category][self.lang]
        who = (self.template._name(view, str(result.character)) if isinstance(result, ev.RollResolved)
               else told_who(self, view, result))  # a contest's acting side, or the whole team
        try:
            return str(self._write(NARRATE, scene=self.template.frame_scene(view), category=category, result=label,
                                   guidance=guidance, who=who,
                                   approach=self._told_approach(view, str(result.task))).text)
        except AgentGaveUpError as error:
            self.record_fallback(NARRATE.name, error)
            return template_line

    def _write(self, role: WriterRole, **variables: Any) -> Any:
        written = self._writers[role.name].write(game=self.game, rules=self.rules, seat=HOST, safety=self.safety,
                                                 lang=self.lang, **variables)
        self.last_told = str(written.text)
        return written

    def x_card(self) -> None:
        """The X-card: the last text the model told becomes a line (a ``setup`` record says so)."""
        self.safety = self.safety.x_card(self.last_told)
        if self.records is not None:
            self.records({"kind": "setup", "x_card": True, "lines": len(self.safety.lines)})

    def _told_approach(self, view: View, task: str) -> str:
        """What the character tried, for telling a result: the approach, or the player's own words."""
        if task.startswith(f"{FREE}:") and self.last_intent:
            return json.dumps(self.last_intent, ensure_ascii=False)  # the player's words: quoted data
        return self._approach_label(view, task)

    def _approach_label(self, view: View, approach_id: str) -> str:
        scene = self.template._scene(view)
        approach = self.template._approach(scene, approach_id) if scene else None
        return approach.label.get(self.lang) if approach else approach_id

    # -- roll requests -----------------------------------------------------------------------------

    def rolls(self, view: View, choice: Choice) -> bool:
        """Whether the chosen approach is a plain roll the model may shape (not a move or a fight; a contest
        or a teamwork task is shaped by :func:`~narrator.storyteller.llm_shapes.start_shaped`)."""
        scene = self.template._scene(view)
        approach = self.template._approach(scene, choice.approach) if scene else None
        return approach is not None and approach.roll is not None and scene is not None and scene.fight is None

    def start_request(self, view: View, choice: Choice) -> RollRequest:
        """A conversation asking the model for the roll of ``choice`` (kernel refusals go back into it)."""
        pc = self.template.character_of(view, choice.actor)  # the character whose choice it is
        sheet = self.template._sheet(view, pc) or {}
        attributes, abilities = list(sheet.get("attributes", {})), list(sheet.get("abilities", {}))
        output = roll_model([pc], attributes, abilities)
        system = render("storyteller/llm/system", self.lang, game=self.game, rules=self.rules, style=None)
        prompt = render("storyteller/llm/roll", self.lang, scene=self.template.frame_scene(view), character=pc,
                        who=self.template._name(view, pc), approach=self._approach_label(view, choice.approach),
                        attributes=attributes, abilities=abilities)
        structured = self.chat.with_structured_output(output, method="function_calling", include_raw=True)
        conversation = Conversation(
            structured, [SystemMessage(content=system), HumanMessage(content=prompt)],
            lambda message: parse_answer(message, output),
            lambda answer, reason: render("storyteller/llm/refused", self.lang, answer=answer, reason=reason),
            self.stats.start(HOST), self.settings, self.accounting, ROLE_REQUEST, self.model_name)
        return RollRequest(self, view, choice, conversation)


    # -- free-form intents (issue 16) ---------------------------------------------------------------

    def start_improv(self, view: View, choice: Choice) -> Improvisation:
        """A conversation asking the model to rule on the player's own words (refusals go back into it)."""
        template = self.template
        pc = template.character_of(view, choice.actor)  # the character whose words they are
        scene = template._scene(view)
        assert scene is not None
        sheet = template._sheet(view, pc) or {}
        attributes, abilities = dict(sheet.get("attributes", {})), dict(sheet.get("abilities", {}))
        npcs = {str(n["id"]): n for n in template.scenario.npcs}
        opponents = [c for c in scene_opponents(scene) if c in npcs]
        output = ruling_model([a.id for a in scene.approaches], list(attributes), list(abilities), opponents)
        frame = template.scenario.frame
        system = render("storyteller/llm/system", self.lang, game=self.game, rules=self.rules, style=None)
        prompt = render(
            "storyteller/llm/improv", self.lang, scene=template.frame_scene(view), character=pc,
            who=template._name(view, pc), intent=choice.intent, fight=scene.fight is not None,
            stakes=frame.stakes.get(self.lang) if frame else "", may_invent=frame.may_invent.get(self.lang) if frame
            else "", may_not_invent=frame.may_not_invent.get(self.lang) if frame else "",
            attributes=", ".join(f"{k} {v}" for k, v in attributes.items()),
            abilities=", ".join(f"{k} {v}" for k, v in abilities.items()),
            approaches=[(a.id, a.label.get(self.lang)) for a in scene.approaches], memory=self.memory,
            opponents=", ".join(f"{c} ({template._name(view, c)})" for c in opponents) or NONE)
        structured = self.chat.with_structured_output(output, method="function_calling", include_raw=True)
        conversation = Conversation(
            structured, [SystemMessage(content=system), HumanMessage(content=prompt)],
            lambda message: parse_answer(message, output),
            lambda answer, reason: render("storyteller/llm/refused", self.lang, answer=answer, reason=reason),
            self.stats.start(HOST), self.settings, self.accounting, ROLE_IMPROV, self.model_name)
        traits = {c: [*n.get("attributes", {}), *n.get("abilities", {})] for c, n in npcs.items()}
        return Improvisation(self, view, choice, conversation, traits)


def scene_opponents(scene: Scene) -> list[str]:
    """The scenario's characters who may oppose the player in ``scene``: its fight's enemy and the
    opponents of its contests (the frame: the model brings no one else in)."""
    found = [scene.fight.enemy] if scene.fight is not None else []
    found += [a.resisted.opponent for a in scene.approaches if a.resisted is not None]
    return list(dict.fromkeys(found))


class Improvisation:
    """One ruling on a typed intent in the making: the model's rulings, re-asked after refusals."""

    def __init__(self, storyteller: LLMStoryteller, view: View, choice: Choice, conversation: Conversation,
                 opponent_traits: Mapping[str, Sequence[str]]) -> None:
        self.storyteller, self.view, self.choice, self.conversation = storyteller, view, choice, conversation
        self.opponent_traits = opponent_traits

    def propose(self) -> Ruled:
        """The model's next ruling as the table uses it (a kernel action, or words without a roll).

        Raises:
            AgentGaveUpError: no usable ruling (re-asks spent, transport, budget).
        """
        template = self.storyteller.template
        scene = template._scene(self.view)
        assert scene is not None
        while True:
            ruling = self.conversation.run()
            try:
                ruled = to_action(ruling, pc=template.character_of(self.view, self.choice.actor), scene=scene,
                                  intent_task=FREE, opponent_traits=self.opponent_traits)
            except RulingRefused as refused:
                self.refused(str(refused))
                continue
            told = ruled.action is None and ruled.approach is None
            problem = (result_problems(ruled.narration, "marginal")
                       or self.storyteller.safety.problem(ruled.narration, self.storyteller.lang)) if told else None
            if problem is None:
                return ruled
            self.refused(problem)

    def refused(self, reason: str) -> None:
        """The kernel (or the table) refused the last ruling: re-ask with the reason, or give up."""
        log = self.conversation.log
        if log.proposals and log.proposals[-1] == "proposed":
            log.proposals[-1] = "rejected"
        self.conversation.refused(reason)


class RollRequest:
    """One roll request in the making: the model's proposals for one choice, re-asked after refusals."""

    role = ROLE_REQUEST

    def __init__(self, storyteller: LLMStoryteller, view: View, choice: Choice, conversation: Conversation) -> None:
        self.storyteller, self.view, self.choice, self.conversation = storyteller, view, choice, conversation

    def propose(self) -> Roll:
        """The model's next proposal as a kernel action (the scenario's task id, target and flags kept).

        Raises:
            AgentGaveUpError: no usable proposal (re-asks spent, transport, budget).
        """
        output = self.conversation.run()
        template = self.storyteller.template.propose(self.view, self.choice)
        assert isinstance(template, Roll)
        extended = output.action == "extended"
        return Roll(character=output.character, traits=rolled_traits(output),
                    difficulty=output.difficulty, action=output.action, task=template.task,
                    target=template.target if extended else 0, willpower=self.choice.willpower,
                    automatic=self.choice.automatic, combat=template.combat, team_task=template.team_task)

    def refused(self, reason: str) -> None:
        """The kernel refused the last proposal: mark it and re-ask with the reason (or give up)."""
        log = self.conversation.log
        if log.proposals and log.proposals[-1] == "proposed":
            log.proposals[-1] = "rejected"
        self.conversation.refused(reason)


def told_who(storyteller: LLMStoryteller, view: View, result: ev.ContestResolved | ev.TeamResolved) -> str:
    """Who acted, for telling a contest's or a team's result (``Ruth against Elias``, ``Ruth, Elias together``)."""
    template, lang = storyteller.template, storyteller.lang
    if isinstance(result, ev.ContestResolved):
        return message(lang, "troupe_llm.contest_who", who=template._name(view, str(result.character)),
                       opponent=template._name(view, str(result.opponent)))
    names = ", ".join(template._name(view, str(m)) for m in result.members)
    return message(lang, "troupe_llm.team_who", names=names)

"""A Ten Candles Storyteller voiced by a language model, guarded by plain code, with a template fallback.

:class:`LLMStoryteller` implements :class:`agents.ten_candles.voice.Storyteller`. The scripted GM
still decides the mechanics (whom to call, dangerous or not, deaths in the Last Stand); the model
supplies the words: scene openings, conflict frames, the GM's truths, the outcomes the GM narrates,
deaths, and the answer to an X-card. It sees only the GM seat's view and events.

Every text is checked by :mod:`agents.ten_candles.llm_check` against the kernel's outcome and the
truths already spoken; a text that contradicts them is sent back with the reason (at most
``settings.max_reasks`` = 2 regenerations). After that, or when the model cannot be reached or
the budget is spent, the fallback Storyteller (the template one) speaks, and a ``fallback``
record with the reason goes to the transcript.

The template Storyteller also supplies *material* (the module's place, a sign of Them, the
conflict of the module) that the model retells, so the story stays in the module that was read.
"""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

from narrator.agents.base import AgentGaveUpError
from narrator.agents.llm import LLMSettings, LLMWriter, TokenBudget, UsageStats, WriterRole
from narrator.agents.llm.usage import CallSink, ModelSwitch
from narrator.agents.ten_candles import llm_roles as roles
from narrator.agents.ten_candles.llm_check import Facts, as_truth, line_problems, truth_topic
from narrator.agents.ten_candles.voice import Storyteller
from narrator.rules.core import HOST, Event, PlayerId
from narrator.rules.ten_candles.events import (
    CharacterDescribed,
    ConflictCalled,
    ConflictResolved,
    SceneEnded,
    SceneStarted,
    XCard,
)

RecordSink = Callable[[dict[str, Any]], None]
"""Receives a transcript record (the session's ``write``)."""


class LLMStoryteller:
    """The Storyteller's words from a model; ``fallback`` speaks whenever the model's text is unusable.

    Args:
        settings: endpoint, model, re-asks (regenerations), budget, language (``settings.language``).
        fallback: the template Storyteller (it also supplies material and keeps the module's state).
        stats, budget: shared with the AI characters of the game.
        http_client: an ``httpx2.Client`` for the model (tests inject faults with it).
    """

    writer_type: type[LLMWriter] = LLMWriter
    """Who writes each role's text (:mod:`narrator.ten_candles.prompt_trace` keeps the prompts instead)."""
    retraceable = False
    """A model's words are not asked twice: a resumed game reads them from the transcript."""

    def __init__(self, settings: LLMSettings, fallback: Storyteller, *, stats: UsageStats | None = None,
                 budget: TokenBudget | None = None, http_client: Any = None) -> None:
        self.settings, self.fallback, self.lang = settings, fallback, settings.language
        self.stats = stats or UsageStats()
        self.budget = budget or TokenBudget(settings.budget_tokens)
        self._writers: dict[str, LLMWriter] = {}
        self.switch = ModelSwitch(settings.max_transport_failures)
        self._http_client = http_client
        self._calls: CallSink | None = None
        self._records: RecordSink | None = None
        self.names: dict[PlayerId, str] = {}
        self.scene: list[Event] = []
        """What the GM seat heard since the scene began (or ended, or an X-card took it back), told in a line each:
        the lines of every Storyteller prompt from :attr:`shown_from` on, so that each prompt repeats the one before
        and adds its own at the end (the server then evaluates only those)."""
        self.shown_from = 0
        """The first of :attr:`scene` shown; it moves only when a prompt that is not a narration would show more
        than :data:`llm_roles.SHOWN_AT_MOST` (a narration repeats its framing's prompt up to the roll)."""
        self.warms = settings.warm_up and bool(settings.endpoints) and settings.self_hosted
        """Whether :meth:`warm_heard` sends warm-ups: to servers of our own (the embedded one, a pool, an endpoint on
        this machine or network), never to a paid API, where a warm-up would cost a request."""
        self._warmed = ""  # the last prompt warmed: a wait that heard nothing new sends nothing
        self.fallbacks: list[dict[str, Any]] = []
        """Every fallback taken: role, reason, attempts (also written to the transcript)."""
        self.history: list[tuple[str, str]] = []
        """(role, text) of everything the model said that was used."""

    # -- wiring -----------------------------------------------------------------------------------

    def bind(self, write: RecordSink) -> None:
        """Write ``llm_call`` and ``fallback`` records through ``write`` (the session's)."""
        self._records = write
        self._calls = lambda record: write({"kind": "llm_call", **record})
        for writer in self._writers.values():
            writer.bind_calls(self._calls)

    def _writer(self, role: WriterRole) -> LLMWriter:
        if role.name not in self._writers:
            self._writers[role.name] = self.writer_type(
                self.settings, role, calls=self._calls, stats=self.stats, budget=self.budget,
                http_client=self._http_client, switch=self.switch)
        return self._writers[role.name]

    def observe(self, events: Sequence[Event]) -> None:
        """Remember names and the scene's events; the fallback hears them too."""
        self.fallback.observe(events)
        for event in events:
            if isinstance(described := event.payload, CharacterDescribed):
                self.names[described.seat] = described.name
        self.scene, restarted = scene_after(self.scene, events)
        if restarted:
            self.shown_from = 0

    # -- the Storyteller interface --------------------------------------------------------------

    def briefing(self, view: Any) -> str:
        """The module read as written (L122): its text is the module's, not the model's."""
        return self.fallback.briefing(view)

    def write_brink(self, view: Any, holder: PlayerId) -> str:
        """«Они видели, как ты…» from the template (a card written once in setup)."""
        return self.fallback.write_brink(view, holder)

    def open_scene(self, view: Any) -> str:
        """The model retells the template's opening (the module's next place, a sign of Them)."""
        material = self.fallback.open_scene(view)
        return self._prose(roles.SCENE, view, roles.task("open_scene", self.lang), material, Facts.from_view(
            view, lang=self.lang))

    def final_scene(self, view: Any) -> str:
        """The Last Stand opens (L41, L60)."""
        material = getattr(self.fallback, "final_scene", lambda v: "")(view)
        return self._prose(roles.SCENE, view, roles.task("final_scene", self.lang), material,
                           Facts.from_view(view, lang=self.lang))

    def frame_conflict(self, view: Any, active: PlayerId, dangerous: bool, moment: bool) -> str:
        """What is at stake (L265, L289); a Moment's words come from the card."""
        material = self.fallback.frame_conflict(view, active, dangerous, moment)
        facts = Facts.from_view(view, lang=self.lang)
        stakes = None if moment else getattr(self.fallback, "conflict_text", None)
        if stakes and not line_problems(stakes, facts) and self._stake(active, stakes):
            material = ""  # the conflict's own line tells it, in this prompt and in every later one of the scene
        return self._prose(roles.SCENE, view, roles.task("frame", self.lang), material, facts)

    def _stake(self, active: PlayerId, stakes: str) -> bool:
        """Write the module's task of the conflict just called ("to dig the tractor out", without the template's
        words around it) into that conflict's line of the scene: the framing retells it, and the narration of its
        outcome knows what was at stake. Whether the line was there to carry it."""
        for index in range(len(self.scene) - 1, -1, -1):
            event = self.scene[index]
            if isinstance(called := event.payload, ConflictCalled):
                if called.active != active:
                    return False
                self.scene[index] = replace(event, data={**event.data, "stakes": stakes})
                return True
        return False

    def narrate_outcome(self, view: Any, events: Sequence[Event]) -> str:
        """The outcome the kernel settled, when the GM holds narration (L283, L289)."""
        facts = Facts.from_view(view, events, lang=self.lang)
        resolved = [e.payload for e in events if isinstance(e.payload, ConflictResolved)]
        active = resolved[-1].active if resolved else None
        outcome = ""
        if facts.success is not None and active is not None:
            outcome = roles.phrase("outcome", "success" if facts.success else "failure", self.lang,
                                   name=roles.seat_names(view, self.names).get(active, f"#{active}"))
        work = roles.task("narrate", self.lang, outcome=outcome)
        return self._prose(roles.NARRATION, view, work, "", facts, narration=True,
                           fallback=lambda: self.fallback.narrate_outcome(view, events))

    def final_death(self, view: Any, seat: PlayerId) -> str:
        """A death in the Last Stand (L47, L60)."""
        work = roles.task("final_death", self.lang, name=roles.name_of(view, seat, self.names))
        return self._prose(roles.SCENE, view, work, "", Facts.from_view(view, lang=self.lang),
                           fallback=lambda: self.fallback.final_death(view, seat))

    def x_card(self, view: Any, note: str) -> str:
        """Drop the thread (the template forgets its place and conflict) and turn elsewhere (D39)."""
        material = self.fallback.x_card(view, note)
        facts = Facts.from_view(view, lang=self.lang)
        if note.strip():  # the X-carded subject becomes a line for this text
            facts = Facts(facts.lang, facts.lit, None, facts.dead, (*facts.lines, note), facts.veils, facts.truths)
        return self._prose(roles.SCENE, view, roles.task("x_card", self.lang), material, facts)

    def speak_truth(self, view: Any) -> tuple[str, str]:
        """One truth of the GM's in the rotation; the topic (L331) is read from the text."""
        facts = Facts.from_view(view, lang=self.lang)
        output = self._ask(roles.GM_TRUTH, view, roles.task("truth", self.lang), "", facts, gm=True)
        if output is None:
            return self.fallback.speak_truth(view)
        text = as_truth(output.text, self.lang)
        self.history.append((roles.GM_TRUTH.name, text))
        return text, truth_topic(text)

    def rule_on_attempt(self, view: Any, seat: PlayerId, text: str, rejection: Any = None) -> Any:
        """The model's ruling on ``seat``'s stated attempt (L58, L265, L289), or ``None`` when it gave up
        (the caller's template ruling answers then). ``rejection``: the kernel's refusal of the last ruling,
        given back to the model with its reason. The words reach the prompt as quoted data."""
        import json

        from narrator.agents.ten_candles.attempt_ruling import AttemptRuling

        me = view.characters[seat]
        name = roles.name_of(view, seat, self.names)
        moment = (me.moment or "") if me.top == "moment" else roles.task("rule_attempt_no_moment", self.lang)
        refused = (roles.task("rule_attempt_refused", self.lang, reason=f"{rejection.code}: {rejection.message}")
                   if rejection is not None else "")
        work = roles.task("rule_attempt", self.lang, name=name, moment=moment, refused=refused)
        facts = Facts.from_view(view, lang=self.lang)
        output = self._ask(roles.ATTEMPT, view, work, "", facts, attempt=json.dumps(text, ensure_ascii=False))
        if output is None:
            return None
        narration = " ".join(output.narration.split())
        self.history.append((roles.ATTEMPT.name, narration or ("conflict" if output.conflict else "")))
        return AttemptRuling(bool(output.conflict), dangerous=bool(output.dangerous), moment=bool(output.moment),
                             narration="" if output.conflict else narration)

    # -- warming while a person decides ----------------------------------------------------------

    def warm_heard(self, view: Any, coming: Sequence[Event] = ()) -> Awaitable[bool] | None:
        """The warm-up of the next Storyteller prompt while a person decides (``Agent.warm_heard``): the prompt as
        it stands, with the lines of ``coming`` (what the person's default move would add: accepting the roll
        tells its outcome), cut after the last line. The words after the real move then evaluate only their own
        end: the moment's facts and the task, or, when the person chose otherwise, the lines from the roll on.
        ``None``: no warm-ups (:attr:`warms`), or this prompt was warmed already."""
        from narrator.agents.llm.slots import home

        if not self.warms:
            return None
        narration = view.conflict is not None  # a narration comes next: its window never restarts
        self._shown(narration=narration)  # a restart due now happens now, so the next prompt matches
        coming = list(itertools.takewhile(lambda e: "text" not in e.data, coming))  # a person's words: unknown yet
        scene, restarted = scene_after(self.scene, coming)
        shown = scene[0 if restarted else self.shown_from:]
        lines = roles.describe(shown, roles.seat_names(view, self.names), self.lang)
        if not lines:
            return None
        writer = self._writer(roles.NARRATION)
        system, prompt = writer.prompts(
            game=roles.GAME, seat=HOST, rules=roles.rules_for(self.lang), style=roles.safety_style(view, self.lang),
            **roles.table_facts(view, self.lang, lit_before=roles.lit_before(shown, view.lit)),
            truths=roles.truths_of(view), events=lines, material="", task="",
            facts=Facts.from_view(view, lang=self.lang), gm=True)
        last = f"- {lines[-1]}"
        prompt = prompt[:prompt.rindex(last) + len(last)]
        if prompt == self._warmed:
            return None
        self._warmed = prompt
        return writer.awarm(system, prompt, home(self.settings, HOST) or self.settings.endpoints[0])

    # -- asking -----------------------------------------------------------------------------------

    def _shown(self, *, narration: bool = False) -> list[Event]:
        """The scene's events a Storyteller prompt tells: from :attr:`shown_from` on. Past
        :data:`~llm_roles.SHOWN_AT_MOST` lines, any prompt but a narration starts again from the last
        :data:`~llm_roles.KEPT_ON_START` (the prompt cache then misses once, at a framing or an opening)."""
        if not narration and len(self.scene) - self.shown_from > roles.SHOWN_AT_MOST:
            self.shown_from = len(self.scene) - roles.KEPT_ON_START
        return self.scene[self.shown_from:]

    def _prose(self, role: WriterRole, view: Any, work: str, material: str, facts: Facts, *,
               narration: bool = False, fallback: Callable[[], str] | None = None) -> str:
        if material and line_problems(material, facts):
            material = ""  # template text is filtered by tags already; never feed the model a line
        output = self._ask(role, view, work, material, facts, narration=narration)
        if output is None:
            return fallback() if fallback is not None else material
        text = " ".join(output.text.split())
        self.history.append((role.name, text))
        return text

    def _ask(self, role: WriterRole, view: Any, work: str, material: str, facts: Facts, *, gm: bool = True,
             narration: bool = False, **extra: str) -> Any:
        """The model's output, or ``None`` after recording why the fallback speaks instead. ``extra``: the
        role's own template variables (an attempt's quoted words)."""
        shown = self._shown(narration=narration)
        try:
            return self._writer(role).write(
                game=roles.GAME, seat=HOST, rules=roles.rules_for(self.lang), style=roles.safety_style(view, self.lang),
                **roles.table_facts(view, self.lang, lit_before=roles.lit_before(shown, view.lit)),
                truths=roles.truths_of(view), events=roles.describe(shown, roles.seat_names(view, self.names), self.lang),
                material=material, task=work, facts=facts, gm=gm, **extra)
        except AgentGaveUpError as error:
            record = {"kind": "fallback", "actor": HOST, "role": role.name, "attempts": error.attempts,
                      "reason": error.reason, "raw": error.raw, "by": "template"}
            self.fallbacks.append(record)
            if self._records is not None:
                self._records(record)
            return None


def scene_after(scene: list[Event], events: Sequence[Event]) -> tuple[list[Event], bool]:
    """The scene's told events after ``events`` (a new list), and whether it began anew: a scene starts or ends,
    or an X-card takes its thread back (that thread is never shown again). Truths are left out: they have a
    block of their own in every prompt."""
    told, restarted = list(scene), False
    for event in events:
        if isinstance(event.payload, (SceneStarted, SceneEnded, XCard)):
            told, restarted = [], True
        if event.kind not in UNTOLD and roles.has_line(event.kind):
            told.append(event)
    return told, restarted


UNTOLD = frozenset({"truth_spoken", "dice_rolled", "dice_rerolled"})
"""Kinds a Storyteller prompt leaves out of its lines: truths have their own block, and the dice say nothing the
outcome's line does not (a burned Trait or a Moment is told: that is the story)."""

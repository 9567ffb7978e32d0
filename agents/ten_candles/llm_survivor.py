"""An AI character of Ten Candles played by a language model, with the scripted survivor behind it.

The model decides what matters at the table, always among the kernel's legal moves:

* after a roll: burn a Trait, embrace the Brink, seize narration or accept (L293-L297), and show
  the Brink when it is on top; after a failed dangerous conflict: die for the others or not
  (L291). A structured choice (``choice`` is a ``Literal`` of the legal labels) plus one short
  line in character (``speech``), shown at the table.
* truths (one fact, «Truth:», no GM-only topic; L313-L331) and the narration it wins (checked
  against the kernel's outcome like the Storyteller's).

Writing the cards in setup and rolling (a single legal move) are left to the scripted survivor:
they cost a model call and decide nothing. Whenever the model gives up (refused answers,
transport, budget), the seat raises :class:`AgentGaveUpError` and the session's fallback (the same
scripted survivor) moves, writing a ``fallback`` line with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from narrator.agents.base import AgentGaveUpError, Decision, Request, Seat
from narrator.agents.llm import LLMAgent, LLMSettings, LLMWriter, TokenBudget, UsageStats
from narrator.agents.llm.usage import CallSink, ModelSwitch
from narrator.agents.ten_candles import llm_roles as roles
from narrator.agents.ten_candles.llm_check import Facts, as_truth
from narrator.agents.ten_candles.survivor import ScriptedSurvivor
from narrator.rules.core import Action, Event
from narrator.rules.ten_candles.actions import Narrate, SpeakTruth
from narrator.rules.ten_candles.events import CharacterDescribed, ConflictCalled

CHOICES = frozenset({"burn_trait", "embrace_brink", "seize_narration", "accept_roll", "volunteer_death",
                     "decline_death"})
"""Turn moves the model chooses among (``reveal_brink`` joins them when it is legal)."""


class LLMSurvivor(Seat):
    """One AI character: the model for choices, truths and narration; ``scripted`` for the rest.

    Args:
        settings: endpoint, model (``player``), re-asks, budget, language.
        scripted: the seat's scripted survivor: writes its cards, rolls, and is the session's fallback.
        stats, budget: shared with the Storyteller and the other characters of the game.
        http_client: an ``httpx2.Client`` for the model (tests inject faults with it).
    """

    def __init__(self, settings: LLMSettings, scripted: ScriptedSurvivor, *, stats: UsageStats | None = None,
                 budget: TokenBudget | None = None, http_client: Any = None) -> None:
        self.settings, self.scripted, self.seat = settings, scripted, scripted.seat
        self.lang = settings.language
        self.stats = stats or UsageStats()
        self.budget = budget or TokenBudget(settings.budget_tokens)
        self.name = f"llm:{settings.model_for('player')}"
        self.max_attempts = None  # the model's conversation gives up itself; a refused text gives up at once
        self._http_client = http_client
        self._calls: CallSink | None = None
        self._chooser: LLMAgent | None = None
        self._writers: dict[str, LLMWriter] = {}
        self.switch = ModelSwitch(settings.max_transport_failures)
        self.events: list[Event] = []
        self.names: dict[int, str] = {}

    def bind_calls(self, sink: CallSink) -> None:
        """Send ``llm_call`` records to ``sink`` (the session binds its transcript)."""
        self._calls = sink
        for agent in (self._chooser, *self._writers.values()):
            if agent is not None:
                agent.bind_calls(sink)

    def observe(self, events: Sequence[Event]) -> None:
        """Remember what this seat saw (names, the last conflict's events for narration)."""
        for event in events:
            if isinstance(described := event.payload, CharacterDescribed):
                self.names[described.seat] = described.name
        self.events = [*self.events, *events][-24:]

    def act(self, request: Request) -> Action | Decision:
        """The model's move for choices, truths and narration; the scripted survivor's otherwise
        (with the lines the character speaks meanwhile).

        Raises:
            AgentGaveUpError: the model gave no usable answer (the session's fallback moves).
        """
        return self.scripted.speaking(self._answer(request))

    def _answer(self, request: Request) -> Action | Decision:
        kinds = {action.kind for action in request.legal}
        if kinds & CHOICES:
            return self._choose(request)
        if request.attempt > 1 and request.rejection is not None:
            raise AgentGaveUpError(f"illegal: the kernel refused the text: {request.rejection.code}",
                                   attempts=request.attempt - 1)
        if "speak_truth" in kinds:
            return self._truth(request)
        if "narrate" in kinds:
            return self._narrate(request)
        return self.scripted.act(request)

    # -- choices ----------------------------------------------------------------------------------

    def _choose(self, request: Request) -> Decision:
        view = request.view
        self.scripted._remember(view)  # keep its table talk (volunteering, the Moment) going
        self.scripted._track(view)
        legal = [a for a in request.legal if a.kind in CHOICES or a.kind == "reveal_brink"]
        me = view.characters[self.seat]
        prompt_view = {"me": me, "lit": view.lit, "conflict": view.conflict, "explain": roles.explanations(self.lang),
                       "lately": roles.describe(self.events[-8:], self.names, self.lang)[-4:]}
        decision = self._agent(view).act(Request(request.game, request.seat, prompt_view, legal,
                                                 request.rejection, request.attempt))
        speech = " ".join(str(decision.notes.get("speech") or "").split())
        if speech:
            self.scripted.said.append(speech)
        return decision

    def _agent(self, view: Any) -> LLMAgent:
        if self._chooser is None:
            me = view.characters[self.seat]
            persona = f"{me.name}: {me.description}".strip(": ") or None
            self._chooser = LLMAgent(self.settings, roles.survivor_role(persona), calls=self._calls,
                                     stats=self.stats, budget=self.budget, rules=roles.rules_for(self.lang),
                                     http_client=self._http_client, switch=self.switch)
        return self._chooser

    # -- words ------------------------------------------------------------------------------------

    def _truth(self, request: Request) -> Decision:
        view = request.view
        output = self._write(roles.PLAYER_TRUTH, view, roles.task("truth", self.lang), Facts.from_view(
            view, lang=self.lang), gm=False)
        text = as_truth(output.text, self.lang)
        return Decision(SpeakTruth(actor=self.seat, text=text, topic="general"), {"by": self.name})

    def _narrate(self, request: Request) -> Decision:
        view = request.view
        conflict = self._last_conflict()
        facts = Facts.from_view(view, conflict, lang=self.lang)
        me = roles.name_of(view, self.seat, self.names)
        outcome = ""
        if facts.success is not None:
            outcome = roles.phrase("outcome", "success" if facts.success else "failure", self.lang, name=me)
        output = self._write(roles.PLAYER_NARRATION, view, roles.task("narrate", self.lang, outcome=outcome), facts,
                             events=conflict)
        return Decision(Narrate(actor=self.seat, text=" ".join(output.text.split())), {"by": self.name})

    def _last_conflict(self) -> list[Event]:
        starts = [i for i, e in enumerate(self.events) if isinstance(e.payload, ConflictCalled)]
        return self.events[starts[-1]:] if starts else self.events[-6:]

    def _write(self, role: Any, view: Any, work: str, facts: Facts, *, events: Sequence[Event] = (),
               gm: bool = False) -> Any:
        if role.name not in self._writers:
            self._writers[role.name] = LLMWriter(self.settings, role, calls=self._calls, stats=self.stats,
                                                 budget=self.budget, http_client=self._http_client,
                                                 switch=self.switch)
        style = roles.safety_style(view, self.lang)
        return self._writers[role.name].write(
            game=roles.GAME, seat=self.seat, rules=roles.rules_for(self.lang), style=style,
            **roles.table_facts(view, self.lang), truths=roles.truths_of(view),
            events=roles.describe(events or self.events[-6:], roles.seat_names(view, self.names), self.lang),
            material="", task=work, facts=facts, gm=gm)

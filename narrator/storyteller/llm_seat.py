"""The model Storyteller in the ``HOST`` seat: its roll requests and rulings, the template's after refusals.

A refused request goes back to the model with the kernel's :class:`~narrator.rules.core.Rejection`
(``max_reasks`` times), then the template Storyteller decides, and a ``fallback`` record says why.
"""

from __future__ import annotations

from dataclasses import replace

from narrator.agents.base import AgentGaveUpError, Decision, ReopenQuestion, Request, Seat
from narrator.agents.i18n import message
from narrator.rules.core import Action, Rejection
from narrator.storyteller.improv import NONE, Ruled
from narrator.storyteller.intent import FREE
from narrator.storyteller.llm import Improvisation, LLMStoryteller, RollRequest
from narrator.storyteller.llm_roles import ROLE_IMPROV
from narrator.storyteller.llm_shapes import ShapedRequest, start_shaped
from narrator.storyteller.seat import INTENT_UNCLEAR, choices
from narrator.storyteller.template import Choice, IntentUnclear, View


class LLMStorytellerSeat(Seat):
    """The ``HOST`` seat with the model's roll requests; the template decides after refusals.

    A human player is choosing, so the seat is asked until its proposal is legal (as the template
    seat): the model's request, the model again with each kernel refusal (``max_reasks``), then the
    template's request for the same choice; if that too is refused, the player chooses again.
    """

    max_attempts: int | None = None

    def __init__(self, voice: LLMStoryteller, name: str = "llm-storyteller") -> None:
        self.voice, self.name = voice, name
        self._choice: Choice | None = None
        self._request: RollRequest | ShapedRequest | None = None
        self._improv: Improvisation | None = None
        self._by = "template"
        self._answers: dict[int, Choice] = {}

    def act(self, request: Request) -> Decision:
        """The next proposal for the kernel (from the player's answer when the scene waits on it)."""
        view = request.view
        answers = choices(request.answers)
        move = self.voice.storyteller_move(view, answers)
        if move is not None:
            if request.rejection is not None:
                raise AgentGaveUpError(f"the Storyteller's own move was refused: {request.rejection.message}")
            return Decision(move, {"by": "storyteller"})
        choice = self.voice.lead(view, answers)
        if choice is None:
            raise AgentGaveUpError("the Storyteller was asked before a character chose an approach")
        self._answers = answers
        rejection = request.rejection
        if rejection is None or self._choice is None:
            return self._fresh(view, choice)
        if self._by == "llm" and self._improv is not None:
            try:
                self._improv.refused(f"{rejection.code}: {rejection.message}")
                return self._ruled(view, self._improv.propose())
            except AgentGaveUpError as error:
                self.voice.record_fallback(ROLE_IMPROV, error)
                return self._template(view, self._choice)
        if self._by == "llm" and self._request is not None:
            try:
                self._request.refused(f"{rejection.code}: {rejection.message}")
                return self._decision(self._request.propose(), "llm")
            except AgentGaveUpError as error:
                self.voice.record_fallback(self._request.role, error)
                return self._decision(self.voice.template.propose(view, self._choice, self._answers), "template")
        raise ReopenQuestion(rejection.message)  # the template's request too: the player chooses again

    def _template(self, view: View, choice: Choice) -> Decision:
        """The template's request for ``choice`` (a typed intent: the closest approach, or the player is asked)."""
        try:
            ruling = self.voice.template.rule_intent(view, choice, self._answers)  # the offline reader (issue 28)
            return self._decision(ruling.action, "template", said=ruling.said, ruling=ruling.kind)
        except IntentUnclear as unclear:
            raise ReopenQuestion(str(unclear), rejection=Rejection(INTENT_UNCLEAR, str(unclear), "table")) from None

    def _ruled(self, view: View, ruled: Ruled) -> Decision:
        """The model's ruling on a typed intent as this seat's proposal."""
        template, choice = self.voice.template, self._choice
        assert choice is not None
        self.voice.last_intent = choice.intent
        if ruled.action is not None:
            return self._decision(ruled.action, "llm", ruling="roll", ruled_approach=ruled.approach or NONE)
        if ruled.approach is not None:  # a suggested move, attack or contest: the scenario's own request
            action = template.propose(view, replace(choice, approach=ruled.approach))
            return self._decision(action, "llm", ruling="approach", ruled_approach=ruled.approach)
        scene = template._scene(view)
        assert scene is not None
        said = (message(self.voice.lang, "improv.no_roll"), ruled.narration)
        self.voice.last_told = ruled.narration
        return self._decision(template._go(view, scene, "retry"), "llm", said=said, ruling="no_roll")

    def _fresh(self, view: View, choice: Choice) -> Decision:
        self._choice, self._request, self._improv = choice, None, None
        if choice.approach == FREE:
            self._improv = self.voice.start_improv(view, choice)
            try:
                return self._ruled(view, self._improv.propose())
            except AgentGaveUpError as error:
                self.voice.record_fallback(ROLE_IMPROV, error)
                return self._template(view, choice)
        if self.voice.rolls(view, choice):
            self._request = self.voice.start_request(view, choice)
        else:  # a contest or a teamwork roll: the model sets each side's or member's traits and difficulty
            self._request = start_shaped(self.voice, view, choice, self._answers)
        if self._request is not None:
            try:
                return self._decision(self._request.propose(), "llm")
            except AgentGaveUpError as error:
                self.voice.record_fallback(self._request.role, error)
        return self._decision(self.voice.template.propose(view, choice, self._answers), "template")

    def _decision(self, action: Action, by: str, *, said: tuple[str, ...] = (), **more: str) -> Decision:
        self._by = by
        choice = self._choice
        assert choice is not None
        notes = {"by": f"llm:{self.voice.model_name}" if by == "llm" else "template", "approach": choice.approach,
                 "willpower": choice.willpower, "automatic": choice.automatic}
        if choice.intent:
            notes["intent"] = choice.intent
        return Decision(action, {**notes, **more}, said=said)

"""The GM of a table where people sit: calls the human survivors into conflicts as often as the AI ones,
and gives a survivor's proposed attempt its conflict.

The scripted GM (:class:`narrator.agents.ten_candles.gm.ScriptedGM`, mirrored by the native engine for
simulation) gives a dangerous conflict to whoever stepped forward at the table; AI survivors step
forward on their own, a person at the terminal does not, so the person rolled about 0.8 times as
often as each AI survivor (``benchmarks/human_conflicts.py``). Here a volunteer goes first only among
those who have rolled least, and a survivor who says what they attempt (the ``attempt`` offer, the
terminal's ``try``) gets the next conflict. The move stays the kernel's ``CallConflict`` (L265, L267:
the active player is usually the one whose action caused the conflict).

With stated attempts (the kernel's ``stated_attempts``, D45) a survivor's words are a kernel move
(``StateAttempt``) and the GM must answer them: :meth:`FairCalls.answer_attempt` asks the voice's
model (``rule_on_attempt``) when it has one, the kernel checks the move, a refusal goes back to the
model once with the kernel's reason, and the template's reading (:mod:`narrator.ten_candles.attempts`)
answers after that or without a model.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any

from narrator.agents.base import Decision, Request, Talk
from narrator.agents.ten_candles.gm import NarratingGM, ScriptedGM
from narrator.agents.ten_candles.voice import RulesOnAttempt, Storyteller
from narrator.rules.core import Event, PlayerId

if TYPE_CHECKING:
    from narrator.agents.ten_candles.llm_storyteller import LLMStoryteller

MODEL_ASKS = 2
"""Rulings the model makes on one stated attempt (the first, one after the kernel's refusal); then the template's."""


class FairCalls:
    """Mixed into a scripted GM: proposals first, then the least-rolled (volunteers first among them);
    a stated attempt answered first of all."""

    proposals: list[PlayerId]
    _heard_attempts = 0

    def act(self, request: Request) -> Any:
        if any(a.kind == "allow_attempt" for a in request.legal):
            self._hear(request.talk)
            return self.answer_attempt(request)
        return super().act(request)  # type: ignore[misc]

    def answer_attempt(self, request: Request) -> Decision:
        """A conflict for the attempter or no conflict: the model's ruling, else the template's."""
        from narrator.ten_candles.attempts import template_ruling

        view = request.view
        seat, text = view.attempt.seat, view.attempt.text
        voice: Storyteller = self.voice  # type: ignore[attr-defined]
        lang = voice.lang
        name = view.characters[seat].name or f"#{seat}"
        ruling, by = None, "template"
        if isinstance(voice, RulesOnAttempt) and request.attempt <= MODEL_ASKS:
            ruling = voice.rule_on_attempt(view, seat, text, request.rejection)
            by = "llm"
        if ruling is None:
            ruling, by = template_ruling(view, seat, text, lang, name, won=voice_won(voice, view)), "template"
        if ruling.conflict:
            self.rolls[seat] = self.rolls.get(seat, 0) + 1  # type: ignore[attr-defined]
        notes = {"by": by, "ruling": "conflict" if ruling.conflict else "no_conflict", "attempt": text,
                 "why": ruling.why}
        return Decision(ruling.move(seat), notes)

    def _hear(self, talk: Sequence[Talk]) -> None:
        if not hasattr(self, "proposals"):
            self.proposals = []
        for said in talk[self._heard_attempts:]:
            made = said.offers.get("attempt")
            if made is True and said.seat not in self.proposals:
                self.proposals.append(said.seat)
            elif made is False and said.seat in self.proposals:
                self.proposals.remove(said.seat)
        self._heard_attempts = len(talk)
        super()._hear(talk)  # type: ignore[misc]

    def _pick_active(self, living: list[PlayerId], dangerous: bool) -> PlayerId:
        waiting = [s for s in getattr(self, "proposals", []) if s in living]
        if waiting:
            self.proposals.remove(waiting[0])
            return waiting[0]
        rolls = self.rolls  # type: ignore[attr-defined]
        fewest = min(rolls.get(s, 0) for s in living)
        least = [s for s in living if rolls.get(s, 0) == fewest]
        if dangerous:
            volunteers = [s for s in least if s in self.volunteers]  # type: ignore[attr-defined]
            least = volunteers or least
        return least[self.rng.randrange(len(least))]  # type: ignore[attr-defined]


def voice_won(voice: Any, view: Any) -> list[str]:
    """The tasks the Storyteller's voice saw won in the view's scene (a voice that keeps none: none)."""
    won = getattr(voice, "won", None)
    if won is None:
        won = getattr(getattr(voice, "fallback", None), "won", None)  # a model voice over the template
    scene = int(getattr(view, "scene", 0) or 0)
    return [task for at, task in (won or ()) if at == scene]


class TableGM(FairCalls, ScriptedGM):
    """The wordless scripted GM with fair calls."""


class NarratingTableGM(FairCalls, NarratingGM):
    """The narrating scripted GM with fair calls (the terminal and web tables)."""

    @property
    def warms_heard(self) -> bool:  # type: ignore[override]
        """A model voice warms its next prompt while a person decides (:meth:`warm_heard`)."""
        return self.voice.warms

    def warm_heard(self, view: Any, coming: Sequence[Event]) -> Awaitable[bool] | None:
        """The voice's warm-up of its next prompt (a model's; the template voice has none)."""
        return self.voice.warm_heard(view, coming)


class ModelVoiceGM(NarratingTableGM):
    """The web table's narrating GM whose Storyteller is a model (``LLMStoryteller``): its calls and
    fallbacks go to the table's transcript (``llm_call`` and ``fallback`` lines) through the sink the
    session binds (a record's own ``kind`` is kept)."""

    voice: LLMStoryteller

    def bind_calls(self, sink: Any) -> None:
        self.voice.bind(sink)

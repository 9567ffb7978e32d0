"""The scripted GM: the Storyteller's decisions, made from the GM seat's view only.

It reads the module, writes Their Brink for its left neighbour, frames the first scene, calls
conflicts (whom, whether dangerous, whether it is a Moment), speaks its truths, narrates what it
holds and, in the Last Stand, lets the characters die one by one. The words come from a
:class:`agents.ten_candles.voice.Storyteller` (the template one, a language model, or the wordless
:class:`PlainVoice` for simulation); the mechanics are decided here, seeded.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from narrator.agents.base import Request, Seat, Talk
from narrator.agents.ten_candles.voice import PlainVoice, Storyteller
from narrator.rules.core import HOST, Action, Event, PlayerId
from narrator.rules.ten_candles.actions import (
    CallConflict,
    FrameScene,
    KillCharacter,
    Narrate,
    ReadModule,
    SpeakTruth,
    WriteBrink,
)


class ScriptedGM(Seat):
    """The GM seat's scripted decisions.

    Args:
        seed: seeds its generator (independent of the dice).
        voice: who supplies the words (default: :class:`PlainVoice`).
        danger: base chance a conflict is called dangerous; it rises as candles go out.
        final_kill: chance, in the Last Stand, that the GM takes a life outright rather than
            calling another conflict (L47, L60).
    """

    max_attempts: int | None = 3

    def __init__(self, *, seed: int = 0, voice: Storyteller | None = None,
                 danger: float = 0.15, final_kill: float = 0.35) -> None:
        self.name = "scripted-gm"
        self.rng = random.Random(f"gm:{seed}")
        self.voice: Storyteller = voice if voice is not None else PlainVoice()
        self.volunteers: set[PlayerId] = set()
        """Survivors who stepped forward for the next dangerous conflict (table talk, ``Request.talk``)."""
        self.ready_for_moment: set[PlayerId] = set()
        """Survivors who asked to live their active Moment now."""
        self._heard = 0  # how much of the table talk is taken in
        self.danger, self.final_kill = danger, final_kill
        self.rolls: dict[PlayerId, int] = {}
        self.pending: list[Event] = []
        """Events since the last narration: what the outcome narration is built from."""

    @property
    def retraceable(self) -> bool:
        """Seeded, so a resumed game asks it again: unless its voice is a model (never asked twice)."""
        return self.voice.retraceable

    def act(self, request: Request) -> Action:
        """The GM's move for this turn."""
        view = request.view
        self._hear(request.talk)
        kinds = {a.kind for a in request.legal}
        if "call_conflict" in kinds:
            return self._scene_move(view)
        if "speak_truth" in kinds:
            text, topic = self.voice.speak_truth(view)
            return SpeakTruth(actor=HOST, text=text, topic=topic)
        if "narrate" in kinds:
            return Narrate(actor=HOST, text=self.voice.narrate_outcome(view, self.pending))
        if "read_module" in kinds:
            return ReadModule(text=self.voice.briefing(view))
        if "write_brink" in kinds:
            return WriteBrink(actor=HOST, text=self.voice.write_brink(view, 0))
        if "frame_scene" in kinds:
            return FrameScene(text=self.voice.open_scene(view))
        raise ValueError(f"the GM has no turn move among {sorted(kinds)}")

    def _hear(self, talk: Sequence[Talk]) -> None:
        """Take in what survivors said since the last request: offers made or withdrawn."""
        for said in talk[self._heard:]:
            for offer, offers in (("volunteer", self.volunteers), ("moment", self.ready_for_moment)):
                made = said.offers.get(offer)
                if made is True:
                    offers.add(said.seat)
                elif made is False:
                    offers.discard(said.seat)
        self._heard = len(talk)

    def _scene_move(self, view: Any) -> Action:
        """Call the next conflict, or in the Last Stand sometimes take a life (D3)."""
        living = [c.seat for c in view.characters if c.alive]
        if view.final_scene and self.rng.random() < self.final_kill:
            target = living[self.rng.randrange(len(living))]
            return KillCharacter(target=target, text=self.voice.final_death(view, target))
        moment = self._moment_ready(view, living)
        if moment is not None:
            return CallConflict(active=moment, moment=True, dangerous=False)
        dangerous = self.rng.random() < self.danger + 0.04 * (10 - view.lit)
        active = self._pick_active(living, dangerous)
        self.rolls[active] = self.rolls.get(active, 0) + 1
        return CallConflict(active=active, dangerous=dangerous)

    def _moment_ready(self, view: Any, living: list[PlayerId]) -> PlayerId | None:
        """A survivor ready for its active Moment gets the roll (L152, D14); a Moment left waiting
        for long is pushed into the story anyway (D42)."""
        ready = [s for s in living if view.characters[s].top == "moment"]
        if not ready:
            return None
        asked = [s for s in ready if s in self.ready_for_moment]
        if asked and self.rng.random() < 0.8:
            seat = asked[self.rng.randrange(len(asked))]
            self.ready_for_moment.discard(seat)
        elif self.rng.random() < 0.15:
            seat = ready[self.rng.randrange(len(ready))]
        else:
            return None
        self.rolls[seat] = self.rolls.get(seat, 0) + 1
        return seat

    def _pick_active(self, living: list[PlayerId], dangerous: bool) -> PlayerId:
        """A volunteer for danger when one stepped forward, else whoever has rolled least (L267)."""
        if dangerous:
            volunteers = [s for s in living if s in self.volunteers]
            if volunteers:
                return volunteers[self.rng.randrange(len(volunteers))]
        fewest = min(self.rolls.get(s, 0) for s in living)
        least = [s for s in living if self.rolls.get(s, 0) == fewest]
        return least[self.rng.randrange(len(least))]


class NarratingGM(ScriptedGM):
    """The scripted GM with a Storyteller that listens: it hears every event the GM seat may see,
    and narrates an outcome from the events of its conflict. (The wordless simulation GM does not
    listen, which keeps the simulation's inner loop short.)"""

    def observe(self, events: Sequence[Event]) -> None:
        """Pass events to the voice; keep the events of the conflict being resolved."""
        self.voice.observe(events)
        for event in events:
            if event.kind == "conflict_called":
                self.pending = []
            self.pending.append(event)

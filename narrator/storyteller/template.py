"""The offline template Storyteller: frames scenes, turns a player's chosen approach into a roll request,
and narrates the kernel's results from the scenario and narration data.

It implements :class:`StorytellerVoice`, the small interface a later LLM Storyteller replaces:
``frame_scene(view) -> text``, ``options(view)`` / ``propose(view, choice) -> action``,
``narrate(view, events) -> lines``. Every decision is read from the kernel's host view, so a resumed
game continues exactly where it stopped. Its only memory is what it said in each scene: no line is said
twice in a scene (each result category has several lines, ``prompts/storyteller/narration.yaml``; an
approach's own line is said once a scene, later tries take the next generic one), chosen without
randomness from the scene and turn. A resumed game narrates its past again, which rebuilds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from narrator.agents.i18n import message
from narrator.rules.core import Action, PlayerId
from narrator.storyteller.intent import FREE, explain, match_intent
from narrator.storyteller.offline import rule_intent
from narrator.storyteller.template_base import (
    CHOOSE,
    PASS,
    Asked,
    Choice,
    IntentUnclear,
    Option,
    StorytellerVoice,
    View,
    display_name,
    sheet_ratings,
)
from narrator.storyteller.template_moves import outcome_of
from narrator.storyteller.template_narration import TemplateNarration, said_before_turn
from narrator.storyteller.written import said_as_written, spellings

__all__ = [  # the table's types live in template_base; the rest of the package imports them from here
    "CHOOSE", "PASS", "Asked", "Choice", "IntentUnclear", "Option", "StorytellerVoice", "TemplateStoryteller", "View",
    "display_name", "outcome_of", "said_before_turn", "sheet_ratings",
]


class TemplateStoryteller(TemplateNarration):
    """Runs a :class:`Scenario` for a troupe of 1..5 player characters (seat ``i`` plays the ``i``-th
    player sheet of the view).

    In a scene it addresses the characters in turn (seat order; in a fight, initiative order): each
    who has not acted this turn chooses an approach, or holds back. A teamwork approach asks the
    others who have not acted whether they join; a ``versus`` approach is offered against each other
    character. The Storyteller's decisions are read from the kernel's host view and the answers
    standing at the table (``Session.answers``), so a resumed game continues exactly where it stopped.
    """

    def frame_scene(self, view: View) -> str:
        scene = self._scene(view)
        return scene.text.get(self.lang) if scene else ""

    def stakes_line(self, view: View) -> str:
        """«At stake: …» of the current scene, as its framing says it ("" when it states none)."""
        scene = self._scene(view)
        return message(self.lang, "troupe.stakes", stakes=scene.stakes.get(self.lang)) if scene and scene.stakes else ""

    def options(self, view: View, answers: Mapping[PlayerId, Choice] | None = None) -> list[Option]:
        asked = self.asked(view, answers or {})
        return list(asked.options) if asked else []

    def asked(self, view: View, answers: Mapping[PlayerId, Choice]) -> Asked | None:
        """The one question the table waits on now (``None`` when the Storyteller moves)."""
        questions = self.questions(view, answers)
        return questions[0] if questions else None

    def questions(self, view: View, answers: Mapping[PlayerId, Choice]) -> list[Asked]:
        """Every question the table waits on now, in seat order: one character's approach, or each
        free character's answer to a teamwork invitation."""
        if view.get("ending") or view.get("awaiting_dice"):
            return []
        if self._storyteller_move(view, answers) is not None:
            return []
        scene = self._scene(view)
        assert scene is not None
        lead = self._lead(view, answers)
        if lead is not None:
            approach = self._approach(scene, lead.approach)
            if approach is None or approach.teamwork is None:
                return []
            return [Asked(seat, pc, tuple(self._join_options(view, pc, approach, lead)), "join", self._pc(view, lead))
                    for seat, pc in self._helpers(view, answers, lead)]
        character = self._addressed(view, scene, answers)
        if character is None:
            return []
        return [Asked(self.seat_of(view, character), character, tuple(self._approach_options(view, scene, character)))]

    def storyteller_move(self, view: View, answers: Mapping[PlayerId, Choice] | None = None) -> Action | None:
        """The Storyteller's own move now (a scene, a turn, its characters' attacks, the end), or ``None``
        while the table waits on a character or a character has chosen."""
        return self._storyteller_move(view, answers or {})

    def propose(self, view: View, choice: Choice | None, answers: Mapping[PlayerId, Choice] | None = None) -> Action:
        answers = dict(answers or {})
        if choice is not None and choice.actor not in answers:
            answers[choice.actor] = choice
        move = self._storyteller_move(view, answers)
        if move is not None:
            return move
        lead = self._lead(view, answers)
        if lead is None:
            raise ValueError("a character must choose an approach now")
        scene = self._scene(view)
        assert scene is not None
        if lead.approach == FREE:  # the player's own words: the offline reader rules on them (issue 28)
            return self.rule_intent(view, lead, answers).action
        approach = self._approach(scene, lead.approach)
        if approach is None:
            raise ValueError(f"no approach {lead.approach!r} in this scene")
        return self._request(view, scene, approach, lead, answers)

    def rule_intent(self, view: View, choice: Choice, answers: Mapping[PlayerId, Choice] | None = None) -> Any:
        """The offline ruling on a typed intent (:func:`narrator.storyteller.offline.rule_intent`): the
        approach it describes, an improvised roll, no roll (said), or :class:`IntentUnclear` with a question.
        The player's words it names are written as the scenario writes them («Готье», not «готье»)."""
        ruling = rule_intent(self, view, choice, answers)
        scene = self._scene(view)
        if ruling.kind != "approach" or not ruling.said or scene is None:
            return ruling
        options = self._approach_options(view, scene, self._pc(view, choice))
        names = [*self.npc_names.values(), *(str(s.get("name", "")) for s in view.get("sheets", ()))]
        spelled = spellings([str(o.label) for o in options], names)
        return replace(ruling, said=said_as_written(ruling.said, self.lang, options, spelled))

    def read_intent(self, view: View, choice: Choice) -> Choice:
        """A free-form intent read as the closest suggested approach (the words' match), or refused.

        Raises:
            IntentUnclear: no approach clearly matches; its message says which are closest.
        """
        scene = self._scene(view)
        assert scene is not None
        options = [o for o in self._approach_options(view, scene, self._pc(view, choice)) if o.approach != PASS]
        found = match_intent(choice.intent, [(o.approach, f"{o.label} {o.words}") for o in options])
        if found.approach is None:
            raise IntentUnclear(explain(self.lang, choice.intent, found,
                                        {o.approach: (o.number, o.label) for o in options}))
        return replace(choice, approach=found.approach)

    def lead(self, view: View, answers: Mapping[PlayerId, Choice]) -> Choice | None:
        """The standing choice the Storyteller turns into its next request (``None`` when there is none)."""
        return self._lead(view, answers)

    def character_of(self, view: View, seat: PlayerId) -> str:
        """The player character of ``seat``."""
        return self.pcs(view)[seat]

    def _helpers(self, view: View, answers: Mapping[PlayerId, Choice], lead: Choice) -> list[tuple[int, str]]:
        """The free characters not yet asked to join ``lead``'s teamwork task."""
        leader = self._pc(view, lead)
        return [(seat, pc) for seat, pc in enumerate(self.pcs(view))
                if pc != leader and seat not in answers and self._free(view, pc)]

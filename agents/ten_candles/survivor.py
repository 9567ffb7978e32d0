"""A scripted survivor: plays one character faithfully, with a personality read from its cards.

It decides only from its seat's view and the legal moves (``agents.base.Request``), with its own
seeded generator. Choices follow :class:`agents.ten_candles.persona.Persona`: a reckless character
burns Traits and embraces its Brink readily, a bold one volunteers for danger, a selfless one may
die so the others live (L291), a hopeful one pushes for its Moment (L152).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from narrator.agents.base import Decision, Request, Seat
from narrator.agents.i18n import section
from narrator.agents.ten_candles import material as mat
from narrator.agents.ten_candles.persona import Persona, persona_from_cards
from narrator.rules.core import HOST, Action, PlayerId
from narrator.rules.ten_candles.actions import (
    AcceptRoll,
    ArrangeStack,
    BurnTrait,
    DeclineDeath,
    DescribeCharacter,
    DescribeSupplies,
    EmbraceBrink,
    Narrate,
    RecordMessage,
    RevealBrink,
    SeizeNarration,
    SpeakTruth,
    VolunteerDeath,
    WriteBrink,
    WriteMoment,
    WriteTraits,
)

TURN_KINDS = frozenset({"write_traits", "describe_character", "write_moment", "write_brink", "arrange_stack",
                        "describe_supplies", "record_message", "roll", "burn_trait", "embrace_brink",
                        "seize_narration", "accept_roll", "volunteer_death", "decline_death", "narrate",
                        "speak_truth"})
"""Moves that answer the seat's turn (interjections are chosen separately)."""


class ScriptedSurvivor(Seat):
    """One AI character.

    Args:
        seat: the seat it plays.
        seed: seeds its own generator (independent of the dice).
        lang: ``"ru"`` or ``"en"``: the language of what it writes and says.
        talks: speaks up once a scene (table talk the GM hears: it steps forward for danger, or
            asks for its Moment); off for a human's suggester.
    """

    max_attempts: int | None = 3
    retraceable = True
    """Its choices follow from its seed and what it was asked: a resumed game asks it again."""

    def __init__(self, seat: PlayerId, *, seed: int = 0, lang: str = "en", talks: bool = False) -> None:
        self.seat, self.lang, self.talks = seat, lang, talks
        self.name = "scripted"
        self.rng = random.Random(f"survivor:{seed}:{seat}")
        self.persona: Persona | None = None
        self.top: str | None = None
        self.said: list[str] = []
        """In-character lines spoken while choosing the move under way (they leave with its Decision)."""
        self.offers: dict[str, bool] = {}
        """Table talk said while choosing the move under way (it leaves with its Decision)."""
        self._offering = False  # an offer of ours may stand at the table
        self._safety: mat.Safety | None = None
        self._talked = 0

    # -- the protocol -------------------------------------------------------------------------

    def act(self, request: Request) -> Action | Decision:
        """Choose among the legal moves of this turn (with what the character says meanwhile)."""
        return self.speaking(self._decide(request))

    def speaking(self, answer: Action | Decision) -> Action | Decision:
        """``answer`` carrying the lines spoken and the offers said since the last one."""
        if not self.said and not self.offers:
            return answer
        lines, self.said = tuple(self.said), []
        offers, self.offers = self.offers, {}
        if isinstance(answer, Decision):
            return replace(answer, said=(*answer.said, *lines), talk={**answer.talk, **offers})
        return Decision(answer, said=lines, talk=offers)

    def _decide(self, request: Request) -> Action:
        view = request.view
        self._remember(view)
        self._track(view)
        by_kind: dict[str, list[Action]] = {}
        for action in request.legal:
            by_kind.setdefault(action.kind, []).append(action)
        if "pass_attempt" in by_kind:  # a beat of stated attempts: the AI survivor leaves it to the GM (D45)
            return by_kind["pass_attempt"][0]
        if "reveal_brink" in by_kind and self._persona(view).reckless > 0.6:
            return RevealBrink(actor=self.seat)
        turn = [kind for kind in by_kind if kind in TURN_KINDS]
        if not turn:
            raise ValueError(f"seat {self.seat}: no turn move among {list(by_kind)}")
        return self._choose(view, by_kind, turn)

    def _track(self, view: Any) -> None:
        """Note the own active card from the view; speak up once per scene (table talk)."""
        me = view.characters[self.seat]
        self.top = me.top
        if view.scene and view.scene != self._talked and me.alive:
            self._talked = view.scene
            self._talk()
        elif not me.alive and self._offering:
            self._say_aloud(volunteer=False, moment=False)

    # -- choices ------------------------------------------------------------------------------

    def _choose(self, view: Any, by_kind: dict[str, list[Action]], turn: list[str]) -> Action:
        kind = turn[0]
        if kind in ("burn_trait", "embrace_brink", "seize_narration", "accept_roll"):
            return self._reroll_choice(view, set(turn))
        if kind in ("volunteer_death", "decline_death"):
            return self._death_choice(view)
        if kind == "arrange_stack":
            return self._stack(by_kind[kind])
        if kind == "roll":
            return by_kind[kind][0]
        return WRITERS[kind](self, view)

    def _reroll_choice(self, view: Any, options: set[str]) -> Action:
        """Burn, embrace, seize or accept (L293-297), by the dice and the persona."""
        p, c = self._persona(view), view.conflict
        failing = not (6 in c.common or (c.hope or 0) >= 5)
        ones = c.common.count(1)
        if "burn_trait" in options and (failing or ones >= 2 and self.rng.random() < 0.3 + p.reckless / 2):
            self._say("burn_virtue" if self.top == "virtue" else "burn_vice")
            return BurnTrait(actor=self.seat)
        if "embrace_brink" in options:
            odds = 0.55 + 0.4 * p.reckless if failing else 0.2 * p.reckless
            if self.rng.random() < odds:
                self._say("embrace")
                return EmbraceBrink(actor=self.seat)
        if "seize_narration" in options and self.rng.random() < 0.03 + 0.12 * p.reckless:
            self._say("seize")
            return SeizeNarration(actor=self.seat)
        self._say("fail" if failing else "success", chance=0.3)
        return AcceptRoll(actor=self.seat)

    def _death_choice(self, view: Any) -> Action:
        """Die for the others after a failed dangerous conflict (L291): likelier for the selfless,
        for one whose cards are spent, and as the candles run out."""
        p = self._persona(view)
        me = view.characters[self.seat]
        if not view.final_scene and not any(c.alive for s, c in enumerate(view.characters) if s != self.seat):
            # the last one alive: dying now ends the story before its Last Stand, never "уместно" (L291);
            # it was a fifth of the 3-player games, which random survivors never end so (issue #34)
            return DeclineDeath(actor=self.seat)
        spent = 0.25 if not me.stack or me.stack == ("brink",) and "brink" in me.burned else 0.0
        late = 0.04 * (10 - view.lit)
        own = 0.1 if view.conflict is not None and view.conflict.active == self.seat else 0.0
        if self.rng.random() < 0.05 + 0.25 * p.selfless + spent + late + own - 0.1 * (1 - p.bold):
            self._say("death")
            return VolunteerDeath(actor=self.seat)
        return DeclineDeath(actor=self.seat)

    def _stack(self, orders: list[Action]) -> Action:
        """Traits on top, usually; the Moment on top only now and then (L230 "в идеале")."""
        moment_last = [a for a in orders if isinstance(a, ArrangeStack) and a.order[-1] == "moment"]
        if moment_last and self.rng.random() < 0.8:
            return moment_last[self.rng.randrange(len(moment_last))]
        return orders[self.rng.randrange(len(orders))]

    def _talk(self) -> None:
        """Once a scene: step forward for danger, or ask for the Moment."""
        if not self.talks or self.persona is None:
            return
        p = self.persona
        self._say_aloud(volunteer=self.rng.random() < p.bold * 0.6,
                        moment=self.top == "moment" and self.rng.random() < 0.3 + 0.6 * p.hopeful)

    def _say_aloud(self, *, volunteer: bool, moment: bool) -> None:
        self.offers = {"volunteer": volunteer, "moment": moment}
        self._offering = volunteer or moment

    # -- words --------------------------------------------------------------------------------

    def _text(self, entries: Sequence[mat.Entry], **values: str) -> str:
        line = mat.text(mat.pick(self.rng, entries, self._safety or mat.OPEN), self.lang)
        return line.format_map(_Blank(values)) if values else line

    def _say(self, situation: str, chance: float = 1.0) -> None:
        if self.rng.random() < chance:
            self.said.append(self._text(mat.load("characters")["lines"][situation]))

    def _remember(self, view: Any) -> None:
        if self._safety is None:
            self._safety = mat.Safety.from_texts(view.lines, view.veils)

    def _persona(self, view: Any) -> Persona:
        if self.persona is None:
            me = view.characters[self.seat]
            self.persona = persona_from_cards(me.virtue or "", me.vice or "", me.brink or "", self.rng)
        return self.persona

    def _traits(self, view: Any) -> Action:
        cards = mat.load("characters")
        virtue = mat.pick(self.rng, cards["virtues"], self._safety or mat.OPEN)
        vice = mat.pick(self.rng, cards["vices"], self._safety or mat.OPEN)
        return WriteTraits(actor=self.seat, virtue=mat.text(virtue, self.lang).split()[0],
                           vice=mat.text(vice, self.lang).split()[0])

    def _describe(self, view: Any) -> Action:
        cards = mat.load("characters")
        names = cards["names"][self.lang]
        return DescribeCharacter(actor=self.seat, name=names[(self.seat * 3 + self.rng.randrange(3)) % len(names)],
                                 appearance=self._text(cards["looks"]), description=self._text(cards["roles"]))

    def _brink(self, view: Any) -> Action:
        cards = mat.load("characters")
        left = self.seat + 1 if self.seat + 1 < view.players else HOST
        if left == HOST:
            return WriteBrink(actor=self.seat, text=self._text(cards["their_brinks"]))
        entry = mat.pick(self.rng, cards["brinks"], self._safety or mat.OPEN)
        if entry is None:
            return WriteBrink(actor=self.seat, text=section(self.lang, "tc_words")["brink_fallback"])
        return WriteBrink(actor=self.seat, text=f"{mat.text(entry, self.lang)} ({mat.text(entry['note'], self.lang)})")

    def _truth(self, view: Any) -> Action:
        """One general fact, not one already spoken (L313, L323, L325)."""
        spoken = {t[2] for t in view.truths}
        prefix = mat.load("tables")["truth_prefix"][self.lang]
        entries = [*mat.load("tables")["truths"], *_module_truths(view.module)]
        fresh = [e for e in entries if prefix + mat.text(e, self.lang) not in spoken]
        text = prefix + self._text(fresh or entries)
        return SpeakTruth(actor=self.seat, text=text, topic="general")

    def _narrate(self, view: Any) -> Action:
        me = view.characters[self.seat]
        kind = "deaths" if not me.alive else "narrations"
        return Narrate(actor=self.seat, text=self._text(mat.load("characters")[kind], name=me.name or "?"))


@lru_cache(maxsize=64)
def _module_truths(briefing: str) -> tuple[mat.Entry, ...]:
    """The truths of the module whose briefing was read (known to every seat, L122)."""
    for name in mat.module_names():
        data = mat.module(name)
        if briefing and any(data["briefing"][lang].strip() in briefing for lang in mat.LANGS):
            return tuple(data.get("truths") or ())
    return ()


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return ""


WRITERS = {
    "write_traits": ScriptedSurvivor._traits,
    "describe_character": ScriptedSurvivor._describe,
    "write_moment": lambda self, view: WriteMoment(actor=self.seat, text=self._text(mat.load("characters")["moments"])),
    "write_brink": ScriptedSurvivor._brink,
    "describe_supplies": lambda self, view: DescribeSupplies(actor=self.seat,
                                                             text=self._text(mat.load("characters")["pockets"])),
    "record_message": lambda self, view: RecordMessage(actor=self.seat,
                                                       text=self._text(mat.load("characters")["messages"])),
    "speak_truth": ScriptedSurvivor._truth,
    "narrate": ScriptedSurvivor._narrate,
}

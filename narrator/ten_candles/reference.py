"""What a Ten Candles survivor can look up: the opening, the own cards' words, the table, the truths.

Built from one seat's :class:`~narrator.rules.ten_candles.views.TenCandlesView` only, so it shows what
the kernel lets that seat know (another survivor's Brink stays hidden unless the view holds it). The
words are the catalogue's ``tc_reference`` (``prompts/i18n/<lang>/tc_reference.yaml``); the terminal (:mod:`narrator.ten_candles.human`)
and the web page (:mod:`narrator.web.adapters.ten_candles`) both use it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.i18n import section
from narrator.agents.names import fill
from narrator.agents.ten_candles.material import module, module_names
from narrator.citations import split
from narrator.rules.core import HOST, Action
from narrator.rules.ten_candles import left_of, right_of

IRREVERSIBLE = frozenset({"volunteer_death", "embrace_brink", "burn_trait", "seize_narration", "candle_out",
                          "reveal_brink"})
"""Moves that cannot be taken back: a death, a Brink, a burned card, a candle put out, a Brink shown."""


def is_irreversible(action: Action) -> bool:
    """Whether ``action`` cannot be undone."""
    return action.kind in IRREVERSIBLE


def name_taken(view: Any, seat: int, name: str) -> bool:
    """Whether another character at the table already has ``name`` (case and spaces aside): two survivors
    of one name cannot be told apart («Ждём: вас, Лида Орлова»)."""
    wanted = " ".join(name.split()).casefold()
    return bool(wanted) and any(" ".join((c.name or "").split()).casefold() == wanted
                                for other, c in enumerate(getattr(view, "characters", ())) if other != seat)


class Reference:
    """One survivor's reference in the table's language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.words: Mapping[str, Any] = section(lang, "tc_reference")

    def say(self, key: str, **slots: Any) -> str:
        """One line."""
        return str(self.words[key]).format(**slots)

    def who(self, view: Any, seat: int) -> str:
        """A seat by its character's name (or its number before names are given); the GM by role."""
        if seat == HOST:
            return self.say("gm")
        name = view.characters[seat].name if 0 <= seat < len(view.characters) else ""
        return f"{name} ({self.say('seat', seat=seat)})" if name else self.say("seat", seat=seat)

    def opening(self, view: Any) -> list[str]:
        """What the game is, the module and where the characters are (once known)."""
        lines = [split(self.say("opening"))[0]]  # said without its rule lines (L47, L56)
        if view.module in module_names():
            lines.append(self.say("module", title=module(view.module)["title"][self.lang]))
        if view.frame:  # the first scene's framing: where the characters are only while it lasts
            lines.append(self.say("where" if (view.scene or 0) <= 1 else "began", frame=view.frame))
        return lines

    def sheet(self, view: Any, seat: int) -> list[str]:
        """The words on the seat's own cards, in play and burned; hope; what is in the pockets."""
        me = view.characters[seat]
        looks = ", ".join(x for x in (me.appearance, me.description) if x)
        lines = [self.say("sheet") + ":", self.say("name", name=me.name or self.say("seat", seat=seat),
                                                   looks=f": {looks}" if looks else "")]
        cards = [self._card(me, c) for c in (me.stack or ())]
        if cards:
            lines.append(self.say("cards", cards="; ".join(cards)))
        elif held := self.held(me):
            lines.append(held)
        if me.burned:
            lines.append(self.say("burned", cards="; ".join(self._card(me, c) for c in me.burned)))
        if me.hope:
            lines.append(self.say("hope"))
        if me.supplies:
            lines.append(self.say("supplies", text=me.supplies))
        lines.append(self.say("state", scene=view.scene or "-", lit=view.lit, pool=view.pool, gm_pool=view.gm_pool))
        return lines

    def held(self, me: Any) -> str:
        """The cards the character holds before its stack is fixed (virtue, vice, Moment, Brink, those it has
        received so far), or ``""``."""
        texts = {"virtue": me.virtue, "vice": me.vice, "moment": me.moment, "brink": me.brink}
        cards = [self._card(me, c) for c in ("virtue", "vice", "moment", "brink") if texts[c]]
        return self.say("cards_held", cards="; ".join(cards)) if cards else ""

    def card(self, me: Any, card: str) -> str:
        """One card of a character in words (``virtue “Stubborn”``; a hidden Brink as face down)."""
        return self._card(me, card)

    def kind(self, card: str) -> str:
        """A card's kind in words (``virtue`` -> ``добродетель``)."""
        return str(self.words["kinds"].get(card, card))

    def _card(self, me: Any, card: str) -> str:
        text = {"virtue": me.virtue, "vice": me.vice, "moment": me.moment, "brink": me.brink}.get(card)
        if card == "brink" and not text:
            return self.say("card_brink_hidden")
        return self.say(f"card_{card}", text=text or "…") if card in ("virtue", "vice", "moment", "brink") else card

    def table(self, view: Any, seat: int) -> list[str]:
        """Every survivor: name, alive or dead, the neighbours marked, and their cards as far as known."""
        n = view.players
        marks = {right_of(seat, n): self.say("right"), left_of(seat, n): self.say("left")}
        lines = [self.say("table") + ":"]
        for c in view.characters:
            parts = [self.say("alive") if c.alive else self.say("dead")]
            if c.seat in marks and c.seat != seat:
                parts.append(marks[c.seat])
            known = [self._card(c, k) for k in (c.stack or ()) if k != "brink"]
            if c.brink_revealed and c.brink:
                known.append(self.say("card_brink", text=c.brink))
            lines.append(f"  {self.who(view, c.seat)}: {', '.join(parts)}" + (f" — {'; '.join(known)}" if known else ""))
        if HOST in marks:
            lines.append(f"  {self.say('gm')}: {marks[HOST]}")
        return lines

    def truths(self, view: Any) -> list[str]:
        """The truths said so far, by scene and speaker."""
        if not view.truths:
            return [self.say("no_truths")]
        return [self.say("truths") + ":", *(self.say("truth", scene=scene, who=self.who(view, who), text=text)
                                            for scene, who, text, _topic in view.truths)]

    def recap(self, view: Any, seat: int) -> list[str]:
        """For a game taken up again: the scene and candles, the own cards, who is dead, the latest truths."""
        lines = [self.say("recap") + ":", *self.sheet(view, seat)[1:]]
        dead = [self.who(view, c.seat) for c in view.characters if not c.alive]
        if dead:
            lines.append("  " + self.say("the_dead", names=", ".join(dead)))
        if view.truths:
            last = view.truths[-1][0]
            lines += [self.say("truth", scene=sc, who=self.who(view, who), text=text)
                      for sc, who, text, _topic in view.truths if sc == last]
        return lines

    def hint(self, view: Any, seat: int, legal: Sequence[Action]) -> str:
        """What the decision in front of the seat does (neighbours named where one writes for them)."""
        kinds = {a.kind for a in legal}
        hints: Mapping[str, str] = self.words["hints"]
        n = view.players
        names = {"right": self.who(view, right_of(seat, n) if right_of(seat, n) != HOST else n - 1),
                 "left": self.who(view, left_of(seat, n))}
        if "write_traits" in kinds:
            names["right"] = self.who(view, (seat - 1) % n)
            names["left"] = self.who(view, (seat + 1) % n)
            return hints["write_traits"].format(**names)
        if "write_brink" in kinds:
            return hints["write_brink_them"] if left_of(seat, n) == HOST else hints["write_brink"].format(**names)
        if kinds & {"burn_trait", "embrace_brink", "seize_narration"}:
            return hints["reroll"]
        if "accept_roll" in kinds:  # nothing left that could change the roll (human.useful_moves)
            return hints["accepted"]
        if kinds & {"volunteer_death", "decline_death"}:
            conflict = view.conflict
            if conflict is None or conflict.active == seat:
                return hints["death"]
            return fill(hints["death_other"], self.lang, who=self.who(view, conflict.active))  # «за {who:ablt}»
        for kind in ("state_attempt", "write_moment", "describe_character", "describe_supplies", "record_message", "speak_truth",
                     "narrate", "roll", "arrange_stack"):
            if kind in kinds:
                return str(hints[kind])
        return ""

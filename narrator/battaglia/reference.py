"""What a battaglia seat can look up at any moment: its card, the table, the hint for a decision.

Everything here is built from one seat's :class:`~narrator.rules.battaglia.views.BattagliaView`
(its own soul plus the public record), so the reference can never tell a seat more than its view
holds: the sheet reads ``view.card``/``view.life``, the roster reads only public fields and the
public log. The words are the catalogue's ``battaglia_reference`` (``prompts/i18n/<lang>/``); each mask's
power cites the rulebook lines it comes from (``prompts/battaglia/reference.yaml``). The terminal (:mod:`narrator.battaglia.human`) and the web page
(:mod:`narrator.web.adapters.battaglia`) both use it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.battaglia.texts import load
from narrator.agents.i18n import endings, section
from narrator.rules.battaglia.events import Day, Death, Execution, Morning, Speech
from narrator.rules.battaglia.life import force_of
from narrator.rules.battaglia.record import PublicRecord
from narrator.rules.core import Action

from narrator.battaglia.narration import Narrator

IRREVERSIBLE = frozenset({"dying_shot", "intercede", "reveal_bishop", "reveal_lord", "curse"})
"""Moves that cannot be taken back (a death, a reveal, a curse); the condemned's ``pass`` (accepting
the sentence) is one too: see :func:`is_irreversible`."""

DEATHS = (Morning, Execution, Death)


def is_irreversible(action: Action, phase: str) -> bool:
    """Whether ``action`` cannot be undone: it costs a life, reveals a card or curses a player."""
    return action.kind in IRREVERSIBLE or (action.kind == "pass" and phase == "condemned")


class Reference:
    """The reference of one seat (or the public, ``narrator.seat is None``) in the table's language."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator
        self.lang = narrator.table.lang
        words = section(self.lang, "battaglia_reference")
        self.lines: Mapping[str, Any] = load("reference")["abilities"]
        self.abilities: Mapping[str, str] = words["abilities"]
        self.forces: Mapping[str, str] = words["forces"]
        self.hints: Mapping[str, str] = words["hints"]
        self.words: Mapping[str, str] = words["words"]
        self.citation: str = words["cite"]

    def say(self, key: str, seat: int | None = None, **slots: Any) -> str:
        """One reference line; ``seat`` picks the Russian past-tense ending (``погиб``/``погибла``)."""
        gender = getattr(self.narrator.table, "gender", None)  # «жив/жива», but «погиб/погибла», «казнён/казнена»
        forms = endings(self.lang, gender(seat) if seat is not None and gender is not None else "m")
        return self.words[key].format(**forms, **slots)

    # -- the seat's own card -----------------------------------------------------------------------

    def sheet(self, view: Any, rainmaker_force: str = "by_life") -> list[str]:
        """The viewer's mask, its power (with the rule lines), its force and how that force wins."""
        if view.card is None:
            return []
        card, life = str(view.card), int(view.life or 1)
        force = str(force_of(view.card, life, rainmaker_force))
        lines = [self.say("sheet") + ":",
                 "  " + self.say("mask", card=self.narrator.card(card), life=life),
                 "  " + self.say("ability", text=self.abilities[card], lines=self.cite(self.lines[card]["lines"])),
                 "  " + self.say("force", force=self.narrator.forces.get(force, force), how=self.forces[force])]
        if view.heir_slot:
            lines.append("  " + self.say("heir", slot=view.heir_slot))
        if life == 2:
            lines.append("  " + self.say("second_life_note"))
        return lines

    def cite(self, lines: str) -> str:
        """Rulebook lines as the player reads them: ``L61-62`` (en), ``61-62`` (ru: the template says «строки»; a line of the rulebook text, not a page)."""
        return re.sub(r"\bL(\d)", lambda line: self.citation.format(n=line.group(1)), lines)

    # -- the table (public) ------------------------------------------------------------------------

    def deaths(self, record: PublicRecord) -> dict[int, list[str]]:
        """Each seat's announced deaths in words ("died on night 2 as Puck"), from the public record."""
        said: dict[int, list[str]] = {}
        for death in record.deaths:
            card = self.narrator.card_and_force(str(death.card))
            if death.cause == "night":
                line = self.say("died_night", death.seat, night=death.night, card=card)
            else:
                line = self.say("died_executed" if death.cause == "execution" else "died_shot", death.seat,
                                day=death.day, card=card)
            said.setdefault(death.seat, []).append(line)
        return said

    def roster(self, view: Any) -> list[str]:
        """Who is alive, on a second life or out, how each died, who is revealed: public facts only."""
        died = self.deaths(view.record)
        flags = (("lord", view.revealed_lord), ("bishop", view.revealed_bishop), ("shadow", view.revealed_shadow),
                 ("child", view.revealed_child))
        lines = [self.say("roster") + ":"]
        for seat in range(view.players):
            if seat in view.out:
                state = self.say("out", seat)
            else:
                state = self.say("alive", seat) if view.lives[seat] == 1 else self.say("alive_second")
            parts = [state, *died.get(seat, [])]
            shown = [self.say(name) for name, seats in flags if seat in seats]
            if shown:
                parts.append(self.say("revealed", seat, what=", ".join(shown)))
            lines.append(f"  {self.narrator.name(seat)}: {'; '.join(parts)}")
        lines.append("  " + self.say("deck", deck=", ".join(self.narrator.card(str(c)) for c in view.deck)))
        lines.append("  " + self.say("rebirth_rule"))
        return lines

    def rebirths(self, view: Any, known: set[int]) -> list[str]:
        """A line for each seat seen on a second life for the first time (``known`` is updated)."""
        lines = []
        for seat in range(view.players):
            if view.lives[seat] == 2 and seat not in view.out and seat not in known:
                known.add(seat)
                lines.append(self.say("rebirth", seat, name=self.narrator.name(seat)))
        return lines

    # -- decisions ---------------------------------------------------------------------------------

    def hint(self, view: Any, legal: Sequence[Action]) -> str:
        """One line: what the decision in front of the seat does."""
        kinds = {a.kind for a in legal}
        phase = str(view.phase)
        if "choose" in kinds and view.step is not None:
            return self.hints.get(str(view.step), "")
        for kind in ("whisper", "judge"):
            if kind in kinds:
                return self.hints[kind]
        if phase in ("last_words", "condemned", "execution"):
            return self.hints[phase]
        for kind in ("accuse", "vote", "speak"):
            if kind in kinds:
                return self.hints[kind]
        return ""

    def basis(self) -> str:
        """What "by legend" and "by logic" mean (L74)."""
        return self.hints["basis"]

    # -- what happened -----------------------------------------------------------------------------

    def log(self, view: Any, last: int = 25) -> list[str]:
        """The latest public lines, as the host told them."""
        told = self.narrator.lines(view.log)
        return [self.say("log_title") + ":", *("  " + line for line in told[-last:])]

    def recap(self, view: Any) -> list[str]:
        """What a resumed seat needs: the deaths so far, and the last day's accusations, votes and end."""
        log = list(view.log)
        lines = [self.say("recap_title") + ":"]
        start = max((i for i, e in enumerate(log) if isinstance(e.payload, Day)), default=None)
        earlier = log[:start] if start is not None else log
        deaths = [e for e in earlier if isinstance(e.payload, DEATHS)]
        lines += ["  " + line for line in self.narrator.lines(deaths)]
        if start is not None:
            last_day = [e for e in log[start:] if not isinstance(e.payload, Speech)]
            lines.append("  " + self.say("recap_day", day=log[start].payload.day))
            lines += ["    " + line for line in self.narrator.lines(last_day)]
        if len(lines) == 1:
            lines.append("  " + self.say("recap_none"))
        return lines

    def confirm_prompt(self, label: str) -> str:
        """The question before an irreversible move."""
        return self.say("confirm", choice=label)



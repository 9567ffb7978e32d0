"""A battaglia seat's private notes in a prompt's words (:mod:`narrator.agents.battaglia.llm.brief`'s private lines).

Lasting facts per seat (Tiir's looks, the clan, the Cat's peeks at cards) go on the seats' lines; recent
night details (gatherings, darkness rounds, whispers, a new soul, an heir) become short lines, of the last
two nights only and the latest of each step.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from narrator.agents.battaglia.knowledge import parse_dark_whisper
from narrator.agents.battaglia.llm.words import Names, _phrases, phrase, quote, step_name
from narrator.agents.i18n import message
from narrator.rules.battaglia.cards import Card
from narrator.rules.battaglia.events import (
    CatSaw,
    Clan,
    DarknessRound,
    DyingShotAimed,
    Gathering,
    Heir,
    NewSoul,
    TiirSaw,
    Whispers,
)
from narrator.rules.battaglia.life import force_of

RECENT_NIGHT_NOTES = 4
"""Night notes (gatherings, rounds, the Cat's peeks, whispers) shown in detail, of the last two nights only;
older ones are dropped (lasting facts such as Tiir's looks and the clan stay on the seats' lines)."""
SUPERSEDED = (Gathering, DarknessRound, Whispers, CatSaw)
"""Night notes of which only the latest of each step is shown (an older round or whisper is out of date)."""

DeathTimes = dict[int, list[tuple[int, int]]]
"""Per seat, when each of its souls died: ``(night, 1)`` at the morning of that night, ``(day, 2)`` by day."""


class PrivateNotes:
    """The seat's notes: lasting facts per seat (Tiir's looks, the clan) and recent night details, in words.

    A fact about a seat whose soul has died since the night it was learnt is dropped: the seat's new
    soul is unknown (L44), and the public line already tells what the dead soul was. The clan met in
    this seat's own first life is named as that life's once this seat is reborn (no longer its allies).
    """

    def __init__(self, view: Any, names: Names, me: int, deaths: DeathTimes, life: int) -> None:
        self.names, self.me, self.lang, self.deaths, self.life = names, me, names.table.lang, deaths, life
        self.card = Card(str(view.card))
        self.facts: dict[int, list[str]] = defaultdict(list)
        since = int(view.night or 0) - 1
        latest: dict[tuple[Any, str], str] = {}
        for event in view.notes:
            note = event.payload
            line = self._note(note)
            night = getattr(note, "night", None)
            if line and int(night or since) >= since:
                # a newer round, gathering or whisper of the same step supersedes the older (fixed size)
                key = (type(note), str(getattr(note, "step", ""))) if isinstance(note, SUPERSEDED) else (line, "")
                latest.pop(key, None)
                latest[key] = line
        self.lines = list(latest.values())[-RECENT_NIGHT_NOTES:]

    def _fresh(self, seat: int, night: int | None) -> bool:
        """Whether the soul of ``seat`` a note of night ``night`` spoke of is still the seat's soul."""
        if night is None:
            return True
        return not any(time > (int(night), 0) for time in self.deaths.get(seat, ()))

    def _note(self, note: Any) -> str | None:
        n, lang = self.names, self.lang
        match note:
            case TiirSaw(seat=seat, card=card, night=night):
                if self._fresh(seat, night):
                    self.facts[seat].append(phrase("you_saw", lang, mask=n.mask(card, seat)))
            case Clan(clan=clan_name, members=members, cards=cards, night=night):
                clan = _phrases()["phrases"]["faction"][clan_name][lang]
                # The clan of night 1 is first souls; it is this seat's side only if its force now is theirs (L92).
                clan_force = "first_darkness" if clan_name == "darkness" else str(clan_name)
                key = "clan" if str(force_of(self.card, self.life)) == clan_force else "clan_other"
                for seat in members:
                    if seat != self.me and self._fresh(seat, night):
                        self.facts[seat].append(phrase(key, lang, clan=clan))
                for seat, card in cards or ():
                    if seat != self.me and self._fresh(seat, night):
                        self.facts[seat].append(n.mask(card, seat))
            case NewSoul(card=card):
                return phrase("reborn", lang, mask=n.mask(card, self.me))
            case Heir(slot=slot):
                return phrase("heir", lang, slot=slot)
            case DyingShotAimed(target=target):
                return phrase("your_dying_shot", lang, target=f"P{target}")
            case Gathering(step=step, members=members):
                return phrase("awake_together", lang, step=step_name(step, lang),
                              seats=", ".join(f"P{m}" for m in members if m != self.me) or phrase("nobody", lang))
            case DarknessRound(step=step, round=number, choices=choices, decided=decided):
                told = phrase("none", lang) if decided is None else n.pick(step, -1, decided)
                return phrase("darkness_round", lang, step=step_name(step, lang), round=number,
                              picks=self._picks(step, choices), decided=told)
            case CatSaw():
                return self._cat(note)
            case Whispers(messages=messages):
                said = "; ".join(quote(who, _whisper_words(text, lang), lang) for who, text in _same_words(messages)) \
                    or phrase("silence", lang)
                return phrase("whispers", lang, said=said)
        return None  # your_card: the prompt states the current mask anyway

    def _picks(self, step: str, choices: Sequence[tuple[int, int]]) -> str:
        """``P3 chose P0, P5 chose nobody`` in words (never the ``P3>P0`` shorthand)."""
        lang = self.lang
        return ", ".join(phrase("chose", lang, who=f"P{c}", target=self.names.pick(step, c, t))
                         if t is not None and t >= 0 else phrase("chose_nobody", lang, who=f"P{c}")
                         for c, t in choices) or phrase("nobody", lang)

    def _cat(self, seen: CatSaw) -> str:
        n, lang = self.names, self.lang
        awake = ", ".join(f"P{m}" for m in seen.awake) or phrase("nobody", lang)
        line = phrase("peeked", lang, step=step_name(seen.step, lang), awake=awake)
        if seen.choices:
            line += phrase("peeked_picks", lang, picks=self._picks(seen.step, seen.choices))
        for seat, card in seen.cards or ():
            if self._fresh(seat, seen.night):
                self.facts[seat].append(phrase("peeked_card", lang, mask=n.mask(card, seat)))
        return line


def _same_words(messages: Sequence[tuple[int, str]]) -> list[tuple[str, str]]:
    """Whispers with the same words said once, attributed to all who said them (``P3, P5``), in seat order."""
    by_text: dict[str, list[int]] = {}
    for seat, text in messages:
        by_text.setdefault(" ".join(str(text).split()), []).append(int(seat))
    return [(", ".join(f"P{s}" for s in seats), text) for text, seats in by_text.items()]


def _whisper_words(text: str, lang: str) -> str:
    """A bot's list of dark seats (``"dark: 7, 10"``, in whichever language its bot wrote it) in the prompt's
    seat notation and language (``"dark: P7, P10"``); any other whisper as it was said."""
    seats = parse_dark_whisper(text)
    return message(lang, "battaglia_host.whisper_dark", names=", ".join(f"P{s}" for s in seats)) if seats else text

"""A seat's view of battaglia, summarised for a prompt: who is who (as far as the seat knows), today, tonight.

Built from the seat's :class:`~rules.battaglia.BattagliaView` and the table's public dressing only,
never from the state (spec §11). Each seat's facts (deaths, reveals, who accused and voted for whom) are
read from the kernel's public record (``view.record``) and each finished day is told in one line (its typed
events matched in order) instead of the log being dumped event by event, so a prompt stays compact at 17
players on day 5. Private notes become short lines; old night details are dropped
(only lasting facts such as Tiir's looks and the clan are kept).

Every mask name tied to a seat, and every night pick, is rendered through :class:`Names`: tests swap
in markers to prove that no prompt carries a secret its seat may not know. The words (phrases, names,
quotes) are ``words.py``'s, the private notes' lines ``notes.py``'s; this module builds the :class:`Brief`
and tells the public record.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from narrator.agents.battaglia.claims import PublicRecord
from narrator.agents.battaglia.knowledge import faction_of
from narrator.agents.battaglia.llm.notes import (
    DeathTimes,
    PrivateNotes,
    _whisper_words,  # noqa: F401 - re-exported
)
from narrator.agents.battaglia.llm.words import (
    Names,
    _phrases,
    force_name,
    phrase,
    quote,
    speech_band,  # noqa: F401 - re-exported
    step_name,
)
from narrator.agents.battaglia.texts import (
    mask_name,  # noqa: F401 - re-exported
    mask_words,
)
from narrator.rules.battaglia.cards import Card
from narrator.rules.battaglia.events import (
    Ballots,
    BishopRevealed,
    ChildRevealed,
    Condemned,
    Curse,
    DayEnd,
    Death,
    Execution,
    Intercession,
    LordRevealed,
    Morning,
    NoCondemnation,
    Speech,
)
from narrator.rules.battaglia.life import force_of
from narrator.rules.battaglia.record import Accused, Died, Revealed, Voted
from narrator.rules.battaglia.record import PublicRecord as TableRecord

if TYPE_CHECKING:
    from narrator.agents.battaglia.llm.facts import SpeechFacts

QUOTES = 4
"""Latest speeches quoted (accusations of today are always quoted)."""
FULL_DAYS = 1
"""Past days told in full (deaths, tally, verdict); older days are one fixed-size line of deaths only."""
RECENT_ACTS = {"accused": 2, "voted": 1}
"""Accusations and ballots of a soul listed on its seat's line (the latest); older ones are dropped."""
TALLY_SEATS = 4
"""Seats of a day's vote tally named in a past day's line (most votes first)."""
LEGEND_KINDS = frozenset({"accuse", "speak"})
"""Decisions whose prompt lists every seat's legend (material for accusations by legend)."""


@dataclass
class SeatLine:
    """One seat of the table as this seat sees it."""

    seat: int
    who: str
    legend: str
    life: int
    alive: bool
    facts: list[str] = field(default_factory=list)


@dataclass
class Brief:
    """What a prompt says about the game at one decision (every field derived from the seat's view)."""

    kind: str
    """The decision: night, whisper, last_words, speak, accuse, judge, vote, condemned, execution."""
    lang: str
    setting: str
    me: dict[str, Any]
    day: int
    night: int
    phase: str
    step: str | None
    seats: list[SeatLine]
    deck: list[str]
    undealt: int
    days: list[str]
    today: list[str]
    quotes: list[str]
    private: list[str]
    limits: dict[str, Any]
    faction_name: str = ""
    step_name: str = ""
    """The night step in words (``first darkness``), empty by day."""
    record: PublicRecord | None = field(default=None, repr=False)
    """The public facts of the view's log, which the speech's claims are checked against."""
    facts: SpeechFacts | None = field(default=None, repr=False)
    """Reads claims out of speech at this table (seat names, masks, the language)."""


def build_brief(view: Any, kind: str, names: Names, legal: Sequence[Any] = ()) -> Brief:
    """Summarise ``view`` (one seat's) for a decision of ``kind`` among the ``legal`` moves."""
    table, me, lang = names.table, int(view.viewer), names.table.lang
    card = str(view.card)
    life = int(view.life or 1)
    public = _Public(view, names)
    private = PrivateNotes(view, names, me, public.deaths, life)
    seats = []
    for seat in range(view.players):
        legend = table.legends[seat] if kind in LEGEND_KINDS and seat not in view.out else ""
        line = SeatLine(seat, names.seat(seat), legend, int(view.lives[seat]), seat not in view.out)
        line.facts = public.seat_facts(seat) + private.facts.get(seat, [])
        seats.append(line)
    faction = faction_of(Card(card))
    force = str(force_of(Card(card), life))
    me_line = {"seat": me, "who": names.seat(me), "legend": table.legends[me], "mask": names.mask(card, me),
               "faction": faction, "life": life, "force": force, "force_name": force_name(force, lang),
               "force_gloss": phrase(f"gloss_{force}", lang),
               "personality": str(mask_words(card, lang)["personality"]), "heir_slot": int(view.heir_slot)}
    limits = {"accusations": len(view.accusations), "accusations_limit": view.accusations_limit,
              "votes": view.votes, "candidates": [f"P{s}" for s in view.candidates],
              "condemned": None if view.condemned is None else f"P{view.condemned}",
              "awake_with": [f"P{s}" for s in view.awake_with if s != me], "round": view.night_round,
              "targets": [f"P{t}" for t in sorted({a.target for a in legal if a.kind == "accuse"})]}
    step = None if view.step is None else str(view.step)
    today, quotes = public.today(view), public.quotes[-QUOTES:]
    return Brief(kind=kind, lang=lang, setting=table.setting, me=me_line, day=view.day, night=view.night,
                 phase=str(view.phase), step=step, seats=seats,
                 deck=[names.mask(c, None) for c in view.deck], undealt=len(view.deck) - view.players,
                 days=public.past_days(), today=today, quotes=quotes, private=private.lines, limits=limits,
                 faction_name=str(_phrases()["phrases"]["faction"][faction][lang]),
                 step_name=step_name(step, lang) if step else "", record=PublicRecord.of(view.record),
                 facts=speech_facts(tuple(table.names), lang))


@cache
def speech_facts(names: tuple[str, ...], lang: str) -> SpeechFacts:
    """The claim reader of a table (cached: its patterns are compiled once per table)."""
    from narrator.agents.battaglia.llm.facts import SpeechFacts

    return SpeechFacts(names, lang)


class _Public:
    """The public record per seat (deaths, reveals, what each soul accused and voted: ``view.record``) and the
    public log told as one line per finished day."""

    def __init__(self, view: Any, names: Names) -> None:
        self.names, self.lang = names, names.table.lang
        self.facts: dict[int, list[str]] = defaultdict(list)
        self.days: list[tuple[str, str]] = []
        """(the day in full, the day in one short line) per finished day."""
        self.quotes: list[str] = []
        self.acts: dict[int, dict[str, list[str]]] = {}
        self.deaths: DeathTimes = defaultdict(list)
        self._day: list[str] = []
        self._dead_today: list[str] = []
        for event in view.log:
            self._tell(event.payload)
        self._read(view.record)

    def _say(self, key: str, **values: Any) -> str:
        return phrase(key, self.lang, **values)

    def _read(self, record: TableRecord) -> None:
        """Each seat's facts: its souls' deaths and reveals, and its current soul's accusations (of finished days:
        today's are told in today's lines, so that an accusation changes only the end of the next accuser's
        prompt, which the server's cache keeps) and ballots."""
        n, say = self.names, self._say
        for fact in record.facts:
            match fact:
                case Died(seat=seat, life=life, card=card, cause=cause, night=night, day=day):
                    when = (say("when_night", night=night) if cause == "night" else
                            say("when_executed", day=day) if cause == "execution" else say("when_shot"))
                    self.acts.pop(seat, None)  # a new soul (L44)
                    self.deaths[seat].append((night, 1) if cause == "night" else (day, 2))
                    self.facts[seat] = [say("life_was", life=life, mask=n.mask(card, seat), when=when)]
                case Revealed(seat=seat, side="shadow", by=by) if by != "bishop":
                    self.facts[seat].append(say("revealed_shadow"))
                case Revealed(seat=seat, side=side) if side in _REVEALED:
                    self.facts[seat].append(say("revealed", mask=n.mask(_REVEALED[side], seat)))
                case Voted(voter=seat, targets=targets) if targets:
                    self._acts(seat)["voted"].append("+".join(f"P{t}" for t in targets))
                case Accused(accuser=accuser, target=target, day=day) if accuser >= 0 and day <= record.days_ended:
                    self._acts(accuser)["accused"].append(f"P{target}")

    def _tell(self, event: Any) -> None:
        """One public event into the day's lines, its dead and the quotes."""
        n, say = self.names, self._say
        match event:
            case Morning(night=night, deaths=fallen):
                died = [f"P{d.seat} ({n.mask(d.card, d.seat)})" for d in fallen]
                self._day.append(say("died_night", night=night, who=", ".join(died)) if died
                                 else say("quiet_night", night=night))
                self._dead_today += died
            case Ballots(revote=revote, tally=tally):
                ranked = sorted(tally, key=lambda pair: -pair[1])
                told = ", ".join(phrase("votes_for", self.lang, who=f"P{c}", n=k) for c, k in ranked[:TALLY_SEATS])
                self._day.append(say("revote" if revote else "vote", tally=told))
            case Execution(seat=seat, card=card) | Death(seat=seat, card=card):
                mask = n.mask(card, seat)
                self._day.append(say("executed" if isinstance(event, Execution) else "shot", who=f"P{seat}", mask=mask))
                self._dead_today.append(f"P{seat} ({mask})")
            case LordRevealed(seat=seat) | ChildRevealed(seat=seat) | BishopRevealed(seat=seat):
                mask = n.mask(_REVEALED_BY[type(event)], seat)
                self._day.append(say("revealed_day", who=f"P{seat}", mask=mask))
                if isinstance(event, BishopRevealed):
                    self._day.append(say("pointed", seats=", ".join(f"P{p}" for p in event.pointed) or "-"))
            case Intercession(lun=lun, condemned=condemned):
                self._day.append(say("interceded", lun=f"P{lun}", who=f"P{condemned}"))
            case Curse(koldun=koldun, cursed=cursed):
                self._day.append(say("cursed", koldun=f"P{koldun}", who=f"P{cursed}"))
            case Condemned(seat=seat):
                self._day.append(say("condemned", who=f"P{seat}"))
            case NoCondemnation():
                self._day.append(say("no_condemnation"))
            case Speech(seat=seat, text=text) if text:
                self.quotes.append(quote(f"P{seat}", text, self.lang))
            case DayEnd(day=day):
                dead = ", ".join(self._dead_today) or say("nobody_died")
                self.days.append((f"{day}: " + "; ".join(self._day), say("day_short", day=day, dead=dead)))
                self._day, self._dead_today = [], []

    def days_done(self) -> int:
        return len(self.days)

    def past_days(self) -> list[str]:
        """The last :data:`FULL_DAYS` days in full, every older one as its short line (its deaths only)."""
        cut = len(self.days) - FULL_DAYS
        return [short if i < cut else full for i, (full, short) in enumerate(self.days)]

    def _acts(self, seat: int) -> dict[str, list[str]]:
        """The seat's current soul's accusations and ballots (cleared at its death: a new soul, L44)."""
        return self.acts.setdefault(seat, {"accused": [], "voted": []})

    def seat_facts(self, seat: int) -> list[str]:
        """Deaths and reveals, then what the current soul accused and voted (the latest few)."""
        facts = list(self.facts.get(seat, []))
        acts = self.acts.get(seat, {})
        for key in ("accused", "voted"):
            done = acts.get(key, [])
            if done:
                facts.append(self._say(key, targets=", ".join(done[-RECENT_ACTS[key]:])))
        return facts

    def today(self, view: Any) -> list[str]:
        """What happened so far today: the night's news, accusations with their texts (quoted)."""
        lines = list(self._day)
        for a in view.accusations:
            who = self._say("curse_accuser") if a.accuser < 0 else f"P{a.accuser}"
            line = self._say("accuses", who=who, target=f"P{a.target}", charge=a.charge, basis=a.basis)
            lines.append(line + (f"; {quote(who, a.text, self.lang)}" if a.text else ""))
        return lines


_REVEALED = {"lord": Card.LORD_LUIHAD, "child": Card.CHILD, "bishop": Card.BISHOP}
"""A public reveal's side (``rules.battaglia.record.Revealed``) and the mask it shows."""
_REVEALED_BY = {LordRevealed: Card.LORD_LUIHAD, ChildRevealed: Card.CHILD, BishopRevealed: Card.BISHOP}



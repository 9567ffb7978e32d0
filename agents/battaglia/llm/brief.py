"""A seat's view of battaglia, summarised for a prompt: who is who (as far as the seat knows), today, tonight.

Built from the seat's :class:`~rules.battaglia.BattagliaView` and the table's public dressing only,
never from the state (spec §11). The public log is folded into facts (deaths, reveals, who accused
and voted for whom, outcomes of each day) instead of being dumped event by event, so a prompt stays
compact at 17 players on day 5. Private notes become short lines; old night details are dropped
(only lasting facts such as Tiir's looks and the clan are kept).

Every mask name tied to a seat, and every night pick, is rendered through :class:`Names`: tests swap
in markers to prove that no prompt carries a secret its seat may not know.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import yaml
from narrator.agents.battaglia.knowledge import faction_of
from narrator.agents.battaglia.texts import PROMPTS, Table, mask_info, mask_name
from narrator.rules.battaglia.cards import Card

RECENT_NIGHT_NOTES = 10
"""Night notes (gatherings, rounds, the Cat's peeks, whispers) shown in detail; older ones are dropped."""
QUOTE_CHARS = 90
"""Longest quote of a speech or accusation text in a prompt."""
QUOTES = 4
LEGEND_KINDS = frozenset({"accuse", "speak", "whisper"})
"""Decisions whose prompt lists every seat's legend (material for accusations by legend)."""
"""Latest speeches quoted (accusations of today are always quoted)."""


@cache
def _phrases() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((PROMPTS / "llm" / "phrases.yaml").read_text(encoding="utf-8"))
    return data


def phrase(key: str, lang: str, **values: Any) -> str:
    """A short phrase of ``prompts/battaglia/llm/phrases.yaml`` in ``lang``, filled with ``values``."""
    return str(_phrases()["phrases"][key][lang]).format(**values)


def speech_band() -> dict[str, Any]:
    """The speech length band and fillers (the same for every mask)."""
    band: dict[str, Any] = _phrases()["speech"]
    return band


class Names:
    """How seats, masks and night picks are written in prompts (the canary test swaps in markers)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def seat(self, seat: int) -> str:
        """``P3 Vera``."""
        return f"P{seat} {self.table.names[seat]}" if 0 <= seat < len(self.table.names) else f"P{seat}"

    def mask(self, card: str | Card, holder: int | None) -> str:
        """A mask's name; ``holder`` is the seat it belongs to, when the sentence ties it to one."""
        return mask_name(str(card), self.table.lang)

    def pick(self, step: str, chooser: int, target: int) -> str:
        """A night pick of ``chooser`` in ``step`` (``target`` -1: no one)."""
        return "-" if target < 0 else f"P{target}"


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


def build_brief(view: Any, kind: str, names: Names, legal: Sequence[Any] = ()) -> Brief:
    """Summarise ``view`` (one seat's) for a decision of ``kind`` among the ``legal`` moves."""
    table, me, lang = names.table, int(view.viewer), names.table.lang
    card = str(view.card)
    public = _Public(view, names)
    private = _Private(view, names, me)
    seats = []
    for seat in range(view.players):
        legend = table.legends[seat] if kind in LEGEND_KINDS else ""
        line = SeatLine(seat, names.seat(seat), legend, int(view.lives[seat]), seat not in view.out)
        line.facts = public.seat_facts(seat) + private.facts.get(seat, [])
        seats.append(line)
    faction = faction_of(Card(card))
    me_line = {"seat": me, "who": names.seat(me), "legend": table.legends[me], "mask": names.mask(card, me),
               "faction": faction, "life": int(view.life or 1),
               "personality": str(mask_info(card)["personality"][lang]), "heir_slot": int(view.heir_slot)}
    limits = {"accusations": len(view.accusations), "accusations_limit": view.accusations_limit,
              "votes": view.votes, "candidates": [f"P{s}" for s in view.candidates],
              "condemned": None if view.condemned is None else f"P{view.condemned}",
              "awake_with": [f"P{s}" for s in view.awake_with if s != me], "round": view.night_round,
              "targets": [f"P{t}" for t in sorted({a.target for a in legal if a.kind == "accuse"})]}
    return Brief(kind=kind, lang=lang, setting=table.setting, me=me_line, day=view.day, night=view.night,
                 phase=str(view.phase), step=None if view.step is None else str(view.step), seats=seats,
                 deck=[names.mask(c, None) for c in view.deck], undealt=len(view.deck) - view.players,
                 days=public.days, today=public.today(view), quotes=public.quotes[-QUOTES:], private=private.lines,
                 limits=limits, faction_name=str(_phrases()["phrases"]["faction"][faction][lang]))


class _Public:
    """The public log folded into per-seat facts and one line per finished day."""

    def __init__(self, view: Any, names: Names) -> None:
        self.names, self.lang = names, names.table.lang
        self.facts: dict[int, list[str]] = defaultdict(list)
        self.days: list[str] = []
        self.quotes: list[str] = []
        self.acts: dict[int, dict[str, list[str]]] = {}
        self._day: list[str] = []
        for event in view.log:
            self._fold(event.kind, event.data)

    def _say(self, key: str, **values: Any) -> str:
        return phrase(key, self.lang, **values)

    def _fold(self, kind: str, data: dict[str, Any]) -> None:
        n, say = self.names, self._say
        if kind == "morning":
            died = [f"P{d['seat']} ({n.mask(d['card'], d['seat'])})" for d in data["deaths"]]
            self._day.append(say("died_night", night=data["night"], who=", ".join(died)) if died
                             else say("quiet_night", night=data["night"]))
            for d in data["deaths"]:
                self._died(d["seat"], d["card"], d["life"], say("when_night", night=data["night"]))
            for seat in data["shadows"]:
                self.facts[seat].append(say("revealed_shadow"))
        elif kind == "accusation" and data["accuser"] >= 0:
            self._acts(data["accuser"])["accused"].append(f"P{data['target']}")
        elif kind == "ballots":
            tally = ", ".join(f"P{c}:{k}" for c, k in data["tally"])
            self._day.append(say("revote" if data["revote"] else "vote", tally=tally))
            for seat, targets in data["ballots"]:
                if targets:
                    self._acts(seat)["voted"].append("+".join(f"P{t}" for t in targets))
        elif kind in ("execution", "death"):
            mask = n.mask(data["card"], data["seat"])
            self._day.append(say("executed" if kind == "execution" else "shot", who=f"P{data['seat']}", mask=mask))
            when = say("when_executed", day=data.get("day", "?")) if kind == "execution" else say("when_shot")
            self._died(data["seat"], data["card"], data["life"], when)
        elif kind in ("lord_revealed", "child_revealed", "bishop_revealed"):
            mask = n.mask(_REVEALED[kind], data["seat"])
            self.facts[data["seat"]].append(say("revealed", mask=mask))
            self._day.append(say("revealed_day", who=f"P{data['seat']}", mask=mask))
            if kind == "bishop_revealed":
                self._day.append(say("pointed", seats=", ".join(f"P{p}" for p in data["pointed"]) or "-"))
        elif kind == "shadow_revealed":
            self.facts[data["seat"]].append(say("revealed_shadow"))
        elif kind == "intercession":
            self._day.append(say("interceded", lun=f"P{data['lun']}", who=f"P{data['condemned']}"))
        elif kind == "curse":
            self._day.append(say("cursed", koldun=f"P{data['koldun']}", who=f"P{data['cursed']}"))
        elif kind == "condemned":
            self._day.append(say("condemned", who=f"P{data['seat']}"))
        elif kind == "no_condemnation":
            self._day.append(say("no_condemnation"))
        elif kind == "speech" and data.get("text"):
            self.quotes.append(f"P{data['seat']}: {_quote(data['text'])}")
        elif kind == "day_end":
            self.days.append(f"{data['day']}: " + "; ".join(self._day))
            self._day = []

    def _acts(self, seat: int) -> dict[str, list[str]]:
        """The seat's current soul's accusations and ballots (cleared at its death: a new soul, L44)."""
        return self.acts.setdefault(seat, {"accused": [], "voted": []})

    def seat_facts(self, seat: int) -> list[str]:
        """Deaths and reveals, then what the current soul accused and voted."""
        facts = list(self.facts.get(seat, []))
        acts = self.acts.get(seat, {})
        if acts.get("accused"):
            facts.append(self._say("accused", target=", ".join(acts["accused"])))
        if acts.get("voted"):
            facts.append(self._say("voted", targets=", ".join(acts["voted"])))
        return facts

    def _died(self, seat: int, card: str, life: int, when: str) -> None:
        self.acts.pop(seat, None)
        self.facts[seat] = [self._say("life_was", life=life, mask=self.names.mask(card, seat), when=when)]

    def today(self, view: Any) -> list[str]:
        """What happened so far today: the night's news, accusations with their texts."""
        lines = list(self._day)
        for a in view.accusations:
            who = self._say("curse_accuser") if a.accuser < 0 else f"P{a.accuser}"
            line = self._say("accuses", who=who, target=f"P{a.target}", charge=a.charge, basis=a.basis)
            lines.append(line + (f": {_quote(a.text)}" if a.text else ""))
        return lines


_REVEALED = {"lord_revealed": "LORD_LUIHAD", "child_revealed": "CHILD", "bishop_revealed": "BISHOP"}


class _Private:
    """The seat's notes: lasting facts per seat (Tiir's looks, the clan) and recent night details."""

    def __init__(self, view: Any, names: Names, me: int) -> None:
        self.names, self.me, self.lang = names, me, names.table.lang
        self.facts: dict[int, list[str]] = defaultdict(list)
        details = [line for event in view.notes if (line := self._note(event.kind, event.data))]
        self.lines = details[-RECENT_NIGHT_NOTES:]

    def _note(self, kind: str, data: dict[str, Any]) -> str | None:
        n, lang = self.names, self.lang
        if kind == "tiir_saw":
            self.facts[data["seat"]].append(phrase("you_saw", lang, mask=n.mask(data["card"], data["seat"])))
        elif kind == "clan":
            clan = _phrases()["phrases"]["faction"][data["clan"]][lang]
            for seat in data["members"]:
                if seat != self.me:
                    self.facts[seat].append(phrase("clan", lang, clan=clan))
            for seat, card in data.get("cards", []):
                if seat != self.me:
                    self.facts[seat].append(n.mask(card, seat))
        elif kind == "new_soul":
            return phrase("reborn", lang, mask=n.mask(data["card"], self.me))
        elif kind == "heir":
            return phrase("heir", lang, slot=data["slot"])
        elif kind == "dying_shot":
            return phrase("your_dying_shot", lang, target=f"P{data['target']}")
        elif kind == "gathering":
            return phrase("awake_together", lang, step=data["step"], seats=",".join(f"P{m}" for m in data["members"]))
        elif kind == "darkness_round":
            picks = ", ".join(f"P{c}>{n.pick(data['step'], c, t)}" for c, t in data["choices"])
            decided = (phrase("none", lang) if data["decided"] is None
                       else n.pick(data["step"], -1, data["decided"]))
            return phrase("darkness_round", lang, step=data["step"], round=data["round"], picks=picks, decided=decided)
        elif kind == "cat_saw":
            return self._cat(data)
        elif kind == "whispers":
            said = "; ".join(f"P{c}: {_quote(text)}" for c, text in data["messages"]) or phrase("silence", lang)
            return phrase("whispers", lang, said=said)
        return None  # your_card: the prompt states the current mask anyway

    def _cat(self, data: dict[str, Any]) -> str:
        n, lang = self.names, self.lang
        awake = ",".join(f"P{m}" for m in data["awake"]) or phrase("nobody", lang)
        line = phrase("peeked", lang, step=data["step"], awake=awake)
        if data["choices"]:
            line += phrase("peeked_picks", lang,
                           picks=", ".join(f"P{c}>{n.pick(data['step'], c, t)}" for c, t in data["choices"]))
        for seat, card in data.get("cards", []):
            self.facts[seat].append(phrase("peeked_card", lang, mask=n.mask(card, seat)))
        return line


def _quote(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 1].rstrip() + "…"

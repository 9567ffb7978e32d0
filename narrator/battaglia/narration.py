"""The terminal host's words: events in, lines of the table's language out (the catalogue's ``battaglia_host``,
``prompts/i18n/<lang>/battaglia_host.yaml``).

Only events a seat may see reach :meth:`Narrator.lines` (the caller filters by audience), so the host
can never say who killed whom: the kernel does not put it in a public event (L73).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from narrator.agents.battaglia.knowledge import parse_dark_whisper
from narrator.agents.battaglia.texts import Table, faction_words, mask_info, mask_name, mask_words, words
from narrator.agents.i18n import end_reason, section
from narrator.agents.names import Named, fill
from narrator.rules.core import Event

SILENT = frozenset({"day_end", "night_report", "second_soul"})
"""Events the host does not read out (host-only bookkeeping, or nothing to say)."""


class Narrator:
    """Turns events into the host's lines for one seat (or the public when ``seat`` is None)."""

    def __init__(self, table: Table, seat: int | None = None) -> None:
        self.table, self.seat = table, seat
        self.today: set[str] = set()
        """Lines of a list (a line with variants) said since the last ``day`` event: not said again today."""
        self.accusations = (0, 0)
        """(made, the day's count) of today's accusations, to say when they are full (L74)."""
        self.drawn = False
        """Whether today's accusers were put in order by lot (``accusation_order: random``)."""
        host = section(table.lang, "battaglia_host")
        self.words: Mapping[str, str] = host
        self.steps: Mapping[str, str] = host["steps"]
        self.forces: Mapping[str, str] = host["forces"]

    def say(self, key: str, about: int | None = None, *, turn: int = 0, **slots: Any) -> str:
        """One line of the host's script, filled; a gendered line agrees with the seat it is ``about``; of a
        list of lines, the ``turn``-th (cycling), so a line said every day varies from day to day."""
        line: Any = self.words[key]
        lang = self.table.lang
        if isinstance(line, list):
            said = [fill(self._form(line[(turn + k) % len(line)], about), lang, **slots) for k in range(len(line))]
            fresh = next((text for text in said if text not in self.today), said[0])
            self.today.add(fresh)
            return fresh
        return fill(self._form(line, about), lang, **slots)  # a name's slot may ask for a case (agents/names.py)

    def _form(self, line: Any, about: int | None) -> str:
        if isinstance(line, Mapping):
            line = line[self.table.gender(about) if about is not None else "m"]
        return str(line)

    def name(self, seat: int) -> str:
        """A seat's name as the host says it (``you`` for the human's own seat)."""
        if seat < 0:
            return self.words["nobody"]
        name = self.table.name(seat)
        return Named(f"{name} [{self.words['you']}]" if seat == self.seat else name, self.table.gender(seat))

    def names(self, seats: Iterable[int]) -> str:
        """Several names, or "nobody"."""
        listed = [self.name(s) for s in seats]
        return ", ".join(listed) if listed else self.words["nobody"]

    def whisper(self, text: str) -> str:
        """A whisper's words as the table reads them: a bot's list of dark seats (``"dark: 7, 10"``, kept in
        that form in the move because the bots read it back) names the seats, in the table's language."""
        seats = parse_dark_whisper(text)
        return self.say("whisper_dark", names=self.names(seats)) if seats else text

    def card(self, card: str) -> str:
        """A mask's name in the table's language."""
        return mask_name(card, self.table.lang)

    def card_and_force(self, card: str) -> str:
        """A shown mask with the force it belongs to (``никор (мрак)``): a player reading a death needs both."""
        return f"{self.card(card)} ({faction_words(mask_info(card)['faction'], self.table.lang)['name']})"

    def lines(self, events: Iterable[Event]) -> list[str]:
        """The host's lines for these events, in order."""
        out: list[str] = []
        for event in events:
            if event.kind in SILENT:
                continue
            if event.kind == "day":
                self.today, self.drawn = set(), False
                self.accusations = (0, int(event.data.get("accusations", 0)))
            method = getattr(self, f"_{event.kind}", None)
            out += method(event.data) if method else []
        return out

    # -- public ------------------------------------------------------------------------------------

    def _deal(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("deal", deck=", ".join(self.card(c) for c in d["deck"]), undealt=d["undealt"])]

    def _night(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("acquaintance")] if d.get("acquaintance") else [self.say("night", night=d["night"])]

    def _heading(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("heading", step=self.steps.get(d["step"], d["step"]))]

    def _morning(self, d: Mapping[str, Any]) -> list[str]:
        night = int(d.get("night") or 1) - 1  # the first morning says the first line, then each its own
        lines = [self.say("morning_death", x["seat"], turn=night + i, name=self.name(x["seat"]), card=self.card_and_force(x["card"]))
                 for i, x in enumerate(d["deaths"])]
        lines += [self.say("morning_shadow", turn=night + i, name=self.name(s)) for i, s in enumerate(d["shadows"])]
        return lines or [self.say("morning_nothing", turn=night)]

    def _day(self, d: Mapping[str, Any]) -> list[str]:
        lines = [self.say("day", day=d["day"], accusations=d["accusations"], votes=d["votes"])]
        if d.get("judges"):
            lines.append(self.say("judges", names=self.names(d["judges"])))
        return lines

    def _accusation(self, d: Mapping[str, Any]) -> list[str]:
        made, limit = self.accusations
        self.accusations = (made + 1, limit)
        if d.get("by_curse"):
            return [self.say("accusation_curse", d["target"], target=self.name(d["target"]))]
        if not d.get("text"):
            return [self.say("accusation_bare", accuser=self.name(d["accuser"]), target=self.name(d["target"]))]
        basis = self.words.get(f"basis_{d['basis']}", d["basis"])
        return [self.say("accusation", accuser=self.name(d["accuser"]), target=self.name(d["target"]), basis=basis,
                         text=d["text"])]

    def _accusation_proposed(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("accusation_proposed", accuser=self.name(d["accuser"]), target=self.name(d["target"]))]

    def _accusation_refused(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("accusation_refused", d["accuser"], judge=self.name(d["judge"]), target=self.name(d["target"]),
                         accuser=self.name(d["accuser"]))]

    def _speech(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("speech", speaker=self.name(d["seat"]), text=d["text"])]

    def _accusation_order(self, d: Mapping[str, Any]) -> list[str]:
        self.drawn = True
        return [self.say("accusation_order", order=self.names(d["order"]))]

    def _accusations_declared(self, d: Mapping[str, Any]) -> list[str]:
        if not d["declared"]:
            return [self.say("accusations_declared_none")]
        return [self.say("accusations_declared", count=len(d["declared"]), names=self.names(d["declared"]),
                         slots=d["slots"])]

    def _accusation_lapsed(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("accusation_lapsed", d["accuser"], accuser=self.name(d["accuser"]),
                         target=self.name(d["target"]))]

    def _accusation_declared(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("accusation_declared", name=self.name(d["target"]))]

    def accusations_full(self) -> bool:
        """Today's accusations reached the day's count (so some had no turn to accuse, L74)."""
        made, limit = self.accusations
        return limit > 0 and made >= limit

    def _vote_open(self, d: Mapping[str, Any]) -> list[str]:
        revote = self.words["revote"] if d.get("revote") else ""
        lines = [self.say("vote_open", revote=revote, candidates=self.names(d["candidates"]), votes=d["votes"])]
        if not d.get("revote") and self.accusations_full():
            how = self.words["accusations_how_random" if self.drawn else "accusations_how_rotating"]
            lines.insert(0, self.say("accusations_full", limit=self.accusations[1], how=how))
        return lines

    def _ballots(self, d: Mapping[str, Any]) -> list[str]:
        lines = []
        for voter, targets in d["ballots"]:
            key = "ballot" if targets else "ballot_empty"
            lines.append(self.say(key, voter=self.name(voter), targets=self.names(targets)))
        tally = ", ".join(f"{self.name(s)}: {n}" for s, n in d["tally"])
        return lines + [self.say("tally", tally=tally)]

    def _condemned(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("condemned", d["seat"], name=self.name(d["seat"]))]

    def _lord_revealed(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("lord_revealed", name=self.name(d["seat"]))]

    def _child_revealed(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("child_revealed", name=self.name(d["seat"]))]

    def _bishop_revealed(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("bishop_revealed", name=self.name(d["seat"]), pointed=self.names(d["pointed"]))]

    def _shadow_revealed(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("shadow_revealed", name=self.name(d["seat"]))]

    def _curse(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("curse", koldun=self.name(d["koldun"]), cursed=self.name(d["cursed"]))]

    def _curse_binds(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("curse_binds", cursed=self.name(d["cursed"]), voters=self.names(d["forced_voters"]))]

    def _execution_moment(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("execution_moment", name=self.name(d["seat"]))]

    def _intercession(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("intercession", d["condemned"], lun=self.name(d["lun"]), condemned=self.name(d["condemned"]))]

    def _execution(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("execution", d["seat"], name=self.name(d["seat"]), card=self.card_and_force(d["card"]))]

    def _death(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("death", name=self.name(d["seat"]), card=self.card_and_force(d["card"]))]

    def _no_condemnation(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("no_condemnation")]

    def _no_soul_left(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("no_soul_left", name=self.name(d["seat"]))]

    def _forced_outcome(self, d: Mapping[str, Any]) -> list[str]:
        force = self.forces.get(str(d.get("force") or "none"), str(d.get("force")))
        if d.get("force") is None:
            return [self.say("declared_stalemate")]
        return [self.say("forced_outcome_host" if d.get("by") == "moderator" else "forced_outcome", force=force)]

    def _game_over(self, d: Mapping[str, Any]) -> list[str]:
        force = self.forces.get(str(d.get("force") or "none"), str(d.get("force")))
        lines = [self.say("game_over", termination=end_reason(self.table.lang, str(d["termination"])), force=force, winners=self.names(d["winners"]))]
        for seat, (first, last) in enumerate(zip(d["first_cards"], d["cards"])):
            cards = self.card(first) if first == last else f"{self.card(first)} → {self.card(last)}"
            lines.append(self.say("game_over_cards", name=self.name(seat), cards=cards))
        return lines

    # -- private (shown to the one seat that learned it) -------------------------------------------

    def _your_card(self, d: Mapping[str, Any], key: str = "your_card") -> list[str]:
        lang = self.table.lang
        faction = faction_words(mask_info(d["card"])["faction"], lang)
        return [self.say(key, card=self.card(d["card"]), faction=faction["name"],
                         personality=mask_words(d["card"], lang)["personality"]),
                self.say("your_goal", goal=faction["goal"])]

    def _new_soul(self, d: Mapping[str, Any]) -> list[str]:
        return self._your_card(d, "new_soul")

    def _clan(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("clan", clan=self.steps.get(f"acquaintance_{d['clan']}", d["clan"]),
                         members=self.names(d["members"]))]

    def _tiir_saw(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("tiir_saw", name=self.name(d["seat"]), card=self.card_and_force(d["card"]))]

    def _cat_saw(self, d: Mapping[str, Any]) -> list[str]:
        choices = ""
        if d.get("choices"):
            listed = ", ".join(f"{self.name(s)} → {self.name(t)}" for s, t in d["choices"])
            choices = self.say("cat_choices", choices=listed)
        return [self.say("cat_saw", step=self.steps.get(d["step"], d["step"]), awake=self.names(d["awake"]),
                         choices=choices)]

    def _gathering(self, d: Mapping[str, Any]) -> list[str]:
        others = [m for m in d["members"] if m != self.seat]
        return [self.say("gathering", members=self.names(others))]

    def _darkness_round(self, d: Mapping[str, Any]) -> list[str]:
        listed = ", ".join(f"{self.name(s)} → {self.name(t)}" for s, t in d["choices"])
        decided = self.name(d["decided"]) if d.get("decided") is not None else self.words["nobody"]
        return [self.say("darkness_round", round=d["round"], choices=listed, decided=decided)]

    def _whispers(self, d: Mapping[str, Any]) -> list[str]:
        listed = "; ".join(f"{self.name(s)}: {self.whisper(t)}" for s, t in d["messages"]) or "…"
        return [self.say("whispers", messages=listed)]

    def _heir(self, d: Mapping[str, Any]) -> list[str]:
        return [self.say("heir", slot=d["slot"])]

    def _dying_shot(self, d: Mapping[str, Any]) -> list[str]:
        if "target" not in d or "corrigan" in d:
            return []
        return [self.say("dying_shot", name=self.name(d["target"]))]


def recorded_table(lang: str, setting: str, names: tuple[str, ...], legends: tuple[str, ...]) -> Table:
    """The table a transcript header (or a web table) recorded, which keeps no genders: each gender from its
    name again, so a resumed Russian game still says «Нина погибла»."""
    women = set(words(lang, "legends")["women"]) if lang in ("en", "ru") else set()
    return Table(lang, setting, names, legends, tuple("f" if name in women else "m" for name in names))

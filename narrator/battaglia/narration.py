"""The terminal host's words: events in, lines of the table's language out (the catalogue's ``battaglia_host``,
``prompts/i18n/<lang>/battaglia_host.yaml``).

Only events a seat may see reach :meth:`Narrator.lines` (the caller filters by audience), so the host
can never say who killed whom: the kernel does not put it in a public event (L73).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from narrator.agents.battaglia.knowledge import parse_dark_whisper
from narrator.agents.battaglia.texts import Table, faction_words, mask_info, mask_name, mask_words, words
from narrator.agents.i18n import end_reason, section
from narrator.agents.names import Named, fill
from narrator.rules.battaglia.events import (
    AccusationDeclared,
    AccusationLapsed,
    AccusationMade,
    AccusationOrder,
    AccusationProposed,
    AccusationRefused,
    AccusationsDeclared,
    Ballots,
    BishopRevealed,
    CatSaw,
    ChildRevealed,
    Clan,
    Condemned,
    Curse,
    CurseBinds,
    DarknessRound,
    Day,
    Deal,
    Death,
    DyingShotAimed,
    Execution,
    ExecutionMoment,
    ForcedOutcome,
    GameOver,
    Gathering,
    Heading,
    Heir,
    Intercession,
    LordRevealed,
    Morning,
    NewSoul,
    Night,
    NoCondemnation,
    NoSoulLeft,
    ShadowRevealed,
    Speech,
    TiirSaw,
    VoteOpen,
    Whispers,
    YourCard,
)
from narrator.rules.core import Event
from narrator.rules.events import EventBody


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
        """The host's lines for these events, in order (an event of a class with no handler says nothing: host-only
        bookkeeping such as the night report, a second soul's deal, the day's end)."""
        out: list[str] = []
        for event in events:
            payload = event.payload
            handler = _HANDLERS.get(type(payload))
            if handler is not None:
                out += handler(self, payload)
        return out

    # -- public ------------------------------------------------------------------------------------

    def _deal(self, e: Deal) -> list[str]:
        return [self.say("deal", deck=", ".join(self.card(c) for c in e.deck), undealt=e.undealt)]

    def _night(self, e: Night) -> list[str]:
        return [self.say("acquaintance")] if e.acquaintance else [self.say("night", night=e.night)]

    def _heading(self, e: Heading) -> list[str]:
        return [self.say("heading", step=self.steps.get(e.step, e.step))]

    def _morning(self, e: Morning) -> list[str]:
        night = int(e.night or 1) - 1  # the first morning says the first line, then each its own
        lines = [self.say("morning_death", x.seat, turn=night + i, name=self.name(x.seat), card=self.card_and_force(x.card))
                 for i, x in enumerate(e.deaths)]
        lines += [self.say("morning_shadow", turn=night + i, name=self.name(s)) for i, s in enumerate(e.shadows)]
        return lines or [self.say("morning_nothing", turn=night)]

    def _day(self, e: Day) -> list[str]:
        self.today, self.drawn = set(), False
        self.accusations = (0, int(e.accusations))
        lines = [self.say("day", day=e.day, accusations=e.accusations, votes=e.votes)]
        if e.judges:
            lines.append(self.say("judges", names=self.names(e.judges)))
        return lines

    def _accusation(self, e: AccusationMade) -> list[str]:
        made, limit = self.accusations
        self.accusations = (made + 1, limit)
        if e.by_curse:
            return [self.say("accusation_curse", e.target, target=self.name(e.target))]
        if not e.text:
            return [self.say("accusation_bare", accuser=self.name(e.accuser), target=self.name(e.target))]
        basis = self.words.get(f"basis_{e.basis}", e.basis)
        return [self.say("accusation", accuser=self.name(e.accuser), target=self.name(e.target), basis=basis,
                         text=e.text)]

    def _accusation_proposed(self, e: AccusationProposed) -> list[str]:
        return [self.say("accusation_proposed", accuser=self.name(e.accuser), target=self.name(e.target))]

    def _accusation_refused(self, e: AccusationRefused) -> list[str]:
        return [self.say("accusation_refused", e.accuser, judge=self.name(e.judge), target=self.name(e.target),
                         accuser=self.name(e.accuser))]

    def _speech(self, e: Speech) -> list[str]:
        return [self.say("speech", speaker=self.name(e.seat), text=e.text)]

    def _accusation_order(self, e: AccusationOrder) -> list[str]:
        self.drawn = True
        return [self.say("accusation_order", order=self.names(e.order))]

    def _accusations_declared(self, e: AccusationsDeclared) -> list[str]:
        if not e.declared:
            return [self.say("accusations_declared_none")]
        return [self.say("accusations_declared", count=len(e.declared), names=self.names(e.declared),
                         slots=e.slots)]

    def _accusation_lapsed(self, e: AccusationLapsed) -> list[str]:
        return [self.say("accusation_lapsed", e.accuser, accuser=self.name(e.accuser),
                         target=self.name(e.target))]

    def _accusation_declared(self, e: AccusationDeclared) -> list[str]:
        return [self.say("accusation_declared", name=self.name(e.target))]

    def accusations_full(self) -> bool:
        """Today's accusations reached the day's count (so some had no turn to accuse, L74)."""
        made, limit = self.accusations
        return limit > 0 and made >= limit

    def _vote_open(self, e: VoteOpen) -> list[str]:
        revote = self.words["revote"] if e.revote else ""
        lines = [self.say("vote_open", revote=revote, candidates=self.names(e.candidates), votes=e.votes)]
        if not e.revote and self.accusations_full():
            how = self.words["accusations_how_random" if self.drawn else "accusations_how_rotating"]
            lines.insert(0, self.say("accusations_full", limit=self.accusations[1], how=how))
        return lines

    def _ballots(self, e: Ballots) -> list[str]:
        lines = []
        for voter, targets in e.ballots:
            key = "ballot" if targets else "ballot_empty"
            lines.append(self.say(key, voter=self.name(voter), targets=self.names(targets)))
        tally = ", ".join(f"{self.name(s)}: {n}" for s, n in e.tally)
        return lines + [self.say("tally", tally=tally)]

    def _condemned(self, e: Condemned) -> list[str]:
        return [self.say("condemned", e.seat, name=self.name(e.seat))]

    def _lord_revealed(self, e: LordRevealed) -> list[str]:
        return [self.say("lord_revealed", name=self.name(e.seat))]

    def _child_revealed(self, e: ChildRevealed) -> list[str]:
        return [self.say("child_revealed", name=self.name(e.seat))]

    def _bishop_revealed(self, e: BishopRevealed) -> list[str]:
        return [self.say("bishop_revealed", name=self.name(e.seat), pointed=self.names(e.pointed))]

    def _shadow_revealed(self, e: ShadowRevealed) -> list[str]:
        return [self.say("shadow_revealed", name=self.name(e.seat))]

    def _curse(self, e: Curse) -> list[str]:
        return [self.say("curse", koldun=self.name(e.koldun), cursed=self.name(e.cursed))]

    def _curse_binds(self, e: CurseBinds) -> list[str]:
        return [self.say("curse_binds", cursed=self.name(e.cursed), voters=self.names(e.forced_voters))]

    def _execution_moment(self, e: ExecutionMoment) -> list[str]:
        return [self.say("execution_moment", name=self.name(e.seat))]

    def _intercession(self, e: Intercession) -> list[str]:
        return [self.say("intercession", e.condemned, lun=self.name(e.lun), condemned=self.name(e.condemned))]

    def _execution(self, e: Execution) -> list[str]:
        return [self.say("execution", e.seat, name=self.name(e.seat), card=self.card_and_force(e.card))]

    def _death(self, e: Death) -> list[str]:
        return [self.say("death", name=self.name(e.seat), card=self.card_and_force(e.card))]

    def _no_condemnation(self, e: NoCondemnation) -> list[str]:
        return [self.say("no_condemnation")]

    def _no_soul_left(self, e: NoSoulLeft) -> list[str]:
        return [self.say("no_soul_left", name=self.name(e.seat))]

    def _forced_outcome(self, e: ForcedOutcome) -> list[str]:
        force = self.forces.get(str(e.force or "none"), str(e.force))
        if e.force is None:
            return [self.say("declared_stalemate")]
        return [self.say("forced_outcome_host" if e.by == "moderator" else "forced_outcome", force=force)]

    def _game_over(self, e: GameOver) -> list[str]:
        force = self.forces.get(str(e.force or "none"), str(e.force))
        lines = [self.say("game_over", termination=end_reason(self.table.lang, str(e.termination)), force=force,
                          winners=self.names(e.winners))]
        for seat, (first, last) in enumerate(zip(e.first_cards, e.cards)):
            cards = self.card(first) if first == last else f"{self.card(first)} → {self.card(last)}"
            lines.append(self.say("game_over_cards", name=self.name(seat), cards=cards))
        return lines

    # -- private (shown to the one seat that learned it) -------------------------------------------

    def _your_card(self, e: YourCard | NewSoul, key: str = "your_card") -> list[str]:
        lang = self.table.lang
        faction = faction_words(mask_info(e.card)["faction"], lang)
        return [self.say(key, card=self.card(e.card), faction=faction["name"],
                         personality=mask_words(e.card, lang)["personality"]),
                self.say("your_goal", goal=faction["goal"])]

    def _new_soul(self, e: NewSoul) -> list[str]:
        return self._your_card(e, "new_soul")

    def _clan(self, e: Clan) -> list[str]:
        return [self.say("clan", clan=self.steps.get(f"acquaintance_{e.clan}", e.clan),
                         members=self.names(e.members))]

    def _tiir_saw(self, e: TiirSaw) -> list[str]:
        return [self.say("tiir_saw", name=self.name(e.seat), card=self.card_and_force(e.card))]

    def _cat_saw(self, e: CatSaw) -> list[str]:
        choices = ""
        if e.choices:
            listed = ", ".join(f"{self.name(s)} → {self.name(t)}" for s, t in e.choices)
            choices = self.say("cat_choices", choices=listed)
        return [self.say("cat_saw", step=self.steps.get(e.step, e.step), awake=self.names(e.awake),
                         choices=choices)]

    def _gathering(self, e: Gathering) -> list[str]:
        others = [m for m in e.members if m != self.seat]
        return [self.say("gathering", members=self.names(others))]

    def _darkness_round(self, e: DarknessRound) -> list[str]:
        listed = ", ".join(f"{self.name(s)} → {self.name(t)}" for s, t in e.choices)
        decided = self.name(e.decided) if e.decided is not None else self.words["nobody"]
        return [self.say("darkness_round", round=e.round, choices=listed, decided=decided)]

    def _whispers(self, e: Whispers) -> list[str]:
        said = [f"{self.name(s)}: {self.whisper(t).strip()}" for s, t in e.messages]
        # one whisper after another; a whisper that ends its own sentence is followed by a space, not ".;"
        listed = "".join(line + (" " if line[-1:] in ".!?…" else "; ") for line in said[:-1]) + "".join(said[-1:])
        listed = listed or "…"
        return [self.say("whispers", messages=listed)]

    def _heir(self, e: Heir) -> list[str]:
        return [self.say("heir", slot=e.slot)]

    def _dying_shot(self, e: DyingShotAimed) -> list[str]:
        return [self.say("dying_shot", name=self.name(e.target))]


_HANDLERS: dict[type[EventBody], Callable[[Narrator, Any], list[str]]] = {
    Deal: Narrator._deal, Night: Narrator._night, Heading: Narrator._heading, Morning: Narrator._morning,
    Day: Narrator._day, AccusationMade: Narrator._accusation, AccusationProposed: Narrator._accusation_proposed,
    AccusationRefused: Narrator._accusation_refused, Speech: Narrator._speech,
    AccusationOrder: Narrator._accusation_order, AccusationsDeclared: Narrator._accusations_declared,
    AccusationLapsed: Narrator._accusation_lapsed, AccusationDeclared: Narrator._accusation_declared,
    VoteOpen: Narrator._vote_open, Ballots: Narrator._ballots, Condemned: Narrator._condemned,
    LordRevealed: Narrator._lord_revealed, ChildRevealed: Narrator._child_revealed,
    BishopRevealed: Narrator._bishop_revealed, ShadowRevealed: Narrator._shadow_revealed, Curse: Narrator._curse,
    CurseBinds: Narrator._curse_binds, ExecutionMoment: Narrator._execution_moment,
    Intercession: Narrator._intercession, Execution: Narrator._execution, Death: Narrator._death,
    NoCondemnation: Narrator._no_condemnation, NoSoulLeft: Narrator._no_soul_left,
    ForcedOutcome: Narrator._forced_outcome, GameOver: Narrator._game_over, YourCard: Narrator._your_card,
    NewSoul: Narrator._new_soul, Clan: Narrator._clan, TiirSaw: Narrator._tiir_saw, CatSaw: Narrator._cat_saw,
    Gathering: Narrator._gathering, DarknessRound: Narrator._darkness_round, Whispers: Narrator._whispers,
    Heir: Narrator._heir, DyingShotAimed: Narrator._dying_shot,
}
"""The host's handler of each event class it reads out. Unlisted classes are silent: the night report, a second
soul's deal and the dying shot's report (host-only bookkeeping), the day's end, a Lord's noted night reveal."""


def recorded_table(lang: str, setting: str, names: tuple[str, ...], legends: tuple[str, ...]) -> Table:
    """The table a transcript header (or a web table) recorded, which keeps no genders: each gender from its
    name again, so a resumed Russian game still says «Нина погибла»."""
    women = set(words(lang, "legends")["women"]) if lang in ("en", "ru") else set()
    return Table(lang, setting, names, legends, tuple("f" if name in women else "m" for name in names))

"""Words a Ten Candles table has not heard yet, in the form that agrees with who says them.

The scripted survivor (:mod:`agents.ten_candles.survivor`, ported move for move to the native engine)
picks every text with one draw from its seeded generator, with replacement: at a table people read,
two survivors wore the same looks and a scene heard the same line three times. :class:`VariedSurvivor`
makes that very draw (so its moves, and every later draw, are the simulated survivor's) and turns it
into the first entry, counting on from the drawn one, that the table has not heard yet:

* in the scene (``view.scene``): in-character lines, success narrations, last words;
* in the game: looks, roles and names (also those of characters already described, a person's
  among them), Moments, Brinks, pockets, recorded messages and truths.

When every entry was heard, a line is left unsaid; a text a move needs takes another table's
unheard entry (a narration for a narration, a truth from the module's own table) rather than repeat.

What was heard is a :class:`TableMemory` the table's survivors share: what scripted survivors said
aloud (it never reaches them as an event) and wrote, and every narration they observe (a person's
too). A resumed game asks them again in the same order, so it is rebuilt as it was. A person's
suggester reads the table's memory but writes nothing to it (the person may say something else).

Russian agrees with gender: an entry's ``ru_f`` is its form said of or by a woman; Brinks are
«Я видел…» of a man and «Я видела…» of a woman writing, ``ru_f`` for a woman they are written for.
A character's gender comes from its name (``women`` in ``characters.yaml``; for a name typed by a
person, the Russian ending: «-а», «-я» is a woman's).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from narrator.agents.base import Request
from narrator.agents.i18n import section
from narrator.agents.ten_candles import material as mat
from narrator.agents.ten_candles.survivor import ScriptedSurvivor, _Blank, _module_truths
from narrator.rules.core import HOST, Action, Event
from narrator.rules.ten_candles.actions import DescribeCharacter, Narrate, SpeakTruth, WriteBrink

SCENE_TABLES = ("narrations", "deaths")
"""``characters.yaml`` tables heard once a scene (the ``lines`` are too); every other table once a game."""


class TableMemory:
    """What one table has heard: texts per scene, and texts of the whole game."""

    def __init__(self) -> None:
        self.scenes: dict[int, set[str]] = {}
        self.game: set[str] = set()
        self.ever: set[str] = set()
        """Every text noted, whatever its scope: a line of a scene is not said again in the game while the
        table has unsaid ones (playtest 17)."""

    def heard(self, text: str, scene: int | None) -> bool:
        """Whether ``text`` was said in ``scene`` (``None``: anywhere in the game)."""
        return text in (self.game if scene is None else self.scenes.get(scene, ()))

    def note(self, text: str, scene: int | None) -> None:
        """Remember ``text`` as said in ``scene`` (``None``: once for the whole game)."""
        (self.game if scene is None else self.scenes.setdefault(scene, set())).add(text)
        self.ever.add(text)


def gender_of(name: str, lang: str) -> str:
    """``"f"`` or ``"m"``: the grammatical gender of a character's name.

    >>> gender_of("Вера Ланская", "ru"), gender_of("Глеб Миронов", "ru"), gender_of("Мария", "ru")
    ('f', 'm', 'f')
    """
    cards = mat.load("characters")
    if any(name == woman for code in mat.LANGS for woman in cards["women"][code]):
        return "f"
    if any(name == man for code in mat.LANGS for man in cards["names"][code]):
        return "m"
    first = name.strip().split(" ")[0].lower()
    return "f" if lang == "ru" and first[-1:] in ("а", "я") and first not in ("никита", "илья", "фома", "кузьма") else "m"


def form(entry: mat.Entry | None, lang: str, gender: str = "m") -> str:
    """An entry's text in ``lang`` in the form for ``gender`` (``ru_f`` / ``en_f`` when it has one)."""
    if entry is not None and gender == "f" and entry.get(f"{lang}_f"):
        return str(entry[f"{lang}_f"])
    return mat.text(entry, lang)


def writer_form(text: str, lang: str, gender: str) -> str:
    """A Brink in the words of its writer: «Я видел» becomes «Я видела» when a woman writes it."""
    return "Я видела" + text[len("Я видел"):] if lang == "ru" and gender == "f" and text.startswith("Я видел,") else text


class VariedSurvivor(ScriptedSurvivor):
    """A scripted survivor that never repeats what its table heard (see the module's docstring).

    Args:
        memory: what the table heard, shared by its survivors (a fresh one when ``None``).
        notes: whether what it picks is written to ``memory`` (not for a person's suggester).
    """

    def __init__(self, seat: int, *, seed: int = 0, lang: str = "en", talks: bool = False,
                 memory: TableMemory | None = None, notes: bool = True) -> None:
        super().__init__(seat, seed=seed, lang=lang, talks=talks)
        self.memory = memory if memory is not None else TableMemory()
        self.notes = notes
        self._view: Any = None
        self._observed_scene = 0
        self.task_hint: Callable[[], str | None] | None = None
        """What the conflict under way is about, as the Storyteller framed it aloud (its task), when the table
        wires it (``narrator.ten_candles.seating.narrated_table``): a success is told of that kind of deed."""
        self.deed_kind: Callable[[str, str], str] | None = None
        """The kind of deed a line names (``search``, ``open``...; ``""`` for none), the offline reader's
        (``narrator.ten_candles.settled.deed_kind``), wired by the table like ``task_hint``: agents import no
        narrator module."""

    def observe(self, events: Sequence[Event]) -> None:
        """Every narration the table hears is heard in its scene (a person's and the Storyteller's too)."""
        for event in events:
            if event.kind == "scene_started":
                self._observed_scene = int(event.data["scene"])
            elif event.kind == "narrated" and event.data.get("text"):
                self.memory.note(str(event.data["text"]), self._observed_scene)

    def _decide(self, request: Request) -> Action:
        self._view = request.view
        return super()._decide(request)

    def _choose(self, view: Any, by_kind: dict[str, list[Action]], turn: list[str]) -> Action:
        # the base survivor's WRITERS table holds its own methods: these three are this class's
        own = {"describe_character": self._describe, "write_brink": self._brink, "speak_truth": self._truth,
               "narrate": self._narrate}
        if turn[0] in own:
            return own[turn[0]](view)
        return super()._choose(view, by_kind, turn)

    # -- who speaks ---------------------------------------------------------------------------------

    def _gender(self, seat: int) -> str:
        view = self._view
        name = view.characters[seat].name if view is not None and 0 <= seat < len(view.characters) else ""
        return gender_of(name, self.lang) if name else "m"

    @property
    def _scene(self) -> int:
        return int(getattr(self._view, "scene", 0) or 0)

    def _scope(self, entries: Sequence[mat.Entry]) -> int | None:
        cards = mat.load("characters")
        scene_lists = [cards[name] for name in SCENE_TABLES] + list(cards["lines"].values())
        return self._scene if any(entries is table for table in scene_lists) else None

    # -- the draw, turned into something new --------------------------------------------------------

    def _fresh(self, entries: Sequence[mat.Entry], scope: int | None, render: Callable[[mat.Entry], str],
               taken: Iterable[str] = (), start: int | None = None) -> str | None:
        """The base survivor's draw (``mat.pick``: one ``randrange`` over the allowed entries, none when
        all are blocked), moved on to the first entry not heard in ``scope`` and none of whose forms is
        in ``taken``; ``None`` when every entry was heard, the neutral line when all are blocked."""
        pool = mat.allowed(entries, self._safety or mat.OPEN)
        if not pool:
            return mat.NEUTRAL[self.lang]
        taken = set(taken)
        start = self.rng.randrange(len(pool)) if start is None else start % len(pool)  # ``start``: drawn already
        # a line of a scene: first one the game has not heard at all (nor its template with another card named
        # in it), then one this scene has not heard
        ever = self.memory.ever
        for fresh in ((lambda text, raw: text not in ever and raw not in ever), lambda text, raw: True) if (
                scope is not None) else ((lambda text, raw: True),):
            for k in range(len(pool)):
                entry = pool[(start + k) % len(pool)]
                text, raw = render(entry), mat.text(entry, self.lang)
                forms = {text, form(entry, self.lang, "m"), form(entry, self.lang, "f")}
                if not forms & taken and not self.memory.heard(text, scope) and fresh(text, raw):
                    if self.notes:
                        self.memory.note(text, scope)
                        ever.add(raw)
                    return text
        return None

    def _text(self, entries: Sequence[mat.Entry], **values: str) -> str:
        gender = self._gender(self.seat)
        scope = self._scope(entries)

        def render(entry: mat.Entry) -> str:
            line = form(entry, self.lang, gender)
            return line.format_map(_Blank(values)) if values else line

        text = self._fresh(entries, scope, render)
        if text is not None:
            return text
        # every entry heard: a narration or last words borrow from the other table, a card repeats
        other = {"narrations": "deaths", "deaths": "narrations"}
        cards = mat.load("characters")
        for name, spare in other.items():
            if entries is cards[name]:
                borrowed = self._fresh(cards[spare], scope, render)
                if borrowed is not None:
                    return borrowed
        return render(entries[0]) if entries else mat.NEUTRAL[self.lang]

    def _say(self, situation: str, chance: float = 1.0) -> None:
        if self.rng.random() < chance:
            gender = self._gender(self.seat)
            values = {"trait": self._burned()} if situation.startswith("burn_") else {}
            line = self._fresh(mat.load("characters")["lines"][situation], self._scene,
                               lambda e: form(e, self.lang, gender).format_map(_Blank(values)))
            if line is not None:  # every line of the situation heard in this scene: say nothing
                self.said.append(line)

    def _burned(self) -> str:
        """The Trait card about to burn (the top one): a burn's line may name it («Зоркий», "Cruel")."""
        view = self._view
        me = view.characters[self.seat] if view is not None and 0 <= self.seat < len(view.characters) else None
        return str(getattr(me, self.top or "", "") or "") if self.top in ("virtue", "vice") else ""

    def _narrate(self, view: Any) -> Action:
        """The success told of what it was: a Moment lived in the card's words, a stated deed by its kind
        (a search finds, a door gives; playtest 17), else a narration the game has not heard; always from
        the base survivor's one draw."""
        me = view.characters[self.seat]
        conflict, attempt = getattr(view, "conflict", None), getattr(view, "attempt", None)
        cards = mat.load("characters")
        own: Sequence[mat.Entry] = ()
        values: dict[str, str] = {}
        if me.alive and conflict is not None and conflict.moment and conflict.active == self.seat and me.moment:
            own, values = cards["moment_narrations"], {"moment": str(me.moment).strip().rstrip(".")}
        elif me.alive:
            # the task the Storyteller framed aloud (a stated attempt's own words when it was one), else the
            # survivor's own stated attempt its conflict answered
            said = self.task_hint() if self.task_hint is not None else None
            if not said and attempt is not None and attempt.seat == self.seat and attempt.answered:
                said = attempt.text
            kind = self.deed_kind(said, self.lang) if said and self.deed_kind is not None else ""
            own = cards["deed_narrations"].get(kind, ()) if kind else ()
        generic = mat.allowed(cards["narrations"], self._safety or mat.OPEN)
        if not own or not generic or not mat.allowed(own, self._safety or mat.OPEN):
            return super()._narrate(view)
        gender = self._gender(self.seat)
        start = self.rng.randrange(len(generic))  # the base survivor's one draw, so every later draw is its own
        text = (self._fresh(own, self._scene, lambda e: form(e, self.lang, gender).format_map(_Blank(values)),
                            start=start)
                or self._fresh(cards["narrations"], self._scene, lambda e: form(e, self.lang, gender), start=start)
                or form(generic[start], self.lang, gender))
        return Narrate(actor=self.seat, text=text)

    # -- what is written once a game ------------------------------------------------------------------

    def _describe(self, view: Any) -> Action:
        """A name, looks and role nobody at the table has (the base survivor's draws, in its order)."""
        cards = mat.load("characters")
        names = cards["names"][self.lang]
        others = [c for c in view.characters if c.seat != self.seat]
        taken_names = {c.name for c in others if c.name}
        start = (self.seat * 3 + self.rng.randrange(3)) % len(names)
        name = next((names[(start + k) % len(names)] for k in range(len(names))
                     if names[(start + k) % len(names)] not in taken_names), names[start])
        gender = gender_of(name, self.lang)
        looks = self._fresh(cards["looks"], None, lambda e: form(e, self.lang, gender),
                            [c.appearance for c in others if c.appearance])
        role = self._fresh(cards["roles"], None, lambda e: form(e, self.lang, gender),
                           [c.description for c in others if c.description])
        return DescribeCharacter(actor=self.seat, name=name,
                                 appearance=looks or form(cards["looks"][self.seat % len(cards["looks"])], self.lang),
                                 description=role or form(cards["roles"][self.seat % len(cards["roles"])], self.lang,
                                                          gender))

    def _brink(self, view: Any) -> Action:
        """A Brink for the left neighbour, in the writer's and the neighbour's genders."""
        cards = mat.load("characters")
        left = self.seat + 1 if self.seat + 1 < view.players else HOST
        mine = self._gender(self.seat)
        if left == HOST:
            text = self._fresh(cards["their_brinks"], None, lambda e: writer_form(mat.text(e, self.lang), self.lang, mine))
            return WriteBrink(actor=self.seat, text=text or writer_form(mat.text(cards["their_brinks"][0], self.lang),
                                                                         self.lang, mine))
        theirs = self._gender(left)

        def render(entry: mat.Entry) -> str:
            said = writer_form(form(entry, self.lang, theirs), self.lang, mine)
            return f"{said} ({mat.text(entry['note'], self.lang)})"

        pool = mat.allowed(cards["brinks"], self._safety or mat.OPEN)
        if not pool:
            fallback = section(self.lang, "tc_words")["brink_fallback"]
            return WriteBrink(actor=self.seat, text=writer_form(fallback, self.lang, mine))
        text = self._fresh(cards["brinks"], None, render)
        return WriteBrink(actor=self.seat, text=text or render(pool[0]))

    def _truth(self, view: Any) -> Action:
        """A fact from the module's own table or the table every module shares, never one spoken."""
        spoken = {t[2] for t in view.truths}
        prefix = mat.load("tables")["truth_prefix"][self.lang]
        entries = [*mat.load("tables")["truths"], *_module_truths(view.module)]
        fresh = [e for e in entries if prefix + mat.text(e, self.lang) not in spoken]
        text = self._fresh(fresh or entries, None, lambda e: prefix + mat.text(e, self.lang), spoken)
        if text is None:  # every fact of both tables is spoken: one of them again, said otherwise
            again = mat.load("tables")["truth_again"][self.lang]
            used = sorted(t for t in spoken if t.startswith(prefix) and not t.startswith(prefix + again))
            base = used[len(spoken) % len(used)] if used else prefix
            text = prefix + again + base[len(prefix):]
        return SpeakTruth(actor=self.seat, text=text, topic="general")


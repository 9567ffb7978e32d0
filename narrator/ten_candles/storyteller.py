"""The template Storyteller: a Ten Candles GM voice that needs no model.

It implements :class:`agents.ten_candles.voice.Storyteller` from the YAML material in
``prompts/ten_candles`` (a module's places, Their manifestations, scene openings, conflicts and
truths; shared tables of truths, signs, framings and outcome lines), in Russian or English. It is
fed only the GM's view and the events the GM seat sees, and it never draws an entry that touches
one of the table's lines (tags or words, :class:`agents.ten_candles.material.Safety`); veiled
entries come last and are marked off-screen. An X-card drops the current thread for good: the
place and the conflict it touched are never drawn again, and a conflict under way is given another task.

No line repeats within a game while its table has lines not yet told, nor within a scene at all: every
draw moves on from the entries the game told and the texts the scene already heard (openings, signs,
framings, outcomes), a conflict is not offered twice in a scene nor, unless
the module marks it ``repeatable``, twice in a game; when a table runs out, the tasks every module
shares (``tables.yaml`` ``conflicts``) or a sign of Them appended to the line vary it instead.
Russian framings agree with the active character's gender (``ru_f``, :mod:`agents.ten_candles.variety`).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Awaitable, Sequence
from typing import Any

from narrator.agents.ten_candles import material as mat
from narrator.agents.ten_candles.variety import form, gender_of
from narrator.rules.core import HOST, Event, PlayerId
from narrator.rules.ten_candles.events import (
    BrinkEmbraced,
    BrinkEngulfed,
    CharacterDescribed,
    CharacterDied,
    ConflictCalled,
    ConflictResolved,
    MomentBurned,
    TraitBurned,
)
from narrator.ten_candles.attempts import framing as attempt_frame
from narrator.ten_candles.settled import deed_kind


class ModuleBlockedError(ValueError):
    """The chosen module itself touches one of the table's lines."""


def usable_modules(safety: mat.Safety) -> list[str]:
    """The modules a table with ``safety`` may play (a module tagged with a line is out)."""
    return [name for name in mat.module_names() if safety.allows({"tags": mat.module(name).get("tags") or []})]


class TemplateStoryteller:
    """Scene openings, truths, conflict framings and outcome narration from templates.

    Args:
        lang: ``"ru"`` or ``"en"``.
        module: a module name (``mat.module_names()``); ``None`` draws one the table's lines allow.
        seed: seeds the draws (the same seed and events give the same words).
    """

    retraceable = True
    """The same seed, views and events give the same words: a resumed game asks it again."""
    warms = False
    """Templates have no server to warm."""

    def __init__(self, *, lang: str = "en", module: str | None = None, seed: int = 0) -> None:
        if lang not in mat.LANGS:
            raise ValueError(f"language {lang!r}: use one of {', '.join(mat.LANGS)}")
        if module is not None:
            mat.module(module)  # KeyError naming the known modules
        self.lang, self.module_name = lang, module
        self.rng = random.Random(f"storyteller:{seed}")
        self.safety: mat.Safety | None = None
        self.names: dict[PlayerId, str] = {}
        self.place_index = -1
        self.place: mat.Entry | None = None
        self.conflict: mat.Entry | None = None
        self.dropped: set[int] = set()
        """``id()`` of entries an X-card took out of the story."""
        self.drawn: list[tuple[str, mat.Entry]] = []
        """Every entry drawn, by table (audited by the tests: nothing touching a line)."""
        self.history: list[tuple[str, str]] = []
        """(what, text) of everything said, e.g. ``("failure", "It fails...")``."""
        self.scene = 0
        self.heard: dict[int, set[str]] = {}
        """Scene -> the texts said in it (no line is said twice in a scene)."""
        self.used: dict[int, set[int]] = {}
        """Scene -> ``id()`` of the entries drawn in it (a template is not used twice while others are left)."""
        self.framed: set[int] = set()
        """``id()`` of every conflict framed in the game (only ``repeatable`` ones come again)."""
        self.told: set[int] = set()
        """``id()`` of every line's entry told in the game: none is told again while the table has others."""
        self.task: str | None = None
        """What the conflict framed last is about: the module's task, or the player's stated attempt."""
        self.won: list[tuple[int, str]] = []
        """(scene, task) of every conflict won: a stated attempt of the same deed on the same things is no
        conflict again (``attempts.template_ruling``, playtest 17)."""

    # -- memory ---------------------------------------------------------------------------------

    def warm_heard(self, view: Any, coming: Sequence[Event]) -> Awaitable[bool] | None:
        """Nothing to warm (``warms`` is False)."""
        return None

    def observe(self, events: Sequence[Event]) -> None:
        """Learn the characters' names as they are read out."""
        for event in events:
            if isinstance(described := event.payload, CharacterDescribed):
                self.names[described.seat] = described.name
            elif isinstance(resolved := event.payload, ConflictResolved) and resolved.success and self.task:
                self.won.append((self.scene, self.task))
            elif isinstance(event.payload, ConflictCalled):
                self.task = None  # framed next (frame_conflict)

    def _setup(self, view: Any) -> None:
        self.scene = int(getattr(view, "scene", 0) or 0)
        if self.safety is None:
            self.safety = mat.Safety.from_texts(view.lines, view.veils)
            if self.module_name is None:
                choices = usable_modules(self.safety) or list(mat.module_names())
                self.module_name = choices[self.rng.randrange(len(choices))]
            elif self.module_name not in usable_modules(self.safety):
                raise ModuleBlockedError(f"module {self.module_name!r} touches one of the table's lines; "
                                         f"usable: {', '.join(usable_modules(self.safety)) or 'none'}")

    @property
    def module(self) -> dict[str, Any]:
        """The module being played."""
        assert self.module_name is not None
        return mat.module(self.module_name)

    # -- drawing --------------------------------------------------------------------------------

    def _order(self, entries: Sequence[mat.Entry]) -> list[mat.Entry]:
        """The entries the table may see and no X-card dropped, from a seeded start: the ones this scene
        has not drawn first."""
        assert self.safety is not None
        pool = mat.allowed([e for e in entries if id(e) not in self.dropped], self.safety)
        if not pool:
            return []
        start = self.rng.randrange(len(pool))
        turned = [pool[(start + k) % len(pool)] for k in range(len(pool))]
        used = self.used.get(self.scene, set())
        return [e for e in turned if id(e) not in used] + [e for e in turned if id(e) in used]

    def _draw(self, table: str, entries: Sequence[mat.Entry]) -> mat.Entry | None:
        order = self._order(entries)
        if not order:
            return None
        return self._take(table, order[0])

    def _take(self, table: str, entry: mat.Entry) -> mat.Entry:
        self.used.setdefault(self.scene, set()).add(id(entry))
        self.drawn.append((table, entry))
        return entry

    def _render(self, entry: mat.Entry | None, gender: str, values: dict[str, Any]) -> str:
        text = form(entry, self.lang, gender).format_map(defaultdict(str, values))  # a slot not given: empty
        if entry is not None and self.safety is not None and self.safety.veiled(entry):
            text = f"{text} {mat.load('tables')['veil'][self.lang]}"
        return text

    def _say(self, what: str, entry: mat.Entry | None, **values: Any) -> str:
        text = self._render(entry, self._gender(values), values)
        return self._note(what, text)

    def _note(self, what: str, text: str) -> str:
        self.heard.setdefault(self.scene, set()).add(text)
        self.history.append((what, text))
        return text

    def _gender(self, values: dict[str, Any]) -> str:
        return gender_of(str(values.get("name") or ""), self.lang) if values.get("name") else "m"

    def _line(self, what: str, table: str, entries: Sequence[mat.Entry], **values: Any) -> str:
        """A line of ``entries`` this scene has not heard; when all were heard, one with a sign of Them
        the scene has not heard either (the neutral line when the table's lines block everything)."""
        heard = self.heard.setdefault(self.scene, set())
        gender = self._gender(values)
        order = self._order(entries)
        # first a line the game has not told at all (with any name in it), then one this scene has not heard
        for unheard in ([e for e in order if id(e) not in self.told], order):
            for entry in unheard:
                text = self._render(entry, gender, values)
                if text not in heard:
                    self._take(table, entry)
                    self.told.add(id(entry))
                    return self._note(what, text)
        if not order:
            return self._note(what, mat.NEUTRAL[self.lang])
        text = self._render(self._take(table, order[0]), gender, values)
        for sign in self._order([*self.module.get("manifestations", []), *mat.load("tables")["signs"]]):
            varied = f"{text} {self._render(sign, gender, {})}"
            if varied not in heard:
                self._take("signs", sign)
                return self._note(what, varied)
        return self._note(what, text)

    def _outcome(self, key: str, **values: Any) -> str:
        return self._line(key, key, mat.load("tables")["outcomes"][key], **values)

    def _name(self, view: Any, seat: PlayerId) -> str:
        name = view.characters[seat].name if 0 <= seat < len(view.characters) else ""
        return name or self.names.get(seat) or f"#{seat}"

    # -- the Storyteller interface --------------------------------------------------------------

    def briefing(self, view: Any) -> str:
        """The module's title and briefing, read like a mission briefing (L122)."""
        self._setup(view)
        data = self.module
        text = f"{data['title'][self.lang]}. {data['briefing'][self.lang].strip()}"
        self.history.append(("briefing", text))
        return text

    def open_scene(self, view: Any) -> str:
        """A new place of the module, an opening line, and often a sign of Them (L66, L253)."""
        self._setup(view)
        self._next_place()
        place = mat.text(self.place, self.lang)
        text = self._line("opening", "openings", self.module["openings"], place=place,
                          place_cap=place[:1].upper() + place[1:])
        if self.rng.random() < 0.6:
            text += " " + self.sign()
        return text

    def sign(self) -> str:
        """One of Their manifestations: the module's first, the shared signs otherwise."""
        entries = [*self.module.get("manifestations", []), *mat.load("tables")["signs"]]
        return self._line("sign", "signs", entries)

    def speak_truth(self, view: Any) -> tuple[str, str]:
        """A truth not yet spoken; sometimes one only the GM may speak (L331)."""
        self._setup(view)
        spoken = {t[2] for t in view.truths}
        tables = mat.load("tables")
        gm_only = self.rng.random() < 0.35
        entries = tables["gm_truths"] if gm_only else [*self.module.get("truths", []), *tables["truths"]]
        prefix = tables["truth_prefix"][self.lang]
        fresh = [e for e in entries if prefix + mat.text(e, self.lang) not in spoken]
        entry = self._draw("truths", fresh or entries)
        text = prefix + mat.text(entry, self.lang)
        if not fresh and entry is not None:  # every fact of the tables spoken: this one again, said otherwise
            text = prefix + tables["truth_again"][self.lang] + mat.text(entry, self.lang)
        topic = str(entry.get("topic", "general")) if entry is not None else "general"
        self.history.append(("truth", text))
        return text, topic

    def write_brink(self, view: Any, holder: PlayerId) -> str:
        """«Они видели, как ты…» with where or when (L190, L178)."""
        self._setup(view)
        entry = self._draw("gm_brinks", mat.load("characters")["gm_brinks"])
        if entry is None:
            return mat.load("tables")["ritual"][self.lang]
        said = form(entry, self.lang, gender_of(self._name(view, holder), self.lang))  # «ты звала Их» to Вера
        return f"{said} ({mat.text(entry['note'], self.lang)})"

    def frame_conflict(self, view: Any, active: PlayerId, dangerous: bool, moment: bool) -> str:
        """Who acts, what they attempt, and whether it may kill (L265, L289)."""
        self._setup(view)
        framing = mat.load("tables")["framing"]
        name = self._name(view, active)
        if moment:
            text = (view.characters[active].moment or "").strip()
            return self._line("frame_moment", "framing", framing["moment"], name=name, moment=text)
        stated = attempt_frame(view, active, dangerous, self.lang, name)
        if stated is not None:  # the player's own attempt is the conflict (stated attempts, D45)
            self.conflict = None
            self.task = view.attempt.text
            return self._note("frame_attempt", stated)
        self.conflict = self._pick_conflict(dangerous)
        task = mat.text(self.conflict, self.lang)
        self.task = task or None
        kind = "dangerous" if dangerous else "normal"
        return self._line(f"frame_{kind}", "framing", framing[kind], name=name, conflict=task)

    @property
    def conflict_text(self) -> str | None:
        """The module's task of the conflict framed last, without the framing's words around it (what a model
        retells: the prompt says who and how dangerous already); ``None`` after a stated attempt. A Moment's
        framing leaves it as it was: the caller knows it framed a Moment."""
        return mat.text(self.conflict, self.lang) if self.conflict is not None else None

    def _pick_conflict(self, dangerous: bool) -> mat.Entry | None:
        """A task for the conflict: the module's, of its kind and of the scene's place (a task with ``places``
        only there), not yet offered in this scene (nor in the game unless ``repeatable``), never one an X-card
        dropped; else the tasks every module shares."""
        scene = self.used.get(self.scene, set())

        def fresh(entry: mat.Entry) -> bool:
            return id(entry) not in scene and (bool(entry.get("repeatable")) or id(entry) not in self.framed)

        here = str(self.place.get("id", "")) if self.place is not None else ""
        everywhere = self.module["conflicts"]
        # a task tied to places is offered only there (playtest 17: the pharmacy's stockroom on the hill road)
        own = [c for c in everywhere if not c.get("places") or not here or here in c["places"]]
        shared = mat.load("tables")["conflicts"]
        kind = [c for c in own if bool(c.get("dangerous")) == dangerous]
        shared_kind = [c for c in shared if bool(c.get("dangerous")) == dangerous]
        for pool in ([c for c in kind if fresh(c)], [c for c in shared_kind if fresh(c)], [c for c in own if fresh(c)],
                     [c for c in shared if fresh(c)], [*own, *shared], everywhere):
            order = self._order(pool)
            if order:
                self.framed.add(id(order[0]))
                return self._take("conflicts", order[0])
        return None

    def narrate_outcome(self, view: Any, events: Sequence[Event]) -> str:
        """The outcome the kernel settled, when the GM narrates it (L283, L289): burned cards,
        the Brink, the Moment, deaths, the result and the candles left."""
        self._setup(view)
        moment = any(isinstance(e.payload, MomentBurned) for e in events)
        parts = [self._event_line(view, e) for e in events if not (moment and isinstance(e.payload, ConflictResolved))]
        active = next((e.payload.active for e in events if isinstance(e.payload, (ConflictCalled, ConflictResolved))),
                      None)
        name = self._name(view, active) if active is not None else ""
        return " ".join(p for p in parts if p) or self._outcome("success_gm", name=name, candles=view.lit)

    def _event_line(self, view: Any, event: Event) -> str:
        match event.payload:
            case TraitBurned(seat=seat, card=card, trait=trait):
                key = "trait_virtue" if card == "virtue" else "trait_vice"
                return self._outcome(key, name=self._name(view, seat), trait=trait)
            case BrinkEmbraced(seat=seat, text=text):
                return self._outcome("brink_success", name=self._name(view, seat), brink=text)
            case BrinkEngulfed(seat=seat, text=text):
                return self._outcome("brink_failure", name=self._name(view, seat), brink=text)
            case MomentBurned(seat=seat, success=success):
                return self._outcome("moment_success" if success else "moment_failure", name=self._name(view, seat))
            case ConflictResolved() as resolved:
                return self._resolution(view, resolved)
            case CharacterDied(seat=seat, cause="final_scene", name=name):
                return self._outcome("final_death", name=name or self._name(view, seat))
        return ""

    def _resolution(self, view: Any, data: ConflictResolved) -> str:
        name = self._name(view, data.active)
        if data.success:
            return self._outcome("success_gm", name=name, candles=view.lit)
        if view.final_scene:
            return ""  # the roller's death is told by its own event
        danger = "_dangerous" if data.dangerous else ""
        if self.conflict is not None:  # told with the scene's own task, not a line that fits any scene (#32)
            return self._outcome(f"failure_task{danger}", name=name, candles=view.lit,
                                 conflict=mat.text(self.conflict, self.lang))
        attempt = getattr(view, "attempt", None)
        if attempt is not None and attempt.seat == data.active and attempt.text:
            # the player's deed fails in the world, of its kind; the player's words are never quoted back as
            # story (playtest 17: "no roll needed" came back as the Storyteller's)
            kind = deed_kind(attempt.text, self.lang)
            outcomes = mat.load("tables")["outcomes"]
            key = f"failure_deed_{kind}" if kind and not danger and f"failure_deed_{kind}" in outcomes else (
                f"failure_attempt{danger}")
            return self._outcome(key, name=name, candles=view.lit)
        return self._outcome(f"failure{danger}", name=name, candles=view.lit)

    def final_death(self, view: Any, seat: PlayerId) -> str:
        """A death in the Last Stand (L47, L60)."""
        self._setup(view)
        return self._outcome("final_death", name=self._name(view, seat))

    def final_scene(self, view: Any) -> str:
        """The Last Stand begins: one candle, and everyone knows how it ends (L41, L60)."""
        self._setup(view)
        return self._outcome("final_open")

    def x_card(self, view: Any, note: str) -> str:
        """Drop the current place and conflict from the story for good, and turn elsewhere (D39)."""
        self._setup(view)
        for entry in (self.place, self.conflict):
            if entry is not None:
                self.dropped.add(id(entry))
        self.conflict = None
        self._next_place()
        tables = mat.load("tables")
        text = self._line("x_card", "xcard", tables["xcard"])
        open_conflict = getattr(view, "conflict", None)
        if open_conflict is not None and not open_conflict.moment:
            # the dice stay (no mechanics change), the dropped task does not: the roll decides another
            self.conflict = self._pick_conflict(open_conflict.dangerous)
            name = self._name(view, open_conflict.active)
            text += " " + self._line("x_card_reframe", "xcard_reframe", tables["xcard_reframe"], name=name,
                                     conflict=mat.text(self.conflict, self.lang))
        return text

    def _next_place(self) -> None:
        places = [p for p in self.module["places"] if id(p) not in self.dropped]
        assert self.safety is not None
        allowed = mat.allowed(places, self.safety)
        if not allowed:
            self.place = None
            return
        self.place_index = (self.place_index + 1) % len(allowed)
        self.place = allowed[self.place_index]
        self.drawn.append(("places", self.place))


__all__ = ["HOST", "ModuleBlockedError", "TemplateStoryteller", "usable_modules"]

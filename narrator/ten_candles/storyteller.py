"""The template Storyteller: a Ten Candles GM voice that needs no model.

It implements :class:`agents.ten_candles.voice.Storyteller` from the YAML material in
``prompts/ten_candles`` (a module's places, Their manifestations, scene openings, conflicts and
truths; shared tables of truths, signs, framings and outcome lines), in Russian or English. It is
fed only the GM's view and the events the GM seat sees, and it never draws an entry that touches
one of the table's lines (tags or words, :class:`agents.ten_candles.material.Safety`); veiled
entries come last and are marked off-screen. An X-card drops the current thread for good.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from narrator.agents.ten_candles import material as mat
from narrator.rules.core import HOST, Event, PlayerId


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

    # -- memory ---------------------------------------------------------------------------------

    def observe(self, events: Sequence[Event]) -> None:
        """Learn the characters' names as they are read out."""
        for event in events:
            if event.kind == "character_described":
                self.names[event.data["seat"]] = event.data["name"]

    def _setup(self, view: Any) -> None:
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

    def _draw(self, table: str, entries: Sequence[mat.Entry]) -> mat.Entry | None:
        assert self.safety is not None
        fresh = [e for e in entries if id(e) not in self.dropped]
        entry = mat.pick(self.rng, fresh, self.safety)
        if entry is not None:
            self.drawn.append((table, entry))
        return entry

    def _say(self, what: str, entry: mat.Entry | None, **values: Any) -> str:
        text = mat.text(entry, self.lang).format_map(_Values(values))
        if entry is not None and self.safety is not None and self.safety.veiled(entry):
            text = f"{text} {mat.load('tables')['veil'][self.lang]}"
        self.history.append((what, text))
        return text

    def _outcome(self, key: str, **values: Any) -> str:
        return self._say(key, self._draw(key, mat.load("tables")["outcomes"][key]), **values)

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
        opening = self._draw("openings", self.module["openings"])
        text = self._say("opening", opening, place=place, place_cap=place[:1].upper() + place[1:])
        if self.rng.random() < 0.6:
            text += " " + self.sign()
        return text

    def sign(self) -> str:
        """One of Their manifestations: the module's first, the shared signs otherwise."""
        entries = [*self.module.get("manifestations", []), *mat.load("tables")["signs"]]
        return self._say("sign", self._draw("signs", entries))

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
        topic = str(entry.get("topic", "general")) if entry is not None else "general"
        self.history.append(("truth", text))
        return text, topic

    def write_brink(self, view: Any, holder: PlayerId) -> str:
        """«Они видели, как ты…» with where or when (L190, L178)."""
        self._setup(view)
        entry = self._draw("gm_brinks", mat.load("characters")["gm_brinks"])
        if entry is None:
            return mat.load("tables")["ritual"][self.lang]
        return f"{mat.text(entry, self.lang)} ({mat.text(entry['note'], self.lang)})"

    def frame_conflict(self, view: Any, active: PlayerId, dangerous: bool, moment: bool) -> str:
        """Who acts, what they attempt, and whether it may kill (L265, L289)."""
        self._setup(view)
        framing = mat.load("tables")["framing"]
        name = self._name(view, active)
        if moment:
            text = (view.characters[active].moment or "").strip()
            return self._say("frame_moment", self._draw("framing", framing["moment"]), name=name, moment=text)
        candidates = [c for c in self.module["conflicts"] if bool(c.get("dangerous")) == dangerous]
        self.conflict = self._draw("conflicts", candidates or self.module["conflicts"])
        task = mat.text(self.conflict, self.lang)
        kind = "dangerous" if dangerous else "normal"
        return self._say(f"frame_{kind}", self._draw("framing", framing[kind]), name=name, conflict=task)

    def narrate_outcome(self, view: Any, events: Sequence[Event]) -> str:
        """The outcome the kernel settled, when the GM narrates it (L283, L289): burned cards,
        the Brink, the Moment, deaths, the result and the candles left."""
        self._setup(view)
        moment = any(e.kind == "moment_burned" for e in events)
        parts = [self._event_line(view, e) for e in events if not (moment and e.kind == "conflict_resolved")]
        return " ".join(p for p in parts if p) or self._outcome("success_gm", name="", candles=view.lit)

    def _event_line(self, view: Any, event: Event) -> str:
        data = event.data
        kind = event.kind
        if kind == "trait_burned":
            key = "trait_virtue" if data["card"] == "virtue" else "trait_vice"
            return self._outcome(key, name=self._name(view, data["seat"]), trait=data["trait"])
        if kind == "brink_embraced":
            return self._outcome("brink_success", name=self._name(view, data["seat"]), brink=data["text"])
        if kind == "brink_engulfed":
            return self._outcome("brink_failure", name=self._name(view, data["seat"]), brink=data["text"])
        if kind == "moment_burned":
            key = "moment_success" if data["success"] else "moment_failure"
            return self._outcome(key, name=self._name(view, data["seat"]))
        if kind == "conflict_resolved":
            return self._resolution(view, data)
        if kind == "character_died" and data["cause"] == "final_scene":
            return self._outcome("final_death", name=data.get("name") or self._name(view, data["seat"]))
        return ""

    def _resolution(self, view: Any, data: Any) -> str:
        name = self._name(view, data["active"])
        if data["success"]:
            return self._outcome("success_gm", name=name, candles=view.lit)
        if view.final_scene:
            return ""  # the roller's death is told by its own event
        return self._outcome("failure_dangerous" if data["dangerous"] else "failure", name=name, candles=view.lit)

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
        return self._say("x_card", self._draw("xcard", mat.load("tables")["xcard"]))

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


class _Values(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""


__all__ = ["HOST", "ModuleBlockedError", "TemplateStoryteller", "usable_modules"]

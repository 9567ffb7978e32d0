"""A timeline told through one lens in one language: steps of lines, the view panel, moves per chapter.

The words are the games' own, said by the renderer the live web page says them with (:mod:`narrator.render`,
which reuses the terminal narrators: battaglia's host, Ten Candles' table lines, the Storyteller's
renderer): each event as the game's text says it, each move as the seat's controls label it, and each panel
is the text's reading of the kernel's ``view`` for the lens at that moment. The viewer's own lines (headings,
refusals, fallbacks, model calls) come from the catalogue (``prompts/i18n``, ``replay.*``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from narrator.agents.i18n import catalogue, end_reason, message, refusal
from narrator.render.text import Context, HasNarrator, NamesCharacters, Section, Text, text_for
from narrator.rules.battaglia.events import Ballots
from narrator.rules.core import HOST, PUBLIC, Event, Viewer
from narrator.rules.storyteller import events as st_events
from narrator.storyteller.template import display_name
from narrator.viewer.headings import Call, about, call, chapter_title, lens_name, seat_names, title
from narrator.viewer.speech import SpeechTeller, composed_speeches
from narrator.viewer.timeline import Entry, Lens, Moment, Timeline
from narrator.viewer.translate import phrases, retell


@dataclass
class Line:
    """One thing said in a step: ``kind`` is the record's (``event``, ``move``, ``narration``...)."""

    kind: str
    text: str


@dataclass
class Step:
    """What the lens saw of one moment (a moment that crosses a chapter is two steps)."""

    moment: int
    chapter: int
    line: int
    """The transcript line the step starts at."""
    lines: list[Line]
    calls: list[Call]
    panel: list[Section]
    moves: list[tuple[int, str]] = field(default_factory=list)
    """The seats' moves the lens saw in this step (``(seat, label)``), for the chapter's table."""
    votes: list[tuple[int, str]] = field(default_factory=list)
    """Ballots the lens saw cast in this step (``(voter, whom)``)."""


@dataclass
class ChapterTold:
    """A chapter's heading."""

    index: int
    title: str


@dataclass
class Told:
    """The whole game through one lens."""

    lens: Lens
    lang: str
    title: str
    about: str
    who: str
    steps: list[Step]
    chapters: list[ChapterTold]
    names: dict[int, str]


class Teller:
    """Tells ``timeline`` as ``lens`` saw it, in ``lang``."""

    def __init__(self, timeline: Timeline, lens: Lens, lang: str) -> None:
        self.timeline, self.lens, self.lang = timeline, lens, lang
        self.game = timeline.game
        self.text: Text = text_for(self.game.name)
        self.ctx = Context(tuple(seat_names(timeline, lang)), lang, lens.page_viewer, int(timeline.header.get("seed") or 0))
        self.names = {s: self.ctx.seat(s) for s in range(timeline.seats)}
        self.names.update(self._character_names())
        self.recorded = timeline.recorded_language()
        self.phrases = phrases(self.game.name, self.recorded, lang) if self.recorded else ()
        """The data phrases bots write from, with their twins in ``lang`` (a game told in another language)."""
        self.people = {s.get("seat") for s in timeline.header.get("seats") or ()
                       if isinstance(s, dict) and s.get("agent") == "human"}
        self.names.update({seat: retell(name, self.phrases) for seat, name in self.names.items()
                           if seat not in self.people})
        self.speeches = self._speech_teller()
        """Battaglia seats' words, composed speeches told again in ``lang`` (the rest marked as said)."""
        self._moment: Moment | None = None
        self._retold: dict[int, str] = {}
        """Transcript line -> the template Storyteller's prose told again in the replay's language."""

    # -- names ------------------------------------------------------------------------------------

    def _character_names(self) -> dict[int, str]:
        """Names the game gives seats (battaglia's town names, Ten Candles' characters, the Storyteller's PC)."""
        final = self.game.view(self.timeline.moments[-1].state, None) if self.timeline.moments else None
        if isinstance(self.text, NamesCharacters) and final is not None:  # Ten Candles: characters once described
            return {s: n for s, n in self.text.names(final, self.ctx).items() if not n.startswith("#")}
        sheets = final.get("sheets") if isinstance(final, dict) else None
        if sheets:  # the Storyteller games: the player characters, seat by seat
            players = [s for s in sheets if s.get("player", True)]
            return {seat: display_name(self.lang, str(s["id"])) or str(s["name"]) for seat, s in enumerate(players)}
        if isinstance(self.text, HasNarrator) and final is not None:  # battaglia: the host's names (from the seed)
            table = self.text.narrator(final, Context(self.ctx.names, self.lang, None, self.ctx.seed)).table
            return {s: table.name(s) for s in range(len(table.names))}
        return {}

    def _speech_teller(self) -> SpeechTeller | None:
        text = self.text
        if self.game.name != "battaglia" or not isinstance(text, HasNarrator):
            return None
        actions = (e.record for m in self.timeline.moments for e in m.entries if e.kind == "action")
        return SpeechTeller(composed_speeches(actions), self.recorded, self.lang, lambda view: text.narrator(view, self.ctx).table)

    def who(self, seat: Any) -> str:
        """A seat in words (``you`` marks the lens's own seat)."""
        if seat == HOST or seat == "storyteller":
            if self.game.name in ("dark-ages", "wild-west"):  # the host seat is the Storyteller
                return message(self.lang, "replay.storyteller")
            return message(self.lang, "replay.lens_host").split(" (")[0]
        if not isinstance(seat, int):
            return str(seat)
        name = self.names.get(seat, str(seat))
        return f"{name} [{message(self.lang, 'replay.you')}]" if seat == self.lens.seat else name

    # -- the whole game ---------------------------------------------------------------------------

    def tell(self, *, panels: bool = True) -> Told:
        chapters = [ChapterTold(c.index, self.chapter_title(c.kind, c.data)) for c in self.timeline.chapters]
        steps: list[Step] = []
        for moment in self.timeline.moments:
            seen = moment.visible(self.lens)
            if not seen:
                continue
            self._retell_storyteller(moment)
            self._moment = moment
            view = self.game.view(moment.state, self.lens.knower)
            before = self.game.view(moment.before, self.lens.knower) if _has_move(seen) else view
            panel = self._panel(view) if panels else []
            for group in _by_chapter(seen):
                step = Step(moment.index, group[0].chapter, group[0].line, [], [], panel)
                self.fill(step, group, view, before)
                if step.lines or step.calls:
                    steps.append(step)
        return Told(self.lens, self.lang, self.title(), self.about(), lens_name(self.lens, self.lang, self.names),
                    steps, chapters, dict(self.names))

    def _panel(self, view: Any) -> list[Section]:
        """The text's panel of ``view``, the seats' words in it told as in the lines."""
        if self.speeches is None:
            return self.text.panel(view, self.ctx)
        sections = self.text.panel(self.speeches.view(view), self.ctx)
        finish = self.speeches.finish
        return [Section(finish(s.title), [(finish(k), finish(v)) for k, v in s.rows], [finish(i) for i in s.items])
                for s in sections]

    def title(self) -> str:
        return title(self.game.name, self.lang, lens_name(self.lens, self.lang, self.names))

    def about(self) -> str:
        return about(self.timeline, self.lang)

    def chapter_title(self, kind: str, data: dict[str, Any]) -> str:
        return chapter_title(self.lang, kind, data)

    # -- one step ---------------------------------------------------------------------------------

    def fill(self, step: Step, entries: Sequence[Entry], view: Any, before: Any) -> None:
        """Put ``entries`` into ``step``: lines, model calls, and the moves and votes for the table."""
        for entry in entries:
            kind = entry.kind
            if kind == "llm_call":
                step.calls.append(self.call(entry))
                continue
            text = self.entry_text(entry, view, before)
            if self.phrases and text and self._by_program(entry):  # a bot's or the program's words, retold
                text = retell(text, self.phrases)
            if kind == "action" and text and isinstance(entry.actor, int) and entry.actor >= 0:
                step.moves.append((entry.actor, self.move_label(entry, before)))
            if entry.event is not None and isinstance(vote := entry.event.payload, Ballots):
                for voter, targets in vote.ballots:
                    step.votes.append((int(voter), ", ".join(self.who(t) for t in targets)
                                       or message(self.lang, "replay.nobody")))
            if text:
                step.lines += [Line(kind, part) for part in text.split("\n") if part.strip()]
            if kind == "action" and (audit := self._claims(entry)):
                step.lines.append(Line("claims", audit))

    def _claims(self, entry: Entry) -> str:
        """The host's line of what a battaglia move's speech claimed and whether it was so (else ``""``)."""
        notes = entry.record.get("notes")
        if not self.lens.host or self.game.name != "battaglia" or not isinstance(notes, dict) or self._moment is None:
            return ""
        from narrator.viewer.claims import claims_line

        if not isinstance(self.text, HasNarrator):
            return ""
        table = self.text.narrator(self.game.view(self._moment.before, None), self.ctx).table
        return claims_line(notes, int(entry.actor), self._moment.before, table)

    def chance_kind(self) -> str:
        """What the current chance move draws, as the replay names it: dice, the deal, a second soul or another
        lot (an order), read from the rules' chance spec before the move; ``chance`` when it cannot be told."""
        from narrator.rules.chance import Dice, Shuffle

        try:
            spec = self.game.chance_spec(self._moment.before) if self._moment is not None else None
        except Exception:  # noqa: BLE001 - a damaged moment is told plainly, not crashed on
            spec = None
        if isinstance(spec, Dice):
            return "chance_dice"
        if isinstance(spec, Shuffle) and spec.label == "deal":
            return "chance_deal"
        if spec is not None and spec.label.startswith("second soul"):
            return "chance_soul"
        return "chance_lot" if spec is not None else "chance"

    def _by_program(self, entry: Entry) -> bool:
        """Whether a bot or the program wrote ``entry``'s words (an event: the move that derived it)."""
        if entry.kind == "narration":
            author = entry.record.get("by")
        elif entry.event is not None:
            moves = [e for e in (self._moment.entries if self._moment else ()) if e.kind == "action"]
            author = moves[0].actor if moves else None
        else:
            author = entry.actor
        return author not in self.people

    def entry_text(self, entry: Entry, view: Any, before: Any) -> str:
        record, kind = entry.record, entry.kind
        if entry.event is not None:
            if self._said_by_storyteller(entry.event):
                return ""
            if self.speeches is not None and self.speeches.concerns(entry.event):
                return self.speeches.render(entry.event, view,
                                            lambda event: self.text.event_text(event, view, self.ctx) or "")
            return self.text.event_text(entry.event, view, self.ctx) or ""
        if kind == "narration":
            if entry.line in self._retold:
                return self._retold[entry.line]
            return self.narration(record, view, retold=bool(self.phrases) and self._by_program(entry))
        return self._record_text(entry, before)

    def _record_text(self, entry: Entry, before: Any) -> str:
        """A record that is no event and no prose: a move, chance, a refusal, a fallback, talk, an answer, a roll
        from a sheet, the result (the viewer's own words, from the catalogue)."""
        record, kind = entry.record, entry.kind
        if kind == "action":
            if entry.actor == HOST:  # a GM's or Storyteller's move is told by the events it derives
                return ""
            return message(self.lang, "replay.move", who=self.who(entry.actor), move=self.move_label(entry, before))
        if kind == "chance":
            values = " ".join(map(str, record["payload"].get("values", ())))
            return message(self.lang, f"replay.{self.chance_kind()}", values=values)
        if kind == "rejected":
            move = self.label_of(record.get("payload") or {}, before)
            reason = refusal(self.lang, str((record.get("rejection") or {}).get("code", "")))
            return message(self.lang, "replay.rejected", who=self.who(entry.actor), move=move, reason=reason)
        if kind == "fallback":
            by = message(self.lang, "replay.fallback_default") if record.get("by") == "default" else \
                str(catalogue(self.lang)["bot_kinds"].get(str(record["by"]), record["by"]))
            return message(self.lang, "replay.fallback", who=self.who(entry.actor), attempts=record.get("attempts"), by=by)
        if kind == "talk":
            offers = [message(self.lang, f"replay.offer_{k}") for k, on in (record.get("offers") or {}).items()
                      if on and k in ("volunteer", "moment")]
            return message(self.lang, "replay.talk", who=self.who(entry.actor), offers="; ".join(offers)) if offers else ""
        if kind == "answer":
            payload = record.get("payload") or {}
            # the options the seat was offered, as the Storyteller offered them (from its view, as it did)
            offered = self.game.view(self._moment.before, Viewer.HOST) if self._moment is not None else before
            answer = self.approach_label(str(payload.get("approach") or payload.get("kind") or ""), offered)
            return message(self.lang, "replay.answer", who=self.who(entry.actor), answer=answer)
        if kind == "sheet_roll":  # a roll from the seat's own sheet, beside the story
            from narrator.render.storyteller import history_entry

            lines = history_entry(record.get("roll") or {}, self.lang)["lines"]
            return message(self.lang, "troupe.roll_replay", who=self.who(entry.actor), roll=" · ".join(lines))
        if kind == "result":
            if self._moment is not None and any(e.event is not None and e.event.kind == "game_over"
                                                for e in self._moment.entries):
                return ""  # the game's own words have told the end
            winners = ", ".join(self.who(w) for w in record.get("winners") or ()) or message(self.lang, "replay.nobody")
            return message(self.lang, "replay.result", reason=end_reason(self.lang, str(record["termination"])),
                           winners=winners)
        return ""

    def _retell_storyteller(self, moment: Moment) -> None:
        """A template Storyteller's prose recorded in another language is told again in the replay's:
        the template says the same things about the same events (from the host's view, as it did)."""
        if self.game.name not in ("dark-ages", "wild-west") or not self._template_storyteller():
            return
        told = [e for e in moment.entries if e.kind == "narration" and e.record.get("lang") not in (None, self.lang)]
        if not told:
            return
        from narrator.render.storyteller import voice_of_view

        view = self.game.view(moment.state, Viewer.HOST)
        events = [e.event for e in moment.entries if e.event is not None]
        try:
            lines = voice_of_view(view, self.lang).narrate(view, events)
        except ValueError:  # a scenario read from a file that is not shipped: the prose is quoted as said
            return
        self._retold[told[0].line] = "\n".join(lines)
        for extra in told[1:]:
            self._retold[extra.line] = ""

    def _said_by_storyteller(self, event: Event) -> bool:
        """A Storyteller game's new scene or turn whose words are said already: the chapter's heading names the
        scene, and the template Storyteller's prose says the turn ("— turn 2 —"), so the table's own line for
        it would say it twice."""
        if self.game.name not in ("dark-ages", "wild-west"):
            return False
        match event.payload:
            case st_events.SceneBegun():
                return True
            case st_events.TurnBegun(turn=turn):
                said = message(self.lang, "template.turn", turn=turn)
                told = [self._retold.get(e.line, str(e.record.get("text", "")))
                        for e in (self._moment.entries if self._moment else ()) if e.kind == "narration"]
                return any(said in text for text in told)
        return False

    def _template_storyteller(self) -> bool:
        return any(isinstance(s, dict) and s.get("seat") == HOST and s.get("agent") == "template-storyteller"
                   for s in self.timeline.header.get("seats") or ())

    def narration(self, record: dict[str, Any], view: Any, *, retold: bool = False) -> str:
        """Prose said at the table, as it was said; said in another language than the replay's, it
        is marked so (words people and Storytellers said are quoted, never translated), unless a bot
        said it from the game's bilingual data (``retold``: the caller swaps its phrases)."""
        event = Event("narration", PUBLIC, {"by": record.get("by"), "text": str(record.get("text", ""))})
        text = self.text.event_text(event, view, self.ctx)
        if not text or "narration" in text:
            by = record.get("by")
            text = f"{self.who(by)}: {record['text']}" if isinstance(by, int) else str(record["text"])
        said_in = record.get("lang") or self.recorded
        if said_in and said_in != self.lang and not retold:
            note = message(self.lang, "replay.said_in", language=message(self.lang, f"replay.language_name.{said_in}"))
            return "\n".join(f"{note} {part}" for part in text.split("\n") if part.strip())
        return text

    def approach_label(self, approach: str, view: Any) -> str:
        """A Storyteller player's approach as the scene offered it (its id if the scene is not known)."""
        try:
            from narrator.render.storyteller import voice_of_view

            return next(o.label for o in voice_of_view(view, self.lang).options(view) if o.approach == approach)
        except (KeyError, TypeError, IndexError, StopIteration, AssertionError, ValueError):
            return approach.replace("_", " ")

    def move_label(self, entry: Entry, before: Any) -> str:
        assert entry.action is not None
        return self.text.action_label(entry.action, before, self.ctx)

    def label_of(self, payload: dict[str, Any], before: Any) -> str:
        """A refused proposal's label (a proposal the codec cannot read is shown as its kind)."""
        from narrator.rules.codec import codec_for

        try:
            action = codec_for(tuple(self.game.action_types)).decode(payload)
        except ValueError:
            return str(payload.get("kind", "?"))
        typed = [str(payload[f]) for f in self.text.text_fields if isinstance(payload.get(f), str) and payload[f]]
        label = self.text.action_label(action, before, self.ctx)
        return f"{label}: {' / '.join(typed)}" if typed else label  # what the seat tried to say

    def call(self, entry: Entry) -> Call:
        return call(entry, self.lang, self.who)


def _has_move(entries: Sequence[Entry]) -> bool:
    return any(e.kind in ("action", "rejected") for e in entries)


def _by_chapter(entries: Sequence[Entry]) -> list[list[Entry]]:
    groups: list[list[Entry]] = []
    for entry in entries:
        if groups and groups[-1][-1].chapter == entry.chapter:
            groups[-1].append(entry)
        else:
            groups.append([entry])
    return groups


def tell(timeline: Timeline, lens: Lens, lang: str, *, panels: bool = True) -> Told:
    """``timeline`` as ``lens`` saw it, in ``lang``."""
    return Teller(timeline, lens, lang).tell(panels=panels)


__all__ = ["Call", "ChapterTold", "Line", "Moment", "Step", "Teller", "Told", "lens_name", "seat_names", "tell"]

"""A recorded game as moments, and what one viewer saw of each (the replay viewer's source of truth).

The transcript is replayed once, strictly (seals, schemas, every event re-derived), keeping the kernel's state
around each move, so each moment carries the state after it. A *moment* is one kernel
move with the records around it: the decision's side records before it (refusals, a fallback, model
calls, table talk, an answer), the move, then the events it derived and the prose said after them.

Who sees a record is decided here and only here, the way the live table decided it:

- ``event``: :meth:`Event.visible_to` on the recorded audience (what ``Session`` told each agent and
  what each web page filtered);
- ``narration``, ``talk``, ``result``: public (prose and table talk are said aloud; the web table
  reads narration as public events, :func:`narrator.web.manager.read_events`);
- ``action``, ``rejected``, ``fallback``, ``answer``: the seat that decided, and the host;
- ``sheet_roll``: the seat that rolled from its own sheet, and the host;
- ``llm_call``: the seat whose model it was, and the host when model calls are shown to it;
- ``chance``: the host (dice and deals reach the seats as the events they derive).

The view panel of a moment is the kernel's own ``game.view(state, viewer)``: nothing is re-filtered.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.rules.codec import codec_for
from narrator.rules.core import HOST, Action, Event, Game, PlayerId, Viewer
from narrator.rules.registry import get_game
from narrator.rules.replay import audience_from_json, decode_config
from narrator.transcript import read_transcript

MOVES = ("action", "chance")
SIDE = ("rejected", "fallback", "llm_call", "talk", "answer")
"""A decision's records written before its move (they open the next moment)."""
PUBLIC_KINDS = ("narration", "talk", "result")
OWN_KINDS = ("action", "rejected", "fallback", "answer", "sheet_roll")

CHAPTERS: dict[str, str] = {"night": "night", "day": "day", "scene_started": "scene", "scene_begun": "scene"}
"""Public events that open a chapter (a battaglia night or day, a Ten Candles or Storyteller scene)."""


@dataclass(frozen=True)
class Lens:
    """Whose eyes a replay is told through: a seat, the public, or the host (the whole truth).

    ``calls`` says whether the host lens shows other seats' model calls (only when the page's owner
    is the host; a seat shown the host view of a finished game does not get them).
    """

    seat: int | None = None
    host: bool = False
    calls: bool = True

    @classmethod
    def parse(cls, text: str) -> Lens:
        """``"host"``, ``"public"`` or a seat number."""
        word = text.strip().lower()
        if word == "host":
            return cls(host=True)
        if word == "public":
            return cls()
        try:
            seat = int(word)
        except ValueError:
            raise ValueError(f"--as {text!r}: a seat number, host or public") from None
        if seat < 0:
            raise ValueError(f"--as {text!r}: seats count from 0")
        return cls(seat=seat)

    @property
    def key(self) -> str:
        """A stable name (``"host"``, ``"public"``, ``"seat-3"``)."""
        return "host" if self.host else "public" if self.seat is None else f"seat-{self.seat}"

    @property
    def knower(self) -> PlayerId | Viewer | None:
        """Whom the kernel's ``view`` and ``Event.visible_to`` are asked about."""
        return Viewer.HOST if self.host else self.seat

    @property
    def page_viewer(self) -> PlayerId | None:
        """The presenters' ``Context.viewer``: the seat, ``HOST`` for the host, ``None`` for the public."""
        return HOST if self.host else self.seat


@dataclass
class Entry:
    """One record of the transcript, decoded."""

    line: int
    record: dict[str, Any]
    event: Event | None = None
    action: Action | None = None
    chapter: int = 0
    """The night, day or scene it happened in (an opening event belongs to the chapter it opens)."""

    @property
    def kind(self) -> str:
        return str(self.record["kind"])

    @property
    def actor(self) -> Any:
        return self.record.get("actor")


def sees(entry: Entry, lens: Lens) -> bool:
    """Whether ``lens`` may see ``entry`` (the rules in the module docstring)."""
    kind = entry.kind
    if entry.event is not None:
        return entry.event.visible_to(lens.knower)
    if kind in PUBLIC_KINDS:
        return True
    if kind in OWN_KINDS:
        return lens.host or (lens.seat is not None and entry.actor == lens.seat)
    if kind == "llm_call":
        return (lens.host and lens.calls) or (lens.seat is not None and entry.actor == lens.seat)
    return lens.host  # chance, setup, anything newer: the host only


@dataclass
class Moment:
    """One kernel move with its side records and what it derived; ``state`` is the state after it."""

    index: int
    entries: list[Entry]
    state: Any
    before: Any
    """The state before the move (the moves' labels are read from the view they were chosen in)."""

    def visible(self, lens: Lens) -> list[Entry]:
        return [e for e in self.entries if sees(e, lens)]


@dataclass
class Chapter:
    """A night, a day or a scene: opened by a public event (``opener``), or the opening before any."""

    index: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Timeline:
    """A whole recorded game as moments, ready to be told through any lens."""

    path: Path
    header: dict[str, Any]
    game: Game[Any, Any]
    moments: list[Moment]
    chapters: list[Chapter]
    finished: bool
    signed: bool

    @property
    def seats(self) -> int:
        return int(self.game.seat_count(self.moments[-1].state if self.moments else self.initial))

    @property
    def initial(self) -> Any:
        return self.game.initial_state(decode_config(self.game, self.header.get("config") or {}))

    def lenses(self) -> Iterator[Lens]:
        """Every lens of this game: the host, the public, each seat."""
        yield Lens(host=True)
        yield Lens()
        for seat in range(self.seats):
            yield Lens(seat=seat)

    def recorded_language(self) -> str | None:
        """The language the table played in, where the header says it."""
        from narrator.transcript import recorded_language

        return recorded_language(self.header)


def load(path: str | Path) -> Timeline:
    """Replay ``path`` strictly (once: the states around each move are kept as it goes), then cut it into moments.

    Raises:
        FileNotFoundError: no such file.
        TranscriptError: a damaged or diverging line (named).
    """
    path = Path(path)
    moves: list[tuple[Action, Any, Any]] = []
    replayed = read_transcript(path, on_move=lambda action, before, after: moves.append((action, before, after)))
    game = get_game(replayed.header["game"])
    return build(path, replayed.header, replayed.records, game, finished=replayed.outcome is not None,
                 signed=replayed.signed, moves=moves)


def build(path: Path, header: dict[str, Any], records: Sequence[dict[str, Any]], game: Game[Any, Any], *,
          finished: bool, signed: bool, moves: Sequence[tuple[Action, Any, Any]] | None = None) -> Timeline:
    """The moments of an already replayed record list: ``moves`` are the replay's ``(action, before, after)`` in
    order (:func:`load` keeps them); without them the moves are applied again for the states."""
    replayed = iter(moves) if moves is not None else None
    codec = codec_for(tuple(game.action_types))
    state = game.initial_state(decode_config(game, header.get("config") or {}))
    moments: list[Moment] = []
    chapters = [Chapter(0, "opening")]
    current: Moment | None = None
    pending: list[Entry] = []
    for line, record in enumerate(records, start=2):
        entry = Entry(line, record, chapter=len(chapters) - 1)
        kind = entry.kind
        if kind == "event":
            entry.event = Event(record["event"], audience_from_json(record["audience"]), record.get("data") or {})
            opened = CHAPTERS.get(entry.event.kind)
            if opened and entry.event.visible_to(None):
                chapters.append(Chapter(len(chapters), opened, dict(entry.event.data)))
                entry.chapter = len(chapters) - 1
        if kind in MOVES:
            if replayed is not None:
                entry.action, before, state = next(replayed)
            else:
                entry.action = codec.decode(record["payload"])
                before, state = state, game.apply(state, entry.action).state
            current = Moment(len(moments), [*pending, entry], state, before)
            moments.append(current)
            pending = []
        elif kind in SIDE or current is None or pending:
            pending.append(entry)
        else:
            current.entries.append(entry)
    if pending:
        moments.append(Moment(len(moments), pending, state, state))
    return Timeline(path, header, game, moments, chapters, finished, signed)

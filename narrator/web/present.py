"""Per-game table flow on the web: whose turn, what to ask, which buttons; the words come from the game's text.

A :class:`Presenter` is one game's table flow at the web table: the seat's moves as controls (grouped, confirmed),
the table's own moves and questions (a Storyteller player's approach), who the table waits for, the host's options,
the prose bots add after a move, who may see a draft. What a line says, in the table's language, is its
:attr:`Presenter.text` (:mod:`narrator.render.text`: the renderer the replay viewer shares). The base class is the
generic flow, so a game nobody wrote a presenter for still plays; the project's games register their own
(``narrator/web/adapters/``), imported lazily by name.

A presenter only ever receives what the viewer may know: the page's view and the events already
filtered by audience. Grouping: many moves of one kind (``vote → X`` for every living seat) become
one control with a select, so a 17-seat accusation list is one form, not 17 buttons.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from narrator.lazy_registry import LazyRegistry
from narrator.render.fields import Control
from narrator.render.text import Context, Section, Text, text_for, viewer_name
from narrator.rules.codec import action_to_dict
from narrator.rules.core import HOST, HOST_ONLY, PUBLIC, Action, Audience, Code, Event, PlayerId, Rejection

if TYPE_CHECKING:
    from narrator.session import Questions

GROUP_AT = 4
"""Moves of one kind are grouped into a select from this many on (fewer stay buttons)."""


@dataclass
class Choice:
    """One option of a grouped control."""

    label: str
    payload: dict[str, Any]


@dataclass
class Group(Control):
    """Several moves of one kind as one form: a select of ``choices`` and one button."""

    choices: list[Choice] = field(default_factory=list)


@dataclass
class Ballot(Control):
    """A vote as checkboxes: tick up to ``most`` of ``options`` (``(seat, label)``); the page sends
    ``payload`` with ``targets`` set to the ticked seats in seat order."""

    options: list[tuple[int, str]] = field(default_factory=list)
    most: int = 1
    note: str = ""


@dataclass
class Accusation(Control):
    """An accusation as a person picker (never the accuser), a ground (legend / logic, each explained)
    and, where the rules allow it, a shadow charge; the page sends ``target``, ``basis`` and ``charge``."""

    targets: list[tuple[int, str]] = field(default_factory=list)
    bases: list[tuple[str, str]] = field(default_factory=list)
    """``(basis, label)``: legend / logic."""
    shadow: str = ""
    """The shadow charge's label ("" where no shadow charge is legal now)."""
    labels: dict[str, str] = field(default_factory=dict)
    """The picker's and the ground's questions (``whom``, ``basis``)."""


class Presenter:
    """The generic table flow (one button per move, a select for many of one kind); games override what they
    do otherwise.

    Attributes:
        text: the game's words (:func:`narrator.render.text.text_for` unless given).
        host_plays: the rules give the host seat (``HOST``) decisions of its own (a GM, a
            Storyteller), which the table's creator may hand to a bot or keep for a person.
    """

    host_plays = False
    worded_codes: frozenset[str] = frozenset()
    """Refusal codes whose message the table wrote in the page's language itself (shown as it is: the
    closest approaches to a typed intent, say), not the catalogue's general line for the code."""
    question_codes: frozenset[str] = frozenset()
    """Codes of a question back, not a refusal (the Storyteller asking which reading the words meant): the page
    shows them in the question's own style and label (``seat.asks``), never as «Refused:»."""
    host_viewer: Any = HOST
    """Whom the kernel's ``view`` and the events' audiences are asked about for a person in the host
    seat (battaglia's moderator: ``Viewer.HOST``, the whole truth; the int ``HOST`` elsewhere)."""
    names_winners = True
    """The finished table's status names its winners («Winners: —» says nothing of a story told together)."""
    host_acts_any_time = False
    """The host seat's moves are offered whenever the kernel lists them, though the host is never
    among ``active_players`` (battaglia's moderator declaring the outcome)."""

    def __init__(self, game: str, text: Text | None = None) -> None:
        self.game = game
        self.text = text if text is not None else text_for(game)

    # -- moves -----------------------------------------------------------------------------------

    def guide(self, actions: Sequence[Action], view: Any, ctx: Context) -> list[str]:
        """Lines above the seat's moves saying what the choice in front of it does (none by default)."""
        return []

    def irreversible(self, action: Action, view: Any, ctx: Context) -> str:
        """Why ``action`` cannot be undone, to be confirmed before it is sent ("" when it can be)."""
        return ""

    def is_interjection(self, kind: str) -> bool:
        """Moves any seat may make at any moment (an X-card): shown apart, after the turn's moves."""
        return False

    def controls(self, actions: Sequence[Action], view: Any, ctx: Context) -> list[Control]:
        """The seat's moves as controls: one button per move, a select for many of one kind."""
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)
        kinds = sorted(by_kind, key=self.is_interjection)  # stable: the turn's moves first
        shown: list[Control] = []
        for kind in kinds:
            distinct = _distinct(by_kind[kind], self.text.text_fields)
            if len(distinct) >= GROUP_AT:
                group = self._group(kind, distinct, view, ctx)
                _confirm(group, next((w for w in (self.irreversible(a, view, ctx) for a, _, _ in distinct) if w), ""))
                shown.append(group)
            else:
                for a, payload, texts in distinct:
                    control = Control(self.text.action_label(a, view, ctx), payload, texts)
                    _confirm(control, self.irreversible(a, view, ctx))
                    shown.append(control)
        return shown

    def _group(self, kind: str, moves: list[tuple[Action, dict[str, Any], list[str]]], view: Any,
               ctx: Context) -> Group:
        choices = [Choice(self.text.option_label(a, view, ctx), payload) for a, payload, _ in moves]
        label = self.text.group_label(kind, [a for a, _, _ in moves], view, ctx)
        return Group(label, {"kind": kind}, moves[0][2], choices)

    # -- table moves (choices the kernel has no action for) --------------------------------------

    table_move_kinds: frozenset[str] = frozenset()
    """Kinds of the web layer's own moves (a Storyteller player's choice of approach); the API hands
    them to :meth:`table_move` instead of the kernel's codec."""

    def setup_options(self, options: dict[str, Any], language: str) -> dict[str, Any]:
        """A new table's options as the kernel's config expects them (a sheet chosen by name, say).

        Raises:
            ValueError: naming what is wrong (the API answers 422).
        """
        return options

    def drawn_names(self, seed: int, seats: int, language: str) -> list[str]:
        """The names this game deals unnamed seats from the table's seed, seat by seat, then spares
        (a bot whose name a person took gets the first spare free); empty: the game names no seat."""
        return []

    def host_options(self, options: dict[str, Any], host: str | None) -> dict[str, Any]:
        """A new table's options given who the creator chose as host (``"human"``/``"bot"``/``None``).

        Raises:
            ValueError: the options contradict the choice (the API answers 422).
        """
        return options

    def human_host(self, table: Any) -> bool:
        """Whether a person sits in the host seat with the host's knowledge and moves (the host page
        then shows ``view(state, host_viewer)``); else the host page is public."""
        return self.host_plays and table.record.host.controller == "human"

    def table_controls(self, table: Any, seat: PlayerId | None, ctx: Context) -> list[Control]:
        """Controls for table moves ``seat`` may make now, shown before the kernel's moves."""
        return []

    def seat_tools(self, table: Any, seat: PlayerId | None, ctx: Context) -> list[Control]:
        """Controls a seat's page offers at any moment besides the game's moves (a roll from the sheet),
        shown after them on the page (not listed as the table's moves in the state API)."""
        return []

    def table_sections(self, table: Any, seat: PlayerId | None, ctx: Context) -> list[Section]:
        """Sections of a seat's page kept by the table rather than the kernel (a seat's roll history)."""
        return []

    def restore(self, table: Any, records: Sequence[Mapping[str, Any]]) -> None:
        """Rebuild what the table keeps beside the kernel (a seat's roll history) from the transcript's
        records, when a restarted server loads the table."""

    def table_move(self, table: Any, seat: PlayerId, payload: dict[str, Any]) -> Rejection | None:
        """Make a table move for ``seat`` (called under the table's lock); a refusal says why."""
        return Rejection(Code.UNKNOWN_ACTION, f"{payload.get('kind')!r} is not a move of {self.game}", "web")

    def before_move(self, table: Any, seat: PlayerId, action: Action) -> Rejection | None:
        """Why a person's kernel move goes back before the kernel sees it (the table's reader cannot read
        its words, say), or ``None``; called under the table's lock."""
        return None

    def questions(self, language: str) -> Questions | None:
        """What the table asks outside the kernel (:class:`narrator.session.Questions`), if anything."""
        return None

    def waiting(self, table: Any, seats: list[PlayerId]) -> list[PlayerId]:
        """Who the table waits for, given the seats the kernel waits for."""
        return seats

    def seat_names(self, table: Any, language: str) -> list[str]:
        """Each seat's name as the whole table knows it (for the seat lists, "Waiting for", the invite
        links): the name the creator typed, else "" (a game adds the names it deals or the characters
        its seats play; never a secret: every page shows these)."""
        return list(table.names)

    # -- narration (bots' prose beside the kernel's events) --------------------------------------

    def narration(self, table: Any, events: Sequence[Event]) -> list[tuple[str, str]]:
        """Prose to add after a move: ``(speaker, text)`` pairs, public. None by default."""
        return []

    # -- streamed drafts (narrator.web.drafts) ----------------------------------------------------

    public_draft_roles: frozenset[str] = frozenset()
    """Model roles whose finished text is public (a bot's accusation, the Storyteller's narration)."""

    def draft_audience(self, role: str, who: PlayerId | None) -> Audience:
        """Who may see a draft of ``role`` written for seat ``who``: the audience its finished line
        will have. Public for :attr:`public_draft_roles`; anything else host-only (pages with the
        host's knowledge), so a role nobody classified never streams to a seat."""
        return PUBLIC if role in self.public_draft_roles else HOST_ONLY


def _confirm(control: Control, why: str) -> None:
    """Mark ``control`` as needing a ticked "I understand" box before it is sent (``why`` is its label)."""
    if why:
        control.confirm = why  # type: ignore[attr-defined]


def _distinct(actions: Sequence[Action], text_fields: Sequence[str]) -> list[tuple[Action, dict[str, Any], list[str]]]:
    """Moves that differ only in typed text count once: ``(action, payload without text, text fields)``."""
    seen: dict[str, tuple[Action, dict[str, Any], list[str]]] = {}
    for action in actions:
        texts = [f.name for f in dataclasses.fields(action) if f.name in text_fields]
        payload = {k: v for k, v in action_to_dict(action).items() if k not in texts}
        seen.setdefault(repr(sorted(payload.items())), (action, payload, texts))
    return list(seen.values())


_PRESENTERS: LazyRegistry[Presenter] = LazyRegistry({
    "battaglia": "narrator.web.adapters.battaglia:PRESENTER",
    "ten-candles": "narrator.web.adapters.ten_candles:PRESENTER",
    "dark-ages": "narrator.web.adapters.storyteller:DARK_AGES_PRESENTER",
    "wild-west": "narrator.web.adapters.storyteller:WILD_WEST_PRESENTER",
}, Presenter)


def register_presenter(game: str, presenter: Presenter | str) -> None:
    """Make ``presenter`` (or ``"module:attribute"`` naming one) present ``game``'s tables."""
    _PRESENTERS.register(game, presenter)


def presenter_for(game: str) -> Presenter:
    """The game's presenter, or the generic one."""
    return _PRESENTERS.get(game)


__all__ = ["Accusation", "Ballot", "Choice", "Context", "Group", "Presenter", "Section", "Text",
           "presenter_for", "register_presenter", "viewer_name"]

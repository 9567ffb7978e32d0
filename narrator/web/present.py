"""Per-game presentation: events as sentences, moves as readable controls, a view as a panel.

A :class:`Presenter` turns what the kernel gives one viewer (its view, its legal moves, the events
it may see) into words in the table's language. The base class is the generic renderer of
:mod:`narrator.web.render` (field lists), so a game nobody wrote a presenter for still plays; the
project's games register their own (``narrator/web/adapters/``), imported lazily by name.

A presenter only ever receives what the viewer may know: the page's view and the events already
filtered by audience. Grouping: many moves of one kind (``vote → X`` for every living seat) become
one control with a select, so a 17-seat accusation list is one form, not 17 buttons.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any

from narrator.agents.i18n import message
from narrator.rules.codec import action_to_dict
from narrator.rules.core import HOST, HOST_ONLY, PUBLIC, Action, Audience, Code, Event, PlayerId, Rejection
from narrator.web.i18n import translate
from narrator.web.render import TEXT_FIELDS, Control, controls, event_line, seat_name, view_rows

if TYPE_CHECKING:
    from narrator.session import Questions

GROUP_AT = 4
"""Moves of one kind are grouped into a select from this many on (fewer stay buttons)."""


@dataclass(frozen=True)
class Context:
    """What a presenter may use besides the viewer's own view and events.

    Attributes:
        names: the seats' display names as the table creator typed them ("" when unnamed).
        language: ``"ru"`` or ``"en"``.
        viewer: the page's seat, ``HOST`` for a human moderator, ``None`` for the public page.
        seed: the table's seed (public: battaglia draws its town's dressing from it).
        rules: the game's rule options (its config; public: the whole table agreed to them), ``None`` when
            not known (then a presenter assumes the game's defaults).
    """

    names: tuple[str, ...]
    language: str
    viewer: PlayerId | None = None
    seed: int = 0
    rules: Any = None

    def t(self, key: str, **values: Any) -> str:
        """A catalogue message in this context's language."""
        return translate(self.language, key, **values)

    def seat(self, seat: int) -> str:
        """A seat's display name."""
        return seat_name(self.names, seat, self.language)


@dataclass
class Section:
    """One block of the view panel: a title, label/value rows, and free lines (a list)."""

    title: str
    rows: list[tuple[str, str]] = field(default_factory=list)
    items: list[str] = field(default_factory=list)


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
    """The generic presentation (field lists); games override what they can say better.

    Attributes:
        host_plays: the rules give the host seat (``HOST``) decisions of its own (a GM, a
            Storyteller), which the table's creator may hand to a bot or keep for a person.
    """

    host_plays = False
    worded_codes: frozenset[str] = frozenset()
    """Refusal codes whose message the table wrote in the page's language itself (shown as it is: the
    closest approaches to a typed intent, say), not the catalogue's general line for the code."""
    host_viewer: Any = HOST
    """Whom the kernel's ``view`` and the events' audiences are asked about for a person in the host
    seat (battaglia's moderator: ``Viewer.HOST``, the whole truth; the int ``HOST`` elsewhere)."""
    host_acts_any_time = False
    """The host seat's moves are offered whenever the kernel lists them, though the host is never
    among ``active_players`` (battaglia's moderator declaring the outcome)."""
    text_fields: Sequence[str] = TEXT_FIELDS
    """Action fields a person types (every other field comes from ``legal_actions``)."""

    def __init__(self, game: str) -> None:
        self.game = game

    host_key = "viewer.host"
    """The catalogue key of what the game calls the seat that runs it (the GM; a Storyteller game says so)."""

    def host_word(self, ctx: Context) -> str:
        """What the game calls the seat that runs it, in "Waiting for …"."""
        return ctx.t(self.host_key)

    # -- events ----------------------------------------------------------------------------------

    def event_text(self, event: Event, view: Any, ctx: Context) -> str | None:
        """``event`` in words (``None`` or "": not shown). ``view`` is the viewer's current view."""
        return event_line(self.game, event, ctx.names, ctx.language)

    # -- moves -----------------------------------------------------------------------------------

    def action_label(self, action: Action, view: Any, ctx: Context) -> str:
        """A button's words for one move."""
        return controls(self.game, [action], ctx.names, ctx.language)[0].label

    def group_label(self, kind: str, actions: Sequence[Action], view: Any, ctx: Context) -> str:
        """The button of a group of ``kind`` moves."""
        return ctx.t(f"action.{kind}")

    def option_label(self, action: Action, view: Any, ctx: Context) -> str:
        """One option inside a group: what tells it apart from the others."""
        label = self.action_label(action, view, ctx)
        rest = label.removeprefix(ctx.t(f"action.{action.kind}")).strip().removeprefix("→").strip()
        if rest.startswith("(") and rest.endswith(")"):
            rest = rest[1:-1]
        return rest or label

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
            distinct = _distinct(by_kind[kind], self.text_fields)
            if len(distinct) >= GROUP_AT:
                group = self._group(kind, distinct, view, ctx)
                _confirm(group, next((w for w in (self.irreversible(a, view, ctx) for a, _, _ in distinct) if w), ""))
                shown.append(group)
            else:
                for a, payload, texts in distinct:
                    control = Control(self.action_label(a, view, ctx), payload, texts)
                    _confirm(control, self.irreversible(a, view, ctx))
                    shown.append(control)
        return shown

    def _group(self, kind: str, moves: list[tuple[Action, dict[str, Any], list[str]]], view: Any,
               ctx: Context) -> Group:
        choices = [Choice(self.option_label(a, view, ctx), payload) for a, payload, _ in moves]
        label = self.group_label(kind, [a for a, _, _ in moves], view, ctx)
        return Group(label, {"kind": kind}, moves[0][2], choices)

    # -- the view --------------------------------------------------------------------------------

    def panel(self, view: Any, ctx: Context) -> list[Section]:
        """The viewer's knowledge as sections (the generic one: every field as a row)."""
        return [Section("", rows=view_rows(view, ctx.names, ctx.language))]

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

    def is_out(self, view: Any, seat: PlayerId | None) -> bool:
        """Whether ``seat`` is out of the game for good (its page says so plainly)."""
        return False

    def out_notice(self, view: Any, ctx: Context) -> str:
        """What the page of a seat that is out says (once, plainly)."""
        return message(ctx.language, "web.out")

    def identity(self, view: Any, ctx: Context) -> str:
        """Who the page's seat is in the game, for "You are …" (a game names its character or mask;
        here the name the table's creator typed, else "seat N")."""
        return ctx.seat(ctx.viewer) if isinstance(ctx.viewer, int) and ctx.viewer >= 0 else ""

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


_PRESENTERS: dict[str, Presenter | str] = {
    "battaglia": "narrator.web.adapters.battaglia:PRESENTER",
    "ten-candles": "narrator.web.adapters.ten_candles:PRESENTER",
    "dark-ages": "narrator.web.adapters.storyteller:DARK_AGES_PRESENTER",
    "wild-west": "narrator.web.adapters.storyteller:WILD_WEST_PRESENTER",
}


def register_presenter(game: str, presenter: Presenter | str) -> None:
    """Make ``presenter`` (or ``"module:attribute"`` naming one) present ``game``'s tables."""
    _PRESENTERS[game] = presenter


def presenter_for(game: str) -> Presenter:
    """The game's presenter, or the generic one."""
    entry = _PRESENTERS.get(game)
    if isinstance(entry, str):
        module_name, attribute = entry.split(":")
        entry = _PRESENTERS[game] = getattr(import_module(module_name), attribute)
    return entry if entry is not None else Presenter(game)


def viewer_name(viewer: PlayerId | None, ctx: Context) -> str:
    """Who a page is for, in words."""
    if viewer is None:
        return ctx.t("viewer.public")
    return ctx.t("viewer.host") if viewer == HOST else ctx.seat(viewer)

"""What a line says, in the table's language: events as sentences, moves as labels, a view as a panel.

A :class:`Text` turns what the kernel gives one viewer (its view, its moves, the events it may see) into words.
The base class is the generic one (:mod:`narrator.render.fields`: field lists), so a game nobody wrote words
for still reads; the project's games have their own (``narrator/render/<game>.py``), imported lazily by name
(:func:`text_for`). The live web page (:mod:`narrator.web.present`, whose per-game table flow holds one) and
the replay viewer (:mod:`narrator.viewer.tell`) say every line through these, so a replay reads as the table did.

A text only ever receives what the viewer may know: the page's view and the events already filtered by audience.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from narrator.agents.i18n import message
from narrator.rules.core import HOST, Action, Event, PlayerId

from narrator.lazy_registry import LazyRegistry
from narrator.render.fields import TEXT_FIELDS, controls, event_line, seat_name, view_rows
from narrator.render.words import translate


@dataclass(frozen=True)
class Context:
    """What a text may use besides the viewer's own view and events.

    Attributes:
        names: the seats' display names as the table creator typed them ("" when unnamed).
        language: ``"ru"`` or ``"en"``.
        viewer: the page's seat, ``HOST`` for a human moderator, ``None`` for the public page.
        seed: the table's seed (public: battaglia draws its town's dressing from it).
        rules: the game's rule options (its config; public: the whole table agreed to them), ``None`` when
            not known (then a text assumes the game's defaults).
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


class Text:
    """The generic words (field lists); games override what they can say better."""

    text_fields: Sequence[str] = TEXT_FIELDS
    """Action fields a person types (every other field comes from ``legal_actions``)."""
    host_key = "viewer.host"
    """The catalogue key of what the game calls the seat that runs it (the GM; a Storyteller game says so)."""

    def __init__(self, game: str) -> None:
        self.game = game

    def host_word(self, ctx: Context) -> str:
        """What the game calls the seat that runs it, in "Waiting for …"."""
        return ctx.t(self.host_key)

    def event_text(self, event: Event, view: Any, ctx: Context) -> str | None:
        """``event`` in words (``None`` or "": not shown). ``view`` is the viewer's current view."""
        return event_line(self.game, event, ctx.names, ctx.language)

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

    def panel(self, view: Any, ctx: Context) -> list[Section]:
        """The viewer's knowledge as sections (the generic one: every field as a row)."""
        return [Section("", rows=view_rows(view, ctx.names, ctx.language))]

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


@runtime_checkable
class NamesCharacters(Protocol):
    """A text that knows the names the game gives its seats from a view (Ten Candles' characters, once described)."""

    def names(self, view: Any, ctx: Context) -> dict[int, str]:
        """Each seat's name in the game, by seat."""
        ...


@runtime_checkable
class HasNarrator(Protocol):
    """A text that says events through a host's voice (battaglia's :class:`~narrator.battaglia.narration.Narrator`,
    whose ``table`` holds the town's names drawn from the seed)."""

    def narrator(self, view: Any, ctx: Context) -> Any:
        """The host's voice for a page of ``ctx``."""
        ...


_TEXTS: LazyRegistry[Text] = LazyRegistry({
    "battaglia": "narrator.render.battaglia:TEXT",
    "ten-candles": "narrator.render.ten_candles:TEXT",
    "dark-ages": "narrator.render.storyteller:DARK_AGES_TEXT",
    "wild-west": "narrator.render.storyteller:WILD_WEST_TEXT",
}, Text)


def register_text(game: str, text: Text | str) -> None:
    """Make ``text`` (or ``"module:attribute"`` naming one) say ``game``'s lines."""
    _TEXTS.register(game, text)


def text_for(game: str) -> Text:
    """The game's words, or the generic ones."""
    return _TEXTS.get(game)


def viewer_name(viewer: PlayerId | None, ctx: Context) -> str:
    """Who a page is for, in words."""
    if viewer is None:
        return ctx.t("viewer.public")
    return ctx.t("viewer.host") if viewer == HOST else ctx.seat(viewer)

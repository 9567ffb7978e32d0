"""Turning a seat's view, its legal moves and its events into things a page can show.

Everything here is generic over the kernel contract: a view is whatever ``game.view`` returns
(made JSON-ready), a control is one enumerated legal action (plus a text box where the action
has a ``text`` field), an event line is the event's kind and data in words. Games may register
their own labels (:func:`register_action_labeler`, :func:`register_event_formatter`) or just
translate kinds in the catalogue (``action.vote``, ``event.dawn``, ``field.alive``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from narrator.rules.codec import action_to_dict
from narrator.rules.core import Action, Event, jsonable

from narrator.render.words import translate

TEXT_FIELDS = ("text",)
"""Action fields a person types (a truth, a speech); every other field comes from ``legal_actions``."""

SEAT_KEYS = frozenset({"seat", "seats", "target", "targets", "actor", "victim", "to", "from", "winner", "winners",
                       "voter", "voters", "candidate", "candidates", "nominee", "killer", "by", "accuser",
                       "accused", "condemned", "cursed", "judges", "out", "guest", "patient", "members"})
"""Keys whose integer values name seats, so they are shown as seat names."""

HIDDEN_VIEW_KEYS = frozenset({"log", "notes", "viewer"})
"""View fields not shown as rows: the seat's events (log, private notes) have their own panel, and the
viewer is the page's seat."""

ActionLabeler = Callable[[Action, Sequence[str], str], str]
"""``labeler(action, seat_names, language) -> label``."""
EventFormatter = Callable[[Event, Sequence[str], str], "str | None"]
"""``formatter(event, seat_names, language) -> text`` (``None``: use the generic line)."""

_ACTION_LABELERS: dict[str, ActionLabeler] = {}
_EVENT_FORMATTERS: dict[str, EventFormatter] = {}


def register_action_labeler(game: str, labeler: ActionLabeler) -> None:
    """Let ``game`` word its own action buttons."""
    _ACTION_LABELERS[game] = labeler


def register_event_formatter(game: str, formatter: EventFormatter) -> None:
    """Let ``game`` word its own event lines."""
    _EVENT_FORMATTERS[game] = formatter


@dataclass
class Control:
    """One button (and maybe a text box) on a seat's page.

    Attributes:
        label: what the button says.
        payload: the action as sent back to the server, without the typed text fields.
        text_fields: fields the person types before sending.
    """

    label: str
    payload: dict[str, Any]
    text_fields: list[str] = field(default_factory=list)


def seat_name(names: Sequence[str], seat: int, language: str) -> str:
    """A seat's display name: its name when it has one, else ``seat N``."""
    label = translate(language, "value.seat", seat=seat)
    if 0 <= seat < len(names) and names[seat]:
        return f"{names[seat]} ({label})"
    return label


def format_value(key: str, value: Any, names: Sequence[str], language: str) -> str:
    """One value in words: seats by name, booleans as yes/no, lists joined, mappings as ``field: value``."""
    if isinstance(value, bool):
        return translate(language, "value.yes" if value else "value.no")
    if value is None:
        return "—"
    if key in SEAT_KEYS and isinstance(value, int):
        return seat_name(names, value, language)
    if isinstance(value, list):
        nested = any(isinstance(v, (dict, list)) for v in value)
        parts = [format_value(key, v, names, language) for v in value]
        return "; ".join(f"({p})" if nested and "," in p else p for p in parts) if nested else ", ".join(parts)
    if isinstance(value, dict):
        return ", ".join(f"{translate(language, 'field.' + str(k))}: {format_value(str(k), v, names, language)}"
                         for k, v in value.items())
    return str(value)


def controls(game_name: str, actions: Sequence[Action], names: Sequence[str], language: str) -> list[Control]:
    """One control per legal action; actions that differ only in typed text share one control."""
    labeler = _ACTION_LABELERS.get(game_name, _generic_action_label)
    seen: dict[str, Control] = {}
    for action in actions:
        text_fields = [f.name for f in dataclasses.fields(action) if f.name in TEXT_FIELDS]
        payload = {k: v for k, v in action_to_dict(action).items() if k not in text_fields}
        key = repr(sorted(payload.items()))
        if key not in seen:
            seen[key] = Control(labeler(action, names, language), payload, text_fields)
    return list(seen.values())


def _generic_action_label(action: Action, names: Sequence[str], language: str) -> str:
    data = action_to_dict(action)
    label = translate(language, f"action.{data.pop('kind')}")
    data.pop("actor", None)
    shown = [(k, v) for k, v in data.items() if k not in TEXT_FIELDS and v not in (None, "", [], ())]
    if len(shown) == 1 and shown[0][0] in SEAT_KEYS:
        return f"{label} → {format_value(shown[0][0], shown[0][1], names, language)}"
    details = [f"{translate(language, 'field.' + k)}: {format_value(k, v, names, language)}" for k, v in shown]
    return f"{label} ({', '.join(details)})" if details else label


def event_line(game_name: str, event: Event, names: Sequence[str], language: str) -> str:
    """An event in words, for the log on a page."""
    formatter = _EVENT_FORMATTERS.get(game_name)
    if formatter is not None:
        text = formatter(event, names, language)
        if text is not None:
            return text
    label = translate(language, f"event.{event.kind}")
    data = jsonable(event.data)
    details = ", ".join(f"{translate(language, 'field.' + str(k))}: {format_value(str(k), v, names, language)}"
                        for k, v in data.items())
    return f"{label}: {details}" if details else label


def view_rows(view: Any, names: Sequence[str], language: str) -> list[tuple[str, str]]:
    """A view as (label, value) rows: one row per top-level field, nested values in words."""
    data = jsonable(view)
    if not isinstance(data, Mapping):
        return [("", format_value("", data, names, language))]
    return [(translate(language, f"field.{key}"), format_value(str(key), value, names, language))
            for key, value in data.items() if key not in HIDDEN_VIEW_KEYS and value not in ([], {}, "")]

"""The replay's own lines around the game's words: whose eyes, the title, what the game was, a chapter's heading,
a model call, and the seats' names as the table gave them. Every word from the catalogue (``replay.*``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from narrator.agents.i18n import catalogue, message, plural
from narrator.viewer.timeline import Entry, Lens, Timeline


@dataclass
class Call:
    """A model call of the lens's own seat (or any, for the host): its summary and what it carried."""

    summary: str
    details: list[tuple[str, str]] = field(default_factory=list)


def lens_name(lens: Lens, lang: str, names: dict[int, str]) -> str:
    """Whose eyes, in words."""
    if lens.host:
        return message(lang, "replay.lens_host")
    if lens.seat is None:
        return message(lang, "replay.lens_public")
    return names.get(lens.seat, str(lens.seat))


def title(game: str, lang: str, who: str) -> str:
    """The replay's title: the game's name and whose eyes."""
    named = message(lang, f"replay.games.{game}") if game in _games(lang) else game
    return message(lang, "replay.title", game=named, who=who)


def about(timeline: Timeline, lang: str) -> str:
    """The line under the title: the seed, the players, the seats' moves and the chance draws (as ``narrator replay``
    counts them), finished or not, signed or not."""
    moves = sum(1 for m in timeline.moments for e in m.entries if e.kind == "action")
    draws = sum(1 for m in timeline.moments for e in m.entries if e.kind == "chance")
    status = message(lang, "replay.finished" if timeline.finished else "replay.unfinished")
    text = message(lang, "replay.about", seed=timeline.header.get("seed"), players=plural(lang, "players", timeline.seats),
                   moves=plural(lang, "moves", moves), draws=plural(lang, "draws", draws), status=status)
    return text if timeline.signed else f"{text}; {message(lang, 'replay.unsigned')}"


def chapter_title(lang: str, kind: str, data: dict[str, Any]) -> str:
    """A chapter's heading (a night, a day, a scene; the acquaintance night, the final scene)."""
    if kind == "night" and data.get("acquaintance"):
        return message(lang, "replay.chapter.acquaintance")
    if kind == "scene" and data.get("final"):
        return message(lang, "replay.chapter.final_scene")
    number = data.get("night", data.get("day", data.get("number", data.get("scene", ""))))
    return message(lang, f"replay.chapter.{kind}", n=number)


def call(entry: Entry, lang: str, who: Callable[[Any], str]) -> Call:
    """A model call's summary (model, attempt, tokens, latency, outcome) and what it carried."""
    r = entry.record
    summary = message(lang, "replay.call", model=r.get("model") or message(lang, "replay.unknown_model"),
                      attempt=r.get("attempt") if r.get("attempt") is not None else "-",
                      prompt_tokens=r.get("prompt_tokens", "?"), completion_tokens=r.get("completion_tokens", "?"),
                      latency=r.get("latency_ms", "?"),
                      outcome=catalogue(lang)["replay"]["outcome"].get(str(r.get("outcome")), r.get("outcome", "?")))
    details = [(message(lang, f"replay.{label}"), str(r[key])) for key, label in
               (("prompt", "call_prompt"), ("completion", "call_answer"), ("error", "call_error")) if r.get(key)]
    return Call(f"{who(entry.actor)}: {summary}" if isinstance(entry.actor, int) else summary, details)


def _games(lang: str) -> dict[str, str]:
    return dict(catalogue(lang)["replay"]["games"])


def seat_names(timeline: Timeline, lang: str) -> list[str]:
    """The names a table gave its seats, in the replay's language where they were drawn, not typed.

    A battaglia town's names are drawn from the seed in the table's language; the same seed draws
    the same people in the other language, so a Russian game replayed in English says "Gleb", not "Глеб".
    Names people typed (a web table's seats) are kept as typed.
    """
    header = timeline.header
    typed = [str(s.get("name") or "") for s in header.get("seats") or () if isinstance(s, dict) and s.get("seat", -1) >= 0]
    if any(typed):
        return typed
    table = header.get("table")
    if timeline.game.name == "battaglia" and isinstance(table, dict) and isinstance(table.get("names"), list):
        if table.get("lang") == lang:
            return [str(n) for n in table["names"]]
        return []  # drawn again from the seed in ``lang`` by the presenter
    return []

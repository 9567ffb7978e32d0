"""What the room's screen shows: the public view and events, the board drawn for each game, and the log lines
with their voices. Everything is built from the kernel's public viewer, never from a seat's or the host's view."""

from __future__ import annotations

from typing import Any

from narrator.agents.i18n import message
from narrator.rules.core import Event, PlayerId, Viewer, jsonable
from narrator.rules.replay import audience_to_json
from narrator.terminal_text import shown
from narrator.web.i18n import Translator
from narrator.web.present import Context, Section
from narrator.web.render import seat_name

PUBLIC_VIEWER = Viewer.PUBLIC
"""Whom the screen asks the kernel about: the public, and nobody else."""
SPEAKER_KEYS = ("by", "seat", "accuser", "narrator", "speaker", "actor")
"""Where an event says who spoke its ``text`` (the first seat number found)."""
LOG_SHOWN = 40
"""How many of the latest public lines the screen lists (the speech queue gets every new one)."""
TOTAL_CANDLES = 10


def _register_words() -> None:
    """The screen's words (``prompts/i18n/<lang>/web_screen.yaml``) as the web table's ``screen.*`` keys."""
    from narrator.agents.i18n import section
    from narrator.web.i18n import LANGUAGES, register_messages

    for lang in LANGUAGES:
        register_messages(lang, {f"screen.{k}": str(v) for k, v in section(lang, "web_screen").items()})


_register_words()


def public_context(table: Any) -> Context:
    """The presenter's context for the public (``viewer=None``: no seat is "you")."""
    lang = Translator(table.record.language).language
    return Context(tuple(table.names), lang, None, table.record.seed, getattr(table.session.state, "config", None))


def public_view(table: Any) -> Any:
    """``game.view(state, Viewer.PUBLIC)``."""
    return table.game.view(table.session.state, PUBLIC_VIEWER)


def public_events(table: Any) -> list[Event]:
    """The events the public may see, in order."""
    return [event for event in list(table.events) if event.visible_to(PUBLIC_VIEWER)]


def speaker_of(event: Event) -> PlayerId | None:
    """The seat whose words an event carries (``None``: the narrator's; the host seat counts as the narrator)."""
    if not str(event.data.get("text") or "").strip():
        return None
    for key in SPEAKER_KEYS:
        value = event.data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value if value >= 0 else None
    return None


def screen_lines(table: Any, start: int = 0) -> list[dict[str, Any]]:
    """Public log lines from position ``start``: ``{"n", "text", "voice"}``, the untold ones skipped
    (``n`` counts every public event, so it is stable across reconnects)."""
    ctx, view = public_context(table), public_view(table)
    present = table.presenter.text.event_text
    lines = []
    for n, event in enumerate(public_events(table)[start:], start):
        text = shown(present(event, view, ctx) or "").strip()
        if text:
            seat = speaker_of(event)
            lines.append({"n": n, "text": text, "voice": "narrator" if seat is None else f"seat:{seat}"})
    return lines


def board(table: Any) -> dict[str, Any]:
    """The screen's board: ``theme``, ``headline``, ``speaker``, ``seats``, ``candles``, ``stakes``,
    ``sections`` (the presenter's public panel, in large type) and the end of the game."""
    ctx, view = public_context(table), public_view(table)
    t = Translator(ctx.language)
    outcome = table.session.outcome()
    names = _labels(table, ctx.language)
    result: dict[str, Any] = {
        "game": t(f"game.{table.game.name}"), "table": table.id, "theme": "", "headline": "", "speaker": "",
        "seats": [], "candles": [], "darkened": [], "stakes": [], "sections": [], "dark": 0,
        "outcome": t(f"outcome.{outcome.termination}") if outcome else "",
        "winners": ", ".join(seat_name(names, s, ctx.language) for s in sorted(outcome.winners)) if outcome else "",
        "status": table.record.status,
    }
    drawn = BOARDS.get(table.game.name)
    if drawn is not None:
        drawn(table, view, ctx, result)
    else:
        result["sections"] = table.presenter.text.panel(view, ctx)
    awaited = table.shares_awaited()
    if awaited:  # nothing is dealt yet: the commitment, and whose shares the first draw waits for
        lang = ctx.language
        result["sections"].insert(0, Section(message(lang, "fairness.web.title"), rows=[
            (message(lang, "fairness.web.commitment"), table.session.fairness.commitment)],
            items=[message(lang, "fairness.web.waits", seats=", ".join(seat_name(names, s, lang) for s in awaited))]))
    return result


def _labels(table: Any, language: str) -> list[str]:
    named = table.presenter.seat_names(table, language)
    return [name or typed for name, typed in zip(named, table.names, strict=False)] + table.names[len(named):]


def _battaglia(table: Any, view: Any, ctx: Context, out: dict[str, Any]) -> None:
    """Day or night (the night drawn as night), who speaks, every seat with its life and revealed
    cards, and today's accusations and vote."""
    presenter = table.presenter
    if len(view.lives) < view.players:  # not dealt yet: the deck is still being announced
        return
    sections = presenter.text.panel(view, ctx)
    voice = presenter.text.narrator(view, ctx)
    night = str(view.phase) in ("night", "rebirth")
    out["theme"] = "night" if night else "day"
    now = sections[0] if sections else Section("")
    out["headline"] = _headline(now.rows[0][1]) if now.rows else ""
    if view.turn is not None:
        out["speaker"] = voice.name(view.turn)
    table_title = presenter.text.w(ctx, "table")
    for section in sections[1:]:
        if section.title == table_title:
            for seat, (name, state) in enumerate(section.rows):
                status = "out" if seat in view.out else ("second" if view.lives[seat] > 1 else "alive")
                out["seats"].append({"name": name, "state": state, "status": status})
        elif section.rows or section.items:
            out["sections"].append(section)


def _ten_candles(table: Any, view: Any, ctx: Context, out: dict[str, Any]) -> None:
    """The candles (lit, dark, not yet lit) and what darkened each, the scene and its stakes, who acts,
    the survivors, this scene's truths."""
    presenter = table.presenter
    sections = presenter.text.panel(view, ctx)
    out["theme"], out["dark"] = "candles", int(view.dark)
    top = sections[0] if sections else Section("")
    phase = dict(top.rows).get(presenter.text.w(ctx, "phase"), "")
    out["headline"] = _headline(phase)
    causes = [presenter.text.event_text(e, view, ctx) or "" for e in public_events(table)
              if e.kind in ("candle_out", "darkness", "candle_relit")]
    out["darkened"] = [shown(c) for c in causes if c]
    unlit = max(0, TOTAL_CANDLES - view.lit - view.dark)
    out["candles"] = ["lit"] * view.lit + ["dark"] * view.dark + ["unlit"] * unlit
    speaker = _tc_speaker(view)
    if speaker is not None:
        out["speaker"] = presenter.text.who(speaker, view, ctx)
    stakes: list[tuple[str, str]] = []
    if view.frame:  # the GM's framing of the first scene (it stays while later scenes are played)
        stakes.append((presenter.text.w(ctx, "scene") + " 1", view.frame))
    if view.attempt is not None:
        stakes.append((presenter.text.who(view.attempt.seat, view, ctx), view.attempt.text))
    out["stakes"] = stakes
    out["sections"] = [s for s in sections[2:] if s.rows or s.items]
    pool = [row for row in top.rows if row[0] != presenter.text.w(ctx, "candles") and row[0] != presenter.text.w(ctx, "phase")]
    if pool:  # the room sees the players' pool, not "your pool" as a seat's page says it
        mine, theirs = presenter.text.w(ctx, "pool"), presenter.text.w(ctx, "players_pool")
        out["sections"].insert(0, Section("", rows=[(theirs if label == mine else label, value) for label, value in pool]))


def _headline(text: str) -> str:
    """A panel's "when" row as a headline: a part that only repeats a word of an earlier one is left out
    ("night 2, night, first darkness" -> "night 2, first darkness"; "scene 2, a scene" -> "scene 2")."""
    kept: list[str] = []
    for part in text.split(", "):
        said = {word.casefold() for earlier in kept for word in earlier.split()}
        if part and not any(len(word) > 2 and word.casefold() in said for word in part.split()):
            kept.append(part)
    return ", ".join(kept)


def _tc_speaker(view: Any) -> PlayerId | None:
    """Who holds the table now: the one rolling, stating, speaking a truth, or narrating."""
    if view.conflict is not None:
        return int(view.conflict.active)
    if view.attempt is not None and not view.attempt.answered:
        return int(view.attempt.seat)
    if str(view.phase) == "truths" and view.truth_speakers:
        return int(view.truth_speakers[0])
    if view.narrator is not None:
        return int(view.narrator)
    return None


def _storyteller(table: Any, view: Any, ctx: Context, out: dict[str, Any]) -> None:
    """The scene (its framing, the characters' wounds, the last roll) and whom the Storyteller asks."""
    presenter = table.presenter
    others = message(ctx.language, "troupe.others")  # the public sees every character as a seat's "others"
    out["sections"] = [s if s.title != others else Section(message(ctx.language, "troupe.on_screen"), rows=s.rows)
                       for s in presenter.text.panel(view, ctx)
                       if s.title != others or len(s.rows) > 1]  # a solo game's one character is no company
    out["theme"] = "scene"
    if out["sections"] and out["sections"][0].title:
        out["headline"] = out["sections"][0].title
    names = _labels(table, ctx.language)
    waiting = [seat_name(names, s, ctx.language) if s >= 0 else presenter.text.host_word(ctx) for s in table.waiting_for()]
    out["speaker"] = ", ".join(waiting)


BOARDS = {"battaglia": _battaglia, "ten-candles": _ten_candles, "dark-ages": _storyteller, "wild-west": _storyteller}
"""Games whose screen is drawn (the rest show their presenter's public panel). A game's waiting list is
shown only where it tells no secret (battaglia's night would tell who is awake: it shows the day's turn)."""


def screen_state(table: Any) -> dict[str, Any]:
    """The screen as JSON: the public view, the public events, the board's words and the log."""
    drawn = board(table)
    drawn["sections"] = [{"title": s.title, "rows": s.rows, "items": s.items} for s in drawn["sections"]]
    return {"table": table.id, "game": table.game.name, "language": Translator(table.record.language).language,
            "view": jsonable(public_view(table)),
            "events": [{"kind": e.kind, "audience": audience_to_json(e.audience), "data": jsonable(e.data)}
                       for e in public_events(table)],
            "board": drawn, "lines": screen_lines(table)}


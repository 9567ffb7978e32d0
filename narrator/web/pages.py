"""What one viewer's page shows, rendered from the table for that viewer only.

Every panel is built from ``game.view(state, viewer)``, ``legal_actions(state, viewer)`` and
the events ``viewer`` may see; nothing else about the game reaches a template. The same
partials render the first page load and every live update over the WebSocket.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.templating import Jinja2Templates

from narrator.agents.i18n import message
from narrator.agents.llm.usage import Switched
from narrator.rules.codec import action_to_dict
from narrator.rules.core import HOST, PlayerId, Rejection, jsonable
from narrator.rules.replay import audience_to_json
from narrator.web.fair import fair_panel
from narrator.web.i18n import Translator, translate
from narrator.web.present import Accusation, Ballot, Context, Group
from narrator.web.render import seat_name
from narrator.web.tables import Table

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))


def context_for(table: Table, viewer: PlayerId | None) -> Context:
    """What the table's presenter may use for ``viewer``'s page."""
    lang = Translator(table.record.language).language
    rules = getattr(table.session.state, "config", None)  # the table's options, e.g. whether the dead speak
    return Context(tuple(table.names), lang, table.page_viewer(viewer), table.record.seed, rules)


def refusal_text(table: Table, rejection: Rejection) -> str:
    """A refusal in the table's language: the catalogue's words for its code, or the words the presenter
    composed itself (``worded_codes``: e.g. the offline Storyteller saying it did not understand)."""
    if rejection.code in table.presenter.worded_codes:
        return rejection.message
    return translate(table.record.language, "refusal." + rejection.code, fallback=rejection.message)


def panel_context(table: Table, viewer: PlayerId | None) -> dict[str, Any]:
    """The template values of every panel of ``viewer``'s page (``None``: the host page)."""
    t = Translator(table.record.language)
    lang = t.language
    actor = HOST if viewer is None else viewer
    legal = table.legal(actor) if viewer is not None or table.host_may_act() else []
    rejection = table.rejections.get(actor)
    outcome = table.session.outcome()
    ctx = context_for(table, viewer)
    view = table.view(ctx.viewer)
    moves = table.presenter.table_controls(table, viewer, ctx) + table.presenter.controls(legal, view, ctx)
    tools = table.presenter.seat_tools(table, viewer, ctx)  # beside the story: never "your move"
    shown = moves + tools
    refused_kind = table.last_refused.get(actor, {}).get("kind") if rejection else None
    names = seat_labels(table)
    owes_share = viewer is not None and viewer in table.shares_awaited()  # the first draw waits for its share
    return {
        "t": t,
        "table": table,
        "viewer": viewer,
        "status": table.record.status,
        "error": table.error,
        "waiting": waiting_words(table, viewer, bool(moves) or owes_share, ctx),
        "outcome": outcome,
        "winners": [seat_name(names, s, lang) for s in sorted(outcome.winners)] if outcome else [],
        "winners_shown": table.presenter.names_winners,
        "seats": [{"seat": s.seat, "name": seat_name(names, s.seat, lang), "controller": s.controller,
                   "bot_kind": s.bot_kind, "model_off": _model_off(table, s.seat)} for s in table.record.seats],
        "sections": table.presenter.text.panel(view, ctx) + table.presenter.table_sections(table, viewer, ctx),
        "controls": moves,
        "tools": tools,
        "confirm_needed": message(lang, "web.confirm_needed", box="%s"),
        "heading": message(lang, "fairness.web.share_heading") if owes_share and not moves
        else _moves_heading(table, viewer, bool(moves), t),
        "share_owed": message(lang, "fairness.web.share_owed") if owes_share else "",
        "guide": table.presenter.guide(legal, view, ctx) if legal else [],
        "is_group": lambda control: isinstance(control, Group),
        "widget": _widget,
        **_who_words(table, viewer, view, ctx),
        "sound_label": message(lang, "web.sound"),
        "is_interjection": table.presenter.is_interjection,
        "host_role": _host_role(table),
        "rejection": rejection,
        "refusal_text": lambda r: refusal_text(table, r),
        "is_question": lambda r: r is not None and r.code in table.presenter.question_codes,
        "rejected_kind": refused_kind if any(c.payload["kind"] == refused_kind for c in shown) else None,
        "controller": table.seat(viewer).controller if viewer is not None else "human",
        **_links(table, viewer, outcome is not None, lang),
        "fair": fair_panel(table, viewer, lang, [seat_name(names, s.seat, lang) for s in table.record.seats]),
    }


def _who_words(table: Table, viewer: PlayerId | None, view: Any, ctx: Context) -> dict[str, Any]:
    """Who the page's seat is in the game, whether it is out for good and what its page then says."""
    text, seat = table.presenter.text, viewer is not None
    return {"identity": text.identity(view, ctx) if seat else "", "seat_out": seat and text.is_out(view, viewer),
            "out_notice": text.out_notice(view, ctx) if seat else "", "your_turn": message(ctx.language, "web.your_turn")}


def _links(table: Table, viewer: PlayerId | None, over: bool, lang: str) -> dict[str, Any]:
    """Where the page's moves go, and its replay once the game is over."""
    own = "host" if viewer is None else f"seat/{viewer}"
    return {"act_url": f"/api/t/{table.id}/{own}/act", "replay_url": f"/t/{table.id}/{own}/replay" if over else None,
            "replay_label": message(lang, "replay.open"), "replay_hint": message(lang, "replay.open_hint")}


def seat_labels(table: Table, language: str | None = None) -> list[str]:
    """Each seat's name as every page may show it (the game's names: a dealt name, a character), in the
    table's language or ``language`` (the page's: the form that created the table may speak another)."""
    names = table.presenter.seat_names(table, Translator(language or table.record.language).language)
    return [name or typed for name, typed in zip(names, table.names, strict=False)] + table.names[len(names):]


def waiting_words(table: Table, viewer: PlayerId | None, has_move: bool, ctx: Context) -> list[str]:
    """"Waiting for …" in words. On a seat's own page its seat is "you", and is left out while the page
    offers it no move (the seat need not act; the others' pages still name it, as the presenter chose)."""
    names, lang = seat_labels(table), ctx.language
    words = []
    for seat in table.waiting_for():
        if seat == viewer:
            if has_move:
                words.append(message(lang, "web.waiting_you"))
        else:
            words.append(seat_name(names, seat, lang) if seat >= 0 else table.presenter.text.host_word(ctx))
    return words


def _moves_heading(table: Table, viewer: PlayerId | None, has_move: bool, t: Translator) -> str:
    """The seat's moves panel title: "Your move" only when the page offers one."""
    if has_move:
        return t("table.actions")
    return t("table.actions_over") if table.record.status != "active" else t("table.actions_wait")


def _widget(control: Any) -> str:
    """Which form a control is drawn as: ``ballot`` (checkboxes), ``accusation`` (a picker) or ``plain``."""
    if isinstance(control, Ballot):
        return "ballot"
    return "accusation" if isinstance(control, Accusation) else "plain"


def model_switch(table: Table, seat: PlayerId) -> Any:
    """The :class:`~narrator.agents.llm.usage.ModelSwitch` of the model playing ``seat``, or ``None``
    (a person, or a bot without a model)."""
    agent = table.session.agents.get(seat)
    return agent.switch if isinstance(agent, Switched) else None


def _model_off(table: Table, seat: PlayerId) -> bool:
    switch = model_switch(table, seat)
    return bool(switch is not None and switch.off)


def _host_role(table: Table) -> str:
    """Which note the host page shows: the program hosts, a bot plays the host seat, a person does, or
    a person moderates a game the program would host (battaglia with ``"host": "human"``)."""
    if table.human_host:
        return "human" if table.presenter.host_plays else "moderator"
    return "bot" if table.presenter.host_plays else "program"


def event_lines(table: Table, viewer: PlayerId | None, start: int = 0) -> list[str]:
    """One entry per event ``viewer`` may see, from position ``start`` of its log, in words
    ("" for an event the game does not tell)."""
    ctx = context_for(table, viewer)
    view = table.view(ctx.viewer)
    present = table.presenter.text.event_text
    return [present(e, view, ctx) or "" for e in table.visible_events(ctx.viewer)[start:]]


def render_panels(table: Table, viewer: PlayerId | None) -> dict[str, str]:
    """The status, view and actions panels of ``viewer``'s page, as HTML, and on a seat's page who the
    seat is now (``you``: a battaglia seat's second soul changes its mask mid-game)."""
    context = panel_context(table, viewer)
    panels = {name: TEMPLATES.get_template(f"_{name}.html").render(context) for name in ("status", "view", "actions")}
    if viewer is not None:
        panels["you"] = TEMPLATES.get_template("_you.html").render(context)
    return panels


def render_event(line: str) -> str:
    """One log line as HTML ("" for an event left untold)."""
    if not line:
        return ""
    return TEMPLATES.get_template("_event.html").render({"line": line})


def public_state(table: Table, viewer: PlayerId | None) -> dict[str, Any]:
    """``viewer``'s page as JSON (for scripts and API clients): the same facts as the HTML."""
    actor = HOST if viewer is None else viewer
    rejection = table.rejections.get(actor)
    outcome = table.session.outcome()
    legal = table.legal(actor) if viewer is not None or table.host_may_act() else []
    viewer = table.page_viewer(viewer)
    return {
        "table": table.id,
        "game": table.game.name,
        "seat": viewer,
        "status": table.record.status,
        "waiting_for": table.waiting_for(),
        "busy": not table.idle.is_set(),
        "view": jsonable(table.view(viewer)),
        "legal": [action_to_dict(a) for a in legal],
        "table_moves": [{"action": c.payload, "label": c.label, "flags": [f for f, _ in getattr(c, "flags", [])]}
                        for c in table.presenter.table_controls(table, viewer, context_for(table, viewer))],
        "events": [{"kind": e.kind, "audience": audience_to_json(e.audience), "data": jsonable(e.data)}
                   for e in table.visible_events(viewer)],
        "rejection": rejection.to_dict() if rejection else None,
        "outcome": outcome.to_dict() if outcome else None,
        "seats": [{"seat": s.seat, "name": s.name, "controller": s.controller,
                   "model_off": _model_off(table, s.seat)} for s in table.record.seats],
    }

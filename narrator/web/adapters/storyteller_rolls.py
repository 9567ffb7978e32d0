"""Rolls from a seat's own sheet at the Storyteller web table (the table's dice bot, a roll beside the story).

The move's body read and rolled (:func:`roll_own_sheet`), each seat's roll history kept on the table
(:func:`roll_history`) and rebuilt from the transcript's ``sheet_roll`` records after a restart
(:func:`restore_rolls`). The presenter (:mod:`narrator.web.adapters.storyteller`) offers the form and shows the
history.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.i18n import message
from narrator.render.storyteller import history_entry
from narrator.render.words import register_messages
from narrator.rules.core import PlayerId, Rejection
from narrator.web.adapters.storyteller_choice import ChoiceError

SHEET_ROLL = "sheet_roll"
"""The transcript record of a roll from a seat's sheet (``actor``: the seat; ``roll``: ``SheetRoll.to_dict()``)."""
ROLL_SHEET = "roll_sheet"
"""The table move of a roll from the seat's own sheet: ``{"kind": "roll_sheet", "traits": "dexterity+stealth",
"difficulty": "6", "willpower": false}``. It changes nothing in the game (a roll beside the story)."""


for _lang in ("en", "ru"):  # the roll form's field labels on the web page
    register_messages(_lang, {"field.traits": message(_lang, "troupe.roll_traits"),
                              "field.difficulty": message(_lang, "troupe.roll_difficulty")})


def roll_own_sheet(table: Any, seat: PlayerId, payload: Mapping[str, Any], book: str,
                   lang: str) -> Rejection | None:
    """Roll the seat's own sheet (never another's) in ``book``; the result joins the seat's roll history and the
    transcript, its lines in ``lang``.

    Raises:
        ChoiceError: a malformed body (the API answers 422).
    """
    from narrator.storyteller.sheet_roll import SheetRollError, parse_traits, roll_from_sheet

    extra = sorted(set(payload) - {"kind", "actor", "traits", "difficulty", "willpower"})
    if extra:
        raise ChoiceError(f"{ROLL_SHEET}: unknown field(s) {', '.join(extra)}; expected traits, difficulty, willpower")
    traits = parse_traits(str(payload.get("traits") or ""))
    try:
        difficulty = int(str(payload.get("difficulty") or "6").strip())
    except ValueError:
        raise ChoiceError(f"{ROLL_SHEET}: difficulty must be a whole number 2..10") from None
    if not isinstance(payload.get("willpower", False), bool) or not traits:
        raise ChoiceError(f"{ROLL_SHEET}: traits such as dexterity+stealth, and willpower true or false")
    state = table.session.state
    players = [c for c in state.config.characters if c.player]
    sheet = players[seat]
    history = roll_history(table, seat)
    rng = random.Random(f"{table.record.seed}:{seat}:{len(history)}")
    try:
        rolled = roll_from_sheet(sheet, book, traits, difficulty, willpower=bool(payload.get("willpower")),
                                 rng=rng, willpower_now=state.char(sheet.id).willpower, options=_options_of(state))
    except SheetRollError as error:
        return error.rejection
    roll = rolled.to_dict()
    history.append({**history_entry(roll, lang), "at": len(table.events)})  # where in the log it was rolled
    table.session.write({"kind": SHEET_ROLL, "actor": seat, "roll": roll})  # the seat's own, kept for a restart
    return None


def restore_rolls(table: Any, records: Sequence[Mapping[str, Any]], lang: str) -> None:
    """Each seat's roll history from the transcript's ``sheet_roll`` records (after a restart)."""
    at = 0  # the table's events are the transcript's event and narration records, in order
    for record in records:
        if record.get("kind") == SHEET_ROLL and isinstance(record.get("roll"), Mapping):
            roll_history(table, int(record["actor"])).append({**history_entry(record["roll"], lang), "at": at})
        at += record.get("kind") in ("event", "narration")


def roll_history(table: Any, seat: PlayerId) -> list[dict[str, Any]]:
    """The seat's rolls from its sheet at this table, oldest first (each one is a ``sheet_roll`` record of
    the transcript, so a restarted server rebuilds the history: :func:`restore_rolls`)."""
    store: dict[PlayerId, list[dict[str, Any]]] = table.__dict__.setdefault("sheet_rolls", {})
    return store.setdefault(seat, [])


def story_rolls(table: Any, seat: PlayerId, character: str, present: Any, view: Any, ctx: Any
                ) -> list[tuple[int, str]]:
    """The rolls ``character`` (the seat's) made in the story, as the log tells them: ``(where in the log, line)``,
    oldest first. A roll's request (its traits and pool) and its dice are one entry; a contest, a team's roll, the
    initiative, a blow, its damage and a soak count when the character rolled in them."""
    from narrator.rules.storyteller import events as ev

    rolls: list[tuple[int, str]] = []
    asked: dict[str, str] = {}
    knower = table._knower(seat)
    for at, event in enumerate(table.events):
        if not event.visible_to(knower):
            continue
        payload = event.payload
        match payload:
            case ev.RollRequested(character=who) | ev.ContestRequested(character=who) \
                    | ev.AttackRequested(character=who) if str(who) == character:
                asked[character] = present(event, view, ctx) or ""
                continue
            case ev.RollResolved(character=who) if str(who) == character:
                pass
            case ev.ContestResolved(character=who, opponent=opponent) if character in (str(who), str(opponent)):
                pass
            case ev.TeamResolved(results=results) if any(str(r.get("character")) == character for r in results):
                pass
            case ev.InitiativeRolled(results=results) if character in {str(c) for c in results or {}}:
                pass
            case ev.AttackRolled(character=who) | ev.DamageRolled(character=who) | ev.SoakRolled(character=who) \
                    if str(who) == character:
                pass
            case _:
                continue
        said = present(event, view, ctx) or ""
        if said:
            rolls.append((at, " · ".join(line for line in (asked.pop(character, ""), said) if line)))
    return rolls


def _options_of(state: Any) -> dict[str, Any]:
    """The table's rules options that change a single roll (Willpower's mode, the rule of ten, the botch rule)."""
    cfg = state.config
    return {"willpower_mode": cfg.willpower_mode, "rule_of_ten": cfg.rule_of_ten, "botch_rule": cfg.botch_rule}

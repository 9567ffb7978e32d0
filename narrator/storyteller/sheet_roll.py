"""Rolls from a character sheet, as a table's dice bot makes them: ``dexterity+stealth`` at a difficulty.

The roll goes through the kernel (a one-character table, one scene, one ``Roll``), so the pool, the
pool's shape (an Attribute, or an Attribute + an Ability), a trait missing from the sheet, Willpower
(D2: one automatic success without dice, by default) and the botch rule are the book's, exactly as in
play. Used by ``narrator roll TRAITS --sheet FILE`` and by the web seat page's roll form.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from narrator.agents.i18n import catalogue, message
from narrator.rules.chance import sample
from narrator.rules.core import ChanceAction, IllegalActionError, Rejection
from narrator.rules.registry import get_game
from narrator.rules.storyteller.actions import BeginScene, Roll
from narrator.rules.storyteller.dice import RollResult
from narrator.rules.storyteller.events import RollResolved
from narrator.rules.storyteller.sheet import Character
from narrator.storyteller.data import table_config


class SheetRollError(ValueError):
    """A roll the sheet or the rules do not allow; ``rejection`` is the kernel's (code and reason)."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(f"{rejection.code}: {rejection.message}")
        self.rejection = rejection


@dataclass(frozen=True)
class SheetRoll:
    """One roll from a sheet: what was rolled and how the book reads it."""

    character: str
    name: str
    traits: tuple[str, ...]
    ratings: tuple[int, ...]
    difficulty: int
    pool: int
    result: RollResult
    willpower: bool
    willpower_mode: str
    willpower_left: int
    willpower_max: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (``--json``, the web's roll history)."""
        return {"character": self.character, "name": self.name, "traits": list(self.traits),
                "ratings": list(self.ratings), "difficulty": self.difficulty, "pool": self.pool,
                "willpower": self.willpower, "willpower_mode": self.willpower_mode,
                "willpower_left": self.willpower_left, "willpower_max": self.willpower_max,
                "category": self.result.category, **self.result.to_dict()}

    def lines(self, lang: str) -> list[str]:
        """The labelled title and, when Willpower was spent, what it did (plain text, in ``lang``)."""
        return roll_lines(self.to_dict(), lang)


def roll_lines(roll: Mapping[str, Any], lang: str) -> list[str]:
    """:meth:`SheetRoll.lines` of a roll kept as its :meth:`SheetRoll.to_dict` (a transcript's ``sheet_roll``)."""
    from narrator.storyteller.template import display_name

    words = catalogue(lang)["traits"]
    traits = " + ".join(f"{words.get(t, t.replace('_', ' ').capitalize())} {r}"
                        for t, r in zip(roll["traits"], roll["ratings"], strict=True))
    who = display_name(lang, str(roll["character"])) or str(roll["name"])
    lines = [message(lang, "troupe.roll_title", who=who, traits=traits, dice=roll["pool"],
                     difficulty=roll["difficulty"])]
    if roll.get("willpower"):
        key = "troupe.roll_willpower" if roll.get("willpower_mode") == "replace_roll" else "troupe.roll_willpower_add"
        lines.append(message(lang, key, left=roll["willpower_left"], max=roll["willpower_max"]))
    return lines


def parse_traits(text: str) -> tuple[str, ...]:
    """``"Dexterity+Stealth"``, ``"ловкость + скрытность"`` -> ``("dexterity", "stealth")``: trait ids, or their
    names in either language (the sheet's words).

    >>> parse_traits("Dexterity + Animal Ken")
    ('dexterity', 'animal_ken')
    >>> parse_traits("Ловкость+Скрытность")
    ('dexterity', 'stealth')
    """
    names = _trait_names()
    parts = [" ".join(part.strip().lower().replace("ё", "е").split()) for part in text.split("+") if part.strip()]
    return tuple(names.get(part, part.replace(" ", "_").replace("-", "_")) for part in parts)


def _trait_names() -> dict[str, str]:
    found: dict[str, str] = {}
    for lang in ("en", "ru"):
        for trait, name in catalogue(lang)["traits"].items():
            found[" ".join(str(name).lower().replace("ё", "е").split())] = str(trait)
    return found


def roll_from_sheet(sheet: Character, book: str, traits: Sequence[str], difficulty: int = 6, *,
                    willpower: bool = False, rng: random.Random | None = None, faces: Sequence[int] | None = None,
                    options: Mapping[str, Any] | None = None, willpower_now: int | None = None) -> SheetRoll:
    """Roll ``traits`` of ``sheet`` at ``difficulty`` under ``book``'s rules (``options``: a rules profile).

    ``faces``: dice rolled by hand (their count must be the pool); ``willpower_now``: the points the
    character has left (the sheet's permanent rating when unknown).

    Raises:
        SheetRollError: the kernel's refusal (a trait not on the sheet, two Abilities, no Willpower left,
            a difficulty outside 2..10, hand-rolled faces that are not the pool).
    """
    game = get_game(book.replace("_", "-"))
    config = table_config(book, [sheet], options=dict(options) if options else None)
    state = game.initial_state(config)
    if willpower_now is not None:
        from dataclasses import replace

        state = state.with_char(replace(state.char(sheet.id), willpower=willpower_now))  # type: ignore[arg-type]
    state = game.apply(state, BeginScene(scene="sheet-roll")).state
    request = Roll(character=sheet.id, traits=tuple(traits), difficulty=difficulty, willpower=willpower,
                   task="sheet-roll")
    rejection = game.check(state, request)
    if rejection is not None:
        raise SheetRollError(rejection)
    step = game.apply(state, request)
    events = list(step.events)
    state = step.state
    state, events = _dice_rolled(game, state, events, rng or random.Random(), faces)
    result = _roll_result(next(e.data for e in events if isinstance(e.payload, RollResolved)))
    char = state.char(sheet.id)
    assert char is not None
    return SheetRoll(sheet.id, sheet.name, tuple(traits), tuple(sheet.rating(t) or 0 for t in traits), difficulty,
                     sum(sheet.rating(t) or 0 for t in traits), result, willpower, config.willpower_mode,
                     char.willpower, sheet.willpower)


def _dice_rolled(game: Any, state: Any, events: list[Any], rng: random.Random,
                 faces: Sequence[int] | None) -> tuple[Any, list[Any]]:
    """The kernel's chance steps of the roll played: ``faces`` rolled by hand (in order), else drawn with ``rng``.

    Raises:
        SheetRollError: the kernel refused the faces (not the pool).
    """
    given = list(faces) if faces is not None else None
    while game.chance_spec(state) is not None:
        spec = game.chance_spec(state)
        assert spec is not None
        values = tuple(given[:spec.count]) if given is not None else tuple(sample(spec, rng))
        if given is not None:
            given = given[spec.count:]
        try:
            step = game.apply(state, ChanceAction(values=values))
        except IllegalActionError as error:
            raise SheetRollError(error.rejection) from None
        state, events = step.state, [*events, *step.events]
    return state, events


def _roll_result(resolved: Mapping[str, Any]) -> RollResult:
    """The kernel's ``roll_resolved`` data as a :class:`RollResult`."""
    return RollResult(dice=tuple(resolved["dice"]), difficulty=resolved["difficulty"], raw=resolved["raw"],
                      ones=resolved["ones"], net=resolved["net"], botch=resolved["botch"],
                      extra=resolved.get("extra", 0), forgiven=resolved.get("forgiven", False),
                      cancelled=tuple(resolved.get("cancelled", ())), rerolls=tuple(resolved.get("rerolls", ())),
                      automatic=resolved.get("automatic", False))

"""What the offline Storyteller says when it asks (issue 28): a reading as the screen names it (an option's number
and label in the terminal, its label on the web, or the deed it would improvise), the question naming the two
closest readings (or why it will not rule), and how the player answers it there (a number, a yes, the reading said:
:mod:`narrator.storyteller.replies`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from narrator.agents.i18n import catalogue, message
from narrator.storyteller.reader import Reading, ability_for

if TYPE_CHECKING:
    from narrator.storyteller.template_base import Option
    from narrator.storyteller.template_moves import TemplateMoves


def refer(lang: str, ref: str, options: Sequence[Option], *, labels: bool = False,
          ratings: Mapping[str, int] | None = None) -> str:
    """A reading as the screen names it: an option's number and label (its label alone on the web), or
    the deed the Storyteller would improvise."""
    option = next((o for o in options if o.approach == ref), None)
    if option is not None:
        label = re.sub(r"\s*\([^)]*\)", "", option.label).strip() or option.label  # the deed, not its dice
        if labels:
            return message(lang, "st_reader.option_label", label=label)
        return message(lang, "st_reader.option_number", number=option.number, label=label)
    from narrator.storyteller.reader import act_named

    act = act_named(lang, ref.removeprefix("act:"))
    deed = message(lang, f"st_reader.deeds.{act.id}")
    if act.kind == "free" or not act.attribute:
        return message(lang, "st_reader.free_ref", deed=deed)
    probe = Reading("roll", act=act.id, attribute=act.attribute, abilities=act.abilities)
    return message(lang, "st_reader.improvised_ref", deed=deed, traits=trait_names(lang, ability_for(probe, ratings or {})))


def trait_names(lang: str, traits: Sequence[str]) -> str:
    names = catalogue(lang)["traits"]
    return " + ".join(str(names.get(t, t.replace("_", " ").title())) for t in traits)


def question(lang: str, text: str, reading: Reading, options: Sequence[Option], *, labels: bool = False,
             ratings: Mapping[str, int] | None = None) -> str:
    """What the Storyteller asks when it cannot rule: the two closest readings, or why it will not; then
    what the player may do (a number in the terminal, a button on the web)."""
    refs = [refer(lang, c, options, labels=labels, ratings=ratings) for c in reading.candidates]
    if reading.kind == "cheat":
        asked = message(lang, "st_reader.skip" if reading.act == "skip" else "st_reader.cheat")
    elif reading.kind == "ask" and len(refs) >= 2:
        asked = message(lang, "st_reader.ask", first=refs[0], second=refs[1])
    elif reading.kind == "ask" and refs:
        asked = message(lang, "st_reader.ask_one", first=refs[0])
    elif reading.act == "nonsense":
        asked = message(lang, "st_reader.unknown", text=text)
    else:  # words of the language, but no deed the Storyteller knows, nor one of the scene's
        asked = message(lang, "st_reader.no_reading", text=text)
    return asked + message(lang, _then_key(reading, labels))


def _then_key(reading: Reading, labels: bool) -> str:
    """How the player answers a question back on this screen: its buttons on the web; at the terminal a yes takes
    the one reading named, and a deed no approach lists (no number of its own) is taken by saying it (replies.py)."""
    if labels:
        return "st_reader.then_button"
    if reading.kind == "ask" and len(reading.candidates) == 1:
        return "st_reader.then_yes"
    if reading.kind == "ask" and any(c.startswith("act:") for c in reading.candidates):
        return "st_reader.then_say"
    return "st_reader.then_number"


def then(voice: TemplateMoves) -> str:
    """What the player does next, in the terms of the screen: a button's label on the web, a number in the terminal."""
    return message(voice.lang, "st_reader.then_button" if voice.labels else "st_reader.then_number")

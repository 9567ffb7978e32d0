"""The Storyteller table's log at the web (play-test 17): one event, one line, and a seat's words quoted once.

The kernel's events have their own lines in the log (:mod:`narrator.render.storyteller`); the template
Storyteller's narration of the same events repeats some of them (the initiative's order, a blow's damage), so those
go (:func:`told_by_the_log`) and its story of the blow stays. A seat's typed words are wrapped in one pair of quotes
(:func:`said_words`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.i18n import character_gender, health_name, message
from narrator.render.storyteller import StorytellerText
from narrator.rules.core import Event
from narrator.rules.storyteller import events as ev
from narrator.storyteller.template import TemplateStoryteller
from narrator.web.present import Context


def told_by_the_log(voice: Any, view: Mapping[str, Any], events: Sequence[Event]) -> set[str]:
    """The template narration's lines that only repeat what the log's line of an event says: the initiative's order
    (the log gives it beside each side's dice) and a hit's damage, soak and wounds (the log adds the track's total)."""
    template = getattr(voice, "template", voice)  # a model speaks over the table's template
    template = template.of(view) if hasattr(template, "of") else template
    if not isinstance(template, TemplateStoryteller):
        return set()
    lang, lines = template.lang, set()
    for event in events:
        match event.payload:
            case ev.InitiativeRolled(order=order):
                lines.add(message(lang, "template.initiative", order=", ".join(template._name(view, str(c))
                                                                                  for c in order)))
            case ev.Wounded(defender=defender, damage=damage, soaked=soaked, wounds=wounds, health=health):
                said = {"name": template._name(view, str(defender)), "damage": damage, "soaked": soaked,
                        "wounds": wounds, "health": health_name(lang, str(health),
                                                                character_gender(lang, str(defender), view))}
                for key in ("template.wound", "template.no_wound"):  # a blow that wounds, one wholly soaked
                    try:
                        lines.add(message(lang, key, **said))
                    except KeyError:
                        continue
    return {line[:1].upper() + line[1:] for line in lines}


QUOTES = {"en": ("“", "”"), "ru": ("«", "»")}
"""The quotes the log wraps a seat's words in (``intent_said``); words already in them are not wrapped again."""
INNER = {"en": ("‘", "’"), "ru": ("„", "“")}
"""Quotes inside the words, as the language nests them («… кричу: „Я безоружен!“»)."""
OPENING, CLOSING = "«“\"„‘'", "»”\"“’'"


def said_words(text: StorytellerText, ctx: Context, who: str, words: str) -> str:
    """«Брат Одо: «…»» as one pair of quotes: speech typed in quotes is not quoted twice (««Сестра…»»,
    “"Brother…"”), and quotes inside the words nest as the language nests them."""
    lang = ctx.language if ctx.language in QUOTES else "en"
    words = words.strip()
    whole = len(words) > 1 and words[0] in OPENING and words[-1] in CLOSING \
        and not any(c in OPENING + CLOSING for c in words[1:-1])
    if whole:
        words = words[1:-1]
    else:  # the words hold a quote of their own: the inner pair
        (o, c), (io, ic) = QUOTES[lang], INNER[lang]
        words = words.replace(o, io).replace(c, ic) if lang == "ru" else words.replace("“", io).replace("”", ic)
    return text.w(ctx, "intent_said", who=who[:1].upper() + who[1:], text=words)

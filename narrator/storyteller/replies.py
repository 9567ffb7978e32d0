"""A Storyteller's question back and the player's answer to it, the same in the terminal and on the web (play-test 17).

When the offline reader cannot rule on a player's words it asks, naming the closest readings: a suggested approach
(its id) or a deed no approach lists (``act:<id>``: a roll the Storyteller improvises, or none). Whatever it names
the player can take: a plain yes when it named one, the reading's own button on the web, or a reply that says one
(«нет, я просто говорю с ним» is the talk; «не руби» names no blow). The reading taken travels on the
:class:`~narrator.storyteller.template.Choice` (``reading``), and the offline ruling rules the words as that deed
(:func:`narrator.storyteller.offline.rule_taken`) instead of reading them again, which would ask the same question.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from narrator.agents.i18n import typed
from narrator.rules.core import PlayerId
from narrator.storyteller.intent import FREE, clean_intent
from narrator.storyteller.template_base import PASS, Choice, Option

ACT = "act:"
"""A reading that is a deed no approach lists (the reader's ``act:<id>``), not an approach's id."""


def act_of(ref: str, lang: str) -> Any:
    """The lexicon's deed of an ``act:<id>`` reading, or ``None`` (an approach's id, or no deed the lexicon has)."""
    from narrator.storyteller.reader import act_named

    if not ref.startswith(ACT):
        return None
    try:
        return act_named(lang, ref.removeprefix(ACT))
    except StopIteration:
        return None


def is_free(act: Any) -> bool:
    """A deed without a roll (talk, a look, a wait), as the reader's question names it («без броска»)."""
    return bool(act.kind == "free" or not act.attribute)


def asked_readings(text: str, options: Sequence[Option], lang: str, *, free: bool = False) -> tuple[str, ...]:
    """Every reading the offline reader's question about ``text`` names that the player could take (an offered
    approach, or a deed the lexicon knows); none where a model reads the words (``free``) or the question is a
    teamwork invitation's."""
    from narrator.storyteller.reader import read

    if free or any(o.joins for o in options):
        return ()
    ids = {o.approach for o in options if o.approach != PASS}
    reading = read(clean_intent(text), lang, options)
    if reading.kind != "ask":
        return ()
    return tuple(c for c in reading.candidates if c in ids or act_of(c, lang) is not None)


def reply_to(text: str, readings: Sequence[str], options: Sequence[Option], lang: str) -> tuple[str | None, bool]:
    """The one reading of the standing question a typed reply takes (else ``None``), and whether the reply's own
    words are that deed. A plain yes takes the only reading named. A reply the reader reads as a deed of its own is
    that deed: one the question named is taken with the reply's words («кричу: сдаюсь!» after «… или без броска
    (разговор)?»), another is no reply. One it cannot read (another question, «это про кубики», no known deed)
    takes the reading whose words it says, not negated, for the words asked about («нет, я просто говорю с ним» is
    the talk; «не руби» is no blow)."""
    from narrator.storyteller.approaches import label_lemmas
    from narrator.storyteller.lemmas import grammar
    from narrator.storyteller.reader import read
    from narrator.storyteller.words import tokens

    if len(readings) == 1 and text.strip().lower() in typed("yes"):
        return readings[0], False
    own = read(clean_intent(text), lang, options)
    if own.kind in ("free", "roll") and f"{ACT}{own.act}" in readings:
        return f"{ACT}{own.act}", True
    if own.kind not in ("ask", "cheat", "unknown"):
        return None, False
    said = tokens(text, lang)
    negators = grammar(lang).get("negators", frozenset())
    heard = [t.forms for i, t in enumerate(said) if not (i and said[i - 1].word.lower() in negators)]

    def says(parts: Sequence[frozenset[str]]) -> bool:
        return bool(parts) and all(any(part & forms for forms in heard) for part in parts)

    found = []
    for ref in readings:
        act = act_of(ref, lang)
        if act is not None:
            hit = any(says(cue) for cue in act.cues)
        else:
            option = next((o for o in options if o.approach == ref), None)
            hit = option is not None and any(says([part]) for part in label_lemmas(option.label, lang))
        if hit:
            found.append(ref)
    return (found[0] if len(found) == 1 else None), False


def free_deed(text: str, options: Sequence[Option], lang: str) -> str | None:
    """The deed without a roll the words are, as the reader reads them in a fight (``act:<id>``: talk, a plea, a
    wait), else ``None``: in a fight words cost no action (DA L65, L167), the table says them and waits for the move
    (play-test 17: «Поднимаю пустые руки и кричу: «Я безоружен, не руби!»» is talk, no blow)."""
    from narrator.storyteller.reader import read

    reading = read(clean_intent(text), lang, options, fight=True)
    if reading.kind == "free" and reading.act:
        found: str | None = f"{ACT}{reading.act}"
    else:  # in a fight a deed without a roll is asked about (every action is rolled): the only one named is it
        found = reading.candidates[0] if reading.kind == "ask" and len(reading.candidates) == 1 else None
    act = act_of(found, lang) if found else None
    return found if act is not None and is_free(act) else None


def taken(seat: PlayerId, ref: str, words: str, options: Sequence[Option]) -> Choice | None:
    """The choice of a reading taken from a question back: the approach, with the words asked about; or the words
    as the deed ``act:<id>`` (``Choice.reading``); ``None`` for a reading the question could not have named."""
    if ref.startswith(ACT):
        return Choice(actor=seat, approach=FREE, intent=words, reading=ref)
    option = next((o for o in options if o.approach == ref), None)
    if option is None:
        return None
    return Choice(actor=seat, approach=ref, intent=words, joins=option.joins)


__all__ = ["ACT", "act_of", "asked_readings", "free_deed", "is_free", "reply_to", "taken"]

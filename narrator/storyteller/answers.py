"""A player's typed answer to the table's question at a Storyteller table: a number (``2w``: with Willpower), their
own words read against the scene's approaches (or kept for a model Storyteller), a plain yes to "did you mean 1?",
or leaving the table (:class:`QuitGame`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from narrator.agents.i18n import message, section
from narrator.rules.core import PlayerId
from narrator.storyteller.asking import question
from narrator.storyteller.intent import FREE, clean_intent, explain, match_intent
from narrator.storyteller.powers import PowerAnswer, deed
from narrator.storyteller.reader import read
from narrator.storyteller.template import PASS, Choice, Option
from narrator.storyteller.written import as_written, spellings


class QuitGame(EOFError):
    """The player left the table (EOF or ``q``); the transcript can be resumed."""


def parse_choice(text: str, options: Sequence[Option], seat: PlayerId = 0, lang: str = "en") -> Choice | str:
    """``"2w"`` -> Choice; a message when the input is not a choice.

    >>> choice = parse_choice("2w", [Option(1, "a", "A", ""), Option(2, "b", "B", "")])
    >>> choice.approach, choice.willpower, choice.automatic
    ('b', True, False)
    """
    raw = text.strip().lower().replace(" ", "")
    flags = raw.lstrip("0123456789")
    number = raw[: len(raw) - len(flags)]
    if not number or set(flags) - {"w", "a", "r"}:
        return message(lang, "input.not_a_choice", text=text, high=len(options))
    index = int(number)
    if not 1 <= index <= len(options):
        return message(lang, "input.out_of_range", index=index, high=len(options))
    option = options[index - 1]
    return Choice(actor=seat, approach=option.approach, willpower="w" in flags, automatic="a" in flags,
                  joins=option.joins, extra="r" in flags)  # r: an extra action (Rage, Celerity: powers.py)


INTENT_UNCLEAR = "INTENT_UNCLEAR"
"""The table's code for a typed intent the template could not match (its message is the player's language)."""


def is_intent(text: str) -> bool:
    """Whether ``text`` is words (an intent), not a number with flags or a command."""
    return re.search(r"[^\W\d_]{2,}", text) is not None


def typed_choice(text: str, options: Sequence[Option], seat: PlayerId, lang: str, *,
                 free: bool, labels: bool = False) -> tuple[Choice | None, str]:
    """A typed intent as the player's answer, and what the table says about it.

    ``free`` (a model Storyteller): the words go to it as they are (:data:`FREE`). Otherwise the
    offline reader (:mod:`narrator.storyteller.reader`) reads them: as a suggested approach (it says
    which and why), as a deed the Storyteller rules on itself (an improvised roll or no roll: the words
    go to it as :data:`FREE`), or it returns ``None`` with a question naming the two closest readings
    (``labels``: by the buttons' labels, as the web shows them; else by number). A reply to a
    teamwork invitation is always matched (join or not: it is no new deed) and stays a reply; words
    naming Willpower spend it, as ``2w`` would (the kernel still rules on it).
    """
    intent = clean_intent(text)
    joining = any(o.joins for o in options)  # a reply to a teamwork invitation: join or not, never a new deed
    if free and not joining:
        return Choice(actor=seat, approach=FREE, intent=intent), message(lang, "improv.considering", text=intent)
    if joining:
        found = match_intent(intent, [(o.approach, f"{o.label} {o.words}") for o in options])
        said = explain(lang, intent, found, {o.approach: (o.number, o.label) for o in options}, labels=labels)
        if found.approach is None:
            return None, said
        approach, words = found.approach, found.words
    else:  # the offline reader (issue 28): an approach, a deed the Storyteller rules on, or a question
        reading = read(intent, lang, options)
        if reading.kind in ("roll", "free"):
            return Choice(actor=seat, approach=FREE, intent=intent, willpower=names_willpower(intent, lang)), \
                message(lang, "improv.considering", text=intent)
        if reading.kind not in ("approach", "pass") or reading.approach is None:
            return None, question(lang, intent, reading, options, labels=labels)
        approach, words = reading.approach, reading.words
    option = next(o for o in options if o.approach == approach)
    written = as_written(words, spellings([str(o.label) for o in options]))  # «Готье», not «готье»
    said = message(lang, "improv.chose_labelled" if labels else "improv.chose", number=option.number,
                   label=option.label, words=", ".join(written))
    spends = option.approach != PASS and names_willpower(intent, lang)
    if spends and option.willpower:  # the kernel would not spend it here: say why, never promise it (playtest 16)
        said += message(lang, f"st_intent.willpower_not.{option.willpower}")
        spends = False
    elif spends:
        said += message(lang, "st_intent.willpower")
    return Choice(actor=seat, approach=approach, intent=intent, joins=option.joins, willpower=spends), said


def names_willpower(intent: str, lang: str) -> bool:
    """Whether the player's words spend Willpower ("I spend Willpower and ..."), as ``2w`` would."""
    said = " ".join(intent.lower().split())
    return any(phrase in said for phrase in section(lang, "st_intent")["willpower_words"])


def deed_choice(text: str, found: PowerAnswer, options: Any, seat: int, name: str, lang: str, *, free: bool,
                labels: bool = False) -> tuple[Any, list[str]]:
    """A deed said with the spending, read as words are (:func:`typed_choice`)
    and taken with the spend (``extra``: the kernel declares the extra action and spends the Rage point), and
    what the table says (the deed not read: the power's answer and the closest readings, no choice);
    ``(None, [])`` when no deed came with the words."""
    said_deed = deed(text, lang)
    if not said_deed:
        return None, []
    choice, said = typed_choice(said_deed, options, seat, lang, free=free, labels=labels)
    note = found.with_deed(name, lang) if choice is not None else found.text
    return (replace(choice, extra=found.extra) if choice is not None else None), [*([note] if note else []), said]

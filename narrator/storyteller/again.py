""""Again", "keep at it", «ещё разок»: the extended task the character has begun, going on (the offline reader, issue
28; play-test 17: «ещё разок толкаем» after the vat moved 2 of 3 was an improvised Strength + Athletics at difficulty
7 outside the task, "keep ridin" asked between the herd's edge and the chuck wagon).

:func:`continued` takes the one open extended task of the character's in this scene (the kernel's ``tasks``: a
target, status ``open``) when the words say to go on (``grammar.again``) and say no other deed outright: a question
back, a free reading, or a roll on the task's own Attribute ("push" for the vat) is that task's next roll.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.storyteller.approaches import READ
from narrator.storyteller.guard import violent
from narrator.storyteller.lemmas import grammar, split_words
from narrator.storyteller.readings import Reading


def continued(reading: Reading, text: str, lang: str, view: Mapping[str, Any], pc: str,
              options: Sequence[Any]) -> Reading:
    """``reading``, or the open extended task of ``pc``'s among ``options`` the words go on with."""
    if reading.kind in ("approach", "cheat", "pass"):
        return reading
    again = grammar(lang).get("again", frozenset())
    words = tuple(w for w in split_words(text) if w in again)
    if not words:
        return reading
    tasks = {str(t.get("key")): t for t in view.get("tasks") or ()}
    going = [o for o in options if o.approach != "pass" and _open(tasks.get(f"{pc}:{o.approach}"))]
    if len(going) != 1:
        return reading
    option = going[0]
    traits = tuple(option.traits)
    same = reading.kind == "roll" and traits[:1] == (reading.attribute,)  # «толкаем»: the vat's own Strength
    if not (same or reading.kind in ("ask", "unknown") or (reading.kind == "free" and not violent(option))):
        return reading  # "I shoot him again": a deed of its own
    return Reading("approach", approach=option.approach, words=words, weight=READ, act="strong")


def _open(task: Mapping[str, Any] | None) -> bool:
    return task is not None and bool(task.get("target")) and task.get("status", "open") == "open"

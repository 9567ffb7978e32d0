"""What the table hears as the kernel's events happen: short lines in the table's language (the catalogue's).

Mechanical facts (dice, candles, truths, deaths, the chorus) are told here from the events alone;
the Storyteller's prose (openings, framings, outcomes) comes from :mod:`storyteller`. Secrets never
reach this module: it is given only the events a seat may see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from narrator.agents.i18n import ByLanguage, end_reason, endings, message
from narrator.agents.names import fill, name_gender
from narrator.rules.core import HOST, Event
from narrator.rules.events import EventBody
from narrator.rules.ten_candles.events import (
    BrinkWritten,
    CandleOut,
    ConflictCalled,
    ConflictResolved,
    DiceRerolled,
    DiceRolled,
    MomentBurned,
    MomentsShared,
    Narrated,
    TraitsPassed,
    TruthSpoken,
)

Names = Mapping[int, str]

TABLE = ByLanguage("tc_narration")
"""By language (``prompts/i18n/<lang>/tc_narration.yaml``): ``lines``, one per event kind the table hears, and
the ``words`` they are built from (the Storyteller, success, failure, ...)."""


def describe(event: Event, names: Names, lang: str) -> str | None:
    """One line telling ``event`` to the table, or ``None`` for events the table need not hear."""
    if lang not in TABLE:
        return None
    told = event.payload
    template = TABLE[lang]["lines"].get(event.kind)  # the catalogue's line of the kind (its JSON name)
    if isinstance(told, ConflictResolved) and not told.success:
        # a failure ends the scene with a candle out: the pool it leaves is told by the next scene's line,
        # so the status bar and the narration never disagree about it (#32)
        template = TABLE[lang]["lines"]["conflict_failed"]
    if template is None:
        return None
    words = TABLE[lang]["words"]
    data: dict[str, Any] = dict(event.data)
    extra = EXTRA.get(type(told))
    values = {**data, **(extra(told, names, words) if extra else {})}
    if isinstance(told, CandleOut):
        # the cause in the catalogue's words (the same entries as how a game ended), not the kernel's code
        values["cause"] = end_reason(lang, str(told.cause))
    seat = data.get("seat", data.get("active", data.get("narrator")))
    values.setdefault("who", who(seat, names, words))
    return template.format_map(_Blank(values))


def death_notice(lang: str, name: str, *, speaks: bool) -> str:
    """What the person whose character died is told, once: gone, and whether they still speak truths (D26); the
    line agrees with the typed name («Полина погибла: её история окончена»)."""
    return message(lang, "out.ten_candles" if speaks else "out.ten_candles_silent", name=name,
                   **endings(lang, name_gender(name)))


def who(seat: Any, names: Names, words: Mapping[str, str]) -> str:
    """A seat's character name (the Storyteller for the GM)."""
    if seat == HOST:
        return words["gm"]
    if isinstance(seat, int):
        return names.get(seat) or f"#{seat}"
    return ""


def _dice(common: Sequence[int], hope: int | None, gm: Sequence[int], reason: str,
          words: Mapping[str, str]) -> dict[str, str]:
    return {"common": " ".join(map(str, common)) or "—", "hope": f" + [{hope}]" if hope else "",
            "gm": " ".join(map(str, gm)) or "—", "reason": words.get(reason, reason)}


def _rolled(e: DiceRolled, names: Names, words: Mapping[str, str]) -> dict[str, str]:
    return _dice(e.common, e.hope, e.gm, "", words)


def _rerolled(e: DiceRerolled, names: Names, words: Mapping[str, str]) -> dict[str, str]:
    return _dice(e.common, e.hope, (), e.reason, words)


EXTRA: dict[type[EventBody], Callable[[Any, Names, Mapping[str, str]], dict[str, str]]] = {
    ConflictCalled: lambda e, n, w: {"danger": w["danger"] if e.dangerous else "",
                                     "moment": w["moment"] if e.moment else ""},
    DiceRolled: _rolled,
    DiceRerolled: _rerolled,
    ConflictResolved: lambda e, n, w: {"result": w["success"] if e.success else w["failure"],
                                       "narrator": who(e.narrator, n, w)},
    MomentBurned: lambda e, n, w: {"outcome": w["won"] if e.success else w["lost"]},
    Narrated: lambda e, n, w: {"who": who(e.narrator, n, w)},
    TruthSpoken: lambda e, n, w: {"who": who(e.seat, n, w)},
}
"""The slots an event class's line needs beyond its data, by the payload's class."""


def received(event: Event, seat: int, names: Names, lang: str) -> list[str]:
    """The cards ``seat`` receives in ``event``, told to that seat (``[]`` when it receives none): the virtue
    and vice passed to it, the Brink written for it (an event only its holder and author see), the other
    characters' Moments read out. Only events the seat may see are told."""
    if lang not in TABLE or not event.visible_to(seat):
        return []
    lines, words = TABLE[lang]["received"], TABLE[lang]["words"]
    told = event.payload
    if isinstance(told, TraitsPassed):
        return [lines["traits"].format(virtue=t["virtue"], vice=t["vice"]) for t in told.traits if t["seat"] == seat]
    if isinstance(told, BrinkWritten) and told.holder == seat and told.author != seat:
        return [fill(lines["brink"], lang, author=who(told.author, names, words), text=told.text)]
    if isinstance(told, MomentsShared):
        return [fill(lines["moment"], lang, who=who(int(other), names, words), text=text)
                for other, text in told.moments.items() if int(other) != seat and text]
    return []


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""

"""What the table hears as the kernel's events happen: short lines in the table's language (the catalogue's).

Mechanical facts (dice, candles, truths, deaths, the chorus) are told here from the events alone;
the Storyteller's prose (openings, framings, outcomes) comes from :mod:`storyteller`. Secrets never
reach this module: it is given only the events a seat may see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from narrator.agents.i18n import ByLanguage, end_reason
from narrator.rules.core import HOST, Event

Names = Mapping[int, str]

TABLE = ByLanguage("tc_narration")
"""By language (``prompts/i18n/<lang>/tc_narration.yaml``): ``lines``, one per event kind the table hears, and
the ``words`` they are built from (the Storyteller, success, failure, ...)."""


def describe(event: Event, names: Names, lang: str) -> str | None:
    """One line telling ``event`` to the table, or ``None`` for events the table need not hear."""
    if lang not in TABLE:
        return None
    template = TABLE[lang]["lines"].get(event.kind)
    if event.kind == "conflict_resolved" and not event.data.get("success"):
        # a failure ends the scene with a candle out: the pool it leaves is told by the next scene's line,
        # so the status bar and the narration never disagree about it (#32)
        template = TABLE[lang]["lines"]["conflict_failed"]
    if template is None:
        return None
    words = TABLE[lang]["words"]
    data: dict[str, Any] = dict(event.data)
    extra = EXTRA.get(event.kind)
    values = {**data, **(extra(data, names, words) if extra else {})}
    if event.kind == "candle_out":
        # the cause in the catalogue's words (the same entries as how a game ended), not the kernel's code
        values["cause"] = end_reason(lang, str(data.get("cause", "")))
    seat = data.get("seat", data.get("active", data.get("narrator")))
    values.setdefault("who", who(seat, names, words))
    return template.format_map(_Blank(values))


def who(seat: Any, names: Names, words: Mapping[str, str]) -> str:
    """A seat's character name (the Storyteller for the GM)."""
    if seat == HOST:
        return words["gm"]
    if isinstance(seat, int):
        return names.get(seat) or f"#{seat}"
    return ""


def _dice(data: Mapping[str, Any], names: Names, words: Mapping[str, str]) -> dict[str, str]:
    hope = data.get("hope")
    return {"common": " ".join(map(str, data.get("common") or [])) or "—",
            "hope": f" + [{hope}]" if hope else "", "gm": " ".join(map(str, data.get("gm") or [])) or "—",
            "reason": words.get(str(data.get("reason")), str(data.get("reason", "")))}


EXTRA: dict[str, Callable[[Mapping[str, Any], Names, Mapping[str, str]], dict[str, str]]] = {
    "conflict_called": lambda d, n, w: {"danger": w["danger"] if d["dangerous"] else "",
                                        "moment": w["moment"] if d["moment"] else ""},
    "dice_rolled": _dice,
    "dice_rerolled": _dice,
    "conflict_resolved": lambda d, n, w: {"result": w["success"] if d["success"] else w["failure"],
                                          "narrator": who(d["narrator"], n, w)},
    "moment_burned": lambda d, n, w: {"outcome": w["won"] if d["success"] else w["lost"]},
    "narrated": lambda d, n, w: {"who": who(d["narrator"], n, w)},
    "truth_spoken": lambda d, n, w: {"who": who(d["seat"], n, w)},
}


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""

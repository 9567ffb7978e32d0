"""What the table hears as the kernel's events happen: short lines in Russian or English.

Mechanical facts (dice, candles, truths, deaths, the chorus) are told here from the events alone;
the Storyteller's prose (openings, framings, outcomes) comes from :mod:`storyteller`. Secrets never
reach this module: it is given only the events a seat may see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from narrator.agents.i18n import end_reason
from narrator.rules.core import HOST, Event

Names = Mapping[int, str]

LINES: dict[str, dict[str, str]] = {
    "candles_lit": {"ru": "Горит свечей: {lit}.", "en": "Candles burning: {lit}."},
    "lights_out": {"ru": "Свет выключен. {phrase}", "en": "The lights go out. Let's begin."},
    "scene_started": {"ru": "— Сцена {scene}. Свечей: {lit}. Пул: {pool}, у Рассказчика: {gm_pool}. —",
                      "en": "— Scene {scene}. Candles: {lit}. Pool: {pool}, Storyteller's: {gm_pool}. —"},
    "conflict_called": {"ru": "Конфликт: бросает {who}{danger}{moment}.", "en": "Conflict: {who} rolls{danger}{moment}."},
    "dice_rolled": {"ru": "{who}: {common}{hope} · Рассказчик: {gm}", "en": "{who}: {common}{hope} · Storyteller: {gm}"},
    "dice_rerolled": {"ru": "Переброс ({reason}): {common}{hope}", "en": "Reroll ({reason}): {common}{hope}"},
    "conflict_resolved": {"ru": "{result} Рассказывает {narrator}. Пул: {pool}.",
                          "en": "{result} {narrator} narrates. Pool: {pool}."},
    "trait_burned": {"ru": "{who} сжигает карту «{trait}».", "en": "{who} burns the card \"{trait}\"."},
    "moment_burned": {"ru": "{who} проживает Момент: {outcome}", "en": "{who} lives their Moment: {outcome}"},
    "brink_embraced": {"ru": "{who} принимает Грань: «{text}»", "en": "{who} embraces the Brink: \"{text}\""},
    "brink_engulfed": {"ru": "Грань охватывает: {who}. Грань сгорает.", "en": "The Brink engulfs {who}. It burns."},
    "brink_revealed": {"ru": "{who} открывает Грань: «{text}»", "en": "{who} shows their Brink: \"{text}\""},
    "narration_seized": {"ru": "{who} перехватывает повествование ценой свечи.",
                         "en": "{who} seizes the narration at the cost of a candle."},
    "candle_out": {"ru": "Свеча гаснет ({cause}). Горит: {lit}.", "en": "A candle goes out ({cause}). Burning: {lit}."},
    "character_died": {"ru": "{who} погибает.", "en": "{who} dies."},
    "narrated": {"ru": "{who}: {text}", "en": "{who}: {text}"},
    "truths_opened": {"ru": "Рассказчик: «{phrase}»",
                      "en": "Storyteller: \"This is all that remains. The world is plunged into darkness.\""},
    "truth_spoken": {"ru": "{who}: {text}", "en": "{who}: {text}"},
    "we_are_alive": {"ru": "Все живые хором: «{phrase}»", "en": "All the living, together: \"And we are alive.\""},
    "message_played": {"ru": "Запись. Говорит {who}: «{text}»", "en": "A recording. {who}: \"{text}\""},
    "darkness": {"ru": "Гаснут последние свечи. Тьма.", "en": "The last candles go out. Darkness."},
    "game_over": {"ru": "Конец. Все мертвы. Сцен сыграно: {scenes}.", "en": "The end. Everyone is dead. Scenes played: {scenes}."},
    "x_card": {"ru": "Сыграна X-карта. {note}", "en": "The X-card is played. {note}"},
    "module_read": {"ru": "Модуль: {text}", "en": "Module: {text}"},
    "scene_framed": {"ru": "Рассказчик: {text}", "en": "Storyteller: {text}"},
    "character_described": {"ru": "{name}: {appearance}; {description}.", "en": "{name}: {appearance}; {description}."},
    "conflict_void": {"ru": "Конфликт прерван.", "en": "The conflict is void."},
}
WORDS = {
    "ru": {"gm": "Рассказчик", "danger": " — опасно", "moment": " — Момент", "success": "Успех.", "failure": "Провал.",
           "won": "надежда обретена", "lost": "надежда потеряна", "trait": "Черта", "brink": "Грань"},
    "en": {"gm": "Storyteller", "danger": ", dangerous", "moment": ", a Moment", "success": "Success.",
           "failure": "Failure.", "won": "hope found", "lost": "hope lost", "trait": "Trait", "brink": "Brink"},
}


def describe(event: Event, names: Names, lang: str) -> str | None:
    """One line telling ``event`` to the table, or ``None`` for events the table need not hear."""
    template = LINES.get(event.kind, {}).get(lang)
    if template is None:
        return None
    words = WORDS[lang]
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

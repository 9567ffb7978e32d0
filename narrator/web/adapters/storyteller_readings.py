"""The readings a Storyteller's question back names, as the web table offers them (play-test 17).

The offline reader asks «не уверен, что вы имеете в виду: «Ударить клинком» или без броска (разговор)?» when two
readings of the player's words stand close: a suggested approach (``strike``) or a deed no approach lists
(``act:talk``, ``act:dodge``: a roll the Storyteller improvises, or none). Every reading it names is a button on
the seat page (:func:`reading_label`); a yes or a typed reply that says one takes it, and a deed taken is ruled as
that deed, as in the terminal (:mod:`narrator.storyteller.replies`); words in a fight cost no action
(:func:`is_words_in_fight`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.rules.core import PlayerId
from narrator.storyteller.replies import ACT, act_of, asked_readings, is_free, reply_to
from narrator.storyteller.template import Option


def reading_label(ref: str, options: Sequence[Option], lang: str, ratings: Mapping[str, int] | None = None) -> str:
    """A reading as its button says it: an approach's label, or the deed («Без броска (разговор)», «Бросок Ловкость
    + Уклонение (укрытие)»)."""
    from narrator.storyteller.asking import refer

    option = next((o for o in options if o.approach == ref), None)
    if option is not None:
        return option.label
    said = refer(lang, ref, options, labels=True, ratings=ratings)
    return said[:1].upper() + said[1:]


def is_words_in_fight(ref: str, view: Mapping[str, Any], lang: str) -> bool:
    """A deed without a roll taken in a fight: words cost no action there (DA L65, L167), the round goes on."""
    from narrator.render.storyteller import voice_of_view

    act = act_of(ref, lang)
    scene = voice_of_view(view, lang).scenario.scenes.get(str(view.get("scene") or ""))
    return act is not None and is_free(act) and scene is not None and scene.fight is not None


def remember_asked(table: Any, seat: PlayerId, text: str, options: Sequence[Option], lang: str, free: bool) -> None:
    """Keep the words the Storyteller just asked about and every reading its question named (the offline reader's
    candidates: a suggested approach, or a deed no approach lists, ``act:<id>``), for their buttons, a plain yes
    and a reply that says one (:func:`asked_back`)."""
    from narrator.storyteller.intent import clean_intent

    named = asked_readings(text, options, lang, free=free)
    table.__dict__.setdefault("asked_back", {})[seat] = (clean_intent(text), named, _moment(options))


def asked_back(table: Any, seat: PlayerId, options: Sequence[Option]) -> tuple[str, tuple[str, ...]]:
    """The words of the seat's last question back and the approaches it named, while that question stands (the
    same suggestions); ``("", ())`` otherwise."""
    kept = table.__dict__.get("asked_back", {}).get(seat)
    if not kept or kept[2] != _moment(options):
        return "", ()
    return kept[0], kept[1]


def forget_asked(table: Any, seat: PlayerId) -> None:
    """The seat's question back is answered (or gone with the moment it was asked in)."""
    table.__dict__.setdefault("asked_back", {}).pop(seat, None)


def _moment(options: Sequence[Option]) -> tuple[str, ...]:
    return tuple(f"{o.number}:{o.approach}" for o in options)


__all__ = ["ACT", "act_of", "asked_back", "forget_asked", "is_free", "is_words_in_fight", "reading_label", "remember_asked",
           "reply_to"]

"""A player seat's moves at a Storyteller table, read from their JSON bodies.

``{"kind": "choose_approach", "approach": ..., "willpower": ..., "automatic": ..., "joins": ..., "extra": ...}``
becomes the template's :class:`~narrator.storyteller.template.Choice`; ``{"kind": "type_intent", "text": ...,
"take": ...}`` the seat's own words (and the reading of a question back it took). A malformed body is a
:class:`ChoiceError` (the API answers 422).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from narrator.rules.core import PlayerId
from narrator.storyteller.template import CHOOSE, Choice

INTENT = "type_intent"
"""A player seat's own words (``{"kind": "type_intent", "text": ...}``): the same path as the terminal's typed
intent (:func:`narrator.storyteller.seat.typed_choice`): the model Storyteller rules on them, the template
reads them as the closest suggested approach (and says which) or asks again."""


class ChoiceError(ValueError):
    """A ``choose_approach`` body that is malformed (wrong fields or types): the API answers 422."""


def parse_choice(payload: Mapping[str, Any], seat: PlayerId = 0) -> Choice:
    """``{"kind": "choose_approach", "approach": ..., "willpower": ..., "automatic": ...}`` -> Choice.

    Raises:
        ChoiceError: unknown fields, a missing approach, or flags that are not true/false.
    """
    extra = sorted(set(payload) - {"kind", "actor", "approach", "willpower", "automatic", "joins", "extra"})
    if extra:
        raise ChoiceError(f"{CHOOSE}: unknown field(s) {', '.join(extra)}; expected approach, willpower, automatic, "
                          "joins")
    approach = payload.get("approach")
    if not isinstance(approach, str) or not approach:
        raise ChoiceError(f"{CHOOSE}: 'approach' must be the id of an approach (a string)")
    flags = {name: payload.get(name, False) for name in ("willpower", "automatic", "joins", "extra")}
    wrong = [name for name, value in flags.items() if not isinstance(value, bool)]
    if wrong:
        raise ChoiceError(f"{CHOOSE}: {', '.join(wrong)} must be true or false")
    return Choice(actor=seat, approach=approach, **flags)


def parse_intent(payload: Mapping[str, Any]) -> tuple[str, str | None]:
    """``{"kind": "type_intent", "text": ..., "take": ...}`` -> the words, and the reading of the question back a
    button took (``None``: the words are read).

    Raises:
        ChoiceError: unknown fields, or words that are not a string.
    """
    extra = sorted(set(payload) - {"kind", "actor", "text", "take"})
    text, take = payload.get("text"), payload.get("take")
    if extra or not isinstance(text, str) or not isinstance(take, str | None):
        raise ChoiceError(f"{INTENT}: expected only a 'text' (the character's action in your own words)")
    return text, take

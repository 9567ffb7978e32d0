"""A player seat's ``choose_approach`` move at a Storyteller table, read from its JSON body.

``{"kind": "choose_approach", "approach": ..., "willpower": ..., "automatic": ..., "joins": ..., "extra": ...}``
becomes the template's :class:`~narrator.storyteller.template.Choice`; a malformed body is a :class:`ChoiceError`
(the API answers 422).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from narrator.rules.core import PlayerId
from narrator.storyteller.template import CHOOSE, Choice


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

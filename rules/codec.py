"""Actions on the wire: JSON-ready dicts in, typed kernel actions out, with errors that say what is wrong.

The kernel's actions are plain frozen dataclasses (fast in the inner loop of a simulation).
At the boundary (transcripts, agents, the web API) pydantic validates them, discriminated by
their ``kind`` field, so a malformed payload is an :class:`InvalidActionError` naming the field,
never a crash inside the rules. Malformed (invalid) is not the same as illegal: a well-formed
action that the rules forbid passes here and is rejected by ``check``.

Agents inside the process hand typed actions to the session without a JSON round trip; the session
still passes each one through :meth:`ActionCodec.malformed`, a check of every field's exact type
compiled from the dataclass annotations (:mod:`rules.action_types`, a few hundred nanoseconds a move, so the simulate loop does
not notice), so ``actor=1.5`` or ``traits=-2`` is a ``MALFORMED`` rejection, never a crash in
``check`` nor an accepted move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Annotated, Any, Union, cast

from narrator.rules.action_types import FieldChecks
from narrator.rules.core import Action, ChanceAction, Code, InvalidActionError, Rejection, jsonable
from pydantic import Field, TypeAdapter, ValidationError

TypeCheck = Callable[[Any], bool]
"""Whether a value has exactly a field's type (``True`` is not an ``int``, a list is not a tuple)."""


def action_to_dict(action: Action) -> dict[str, Any]:
    """JSON-ready form of an action, ``kind`` first."""
    data = dict(jsonable(action))
    return {"kind": data.pop("kind"), **data}


class ActionCodec:
    """Decodes dicts into one game's actions (its own kinds plus ``chance``)."""

    def __init__(self, action_types: Sequence[type[Action]]) -> None:
        types = tuple(dict.fromkeys((*action_types, ChanceAction)))
        self.kinds = tuple(_kind_of(t) for t in types)
        union = Union[types] if len(types) > 1 else types[0]  # type: ignore[valid-type]  # noqa: UP007 - built at run time
        # cast: a Union built at run time is no static type form (mypy 2 refuses it as TypeAdapter's argument)
        self._adapter: TypeAdapter[Action] = TypeAdapter(cast(Any, Annotated[union, Field(discriminator="kind")]))
        self._kind = {t: _kind_of(t) for t in types}
        self._fields = FieldChecks(types)

    def malformed(self, action: Any) -> Rejection | None:
        """Why ``action`` (a typed action made in the process) is not a well-formed move of this game,
        or ``None`` when it is: one of the game's action types, every field of exactly its type.
        """
        why = self._fields.malformed(action)
        return None if why is None else Rejection(Code.MALFORMED, why, "codec")

    def decode(self, data: Mapping[str, Any]) -> Action:
        """Build the typed action ``data`` describes.

        Raises:
            InvalidActionError: unknown kind, a missing or extra field, a value of the wrong type.
        """
        if not isinstance(data, Mapping):
            raise InvalidActionError(f"an action must be a JSON object, got {type(data).__name__}")
        kind = data.get("kind")
        if kind not in self.kinds:
            raise InvalidActionError(f"unknown action kind {kind!r}; known kinds: {', '.join(self.kinds)}")
        try:
            return self._adapter.validate_python(dict(data))
        except ValidationError as error:
            raise InvalidActionError(f"malformed {kind!r} action: {_explain(error)}") from None


@cache
def codec_for(action_types: tuple[type[Action], ...]) -> ActionCodec:
    """The codec of a game's actions, built once: its pydantic adapter costs more than a simulated game."""
    return ActionCodec(action_types)


def _kind_of(action_type: type[Action]) -> str:
    default = action_type.__dataclass_fields__["kind"].default
    return str(default)


def _explain(error: ValidationError) -> str:
    parts = []
    for item in error.errors(include_url=False):
        where = ".".join(str(p) for p in item["loc"][1:]) or "(action)"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)

"""Actions on the wire: JSON-ready dicts in, typed kernel actions out, with errors that say what is wrong.

The kernel's actions are plain frozen dataclasses (fast in the inner loop of a simulation).
At the boundary (transcripts, agents, the web API) pydantic validates them, discriminated by
their ``kind`` field, so a malformed payload is an :class:`InvalidActionError` naming the field,
never a crash inside the rules. Malformed (invalid) is not the same as illegal: a well-formed
action that the rules forbid passes here and is rejected by ``check``.

Agents inside the process hand typed actions to the session without a JSON round trip; the session
still passes each one through :meth:`ActionCodec.malformed`, a check of every field's exact type
compiled from the dataclass annotations (a few hundred nanoseconds a move, so the simulate loop does
not notice), so ``actor=1.5`` or ``traits=-2`` is a ``MALFORMED`` rejection, never a crash in
``check`` nor an accepted move.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Annotated, Any, Literal, Union, cast

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
        self._checks = {t: _compile_check(t) for t in types}

    def malformed(self, action: Any) -> Rejection | None:
        """Why ``action`` (a typed action made in the process) is not a well-formed move of this game,
        or ``None`` when it is: one of the game's action types, every field of exactly its type.
        """
        check = self._checks.get(type(action))
        if check is None:
            return Rejection(Code.MALFORMED, f"{_describe(action)} is not one of this game's actions "
                             f"({', '.join(self.kinds)})", "codec")
        wrong = check(action)
        if wrong is None:
            return None
        expected = _type_name(typing.get_type_hints(type(action))[wrong])
        return Rejection(Code.MALFORMED, f"malformed {self._kind[type(action)]!r} action: {wrong} must be "
                         f"{expected}, not {_describe(getattr(action, wrong))}", "codec")

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


def _compile_check(action_type: type) -> Callable[[Any], str | None]:
    """A function returning the first field of an ``action_type`` instance whose value is not exactly of
    the annotated type, or ``None``. Generated once per type: the session runs it on every proposal."""
    hints = typing.get_type_hints(action_type)
    lines: list[str] = ["def check(action):"]
    names: dict[str, Any] = {}
    for number, f in enumerate(dataclasses.fields(action_type)):
        test = _type_test(hints[f.name], "v", names, f"t{number}")
        lines += [f"    v = action.{f.name}", f"    if not ({test}):", f"        return {f.name!r}"]
    lines.append("    return None")
    exec("\n".join(lines), names)  # noqa: S102 - source built above from the dataclass's own annotations
    check: Callable[[Any], str | None] = names["check"]
    return check


def _type_test(annotation: Any, value: str, names: dict[str, Any], key: str) -> str:
    """A Python expression true when ``value`` has exactly the type ``annotation`` (``True`` is no ``int``,
    a list is no tuple); annotations other than int/str/bool/float, Literal and tuple[X, ...] go to
    pydantic's strict validation."""
    if annotation in (int, str, bool, float):
        return f"type({value}) is {annotation.__name__}"
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Literal:
        names[key], names[f"{key}t"] = frozenset((type(a), a) for a in args), frozenset(type(a) for a in args)
        return f"type({value}) in {key}t and (type({value}), {value}) in {key}"  # the type first: a list is unhashable
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _type_test(args[0], f"{value}_", names, f"{key}_")
        return f"type({value}) is tuple and all({item} for {value}_ in {value})"
    names[key] = _strict(TypeAdapter(annotation))
    return f"{key}({value})"


def _strict(adapter: TypeAdapter[Any]) -> Callable[[Any], bool]:
    def check(value: Any) -> bool:
        try:
            adapter.validate_python(value, strict=True)
        except ValidationError:
            return False
        return True

    return check


def _type_name(annotation: Any) -> str:
    if isinstance(annotation, type):
        return f"{'an' if annotation.__name__[0] in 'aeiou' else 'a'} {annotation.__name__}"
    if typing.get_origin(annotation) is Literal:
        return "one of " + ", ".join(map(repr, typing.get_args(annotation)))
    return str(annotation).replace("typing.", "")


def _describe(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text[:60]}{'...' if len(text) > 60 else ''}"


def _kind_of(action_type: type[Action]) -> str:
    default = action_type.__dataclass_fields__["kind"].default
    return str(default)


def _explain(error: ValidationError) -> str:
    parts = []
    for item in error.errors(include_url=False):
        where = ".".join(str(p) for p in item["loc"][1:]) or "(action)"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)

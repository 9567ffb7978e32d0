"""Whether a typed action is well formed: one of a game's action types, every field of exactly its type.

Shared by the kernels' own boundary (:meth:`rules.core.Game.check` and ``apply`` refuse a malformed
action, whoever calls them) and the codec (``ActionCodec.malformed``, the session's admission). It
imports nothing of ``narrator.rules``, so ``core`` may use it without a circle.

The check of each action type is compiled once from the dataclass annotations into a small function
(a few hundred nanoseconds a move, so the simulate loop does not notice): ``actor=1.5``, ``kind=[]`` or
``traits=-2`` never reach a kernel's dispatch, where they crashed it or were accepted.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Iterable
from typing import Any, Literal


class FieldChecks:
    """The well-formedness check of one game's action types (their ``kind`` field included)."""

    def __init__(self, action_types: Iterable[type]) -> None:
        self.types = tuple(dict.fromkeys(action_types))
        self._checks = {t: compile_check(t) for t in self.types}

    def check_of(self, action_type: type) -> Callable[[Any], str | None]:
        """The compiled check of one of the types: the first wrong field's name, or ``None``."""
        return self._checks[action_type]

    def malformed(self, action: Any) -> str | None:
        """Why ``action`` is not well formed (one sentence naming the field and the value), or ``None``."""
        check = self._checks.get(type(action))
        if check is None:
            kinds = ", ".join(str(_kind(t)) for t in self.types)
            return f"{describe(action)} is not one of this game's actions ({kinds})"
        wrong = check(action)
        if wrong is None:
            return None
        kind = _kind(type(action))
        expected = type_name(typing.get_type_hints(type(action))[wrong])
        return f"malformed {kind!r} action: {wrong} must be {expected}, not {describe(getattr(action, wrong))}"


def compile_check(action_type: type) -> Callable[[Any], str | None]:
    """A function returning the first field of an ``action_type`` instance whose value is not exactly of
    the annotated type, or ``None``. Generated once per type: every proposal runs it."""
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
    names[key] = _strict(annotation)
    return f"{key}({value})"


def _strict(annotation: Any) -> Callable[[Any], bool]:
    from pydantic import TypeAdapter, ValidationError  # only for annotations the fast tests above do not cover

    adapter: TypeAdapter[Any] = TypeAdapter(annotation)

    def check(value: Any) -> bool:
        try:
            adapter.validate_python(value, strict=True)
        except ValidationError:
            return False
        return True

    return check


def type_name(annotation: Any) -> str:
    """``an int``, ``one of 'a', 'b'``, ``tuple[str, ...]``: a field's type as a sentence says it."""
    if isinstance(annotation, type):
        return f"{'an' if annotation.__name__[0] in 'aeiou' else 'a'} {annotation.__name__}"
    if typing.get_origin(annotation) is Literal:
        return "one of " + ", ".join(map(repr, typing.get_args(annotation)))
    return str(annotation).replace("typing.", "")


def describe(value: Any) -> str:
    """A value's type and the start of its ``repr`` (a long text is cut at 60 characters)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - any object may be proposed; its repr may fail
        text = "?"
    return f"{type(value).__name__} {text[:60]}{'...' if len(text) > 60 else ''}"


def _kind(action_type: type) -> Any:
    """An action type's ``kind`` (its dataclass field's default)."""
    return {f.name: f for f in dataclasses.fields(action_type)}["kind"].default

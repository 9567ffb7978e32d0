"""Typed events: one frozen class per event kind, whose JSON form is the envelope's ``data``, byte for byte.

:class:`~narrator.rules.core.Event` stays the envelope the transcripts serialize (``kind``, ``audience``,
``data``); its :attr:`~narrator.rules.core.Event.payload` is the same event as an instance of the kind's
class, read from ``data`` on first use. So events built anywhere (the kernel, a transcript line, the
native engine's glue) are matched the same way::

    match event.payload:
        case Execution(seat=seat, card=card): ...

A class declares its fields in the order the kernel writes them; :meth:`EventBody.to_data` gives back that
``data`` exactly (enums as their strings, tuples as lists, nested records as objects), and a field made with
:func:`optional` is left out when it holds ``None`` (a key the kernel writes only sometimes).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, ClassVar, TypeVar

from narrator.rules.core import EVENT_TYPES, Audience, Event

_E = TypeVar("_E", bound="EventBody")
_Conv = Callable[[Any], Any]


def optional(default: Any = None) -> Any:
    """A field the kernel writes only sometimes: absent from ``data`` when it holds ``default``."""
    return dataclasses.field(default=default, metadata={"omit": True})


class EventBody:
    """Base of the typed event classes (frozen, slotted dataclasses that set ``kind``)."""

    __slots__ = ()
    kind: ClassVar[str]
    _codec: ClassVar[tuple[tuple[str, _Conv, _Conv, bool, Any], ...]]
    _keys: ClassVar[frozenset[str]]
    _required: ClassVar[frozenset[str]]

    @classmethod
    def fits(cls, data: Mapping[str, Any], *, exact: bool = True) -> bool:
        """Whether ``data`` has this class's shape: every required key, and (``exact``) no unknown one."""
        keys = data.keys()
        return cls._required <= keys and (not exact or keys <= cls._keys)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> typing.Self:
        """The typed event of an envelope's ``data`` (replaced per class by :func:`register` with its compiled
        reader: the kernel reads every public event it logs into the public record)."""
        values = {name: read(data[name]) if name in data else default
                  for name, read, _, _, default in cls._codec}
        return cls(**values)

    def to_data(self) -> dict[str, Any]:
        """The envelope's ``data`` (JSON-ready, keys in the kernel's order)."""
        out: dict[str, Any] = {}
        for name, _, write, omit, default in self._codec:
            value = getattr(self, name)
            if omit and value == default:
                continue
            out[name] = write(value)
        return out

    def event(self, audience: Audience) -> Event:
        """This event addressed to ``audience``, in its envelope."""
        event = Event(self.kind, audience, self.to_data())
        object.__setattr__(event, "_payload", self)
        return event


def register(*classes: type[_E]) -> dict[str, type[_E]]:
    """Make each class typed-readable (its codec from its annotations) and known to ``Event.payload``;
    returns kind -> class (a game's registry)."""
    found: dict[str, type[_E]] = {}
    for cls in classes:
        hints = typing.get_type_hints(cls)
        codec = []
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            read, write = _converters(hints[f.name])
            default = None if f.default is dataclasses.MISSING else f.default
            codec.append((f.name, read, write, bool(f.metadata.get("omit")), default))
        cls._codec = tuple(codec)
        cls.from_data = _reader(cls, cls._codec)  # type: ignore[method-assign]
        cls._keys = frozenset(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        cls._required = frozenset(f.name for f in dataclasses.fields(cls)  # type: ignore[arg-type]
                                  if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        listed = EVENT_TYPES.setdefault(cls.kind, [])
        if cls not in listed:
            listed.append(cls)
        found[cls.kind] = cls
    return found


def _reader(cls: type, codec: tuple[tuple[str, _Conv, _Conv, bool, Any], ...]) -> Any:
    """``cls.from_data`` compiled: one key read (and its converter, when not the identity) per field."""
    namespace: dict[str, Any] = {"cls": cls}
    parts = []
    for i, (name, read, _, omit, default) in enumerate(codec):
        namespace[f"r{i}"], namespace[f"d{i}"] = read, default
        if not omit:
            parts.append(f"data[{name!r}]" if read is _same else f"r{i}(data[{name!r}])")
        else:
            parts.append(f"data.get({name!r}, d{i})" if read is _same
                         else f"(d{i} if (v{i} := data.get({name!r}, d{i})) is d{i} else r{i}(v{i}))")
    source = f"def from_data(data):\n    return cls({', '.join(parts)})\n"
    exec(source, namespace)  # noqa: S102 (a reader generated from the class's own fields)
    return staticmethod(namespace["from_data"])


def _same(value: Any) -> Any:
    return value


def _converters(hint: Any) -> tuple[_Conv, _Conv]:
    """(read from JSON, write to JSON) for a field of type ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            read, write = _converters(inner[0])
            if read is _same and write is _same:
                return _same, _same
            return (lambda v: None if v is None else read(v)), (lambda v: None if v is None else write(v))
        return _same, _same
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            read, write = _converters(args[0])
            return (lambda v: tuple(read(x) for x in v)), (lambda v: [write(x) for x in v])
        pairs = [_converters(a) for a in args]
        return (lambda v: tuple(r(x) for (r, _), x in zip(pairs, v))), \
            (lambda v: [w(x) for (_, w), x in zip(pairs, v)])
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint, (lambda v: v.value)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        parts = [(f.name, *_converters(hints[f.name])) for f in dataclasses.fields(hint)]
        return (lambda v: hint(**{n: r(v[n]) for n, r, _ in parts})), \
            (lambda v: {n: w(getattr(v, n)) for n, _, w in parts})
    return _same, _same

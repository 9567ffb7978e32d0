"""Copy-on-write for a kernel's frozen, slotted state records: one copy per ``apply``.

Both kernels (``rules.battaglia``, ``rules.ten_candles``) keep their state in frozen, slotted
dataclasses and write their rule functions in a functional style::

    state = evolve(state, phase=Phase.VOTE, today=evolve(today, ballots=ballots))

Copying the whole record at every such line is what made the kernels slow: a move runs 5-15 of
them, and a simulated game runs hundreds of moves. So ``apply`` makes one private *draft* of the
state (:func:`draft`), the rule functions' :func:`evolve` change that draft in place (nobody else
holds it yet) and copy anything else, and :func:`seal` closes the draft before ``apply`` returns it.

**The contract: never read a record after passing it to** :func:`evolve`. On a draft, ``evolve``
returns the very object it was given, already changed; read what you need from the old value
first. A state returned by ``apply`` is sealed and truly immutable: callers (sessions, bots, tests)
never see a draft. The golden games of each kernel (``tests/*/test_kernel_golden.py``) catch a slip.

Measured (2026-11-30, 2-core VM shared with other jobs, CPU time of the process, random legal moves,
``benchmarks/battaglia_kernel.py --games 150`` and ``benchmarks/ten_candles_kernel.py --games 600``),
the draft against copying at every ``evolve`` (the same code with ``draft`` = :func:`copy_of`):
battaglia, 12 players, 26.4 vs 32.8 us/move; Ten Candles, 4 players, 11.6 vs 15.0 us/move. So
about a fifth of each kernel's time per move.

A record class opts in by inheriting :class:`Draftable` (the ``_open`` mark is a slot, not a field:
it stays out of equality, ``repr``, pickles and JSON). Fields whose names start with ``_`` are
per-object caches: a copy starts them from their defaults. Slots that are not fields (derived
facts a kernel memoises on a sealed state) are not copied at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, TypeVar

_T = TypeVar("_T")

_set = object.__setattr__
_new = object.__new__


class Draftable:
    """Base of a record that can be an open draft. ``_open`` is set only by :func:`draft`/:func:`seal`."""

    __slots__ = ("_open",)


def is_open(obj: object) -> bool:
    """Whether ``obj`` is a draft still being written by one ``apply``."""
    return getattr(obj, "_open", False)


def _copier(cls: type) -> Callable[[Any], Any]:
    """A generated ``copy(obj)``: one attribute read and one slot write per field.

    Fields named ``_...`` restart from their defaults; the copy is closed and has nothing derived.
    """
    lines, namespace = [], {"_set": _set, "_new": _new, "cls": cls}
    for f in fields(cls):
        if f.name.startswith("_"):
            if f.default is MISSING:
                raise TypeError(f"{cls.__name__}.{f.name}: a private field needs a plain default")
            namespace[f"_default_{f.name}"] = f.default
            value = f"_default_{f.name}"
        else:
            value = f"obj.{f.name}"
        lines.append(f"    _set(new, {f.name!r}, {value})\n")
    source = f"def copy(obj):\n    new = _new(cls)\n{''.join(lines)}    return new\n"
    exec(source, namespace)  # noqa: S102 - source built from the class's own field names
    copy: Callable[[Any], Any] = namespace["copy"]  # type: ignore[assignment]  # exec's product
    return copy


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def copy_of(obj: _T) -> _T:
    """A closed shallow copy of ``obj`` (a frozen, slotted dataclass), without ``__init__``."""
    copy = _COPIERS.get(type(obj))
    if copy is None:
        copy = _COPIERS[type(obj)] = _copier(type(obj))
    return copy(obj)


def evolve(obj: _T, **changes: object) -> _T:
    """``dataclasses.replace`` without ``__init__``: an open draft is changed in place, anything else copied.

    Never read ``obj`` afterwards (see the module docstring): it may be the object returned.
    """
    if getattr(obj, "_open", False):
        new = obj
    else:
        copy = _COPIERS.get(type(obj))
        if copy is None:
            copy = _COPIERS[type(obj)] = _copier(type(obj))
        new = copy(obj)
    for name, value in changes.items():
        _set(new, name, value)
    return new


def draft(obj: _T) -> _T:
    """A private copy of ``obj`` that :func:`evolve` changes in place until :func:`seal`."""
    new = copy_of(obj)
    _set(new, "_open", True)
    return new


def seal(obj: _T) -> _T:
    """Close a draft: from now on every :func:`evolve` of it copies. Returns ``obj``."""
    _set(obj, "_open", False)
    return obj

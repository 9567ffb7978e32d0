"""The differential tests' rules options, derived from the config dataclass rather than listed by hand.

A new option of ``BattagliaConfig`` or ``TenCandlesConfig`` is then played by every native
differential test under each value away from its default, without touching the tests: the other
bool, every other choice of a ``Literal``, ``default + 1`` for an int, ``0`` for ``int | None``.
A test names better values where the generic one says little (``max_days=3``) and groups options
that only mean something together. Options the engine plays only at their default (``UNPORTED``)
are left out: ``--engine auto`` sends those to Python.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.fast import NativeUnavailableError, engine
from narrator.fast.codegen import GAMES, Option
from narrator.fast.sources import options


def _generic(option: Option) -> list[Any]:
    if option.kind == "bool":
        return [not option.default]
    if option.kind == "choice":
        return [c for c in option.choices if c != option.default]
    if option.kind == "int":
        return [option.default + 1]
    if option.kind == "optional_int":
        return [0] if option.default is None else [None]
    raise LookupError(f"option {option.name} ({option.kind}): name the values to test it with")


def away_from_default(game: str, *, values: Mapping[str, Sequence[Any]] | None = None,
                      together: Sequence[Sequence[str]] = (), skip: Sequence[str] = ()) -> list[dict[str, Any]]:
    """One options dict per value away from the default of each option of ``game`` (declaration order).

    Args:
        values: the values to test an option with, instead of the generic ones.
        together: groups of options tested in one game (each with its first value; its other values alone).
        skip: options not to vary (the table's shape, tested on its own).
    """
    values = dict(values or {})
    try:
        unported = set(engine(game).UNPORTED)
    except (NativeUnavailableError, AttributeError):  # the tests themselves fail on a missing engine
        unported = set()
    chosen = {o.name: list(values[o.name]) if o.name in values else _generic(o)
              for o in options(GAMES[game]) if o.name not in skip and o.name not in unported}
    unknown = (set(values) | {n for group in together for n in group}) - chosen.keys() - set(skip) - unported
    if unknown:
        raise LookupError(f"no option {sorted(unknown)} in {GAMES[game].config_class}")
    group_of = {name: tuple(group) for group in together for name in group}
    out: list[dict[str, Any]] = []
    for name, away in chosen.items():
        group = group_of.get(name)
        if group and name == next(n for n in group if n in chosen):
            out.append({n: chosen[n][0] for n in group if n in chosen})
        out += [{name: v} for v in (away[1:] if group else away)]
    return out

"""The two test lanes (``docs/testing.md``): ``python -m pytest`` runs the fast lane, ``-m slow`` the rest.

A long sweep (every player count, every rules option, many seeds) keeps a few of its values in the
fast lane, spread from the first to the last, and runs all the others in the slow lane, so the fast
lane still exercises every test and ``.ci/run`` (both lanes) still runs every value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

SLOW = pytest.mark.slow


def spread(count: int, keep: int) -> set[int]:
    """``keep`` indices of ``range(count)`` spread evenly, the first and the last included."""
    if keep >= count:
        return set(range(count))
    if keep <= 1:
        return {0} if keep == 1 else set()
    return {round(i * (count - 1) / (keep - 1)) for i in range(keep)}


def sweep(values: Iterable[Any], *, fast: int = 3, ids: Sequence[str] | None = None, unpack: bool = False) -> list[Any]:
    """``values`` as parameters: ``fast`` of them (spread out) in the fast lane, the others marked ``slow``.

    ``unpack``: each value is a tuple of several arguments. A value that is already a ``pytest.param``
    keeps its marks and id.
    """
    values = list(values)
    keep = spread(len(values), fast)
    params = []
    for index, value in enumerate(values):
        marks = () if index in keep else (SLOW,)
        name = ids[index] if ids is not None else None
        if isinstance(value, type(pytest.param(None))):
            params.append(pytest.param(*value.values, marks=(*value.marks, *marks), id=value.id or name))
        else:
            params.append(pytest.param(*(value if unpack else (value,)), marks=marks, id=name))
    return params

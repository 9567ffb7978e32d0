"""The two test lanes (``docs/testing.md``): ``python -m pytest`` runs the fast lane, ``-m slow`` the rest.

A long sweep (every player count, every rules option, many seeds) keeps a few of its values in the
fast lane, spread from the first to the last, and runs all the others in the slow lane, so the fast
lane still exercises every test and ``.ci/run`` (both lanes) still runs every value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from tests.slow_cases import SLOW_CASES

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


def mark_costly_cases_slow(items: list[pytest.Item], *, whole_files: bool) -> None:
    """Apply ``tests/slow_cases.py``: mark ``slow`` every case of its functions but the ones it keeps fast.

    ``whole_files``: every test of each collected file is here (no test ids, no ``-k``); then an entry
    naming a function or kept case its file lacks raises ``pytest.UsageError``.
    """
    cases: dict[tuple[str, str], list[pytest.Item]] = {}
    files = set()
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        files.add(path)
        function = getattr(item, "originalname", item.name)
        cases.setdefault((path, function), []).append(item)
    stale = []
    for path, functions in SLOW_CASES.items():
        if path not in files:
            continue
        for function, kept in functions.items():
            found = cases.get((path, function))
            keep = {kept} if isinstance(kept, str) else set(kept or ())
            ids = {item.callspec.id for item in found or () if hasattr(item, "callspec")}
            if whole_files and (not found or not keep <= ids):
                stale.append(f"{path}::{function} (keeps {sorted(keep)}, found {sorted(ids) if found else 'no test'})")
                continue
            for item in found or ():
                if not hasattr(item, "callspec") or item.callspec.id not in keep:
                    item.add_marker(SLOW)
    if stale:
        raise pytest.UsageError("tests/slow_cases.py names what is not there (rename or remove):\n  "
                                + "\n  ".join(stale))

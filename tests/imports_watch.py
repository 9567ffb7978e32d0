"""Which modules a block of code tries to import, in this process (for ``simulate --no-plots``: no matplotlib).

A test worker may have loaded the watched modules already (another test drew a plot), so they are forgotten for
the block (and put back after it, by ``monkeypatch``); any import of one then reaches the watching finder, which
records it and refuses it, from any thread (the plots' background preload too).
"""

from __future__ import annotations

import contextlib
import importlib.abc
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import pytest


def _watched(name: str, names: Sequence[str]) -> bool:
    return any(name == n or name.startswith(n + ".") for n in names)


class _Refusing(importlib.abc.MetaPathFinder):
    def __init__(self, names: Sequence[str], tried: list[str]) -> None:
        self.names, self.tried = names, tried

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> None:
        if _watched(fullname, self.names):
            self.tried.append(fullname)
            raise ImportError(f"{fullname}: refused while its imports are watched")


@contextlib.contextmanager
def imports_refused(monkeypatch: pytest.MonkeyPatch, *names: str) -> Iterator[list[str]]:
    """Within the block, importing ``names`` (or a submodule) fails; the list yielded gets each name tried."""
    for key in [key for key in sys.modules if _watched(key, names)]:
        monkeypatch.delitem(sys.modules, key)
        parent, _, child = key.rpartition(".")
        if parent in sys.modules:  # ``from package import child`` reads the package's attribute first
            monkeypatch.delattr(sys.modules[parent], child, raising=False)
    tried: list[str] = []
    monkeypatch.setattr(sys, "meta_path", [_Refusing(names, tried), *sys.meta_path])
    yield tried

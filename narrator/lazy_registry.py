"""A game's part (its words, its presenter) found by the game's name, imported the first time it is asked for.

The entries name their objects as ``"module:attribute"`` so that a page of one game never imports another's;
a registered object stands for itself, and a game with no entry gets the generic one.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Generic, TypeVar

T = TypeVar("T")


class LazyRegistry(Generic[T]):
    """``game -> T``, each entry imported from its ``"module:attribute"`` on first use."""

    def __init__(self, entries: dict[str, T | str], generic: Callable[[str], T]) -> None:
        self._entries = dict(entries)
        self._generic = generic

    def register(self, game: str, entry: T | str) -> None:
        """Make ``entry`` (or ``"module:attribute"`` naming one) serve ``game``."""
        self._entries[game] = entry

    def get(self, game: str) -> T:
        """The game's entry, or the generic one."""
        entry = self._entries.get(game)
        if isinstance(entry, str):
            module_name, attribute = entry.split(":")
            entry = self._entries[game] = getattr(import_module(module_name), attribute)
        return entry if entry is not None else self._generic(game)

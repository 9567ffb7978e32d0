"""Chance nodes: what the rules ask of chance, how the engine samples it, and how a result is checked.

The kernel never draws a random number. When a rule calls for dice, a shuffle or a random pick,
``chance_spec(state)`` returns one of the specs below; the engine samples it with *its own*
``random.Random`` (:func:`sample`) and applies the values as a :class:`rules.core.ChanceAction`,
which the kernel validates with :func:`validate`. A transcript therefore replays without the seed,
and physical dice rolled at a real table go through the very same check.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from narrator.rules.core import Code, Rejection


def _labelled(text: str, label: str) -> str:
    return f"{text} ({label})" if label else text


@dataclass(frozen=True, slots=True)
class Dice:
    """Roll ``count`` dice with ``sides`` faces each; values are the faces, 1..sides, in order."""

    count: int
    sides: int
    label: str = ""

    def describe(self) -> str:
        """``"5d6"``, with the label when there is one."""
        return _labelled(f"{self.count}d{self.sides}", self.label)


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Shuffle ``size`` items; values are a permutation of ``0..size-1`` (new position -> old index)."""

    size: int
    label: str = ""

    def describe(self) -> str:
        """``"shuffle 8"``, with the label when there is one."""
        return _labelled(f"shuffle {self.size}", self.label)


@dataclass(frozen=True, slots=True)
class Pick:
    """Pick one of ``options`` uniformly (a tie-break by lot); the value is its index."""

    options: int
    label: str = ""

    def describe(self) -> str:
        """``"pick 1 of 3"``, with the label when there is one."""
        return _labelled(f"pick 1 of {self.options}", self.label)


ChanceSpec = Dice | Shuffle | Pick


def sample(spec: ChanceSpec, rng: random.Random) -> tuple[int, ...]:
    """Sample ``spec`` with the engine's generator.

    >>> sample(Dice(3, 6), random.Random(1))
    (2, 5, 1)
    """
    if isinstance(spec, Dice):
        return tuple(rng.randint(1, spec.sides) for _ in range(spec.count))
    if isinstance(spec, Shuffle):
        order = list(range(spec.size))
        rng.shuffle(order)
        return tuple(order)
    return (rng.randrange(spec.options),)


def validate(spec: ChanceSpec, values: tuple[int, ...]) -> Rejection | None:
    """``None`` when ``values`` is a possible result of ``spec``, else why it is not.

    >>> validate(Dice(2, 6), (6, 7)).code
    'CHANCE_MISMATCH'
    """
    problem = _problem(spec, values)
    if problem is None:
        return None
    return Rejection(Code.CHANCE_MISMATCH, f"{problem}; expected {spec.describe()}", "chance")


def _problem(spec: ChanceSpec, values: tuple[int, ...]) -> str | None:
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return f"chance values must be whole numbers, got {list(values)!r}"
    if isinstance(spec, Dice):
        if len(values) != spec.count:
            return f"{len(values)} dice given, {spec.count} needed"
        bad = [v for v in values if not 1 <= v <= spec.sides]
        return f"faces {bad} are not on a d{spec.sides}" if bad else None
    if isinstance(spec, Shuffle):
        if sorted(values) != list(range(spec.size)):
            return f"{list(values)} is not an ordering of {spec.size} items"
        return None
    if len(values) != 1 or not 0 <= values[0] < spec.options:
        return f"{list(values)} is not one index below {spec.options}"
    return None

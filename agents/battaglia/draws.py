"""A bot's randomness for one decision: small, deterministic, and cheap to seed.

A scripted bot must decide from (game seed, seat, view) alone, so that a game resumed from its
transcript goes on exactly as it would have; it therefore re-seeds at every decision. Seeding
``random.Random`` (a 2.5 KB Mersenne Twister state) cost more than the rest of a decision, while a
decision draws at most a few numbers. :class:`DecisionRandom` is SplitMix64 (Steele, Lea & Flood,
2014: the seeder of Java's ``SplittableRandom`` and of xoshiro), seeded by one integer.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
"""SplitMix64's increment (2^64 / golden ratio, odd)."""


class Draws(Protocol):
    """What speech and decisions draw from (``random.Random`` fits too)."""

    def random(self) -> float:
        """A float in [0, 1)."""
        ...  # pragma: no cover

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        ...  # pragma: no cover


def mix64(z: int) -> int:
    """SplitMix64's output function: a bijection of 64-bit integers that scatters nearby inputs."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def seed_key(text: str) -> int:
    """A 64-bit integer for a seed string (computed once per bot, so a strong hash is affordable)."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


class DecisionRandom:
    """SplitMix64: ``seed(n)``, then ``random()`` / ``choice()`` as in ``random.Random``.

    ``unit(k)`` is a number in [0, 1) fixed by the seed and ``k`` alone, without advancing the
    stream, so a per-seat jitter does not depend on which other seats were scored first.
    """

    __slots__ = ("origin", "state")

    def __init__(self, seed: int = 0) -> None:
        self.origin = self.state = seed & MASK

    def seed(self, value: int) -> None:
        """Restart the stream from ``value``."""
        self.origin = self.state = value & MASK

    def random(self) -> float:
        """The next float in [0, 1) (53 random bits)."""
        self.state = (self.state + GAMMA) & MASK
        return (mix64(self.state) >> 11) * 2.0**-53

    def choice(self, seq: Sequence[T]) -> T:
        """The next element of ``seq``, uniformly (``seq`` must not be empty)."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[int(self.random() * len(seq))]

    def unit(self, key: int) -> float:
        """A float in [0, 1) that depends on the last seed and ``key`` only."""
        salt = _SALTS[key] if 0 <= key < len(_SALTS) else mix64((key + 1) * GAMMA & MASK)
        return (mix64(self.origin ^ salt) >> 11) * 2.0**-53


_SALTS = tuple(mix64((key + 1) * GAMMA & MASK) for key in range(64))
"""What :meth:`DecisionRandom.unit` mixes into the seed for small keys (seats), computed once."""

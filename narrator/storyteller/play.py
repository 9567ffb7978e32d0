"""``narrator play dark-ages|wild-west`` (filled in below)."""

from __future__ import annotations


def play_dark_ages() -> None:
    """Play the Dark Ages scenario."""


def play_wild_west() -> None:
    """Play the Wild West scenario."""

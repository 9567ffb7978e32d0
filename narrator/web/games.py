"""Game-specific wiring of the web table: which agent plays ``scripted`` for each game.

Factories are named as strings in :mod:`narrator.web.bots`, so a game's agents are imported only
when a table of that game asks for a bot.
"""

from __future__ import annotations

from typing import Any

from agents.base import Agent
from rules.core import Game, PlayerId


def battaglia_scripted(game: Game[Any, Any], seat: PlayerId, seed: int) -> Agent:
    """The scripted battaglia player (``agents.battaglia.BattagliaBot``) for one seat."""
    from agents.battaglia import BattagliaBot

    return BattagliaBot(seed, seat)

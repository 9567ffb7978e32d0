"""The games this project knows, by name, imported only when asked for."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from narrator.rules.core import Game

_GAMES = {
    "battaglia": "narrator.rules.battaglia:GAME",
    "ten-candles": "narrator.rules.ten_candles:GAME",
    "dark-ages": "narrator.rules.storyteller:DARK_AGES",
    "wild-west": "narrator.rules.storyteller:WILD_WEST",
}


def register_game(name: str, target: str) -> None:
    """Make game ``name`` known as ``"package.module:ATTRIBUTE"`` (plug-in games, test fixtures)."""
    _GAMES[name] = target


def game_names() -> tuple[str, ...]:
    """Every game name a transcript header or the CLI may use."""
    return tuple(_GAMES)


def get_game(name: str) -> Game[Any, Any]:
    """The kernel of game ``name``.

    Raises:
        KeyError: with the known names, when ``name`` is not a game.
    """
    try:
        module_name, attribute = _GAMES[name].split(":")
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(_GAMES)}") from None
    game: Game[Any, Any] = getattr(import_module(module_name), attribute)
    return game

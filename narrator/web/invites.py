"""What the table-creation page needs besides the API: each game's default seat count (for the
player-count field and the bot checkboxes) and invite links as QR codes, drawn here as SVG (segno;
no image service, no script from elsewhere)."""

from __future__ import annotations

from functools import cache
from typing import Any

from narrator.rules.registry import get_game
from narrator.rules.replay import decode_config


@cache
def default_seats(game_name: str) -> dict[str, Any]:
    """``{"seats": n, "players": bool}``: the default table's seat count and whether the rules take a
    ``players`` option (Dark Ages / Wild West seat one player per character instead: 0 seats, no count)."""
    game = get_game(game_name)
    config = decode_config(game, {})
    return {"seats": game.seat_count(game.initial_state(config)),
            "players": "players" in game.config_to_dict(config)}


PLACEHOLDER_OPTIONS = 2
"""How many of a game's own switches the rules-profile box shows as its example."""


@cache
def profile_example(game_name: str) -> str:
    """The rules-profile box's placeholder: the first switches of this game's rules with their defaults
    (``rule_of_ten: false``), so the example is never another game's option."""
    game = get_game(game_name)
    defaults = game.config_to_dict(decode_config(game, {}))
    switches = [f"{key}: {'true' if value else 'false'}" for key, value in defaults.items()
                if isinstance(value, bool) and key != "human_moderator"]  # the host select sets that one
    return "\n".join(switches[:PLACEHOLDER_OPTIONS])


def qr_svg(url: str) -> str | None:
    """``url`` as an inline ``<svg>`` QR code (error correction M, dark on light, scalable); ``None``
    where segno is not installed yet (the invite is then a link with its copy button only)."""
    try:
        import segno  # only where a table is created
    except ImportError:  # a checkout whose environment predates the dependency
        return None
    code = segno.make(url, error="m", micro=False)
    return str(code.svg_inline(scale=4, dark="#111", light="#fff", omitsize=True))

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


def qr_svg(url: str) -> str | None:
    """``url`` as an inline ``<svg>`` QR code (error correction M, dark on light, scalable); ``None``
    where segno is not installed yet (the invite is then a link with its copy button only)."""
    try:
        import segno  # only where a table is created
    except ImportError:  # a checkout whose environment predates the dependency
        return None
    code = segno.make(url, error="m", micro=False)
    return str(code.svg_inline(scale=4, dark="#111", light="#fff", omitsize=True))

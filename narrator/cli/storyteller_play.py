"""``narrator play dark-ages`` and ``play wild-west``: apart from the dice tools, which start without
the session, resume and model modules these commands import (issue 10: ``roll``/``odds`` under 0.5 s)."""

from __future__ import annotations

import typer


def register(app: typer.Typer, play: typer.Typer, simulate: typer.Typer) -> None:
    """Add ``play dark-ages`` and ``play wild-west``."""
    from narrator.storyteller.llm_play import play_dark_ages, play_wild_west  # the template game unless --llm

    play.command("dark-ages")(play_dark_ages)
    play.command("wild-west")(play_wild_west)

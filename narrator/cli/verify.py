"""``narrator verify FILE``: prove from a finished transcript that its dice, candles, shuffles and deals were fair."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from narrator.cli import common
from narrator.cli.common import console, fail

VERIFY_HELP = """Prove that a finished game's chance was fair: nobody chose its dice, shuffles or deals.

Before the game the table published a commitment: a SHA-256 fingerprint of a secret seed, the rules
options and the rules' code. Each player at a web table could add a share of their own before the
first draw, and every die, candle, shuffle and deal was derived from the seed and all the shares. At
the end the seed was written into the transcript.

verify checks, in order: every line's seal (nothing edited, added, removed or moved); that the
revealed seed gives the published commitment; that every draw follows from the seed and the shares;
and that the rules, replayed move by move, derive every recorded event and the result. It prints one
line: "fair: 214 draws re-derived, ..." or the first line that does not match, and why.

A seat's chance record, downloaded from a web table's page after the end (the whole transcript holds
the other seats' secrets), is checked too: the commitment and every draw, not the moves, which it
does not hold; its verdict says so ("fair chance: ...").

Exits 0 when the game is proven fair, 1 at a line that does not match (or a damaged file), 2 when
nothing can be proven (a game recorded without a commitment, a game not finished yet) or there is no
such file. How it works, in plain words: docs/fairness.md.

Examples:

  narrator verify games/battaglia-20261207-101500-seed123.jsonl

  narrator verify --lang ru table.jsonl
"""


def register(app: typer.Typer, _play: typer.Typer, _simulate: typer.Typer) -> None:
    """Add ``narrator verify``."""
    app.command(name="verify", help=VERIFY_HELP)(verify)


def verify(
    transcript: Path = typer.Argument(..., help="A finished transcript (.jsonl) of a terminal game, a web table "
                                                "or a simulation's kept game."),
    lang: str | None = typer.Option(None, "--lang", help="ru or en (default: the language the game was played in)."),
) -> None:
    from rich.markup import escape

    from narrator.fairness import verdict_text
    from narrator.fairness import verify as check
    from narrator.transcript import header_language

    lang = lang or common.asked_language()
    if lang:
        common.language(lang)
    try:
        data = transcript.read_bytes()
    except (FileNotFoundError, IsADirectoryError):
        fail("", key="no_file", path=str(transcript))
    verdict = check(data)
    recorded = None if lang else header_language(transcript)
    shown = common.language(recorded) if recorded else common.run_language()
    style: dict[Any, str] = {0: "green", 1: "bold red", 2: "yellow"}
    console.print(f"[{style[verdict.exit_code]}]{escape(verdict_text(verdict, shown))}[/]", soft_wrap=True,
                  highlight=False)
    raise typer.Exit(verdict.exit_code)

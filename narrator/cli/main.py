"""``narrator``: play, simulate, replay, roll dice and serve tables from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from narrator.cli import common
from narrator.cli.common import console, fail

app = typer.Typer(
    name="narrator",
    help=(
        "An AI-assisted narrator and simulation bots for tabletop role-playing games.\n\n"
        "A deterministic rules kernel owns every die, card and vote; bots, language models and "
        "people only propose moves. Start with:\n\n"
        "  narrator simulate battaglia --players 6-12 --games 500 --out report/\n\n"
        "  narrator play battaglia --players 9 --seat 4"
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)
play_app = typer.Typer(help="Play a game in the terminal against bots and an offline Storyteller.",
                       no_args_is_help=True)
simulate_app = typer.Typer(help="Simulate many games with bots and write a playtest report (CSV, plots, report.md).",
                           no_args_is_help=True)
app.add_typer(play_app, name="play")
app.add_typer(simulate_app, name="simulate")


@app.command()
def replay(
    transcript: Path = typer.Argument(..., help="A transcript (.jsonl) written by play or simulate."),
    as_json: bool = typer.Option(False, "--json", help="Print the final state (host view) as JSON."),
    repair: bool = typer.Option(False, "--repair", help="Cut a damaged file back to its longest valid prefix "
                                                        "(the original is kept as FILE.damaged) so play can resume."),
) -> None:
    """Rebuild a game from its transcript and check every line: its seal, its schema, every event.

    Exits 0 when the transcript replays exactly, 1 at the first damaged or diverging line (one line
    says which and what is wrong), 2 when there is no such file. Files recorded before transcripts
    were sealed replay too, reported as unsigned.
    """
    from rich.markup import escape

    from narrator.rules.core import Viewer, jsonable
    from narrator.rules.registry import get_game
    from narrator.transcript import TranscriptError, read_transcript
    from narrator.transcript import repair as repair_file

    try:
        if repair:
            backup, result = repair_file(transcript)
            console.print(f"[green]repaired[/] {escape(str(transcript))}: kept lines 1-{result.last_line} "
                          f"({result.valid_bytes} bytes); the original is in {escape(str(backup))}", soft_wrap=True,
                          highlight=False)
            return
        result = read_transcript(transcript)
    except (FileNotFoundError, IsADirectoryError):
        fail(f"{transcript}: no such file")
    except TranscriptError as error:
        common.errors.print(f"[bold red]damaged:[/] {escape(str(transcript))}: {escape(str(error))}",
                            highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    game = get_game(result.header["game"])
    if as_json:
        print(json.dumps(jsonable(game.view(result.state, Viewer.HOST)), ensure_ascii=False, indent=2))
        return
    status = "finished: " + result.outcome.termination if result.outcome else "unfinished (resumable with --resume)"
    seal = "sealed" if result.signed else "unsigned (recorded before transcripts were sealed: edits cannot be seen)"
    cut = f"; a half-written last line ({result.cut_bytes} bytes) is ignored" if result.cut_bytes else ""
    console.print(f"[green]ok[/] {escape(str(transcript))}: {result.moves} moves replayed through line {result.last_line}, "
                  f"every event reproduced, {seal}; {status}{cut}", soft_wrap=True, highlight=False)


def _register_games() -> None:
    """Each game adds its own play / simulate commands (and any tools of its own)."""
    from narrator.cli import battaglia, llm, serve, storyteller, ten_candles

    for module in (battaglia, ten_candles, storyteller, llm, serve):
        module.register(app, play_app, simulate_app)


_register_games()


def main() -> None:
    """Console entry point."""
    app()


if __name__ == "__main__":
    main()

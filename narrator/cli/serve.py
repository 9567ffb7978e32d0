"""``narrator serve``: the shared web table, where people and bots play one game in the browser."""

from __future__ import annotations

import logging
from pathlib import Path

import typer

from narrator.cli.common import console, fail


def register(app: typer.Typer, play: typer.Typer, simulate: typer.Typer) -> None:
    """Add ``narrator serve`` to the CLI."""
    app.command(name="serve")(serve)


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on. Use 0.0.0.0 to let phones on your "
                                                          "network join (then put it behind HTTPS)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="TCP port."),
    data: Path = typer.Option(Path("tables"), "--data", help="Directory for the table index (SQLite) and the "
                                                             "transcripts; tables in it resume where they were."),
    bot_delay: float = typer.Option(0.6, "--bot-delay", min=0.0, max=30.0,
                                    help="Seconds between bot moves, so players can follow the game."),
    log_level: str = typer.Option("info", "--log-level", help="debug, info, warning or error."),
) -> None:
    """Serve game tables in the browser: humans and bots at one game, each seat private.

    Open http://HOST:PORT/ and create a table: choose the game, an optional rules profile (YAML), which seats are bots, and the language. You get a host link and one invite link per seat; each link is that seat's key, shown once.

    Every move is written to a transcript under --data, so stopping and restarting the server loses nothing.

    Example:

      narrator serve --host 127.0.0.1 --port 8000 --data tables/
    """
    level = getattr(logging, log_level.upper(), None)
    if not isinstance(level, int):
        fail(f"--log-level {log_level!r}: expected debug, info, warning or error")
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"--data {data}: cannot create the directory ({error.strerror})")
    import uvicorn

    from narrator.web import create_app

    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    console.print(f"narrator table on [bold]http://{host}:{port}/[/] (data in {data}); Ctrl+C stops it")
    # uvicorn's own access log would print invite links' tokens; ours prints paths only.
    uvicorn.run(create_app(data, bot_delay=bot_delay), host=host, port=port, access_log=False,
                log_level=log_level.lower(), ws_max_size=64 * 1024)

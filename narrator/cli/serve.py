"""``narrator serve``: the shared web table, where people and bots play one game in the browser."""

from __future__ import annotations

import logging
from pathlib import Path

import typer

from narrator.cli.common import console, fail, os_error_text, tool_word


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
        fail("", key="serve_log_level", given=repr(log_level))
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail("", key="serve_data", path=str(data), error=os_error_text(error))
    import uvicorn

    from narrator.web import create_app

    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    console.print(tool_word("serve_listening", host=host, port=port, data=data), markup=False)
    # uvicorn's own access log would print invite links' tokens; ours prints paths only.
    uvicorn.run(create_app(data, bot_delay=bot_delay), host=host, port=port, access_log=False,
                log_level=log_level.lower(), ws_max_size=64 * 1024)

"""CLI commands for battaglia (filled in by its issue)."""

from __future__ import annotations

import typer


def register(app: typer.Typer, play: typer.Typer, simulate: typer.Typer) -> None:
    """Add this module's commands to the CLI."""

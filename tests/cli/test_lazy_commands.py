"""The console entry registers only the game a command line needs; the imported ``app`` has every command."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from narrator.cli.main import app, needed_module


def test_each_game_command_names_its_module_and_the_rest_need_all() -> None:
    assert needed_module(["simulate", "battaglia", "--games", "5"]) == "battaglia"
    assert needed_module(["simulate", "ten-candles"]) == "ten_candles"
    assert needed_module(["roll", "7", "-d", "6"]) == "storyteller"
    assert needed_module(["play", "wild-west"]) == "storyteller_play"
    assert needed_module(["--help"]) is None
    assert needed_module(["replay", "x.jsonl"]) is None
    assert needed_module(["simulate"]) is None


@pytest.mark.slow  # imports every game's commands
def test_the_imported_app_still_offers_every_command() -> None:
    shown = CliRunner().invoke(app, ["--help"], terminal_width=200).output
    for command in ("replay", "roll", "odds", "serve", "eval", "play", "simulate", "llm"):
        assert f" {command} " in shown, command
    games = CliRunner().invoke(app, ["simulate", "--help"], terminal_width=200).output
    assert "battaglia" in games and "ten-candles" in games


@pytest.mark.slow
def test_the_dice_tools_start_without_the_session_and_the_model_stack() -> None:
    probe = ("import sys\nfrom narrator.cli.main import main\ntry:\n    main(['roll', '7', '-d', '6', '--seed', '1'])\n"
             "except SystemExit as e:\n    assert not e.code\n"
             "print('loaded', sorted(m for m in ('narrator.session', 'narrator.resume', 'narrator.storyteller.llm_play', "
             "'narrator.rules.storyteller.game', 'langchain_core', 'openai') "
             "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "loaded []"


@pytest.mark.slow
def test_the_console_entry_imports_only_the_game_it_runs(tmp_path) -> None:
    probe = ("import sys\nfrom narrator.cli.main import main\n"
             f"try:\n    main(['simulate', 'battaglia', '--players', '6', '--games', '2', '--no-edge', "
             f"'--no-progress', '--out', {str(tmp_path)!r}])\nexcept SystemExit as e:\n    assert not e.code\n"
             "print('storyteller' , 'narrator.cli.storyteller' in sys.modules, 'narrator.rules.storyteller' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "storyteller False False"
    assert (tmp_path / "report.md").is_file()

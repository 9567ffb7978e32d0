"""One rule for the language of every play command, and unseeded games that differ (seed printed and kept)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli.main import app

GAMES = {
    "ten-candles": ["play", "ten-candles", "--players", "1", "--ai", "2"],
    "battaglia": ["play", "battaglia", "--players", "6"],
    "wild-west": ["play", "wild-west"],
}
SEED = {"en": r"Seed: (\d+)", "ru": r"Зерно: (\d+)"}


def _play(args: list[str], tmp: Path, name: str, env: dict[str, str] | None = None) -> tuple[str, Path]:
    path = tmp / f"{name}.jsonl"
    result = CliRunner().invoke(app, [*args, "--transcript", str(path)], input="", env=env)
    assert result.exit_code in (0, 3), result.output  # EOF saves the game
    return result.output, path


@pytest.mark.parametrize("game", GAMES)
def test_unseeded_games_differ_and_keep_their_seed(game: str, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("NARRATOR_LANG", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    seeds = []
    for n in range(2):
        output, path = _play(GAMES[game], tmp_path, f"g{n}")
        found = re.search(SEED["en"], output)
        assert found, output
        seed = int(found.group(1))
        assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["seed"] == seed
        seeds.append(seed)
    assert seeds[0] != seeds[1]


@pytest.mark.parametrize("game", GAMES)
def test_narrator_lang_chooses_the_language_and_lang_overrides_it(game: str, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("NARRATOR_LANG", "ru")
    output, _ = _play([*GAMES[game], "--seed", "4"], tmp_path, "ru")
    assert re.search(SEED["ru"], output), output
    output, _ = _play([*GAMES[game], "--seed", "4", "--lang", "en"], tmp_path, "en")
    assert re.search(SEED["en"], output), output
    monkeypatch.delenv("NARRATOR_LANG")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    output, _ = _play([*GAMES[game], "--seed", "4"], tmp_path, "locale")
    assert re.search(SEED["ru"], output), output

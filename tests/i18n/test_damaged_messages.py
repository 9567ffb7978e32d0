"""A damaged or edited transcript is told in the player's language: every reason the kernel gives
(``TranscriptError.code``) has a sentence in each catalogue, and resuming or replaying a damaged file
shows no word of the other language."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from narrator.agents.i18n import section
from narrator.rules import replay as replay_module
from narrator.rules import transcript_lines
from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.transcript import TranscriptError, damaged_text
from tests.i18n.test_one_language import foreign_words


def _raised_codes() -> dict[str, set[str]]:
    """Each code the kernel raises a TranscriptError with, and the names of the values it passes."""
    codes: dict[str, set[str]] = {}
    for module in (transcript_lines, replay_module):
        for node in ast.walk(ast.parse(Path(module.__file__).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "TranscriptError":
                assert len(node.args) == 3 and isinstance(node.args[2], ast.Constant), ast.unparse(node)
                codes.setdefault(node.args[2].value, set()).update(k.arg for k in node.keywords if k.arg)
    return codes


def test_the_kernel_names_every_damage_by_a_code() -> None:
    codes = _raised_codes()
    assert {"seal", "json", "seq", "diverges", "illegal_move"} <= set(codes)  # the scan sees the raise sites


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_code_is_said_in_each_language_without_the_other_one(lang: str) -> None:
    words = section(lang, "damaged")
    for code, names in _raised_codes().items():
        assert code in words, f"damaged.{code} missing in {lang}"
        error = TranscriptError(7, "English for logs", code, **dict.fromkeys(names, 3))
        text = damaged_text(error, lang)
        assert text.startswith({"ru": "строка 7: ", "en": "line 7: "}[lang]) and "English" not in text
        assert not foreign_words(text, lang), (code, text)


def test_an_error_without_a_code_is_not_shown_in_english_to_a_russian_player() -> None:
    assert damaged_text(ValueError("Expecting value"), "ru") == "запись не читается"
    assert damaged_text(TranscriptError(2, "something new", "a_code_not_in_the_catalogue"), "ru") == \
        "строка 2: запись не читается"


def _edited(path: Path) -> None:
    """Show one public event to the host only, keeping its seal: the seal no longer matches that line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if i > 2 and json.loads(line).get("audience") == "public")
    record = json.loads(lines[at])
    record["audience"] = "host"
    lines[at] = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.slow  # plays a terminal game, then resumes and replays it
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_resuming_or_replaying_a_damaged_game_speaks_its_language(lang: str, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    started = CliRunner().invoke(app, ["play", "battaglia", "--players", "6", "--lang", lang, "--seed", "3",
                                       "--transcript", str(path)], input="1\n" * 12)  # then EOF: saved mid-game
    assert path.exists(), started.output
    _edited(path)
    for args in (["play", "battaglia", "--resume", str(path)], ["replay", str(path), "--lang", lang],
                 ["replay", str(path), "--as", "public", "--lang", lang]):
        result = CliRunner().invoke(app, args, env={"COLUMNS": "300"})
        assert result.exit_code == 1, (args, result.output)
        said = {"ru": "подпись не сходится", "en": "the seal does not match"}[lang]
        assert said in result.output, (args, result.output)
        assert not foreign_words(result.output, lang), (args, result.output)

"""A help page reads as a page (issue 30, item 12): each game's examples are its own, a paragraph wraps at the
terminal's width instead of at the docstring's line breaks, and a flag shows no value type."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.cli.translation import reflow

runner = CliRunner()


def page(args: list[str]) -> str:
    result = runner.invoke(app, args, env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("book", "own", "other"), [("dark-ages", "ysolde", "ruth"), ("wild-west", "ruth", "ysolde")])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_sheet_examples_are_the_books_own(book: str, own: str, other: str, lang: str) -> None:
    shown = page(["--lang", lang, "play", book, "--help"])
    assert own in shown and not re.search(rf"\b{other}\b", shown)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_paragraph_is_not_cut_where_the_docstring_broke_its_line(lang: str) -> None:
    lines = [line.strip() for line in page(["--lang", lang, "play", "dark-ages", "--help"]).splitlines()]
    # The docstring broke after "EOF or q"; on the page the sentence goes on in the same line.
    assert not any(line.endswith(("EOF or q", "EOF или q")) for line in lines)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_flag_shows_no_value_type(lang: str) -> None:
    shown = page(["--lang", lang, "play", "ten-candles", "--help"])
    help_row = next(line for line in shown.splitlines() if "--help" in line)
    assert "<" not in help_row and "bool" not in shown and "да/нет" not in shown


def test_reflow_keeps_paragraphs_and_indented_examples() -> None:
    text = "First line\ngoes on.\n\n  narrator play x\n  narrator play y\n\n\bkept\nas is"
    assert reflow(text) == "First line goes on.\n\n  narrator play x\n  narrator play y\n\n\bkept\nas is"

"""Every quote docs/storyteller.md gives as ``DA L<n> «...»`` or ``WW L<n> «...»`` stands on that seed line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
FILES = {"DA": "002_066846aa780a4bc4.txt", "WW": "003_f0eb31a77e5e4bcd.txt"}
CITED_QUOTE = re.compile(r"\b(DA|WW) L(\d+)(?:-(\d+))? «(.+?)»")


def normal(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").split())


def cited_quotes() -> list[tuple[str, int, int, str]]:
    text = (ROOT / "docs" / "storyteller.md").read_text(encoding="utf-8")
    return [(m[1], int(m[2]), int(m[3] or m[2]), m[4]) for m in CITED_QUOTE.finditer(text)]


def test_the_troupe_decisions_quote_their_seed_lines() -> None:
    assert len(cited_quotes()) >= 15


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks (../shared/seeds) are not beside the repo")
@pytest.mark.parametrize("book,first,last,quote", cited_quotes(), ids=lambda v: str(v)[:30])
def test_quote_stands_on_its_line(book: str, first: int, last: int, quote: str) -> None:
    lines = (SEEDS / FILES[book]).read_text(encoding="utf-8").split("\n")
    assert 1 <= first <= last <= len(lines)
    assert normal(quote) in normal(" ".join(lines[first - 1:last])), f"{book} L{first}: {quote!r}"

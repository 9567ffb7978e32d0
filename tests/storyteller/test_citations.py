"""Every ``Rule:`` line of the Storyteller kernel cites a real seed line, and its quotes are in that seed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
FILES = sorted((ROOT / "rules" / "storyteller").glob("*.py"))


def rule_blocks() -> list[tuple[str, str]]:
    blocks = []
    for path in FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            doc = ast.get_docstring(node) if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else None
            if doc and "Rule:" in doc:
                block = doc.split("Rule:", 1)[1].split("\n\n", 1)[0]
                blocks.append((f"{path.name}:{node.name}", " ".join(block.split())))
    return blocks


def normal(text: str) -> str:
    return " ".join(text.replace("ё", "е").split())


@pytest.mark.skipif(not SEEDS.exists(), reason="shared seeds not available")
@pytest.mark.parametrize("where,block", rule_blocks(), ids=lambda v: v if ":" in v and len(v) < 60 else "")
def test_rule_lines_cite_real_seed_lines_and_quotes(where: str, block: str) -> None:
    cites = re.findall(r"seeds/(00[23]_[0-9a-f]+\.txt):L(\d+)(?:-(\d+))?", block)
    assert cites or "house default" in block or "D2" in block, f"{where}: no seed citation in {block!r}"
    texts = {}
    for name, first, last in cites:
        lines = (SEEDS / name).read_text(encoding="utf-8").split("\n")
        assert 1 <= int(first) <= int(last or first) <= len(lines), f"{where}: {name}:L{first} out of range"
        texts[name] = normal((SEEDS / name).read_text(encoding="utf-8"))
    for quote in re.findall(r"«(.+?)»", block):
        for piece in quote.split("..."):
            piece = normal(piece.strip(" .…"))
            if len(piece) > 8:
                assert any(piece in text for text in texts.values()), f"{where}: {piece!r} not in the cited seed"


def test_there_are_rule_lines() -> None:
    assert len(rule_blocks()) >= 20

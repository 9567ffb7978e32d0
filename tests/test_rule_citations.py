"""Every rule in the kernels cites its rulebook, and every citation resolves (STYLE §7).

A docstring's ``Rule:`` block names the seed and line, as ``seeds/<file>:L<n>`` or, inside a
game's own package, a bare ``L<n>`` / ``[Ln]`` that refers to that game's seed. This checks that
each cited line lies inside its seed and that the Russian words quoted in the block («...»)
really stand in a cited seed: a misquote or a stale line number fails here.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
PACKAGE_SEEDS = {
    "battaglia": ("004_55ac8a5a86b5c135.txt",),
    "ten_candles": ("000_e53cdcbb20917f8a.txt",),
    "storyteller": ("002_066846aa780a4bc4.txt", "003_f0eb31a77e5e4bcd.txt"),
}
FULL = re.compile(r"seeds/(?P<file>\d{3}_[0-9a-f]+\.txt):L(?P<first>\d+)(?:[-–]L?(?P<last>\d+))?")
BARE = re.compile(r"(?<![\w/.])L(?P<first>\d+)(?:[-–]L?(?P<last>\d+))?\b")
QUOTE = re.compile(r"«(.+?)»")
NOT_FROM_SEEDS = "house default"  # combat and health data, labelled as not from the rulebooks


@cache
def seed_lines(name: str) -> tuple[str, ...]:
    return tuple((SEEDS / name).read_text(encoding="utf-8").splitlines())


@cache
def seed_text(name: str) -> str:
    return normal(" ".join(seed_lines(name)))


def normal(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").split())


def rule_blocks() -> list[tuple[str, str, str]]:
    """(where, package, block) for every docstring with a Rule: block in rules/<game>/."""
    found = []
    for package in PACKAGE_SEEDS:
        for path in sorted((ROOT / "rules" / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Module)):
                    doc = ast.get_docstring(node) or ""
                    for block in re.findall(r"^\s*Rule:(.*?)(?:\n\s*\n|\Z)", doc, re.DOTALL | re.MULTILINE):
                        name = getattr(node, "name", "<module>")
                        found.append((f"{path.relative_to(ROOT)}::{name}", package, " ".join(block.split())))
    return found


def citations(package: str, block: str) -> list[tuple[str, int, int]]:
    cites = [(m["file"], int(m["first"]), int(m["last"] or m["first"])) for m in FULL.finditer(block)]
    bare_text = FULL.sub("", block)
    for match in BARE.finditer(bare_text):
        for name in PACKAGE_SEEDS[package][:1]:
            cites.append((name, int(match["first"]), int(match["last"] or match["first"])))
    return cites


BLOCKS = rule_blocks()
pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks (../shared/seeds) are not beside the repo")


def test_the_kernels_cite_many_rules() -> None:
    assert {package for _, package, _ in BLOCKS} == set(PACKAGE_SEEDS)
    assert len(BLOCKS) > 100


@pytest.mark.parametrize("where,package,block", BLOCKS, ids=[w for w, _, _ in BLOCKS])
def test_each_rule_cites_real_seed_lines(where: str, package: str, block: str) -> None:
    cites = citations(package, block)
    if not cites and NOT_FROM_SEEDS in block:
        return
    assert cites, f"{where}: a Rule: block must cite seeds/<file>:L<n> (or L<n> of its game's seed)"
    for name, first, last in cites:
        assert 1 <= first <= last <= len(seed_lines(name)), f"{where}: {name}:L{first}-{last} is outside the seed"


@pytest.mark.parametrize("where,package,block", BLOCKS, ids=[w for w, _, _ in BLOCKS])
def test_quoted_rule_text_stands_in_a_cited_seed(where: str, package: str, block: str) -> None:
    cited = {name for name, _, _ in citations(package, block)} or set(PACKAGE_SEEDS[package])
    for quote in QUOTE.findall(block):
        for piece in re.split(r"\.\.\.|…", quote):
            piece = normal(piece.strip(" .,;:"))
            if len(piece) > 8:
                assert any(piece in seed_text(name) for name in cited), f"{where}: «{piece}» is not in {sorted(cited)}"

"""Every word a player reads comes from the message catalogue: no Cyrillic string literal in the code.

The code under ``narrator/``, ``agents/`` and ``rules/`` asks the catalogue (``prompts/i18n/<lang>.yaml`` and
``prompts/i18n/<lang>/*.yaml``) by key; a Russian word written into a ``.py`` file is a text that bypasses
it (and usually has an English twin beside it in a two-language dict). Docstrings and comments may quote
the rulebook («...»); they are not literals the program shows. The only files that may hold Cyrillic
literals are those in :data:`ALLOWED`, each for the reason given: they *read* Russian (a pattern or word
list that must match what a player types or a model writes) or mirror data another layer owns.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODE = ("narrator", "agents", "rules")
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
ESCAPED = re.compile(r"\\u04[0-9a-fA-F]{2}|\\N\{CYRILLIC", re.IGNORECASE)
"""A Cyrillic letter written as an escape (``"\\u0421"``): still a Russian literal."""

ALLOWED: dict[str, str] = {
    "agents/ten_candles/llm_check.py": "patterns and number words that read a model's Russian answer (candles, "
                                       "failure, negations, «Истина -»); it writes nothing a player reads",
    "agents/battaglia/llm/facts.py": "patterns that find claims (voted against, died as) in a model's Russian speech",
    "agents/battaglia/knowledge.py": "the pattern that reads a darkness whisper («тьма: 1, 4») back",
    "narrator/citations.py": "the pattern that finds a rule reference («(стр. 291)») in a catalogue hint, to say it "
                             "on request instead",
    "agents/llm/language.py": "the bounds of the Cyrillic block, to tell a text's script",
    "narrator/storyteller/intent.py": "Russian stop words of a typed intent (what a player writes, matched to approaches)",
    "narrator/storyteller/llm_roles.py": "patterns that read a model's Russian outcome sentence (success or failure)",
    "narrator/storyteller/sheet_roll.py": "ё/е folding of typed trait names (a player writes «ловкость+скрытность»)",
    "narrator/evaluate/score.py": "the pattern that finds a model's answer naming itself («себя»)",
    "agents/ten_candles/persona.py": "Brink words read from a Brink's Russian text (ported to native/ten_candles)",
    "agents/ten_candles/variety.py": "Russian men's names ending in -а/-я and the writer's «Я видел» read from a "
                                     "Brink, to agree a Brink with its writer's gender",
    "agents/ten_candles/voice.py": "PlainVoice, the Storyteller of simulations nobody reads: its one fixed Brink of "
                                   "Them, mirrored byte for byte by native/ten_candles/material.hpp",
    "rules/ten_candles/config.py": "the rulebook's fixed ritual phrases (L144, L174, L313), kernel data quoted "
                                   "verbatim; the English table shows its own words for them (tc_narration)",
    "rules/ten_candles/legal.py": "placeholder Traits of listed moves (any one word replaces them); never shown",
    "rules/ten_candles/codes.py": "a kernel reason's example (kernel reasons are English, for logs and models; "
                                  "players read the catalogue's refusal)",
}
"""File -> why it may hold Cyrillic string literals. Keep it short: a new entry needs a reason of this kind."""


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of string constants that are statements of their own (module, class, function and attribute
    docstrings): documentation, not text the program uses."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def cyrillic_literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string literal of ``path`` that holds a Cyrillic letter, docstrings aside."""
    source = path.read_text(encoding="utf-8")
    if not CYRILLIC.search(source) and not ESCAPED.search(source):  # most files: nothing to parse (cheap, #13)
        return []
    tree = ast.parse(source)
    skip = docstrings(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
            and CYRILLIC.search(node.value)]


def code_files() -> list[Path]:
    return sorted(p for top in CODE for p in (ROOT / top).rglob("*.py"))


def test_the_check_finds_a_literal_and_skips_a_docstring(tmp_path: Path) -> None:
    source = tmp_path / "x.py"
    source.write_text('"""Правило: «...»."""\nX = 1\n"""Тоже документ."""\nWORDS = {"ru": "Свеча"}\n',
                      encoding="utf-8")
    assert cyrillic_literals(source) == [(4, "Свеча")]
    escaped = tmp_path / "y.py"
    escaped.write_text('X = "\\u0421\\u0432"\n', encoding="utf-8")
    assert cyrillic_literals(escaped) == [(1, "Св")]


def test_no_cyrillic_string_literal_outside_the_catalogue() -> None:
    found = {str(p.relative_to(ROOT)): hits for p in code_files() if (hits := cyrillic_literals(p))}
    stray = {name: hits[:3] for name, hits in found.items() if name not in ALLOWED}
    assert not stray, f"Russian text in code (move it to prompts/i18n/<lang>/): {stray}"


def test_every_allowed_file_still_needs_its_entry() -> None:
    stale = [name for name in ALLOWED if not (ROOT / name).exists() or not cyrillic_literals(ROOT / name)]
    assert not stale, f"remove from ALLOWED (no Cyrillic literal left): {stale}"

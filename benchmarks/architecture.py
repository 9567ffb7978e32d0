"""The code-shape numbers of issue #33, measured on the source (AST), so each round can say before and after.

    python benchmarks/architecture.py            # the table
    python benchmarks/architecture.py --mypy     # also mypy's error count on the whole package (~10 s)

What each number counts (the tests that hold the goals are named beside it):
- kind comparisons: ``==`` / ``!=`` / ``in`` tests whose one side is a ``kind`` (``x.kind``, ``x["kind"]``,
  ``x.get("kind")`` or a name ``kind``), in the shipped code (not tests, not benchmarks); "on event kinds" counts
  those whose other side names a kind a kernel emits (the typed event registries), "on any kind" them all;
- ballots parsers: places outside the kernel that read a ``"ballots"`` payload by hand;
- Session lines, presenter hooks (methods of ``narrator.web.present.Presenter``), getattr/hasattr probes;
- import circles inside ``narrator`` (function-level imports count: a deferred import is still a circle);
- layer violations: a game or tooling module importing the CLI or the web table, the replay viewer importing
  the live web table, the console importing the CLI (the rule of ``tests/test_narrator_layers.py``);
- functions over 50 lines, modules over 400 lines. A function is measured from the first statement of its
  body (its docstring, if any) to its end: a signature is declaration, not logic (a typer command's
  parameters must be ``Annotated`` options in its signature, one a line).
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.test_narrator_layers import RULES, layer_violations
from tests.test_rules_import_graph import circles, import_graph

SHIPPED = ("rules", "agents", "narrator")


def shipped_files() -> list[Path]:
    return sorted(p for folder in SHIPPED for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def is_kind(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == "kind"
    if isinstance(node, ast.Name):
        return node.id == "kind"
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "kind"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value == "kind"
    return False


def event_kinds() -> frozenset[str]:
    """Every kind a kernel emits, from the typed event registries (battaglia, Ten Candles, the Storyteller)."""
    from narrator.rules.battaglia import events as battaglia
    from narrator.rules.storyteller import events as storyteller
    from narrator.rules.ten_candles import events as ten_candles

    return battaglia.KINDS | ten_candles.KINDS | storyteller.KINDS


def _strings(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return set()


def kind_comparisons(only: frozenset[str] | None = None) -> tuple[int, int]:
    """Comparisons on a ``kind``; with ``only``, those whose strings name one of these kinds (an event's, not a
    move's, a transcript record's or a typed word's)."""
    count, files = 0, 0
    for path in shipped_files():
        here = 0
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            sides = (node.left, *node.comparators) if isinstance(node, ast.Compare) else ()
            if any(is_kind(n) for n in sides) and (only is None or any(_strings(n) & only for n in sides)):
                here += 1
        count += here
        files += bool(here)
    return count, files


def ballots_parsers() -> int:
    return sum(len(re.findall(r"""\[\s*["']ballots["']\s*\]|get\(\s*["']ballots["']""", p.read_text(encoding="utf-8")))
               for p in shipped_files() if p.parts[len(ROOT.parts)] != "rules")


def presenter_hooks() -> int:
    tree = ast.parse((ROOT / "narrator/web/present.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "Presenter":
            return sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in node.body)
    return 0


def probes() -> int:
    return sum(len(re.findall(r"\b(?:getattr|hasattr)\(", p.read_text(encoding="utf-8")))
               for p in shipped_files() if p.parts[len(ROOT.parts)] == "narrator")


def sizes() -> tuple[list[str], list[str]]:
    functions, modules = [], []
    for path in shipped_files():
        source = path.read_text(encoding="utf-8")
        if source.count("\n") > 400:
            modules.append(f"{path.relative_to(ROOT)} ({source.count(chr(10))})")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno:
                length = node.end_lineno - node.body[0].lineno + 1  # the body, from its first statement
                if length > 50:
                    functions.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({length})")
    return functions, modules


def mypy_errors() -> str:
    run = subprocess.run([sys.executable, ".ci/typecheck", "-p", "narrator"], cwd=ROOT, capture_output=True, text=True,
                         check=False)
    lines = run.stdout.strip().splitlines()
    return lines[-1] if lines else run.stderr.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mypy", action="store_true", help="also count mypy's errors on the whole package")
    parser.add_argument("--root", type=Path, help="measure another checkout's source (this one's event kinds)")
    parser.add_argument("--list", action="store_true", help="list the long functions, modules, circles and violations")
    args = parser.parse_args()
    if args.root:
        global ROOT
        ROOT = args.root.resolve()
    comparisons, files = kind_comparisons(event_kinds())
    any_kind, any_files = kind_comparisons()
    graph = import_graph(ROOT / "narrator", "narrator")
    narrator_circles = circles(graph)
    violations = layer_violations(graph, "narrator", RULES)
    functions, modules = sizes()
    rows = [("comparisons on event kinds", f"{comparisons} in {files} files"),
            ("comparisons on any kind (moves, records, typed words too)", f"{any_kind} in {any_files} files"),
            ("ballots payload read by hand", ballots_parsers()),
            ("narrator/session.py lines", (ROOT / "narrator/session.py").read_text().count("\n")),
            ("web Presenter hooks", presenter_hooks()),
            ("getattr/hasattr probes in narrator/", probes()),
            ("import circles in narrator/", len(narrator_circles)),
            ("layer violations in narrator/", len(violations)),
            ("functions over 50 lines", len(functions)),
            ("modules over 400 lines", len(modules))]
    if args.mypy:
        rows.append(("mypy on the whole package", mypy_errors()))
    for name, value in rows:
        print(f"| {name} | {value} |")
    if args.list:
        for title, items in (("circles", [" <-> ".join(c) for c in narrator_circles]), ("violations", violations),
                             ("functions", functions), ("modules", modules)):
            print(f"\n{title}:", *items, sep="\n  ")


if __name__ == "__main__":
    main()

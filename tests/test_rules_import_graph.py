"""No import circle inside ``narrator.rules``: every module's imports point one way.

The graph is read from the source (AST), function-level imports included: an import deferred into a
function to dodge a circular import is still a circle. An edge is an explicit import of another
``narrator.rules`` module (``from narrator.rules.x import y`` names the submodule ``x.y`` when there is
one, else ``x``); the implicit import of a parent package is not an edge. A circle is a strongly
connected component of two or more modules, or a module that imports itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "narrator.rules"


def module_names(source_root: Path, package: str) -> dict[str, Path]:
    """Every module under ``source_root`` by its import name (a package by its own name, for ``__init__``)."""
    names = {}
    for path in sorted(source_root.rglob("*.py")):
        parts = list(path.relative_to(source_root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join([package, *parts])] = path
    return names


def imported_modules(module: str, path: Path, known: set[str]) -> set[str]:
    """The known modules that ``module`` imports explicitly, anywhere in its source."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package, one level up per extra dot
                anchor = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in known:
                    found.add(target)
                elif base in known:
                    found.add(base)
    return found


def import_graph(source_root: Path, package: str) -> nx.DiGraph:
    modules = module_names(source_root, package)
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for module, path in modules.items():
        graph.add_edges_from((module, target) for target in imported_modules(module, path, set(modules)))
    return graph


def circles(graph: nx.DiGraph) -> list[list[str]]:
    """The strongly connected components that are circles, each sorted, in a stable order."""
    found = [sorted(c) for c in nx.strongly_connected_components(graph)
             if len(c) > 1 or graph.has_edge(next(iter(c)), next(iter(c)))]
    return sorted(found)


def test_no_import_circle_inside_the_rules() -> None:
    """Each kernel's modules form a layered graph: phase modules never import the phase machine back."""
    assert circles(import_graph(ROOT / "rules", PACKAGE)) == []


def test_the_graph_sees_the_kernels_imports() -> None:
    """The graph is not empty by mistake: the known edges of the three kernels are in it."""
    graph = import_graph(ROOT / "rules", PACKAGE)
    for edge in (("narrator.rules.battaglia.game", "narrator.rules.battaglia.flow"),  # `from ... import flow`
                 ("narrator.rules.battaglia.flow", "narrator.rules.battaglia.night"),
                 ("narrator.rules.ten_candles.conflict", "narrator.rules.ten_candles.flow"),
                 ("narrator.rules.storyteller.game", "narrator.rules.storyteller.resolve"),
                 ("narrator.rules.battaglia", "narrator.rules.battaglia.game")):  # a package's __init__
        assert graph.has_edge(*edge), edge


def test_a_deferred_or_relative_import_still_closes_a_circle(tmp_path: Path) -> None:
    """The detector finds a circle made by an import inside a function, and by a relative import."""
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "__init__.py").write_text("")
    (tmp_path / "kit" / "a.py").write_text("from pkg.kit.b import go\n")
    (tmp_path / "kit" / "b.py").write_text("def go():\n    from pkg.kit import a\n")
    (tmp_path / "kit" / "c.py").write_text("from . import d\n")
    (tmp_path / "kit" / "d.py").write_text("from .c import x\n")
    (tmp_path / "lone.py").write_text("import pkg.kit.a\n")
    assert circles(import_graph(tmp_path, "pkg")) == [["pkg.kit.a", "pkg.kit.b"], ["pkg.kit.c", "pkg.kit.d"]]

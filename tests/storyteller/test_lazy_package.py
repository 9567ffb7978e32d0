"""``narrator.rules.storyteller`` loads its names on first use (PEP 562); its three lists of them (the type
checker's imports, the module each name comes from, ``__all__``) must name the same things."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import narrator.rules.storyteller as package


def test_every_exported_name_loads_from_the_module_it_is_listed_under() -> None:
    assert sorted(package.__all__) == sorted(package._MODULE_OF)
    for name, module in package._MODULE_OF.items():
        assert getattr(package, name) is getattr(importlib.import_module(f"{package.__name__}.{module}"), name), name


def test_the_type_checkers_imports_are_the_same_names() -> None:
    tree = ast.parse(Path(package.__file__).read_text(encoding="utf-8"))
    guarded = next(node for node in tree.body if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test))
    imported = {(node.module.rsplit(".", 1)[1], alias.name) for node in guarded.body if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    assert imported == {(module, name) for name, module in package._MODULE_OF.items()}

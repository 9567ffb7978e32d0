"""Which checkout the tests import: ``narrator.rules`` must be this checkout's ``rules/`` (and so on for each layer).

setup.py maps the installed packages to folders (``narrator.rules`` is ``rules/``); an editable install points
them at one checkout. A second checkout run with the same venv would import the first one's kernel and test it,
green, whatever its own code says. ``tests/conftest.py`` ends the session at once when that happens.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"narrator": "narrator", "narrator.rules": "rules", "narrator.agents": "agents", "narrator.prompts": "prompts"}
"""Each installed package and its folder in the checkout (setup.py's ``PACKAGE_DIR``)."""


def layers_outside(root: Path = ROOT, found: Mapping[str, str] | None = None) -> list[str]:
    """``package: where it loads from`` for each package of :data:`FOLDERS` that does not load from ``root``'s
    folder (``found``: package -> its ``__init__.py``; by default imported)."""
    if found is None:
        found = {name: str(importlib.import_module(name).__file__) for name in FOLDERS}
    return [f"{name} loads from {Path(found[name]).parent}, not {root / folder}" for name, folder in FOLDERS.items()
            if Path(found[name]).resolve().parent != (root / folder).resolve()]

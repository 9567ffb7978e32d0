"""The native engines are part of the project: their tests fail, not skip, when they are not built.

Set ``NARRATOR_NATIVE=optional`` on a machine without a C++ compiler to skip them instead.
"""

from __future__ import annotations

import os

import pytest

from narrator.fast import MODULES, available


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the native tests when the engines are optional here and missing."""
    if os.environ.get("NARRATOR_NATIVE") != "optional" or all(available(m) for m in MODULES):
        return
    skip = pytest.mark.skip(reason="native engines not built and NARRATOR_NATIVE=optional")
    for item in items:
        if "tests/fast/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(skip)

"""Shared test set-up: the toy game fixture is registered so transcripts of it replay.

The LLM cassette fixtures (``no_network``, ``replay``, ``local_model_url``) come from :mod:`tests.cassettes`.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from typing import Any

# Every process of the lanes (the xdist controller and each worker) imports the whole project. With
# PYTHONDONTWRITEBYTECODE set, as in this workplace's shells, each would compile every module and
# rewrite every test module from source on every run (~4.5 s of CPU a process); the suite keeps its
# bytecode in the (git-ignored) __pycache__ folders whatever the shell says.
sys.dont_write_bytecode = False

import pytest
from narrator.rules.registry import register_game

from tests.checkout import layers_outside
from tests.lanes import mark_costly_cases_slow

# A second checkout sharing this venv would test the installed (other) kernel instead of its own: stop at once.
_STRAYS = layers_outside()
if _STRAYS:
    pytest.exit("these tests are not testing this checkout's code (install it: pip install -e .):\n  "
                + "\n  ".join(_STRAYS), returncode=4)

pytest_plugins = ["tests.cassettes", "tests.cpu_durations"]

register_game("pig", "tests.core.pig:GAME")


@pytest.fixture(autouse=True)
def _web_rates_for_machines(monkeypatch: pytest.MonkeyPatch) -> None:
    """A web table made by a test without its own ``rates`` lets the test's client poll at machine speed:
    the default limits are for people (a seat 5 requests a second), and a test that plays a whole game
    through the API asks faster. The limits themselves are tested with explicit ``RateLimit`` values
    (tests/web/test_abuse.py)."""
    app = sys.modules.get("narrator.web.app")
    if app is not None:
        from narrator.web.limits import RateLimit

        monkeypatch.setattr(app, "RateLimit", lambda: RateLimit(client_rate=1e6, client_burst=1e6, seat_rate=1e6,
                                                                seat_burst=1e6))


@pytest.fixture(autouse=True, scope="session")
def _cli_commands_built_once() -> Iterator[None]:
    """``CliRunner.invoke`` turns the Typer app into Click commands on every call (~10 ms for ``narrator``'s
    tree, its functions' signatures and type hints read again; ~350 calls in the fast lane): build each app's
    tree once and reuse it while the app registers the same commands and groups (a help page is translated
    when it is shown, not when it is built, ``narrator/cli/translation.py``)."""
    import typer.testing

    build = typer.testing._get_command
    built: dict[int, tuple[tuple[Any, ...], Any]] = {}

    def get_command(app: Any) -> Any:
        shape = _registered(app)
        known = built.get(id(app))
        if known is None or len(known[0]) != len(shape) or any(a is not b for a, b in zip(known[0], shape)):
            known = built[id(app)] = (shape, build(app))  # the shape holds the app: its id is not reused
        return known[1]

    typer.testing._get_command = get_command
    yield
    typer.testing._get_command = build


def _registered(app: Any) -> tuple[Any, ...]:
    """Everything ``app`` registered, its sub-apps' too, compared by identity (one changes: the tree is rebuilt)."""
    objects = [app, app.registered_callback, *app.registered_commands]
    for group in app.registered_groups:
        objects += [group, *_registered(group.typer_instance)]
    return tuple(objects)


@pytest.hookimpl(tryfirst=True)  # before `-m 'not slow'` deselects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    whole_files = not config.option.keyword and all("::" not in arg for arg in config.args)
    mark_costly_cases_slow(items, whole_files=whole_files)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what collection built (modules, test items): the collector stops rescanning it during the run."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """One full collection (it reports unraisable exceptions as usual), then freeze the survivors, so
    pytest's closing five collections no longer each rescan a heap of every test's memo tables."""
    gc.collect()
    gc.freeze()

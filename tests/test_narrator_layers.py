"""The layers inside ``narrator``: no import circle, and the games never import the CLI or the web table.

The graph is the one of ``tests/test_rules_import_graph.py`` (read from the source, imports inside functions
and under ``TYPE_CHECKING`` included: a deferred import is still a circle). The layer rule: the game and
tooling packages (:data:`LOWER`) never import ``narrator.cli`` or ``narrator.web`` (the CLI and the web table
import them); the replay viewer never imports the live web table; :mod:`narrator.console`, the terminal's
shared voice below the CLI, never imports the CLI.
"""

from __future__ import annotations

import functools
from pathlib import Path

import networkx as nx
import pytest

from tests.test_rules_import_graph import circles, import_graph

ROOT = Path(__file__).resolve().parent.parent
LOWER = ("battaglia", "storyteller", "ten_candles", "playtest", "fast", "evaluate", "llm", "render")
"""The packages under ``narrator/`` that the CLI and the web table are built on (``render``: the words the web
page and the replay viewer share)."""
RULES = {**{package: ("narrator.cli", "narrator.web") for package in LOWER},
         "viewer": ("narrator.web",), "console": ("narrator.cli",)}
"""A module or package of ``narrator`` -> the layers above it that it may not import."""


@functools.cache
def narrator_graph() -> nx.DiGraph:
    """The import graph of ``narrator`` (read once: parsing every module is most of these tests' time)."""
    return import_graph(ROOT / "narrator", "narrator")


def layer_violations(graph: nx.DiGraph, package: str, rules: dict[str, tuple[str, ...]]) -> list[str]:
    """``"a.b -> c.d"`` for every import of a module under ``rules``' keys that reaches a forbidden layer."""
    found = []
    for module, target in sorted(graph.edges):
        inside = module.removeprefix(f"{package}.").split(".")[0] if module != package else ""
        forbidden = rules.get(inside, ())
        if any(target == layer or target.startswith(layer + ".") for layer in forbidden):
            found.append(f"{module} -> {target}")
    return found


def test_no_import_circle_inside_narrator() -> None:
    """Every module's imports point one way (a circle closed by an import inside a function counts)."""
    assert circles(narrator_graph()) == []


def test_the_games_never_import_the_cli_or_the_web_table() -> None:
    """The CLI and the web table import the games, the viewer and the console; never the reverse."""
    assert layer_violations(narrator_graph(), "narrator", RULES) == []


def test_the_graph_sees_narrators_layers() -> None:
    """Not empty by mistake: known edges downwards are in the graph (a deferred import, a package's)."""
    graph = narrator_graph()
    for edge in (("narrator.cli.battaglia_sweep", "narrator.battaglia.report"),
                 ("narrator.storyteller.play", "narrator.console"),
                 ("narrator.storyteller.llm_seat", "narrator.storyteller.llm_shapes"),
                 ("narrator.playtest.runner", "narrator.playtest.cluster")):  # inside run_games
        assert graph.has_edge(*edge), edge


@pytest.mark.parametrize("source", ["from pkg.cli.common import fail\n",
                                    "def f():\n    from pkg.web import present\n",
                                    "import pkg.web.app\n",
                                    "from ..cli import common\n"])
def test_a_game_importing_the_cli_is_a_violation(tmp_path: Path, source: str) -> None:
    """The rule finds a game module's import of the CLI or the web table, at top level, in a function,
    as ``import x.y`` or relative; a CLI module importing the game is no violation."""
    for folder in ("cli", "web", "game"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
    for name in ("common", "present", "app"):
        (tmp_path / ("cli" if name == "common" else "web") / f"{name}.py").write_text("")
    (tmp_path / "game" / "play.py").write_text(source)
    (tmp_path / "cli" / "run.py").write_text("from pkg.game import play\n")
    found = layer_violations(import_graph(tmp_path, "pkg"), "pkg", {"game": ("pkg.cli", "pkg.web")})
    assert len(found) == 1 and found[0].startswith("pkg.game.play -> pkg."), found

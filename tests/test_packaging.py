"""The installed distribution: one top-level package, ``narrator``, with the kernels, agents and
prompts inside it (``narrator.rules``, ``narrator.agents``, ``narrator.prompts``).

Builds a real wheel from a copy of the tracked sources (the native engines are skipped with
``NATIVE_ONLY``: they are not what is checked here) and reads its metadata.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("pybind11", reason="setup.py needs pybind11 to build without isolation")
pytestmark = pytest.mark.slow  # the slow lane: building the wheel takes a while


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    source = tmp_path_factory.mktemp("source")
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in tracked:
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    env = {**os.environ, "NATIVE_ONLY": "none"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out),
                    str(source)], check=True, env=env, capture_output=True)
    (built,) = out.glob("*.whl")
    return zipfile.ZipFile(built)


def test_the_wheel_has_one_top_level_package(wheel: zipfile.ZipFile) -> None:
    (top_level,) = [n for n in wheel.namelist() if n.endswith(".dist-info/top_level.txt")]
    assert wheel.read(top_level).decode().split() == ["narrator"]
    assert {n.split("/")[0] for n in wheel.namelist() if not n.split("/")[0].endswith(".dist-info")} == {"narrator"}


def test_the_wheel_is_named_for_pypi_and_installs_the_command(wheel: zipfile.ZipFile) -> None:
    (metadata,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    assert "Name: tabletop-narrator" in wheel.read(metadata).decode().splitlines()
    (entry_points,) = [n for n in wheel.namelist() if n.endswith(".dist-info/entry_points.txt")]
    assert "narrator = narrator.cli.main:main" in wheel.read(entry_points).decode()


def test_the_layers_and_their_data_are_inside_the_package(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for module in ("narrator/rules/core.py", "narrator/rules/battaglia/__init__.py", "narrator/agents/base.py",
                   "narrator/prompts/__init__.py", "narrator/session.py", "narrator/web/app.py"):
        assert module in names, module
    data = {n for n in names if n.endswith((".yaml", ".html", ".css", ".js"))}
    assert any(n.startswith("narrator/prompts/ten_candles/modules/") for n in data)
    for lang in ("en", "ru"):  # the catalogue's namespaces (prompts/i18n/<lang>/*.yaml), beside <lang>.yaml
        assert {f"narrator/prompts/i18n/{lang}.yaml", f"narrator/prompts/i18n/{lang}/web_table.yaml"} <= data, lang
    # the command line's help pages and Click's words in Russian: compiled gettext catalogues
    assert {"narrator/prompts/i18n/ru/cli.mo", "narrator/prompts/i18n/ru/click.mo"} <= names
    assert any(n.startswith("narrator/rules/storyteller/data/characters/") for n in data)
    assert any(n.startswith("narrator/web/templates/") for n in data)
    assert not any(n.startswith(("narrator/tests/", "narrator/native/")) for n in names)
    assert "narrator/py.typed" in names  # PEP 561: users' type checkers read the package's annotations

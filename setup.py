"""Maps the source folders into one package and builds the native playout engines (C++, pybind11).

Everything else is in pyproject.toml. The installed distribution has exactly one top-level
package, ``narrator``: the repository keeps ``rules/``, ``agents/`` and ``prompts/`` beside
``narrator/`` (the project's layout), installed as ``narrator.rules``, ``narrator.agents`` and
``narrator.prompts`` (top-level ``rules`` and ``agents`` would collide with django-rules and the
OpenAI Agents SDK). The mapping works for wheels and for editable installs alike.

Each folder of ``native/`` with a ``module.cpp`` becomes ``narrator.fast._<folder>``. The engines
are optional: without a C++ compiler the install still succeeds and ``narrator simulate`` plays
with the Python kernel (see ``narrator/fast/__init__.py`` and docs/performance.md).
"""

import os
from pathlib import Path

from pybind11.setup_helpers import Pybind11Extension, build_ext
from setuptools import find_namespace_packages, setup

ROOT = Path(__file__).parent
FLAGS = ["-O2", "-ffp-contract=off"]  # no fused multiply-add: floats must round as CPython's do

# installed name -> source folder
PACKAGE_DIR = {"narrator": "narrator", "narrator.rules": "rules", "narrator.agents": "agents",
               "narrator.prompts": "prompts"}


def packages() -> list[str]:
    """Every package and data folder under each mapped source folder, by its installed name."""
    found = []
    for name, folder in PACKAGE_DIR.items():
        found.append(name)
        found += [f"{name}.{sub}" for sub in find_namespace_packages(folder, exclude=["*__pycache__*"])
                  if f"{name}.{sub}" not in PACKAGE_DIR]
    return sorted(found)


def native_extensions() -> list[Pybind11Extension]:
    extensions = []
    only = set(filter(None, os.environ.get("NATIVE_ONLY", "").split(",")))  # dev loop: rebuild just these
    for module in sorted(ROOT.glob("native/*/module.cpp")):
        folder = module.parent
        if only and folder.name not in only:
            continue
        sources = sorted(str(p.relative_to(ROOT)) for p in folder.glob("*.cpp"))
        extensions.append(Pybind11Extension(
            f"narrator.fast._{folder.name}", sources, include_dirs=["native", "native/common", str(folder.relative_to(ROOT))],
            cxx_std=17, extra_compile_args=FLAGS, depends=[str(p.relative_to(ROOT)) for p in folder.glob("*.hpp")],
            optional=True))
    return extensions


setup(packages=packages(), package_dir=PACKAGE_DIR, ext_modules=native_extensions(), cmdclass={"build_ext": build_ext})

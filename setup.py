"""Builds the native playout engines (C++, pybind11); everything else is in pyproject.toml.

Each folder of ``native/`` with a ``module.cpp`` becomes ``narrator.fast._<folder>``. The engines
are optional: without a C++ compiler the install still succeeds and ``narrator simulate`` plays
with the Python kernel (see ``narrator/fast/__init__.py`` and docs/performance.md).
"""

import os
from pathlib import Path

from pybind11.setup_helpers import Pybind11Extension, build_ext
from setuptools import setup

ROOT = Path(__file__).parent
FLAGS = ["-O2", "-ffp-contract=off"]  # no fused multiply-add: floats must round as CPython's do


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


setup(ext_modules=native_extensions(), cmdclass={"build_ext": build_ext})

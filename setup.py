"""Maps the source folders into one package and builds the native playout engines (C++, pybind11).

Everything else is in pyproject.toml. The installed distribution has exactly one top-level
package, ``narrator``: the repository keeps ``rules/``, ``agents/`` and ``prompts/`` beside
``narrator/`` (the project's layout), installed as ``narrator.rules``, ``narrator.agents`` and
``narrator.prompts`` (top-level ``rules`` and ``agents`` would collide with django-rules and the
OpenAI Agents SDK). The mapping works for wheels and for editable installs alike.

Each folder of ``native/`` with a ``module.cpp`` becomes ``narrator.fast._<folder>``. The engines
are optional: without a C++ compiler the install still succeeds and ``narrator simulate`` plays
with the Python kernel (see ``narrator/fast/__init__.py`` and docs/performance.md).

Each engine's config struct and its reader are generated here from the config dataclass
(``narrator/fast/codegen.py``) into ``build/generated/<folder>/``, with the digest of the Python
rules the engine was ported from (``native/<folder>/ported_from.toml``, ``narrator/fast/digest.py``),
and so is the glue between its C++ state and the Python state dataclasses (``read_state`` /
``write_state``: ``narrator/fast/codegen_state.py``, the forms in ``narrator/fast/state_forms.py``).
"""

import importlib.util
import os
import sys
import tomllib
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


def _generator(name: str):
    """``narrator/fast/<name>.py``, loaded by path (the package's dependencies need not be installed yet),
    under its own name: dataclasses look their module up there, and ``state_forms`` imports ``codegen_state``."""
    full = f"narrator.fast.{name}"
    if full not in sys.modules:
        spec = importlib.util.spec_from_file_location(full, ROOT / "narrator" / "fast" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[full] = module
        spec.loader.exec_module(module)
    return sys.modules[full]


def _source(module: str) -> Path:
    """The source file of an installed module name (``narrator.rules.battaglia.config``)."""
    package = max((name for name in PACKAGE_DIR if module.startswith(name + ".")), key=len)
    return ROOT / PACKAGE_DIR[package] / (module[len(package) + 1:].replace(".", "/") + ".py")


def _write_if_changed(path: Path, text: str) -> None:
    if not path.is_file() or path.read_text(encoding="utf-8") != text:  # an unchanged header rebuilds nothing
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def generated_headers(folder: Path) -> Path | None:
    """Write the engine's generated headers; their folder (``None``: this engine has no config to generate)."""
    codegen = _generator("codegen")
    game = codegen.GAMES.get(folder.name)
    if game is None:
        return None
    options = codegen.options_from_source(_source(game.config_module).read_text(encoding="utf-8"), game.config_class)
    committed = folder / "ported_from.toml"
    port = tomllib.loads(committed.read_text(encoding="utf-8")) if committed.is_file() else {}
    out = ROOT / "build" / "generated" / folder.name
    _write_if_changed(out / "generated_config.hpp", codegen.config_header(game, options))
    _write_if_changed(out / "generated_config_py.hpp", codegen.reader_header(
        game, options, port.get("digest", "none"), list(port.get("unported", []))))
    _generator("codegen_state")
    schema = _generator("state_forms").SCHEMAS.get(folder.name)
    if schema is not None:
        _write_if_changed(out / "generated_state_py.hpp", sys.modules["narrator.fast.codegen_state"].state_header(
            folder.name, game.namespace, schema, _source(schema.module).read_text(encoding="utf-8")))
    return out


def native_extensions() -> list[Pybind11Extension]:
    extensions = []
    only = set(filter(None, os.environ.get("NATIVE_ONLY", "").split(",")))  # dev loop: rebuild just these
    for module in sorted(ROOT.glob("native/*/module.cpp")):
        folder = module.parent
        if only and folder.name not in only:
            continue
        sources = sorted(str(p.relative_to(ROOT)) for p in folder.glob("*.cpp"))
        include = ["native", "native/common", str(folder.relative_to(ROOT))]
        depends = [str(p.relative_to(ROOT)) for p in folder.glob("*.hpp")]
        generated = generated_headers(folder)
        if generated is not None:
            include.append(str(generated.relative_to(ROOT)))
            depends += [str(p.relative_to(ROOT)) for p in sorted(generated.glob("*.hpp"))]
        extensions.append(Pybind11Extension(
            f"narrator.fast._{folder.name}", sources, include_dirs=include, cxx_std=17, extra_compile_args=FLAGS,
            depends=depends, optional=True))
    return extensions


setup(packages=packages(), package_dir=PACKAGE_DIR, ext_modules=native_extensions(), cmdclass={"build_ext": build_ext})

"""The dependency direction and the kernel's purity, checked on the source.

``narrator -> narrator.agents -> narrator.rules``; ``rules`` imports only the standard library and pydantic, and
never a clock, the network, files or a model. ``prompts`` holds no code.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
KERNEL_ALLOWED_THIRD_PARTY = {"pydantic"}
KERNEL_FORBIDDEN_STDLIB = {"time", "datetime", "socket", "subprocess", "os", "pathlib", "io", "shutil", "urllib",
                           "http", "threading", "asyncio", "secrets", "uuid", "sqlite3"}
OURS = {"rules", "agents", "narrator", "prompts", "tests"}


LAYERS = {"rules", "agents", "prompts"}  # installed as narrator.<layer>; the rest of narrator.* is "narrator"


def layer_of(module: str) -> str:
    """The top-level name of an import, with narrator.rules / .agents / .prompts as their own layers."""
    parts = module.split(".")
    if parts[0] == "narrator" and len(parts) > 1 and parts[1] in LAYERS:
        return parts[1]
    return parts[0]


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(layer_of(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "narrator":  # `from narrator import prompts` names the layer in the alias
                names.update(layer_of(f"narrator.{alias.name}") for alias in node.names)
            else:
                names.add(layer_of(node.module))
    return names


def test_old_top_level_names_are_not_imported() -> None:
    """Nothing imports the pre-namespace names ``rules``, ``agents`` or ``prompts`` at top level."""
    offenders = []
    # Only a file with an import line that names one of them can offend; the AST decides for those
    # (parsing all ~600 files took 2.6 s of CPU, most of this test).
    mentions = re.compile(r"^\s*(?:from\s+(?:rules|agents|prompts)\b|import\s[^#\n]*(?<![.\w])(?:rules|agents|prompts)\b)",
                          re.MULTILINE)
    for package in ("rules", "agents", "narrator", "tests", "benchmarks"):
        for path in python_files(package):
            source = path.read_text(encoding="utf-8")
            if not mentions.search(source):
                continue
            tree = ast.parse(source)
            for node in ast.walk(tree):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                         else [])
                offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in LAYERS]
    assert offenders == []


def python_files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", python_files("rules"), ids=lambda p: str(p.relative_to(ROOT)))
def test_kernel_imports_nothing_of_the_outside_world(path: Path) -> None:
    imported = imports_of(path)
    assert not imported & {"agents", "narrator"}, "rules/ may not import agents/ or narrator/"
    assert not imported & KERNEL_FORBIDDEN_STDLIB, f"the kernel does no I/O and reads no clock: {imported}"
    import sys
    third_party = {m for m in imported if m not in sys.stdlib_module_names and m not in OURS}
    assert third_party <= KERNEL_ALLOWED_THIRD_PARTY, f"kernel may use stdlib + pydantic only, not {third_party}"


@pytest.mark.parametrize("path", python_files("rules"), ids=lambda p: str(p.relative_to(ROOT)))
def test_kernel_never_samples_random_numbers(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    if path.name == "chance.py":  # the engine's sampler lives here and takes an injected generator
        return
    assert "random" not in imports_of(path), "randomness reaches the kernel only as chance actions"
    assert "random." not in source.replace("random.Random", "")


@pytest.mark.parametrize("path", python_files("agents"), ids=lambda p: str(p.relative_to(ROOT)))
def test_agents_do_not_import_the_session_layer(path: Path) -> None:
    assert "narrator" not in imports_of(path), "agents/ may import rules/, never narrator/"


def bare_name_guard(statement: ast.stmt) -> bool:
    """``if __name__ != "narrator.<layer>": raise ImportError(...)``: the one statement a layer's ``__init__`` adds to
    its docstring, so that importing the folder under its bare name fails at once (docs/architecture.md)."""
    return (isinstance(statement, ast.If) and not statement.orelse and isinstance(statement.test, ast.Compare)
            and isinstance(statement.test.left, ast.Name) and statement.test.left.id == "__name__"
            and isinstance(statement.test.ops[0], ast.NotEq) and len(statement.body) == 1
            and isinstance(statement.body[0], ast.Raise) and isinstance(statement.body[0].exc, ast.Call)
            and getattr(statement.body[0].exc.func, "id", "") == "ImportError")


def test_prompts_hold_no_code() -> None:
    code = [p for p in python_files("prompts") if p.name != "__init__.py"]
    assert code == [], "prompts/ is data only"
    rest = ast.parse((ROOT / "prompts" / "__init__.py").read_text()).body[1:]  # after the docstring
    assert len(rest) <= 1 and all(bare_name_guard(s) for s in rest), "prompts/__init__.py: a docstring and the guard"


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_a_layer_imported_under_its_bare_name_fails_at_once_naming_the_right_import(layer: str) -> None:
    """From the checkout's root ``import rules`` would find the folder and load a second copy of the kernel (its
    classes not narrator.rules's: every kernel action refused as WRONG_PHASE); the folder refuses the bare name."""
    import subprocess
    import sys

    assert any(bare_name_guard(s) for s in ast.parse((ROOT / layer / "__init__.py").read_text()).body)
    run = subprocess.run([sys.executable, "-c", f"import {layer}"], check=False, cwd=ROOT, capture_output=True, text=True,
                         env={"PATH": "", "PYTHONDONTWRITEBYTECODE": "1"})
    assert run.returncode == 1
    assert f"ImportError: '{layer}' is the folder {layer}/, installed as narrator.{layer}: import narrator.{layer}" \
        in run.stderr, run.stderr


def test_the_tests_import_this_checkouts_layers() -> None:
    """conftest stops the session when a layer loads from elsewhere (another checkout's editable install)."""
    from tests.checkout import FOLDERS, layers_outside

    assert layers_outside() == []
    setup = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    assert [ast.literal_eval(n.value) for n in setup.body if isinstance(n, ast.Assign)
            and getattr(n.targets[0], "id", "") == "PACKAGE_DIR"] == [FOLDERS]  # the mapping setup.py installs
    elsewhere = Path("/elsewhere/checkout")
    found = {name: str(ROOT / folder / "__init__.py") for name, folder in FOLDERS.items()}
    assert layers_outside(elsewhere, found) == [f"{name} loads from {ROOT / folder}, not {elsewhere / folder}"
                                                for name, folder in FOLDERS.items()]
    assert layers_outside(ROOT, {**found, "narrator.rules": "/elsewhere/checkout/rules/__init__.py"}) == [
        f"narrator.rules loads from /elsewhere/checkout/rules, not {ROOT / 'rules'}"]

"""What a native engine mirrors of the Python, and its digest (``narrator.fast.digest`` keeps the record).

Each engine (``native/<game>/``) is a C++ port of Python: the kernel package (and the shared rules
modules it imports), the scripted bots (their modules and those of their package they import, the
speech modules aside: a talking bot's texts and a Storyteller's voice never reach the engine, so
rewording them does not make it stale), the config's options, the simulation's loop and report row
(named definitions of ``narrator/<game>/simulate.py``) and for battaglia the bots' temperament (data
in ``prompts/``, and the two functions of the speech module that read it). The digest hashes those
sources as code: their syntax trees without docstrings, comments or function annotations, so
rewording or retyping changes nothing and any change of logic or of a literal does.

:func:`python_digest` is the installed Python's (cached under the bytes of the files it reads);
``narrator.fast.stale`` compares it with the one compiled into the engine.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from narrator.fast.codegen import GAMES, Game, Option, options_from_source

VERSION = "narrator.fast.digest 2"
"""Changes when the way sources are hashed changes (every committed digest must then be updated)."""
CACHED = 32
"""Digests kept in the cache file (:func:`python_digest`)."""


# ---- what the sources are ---------------------------------------------------------------------


def module_file(name: str) -> Path:
    """The source file of module ``name`` (``narrator.rules.battaglia.day``), found without importing it."""
    top, _, rest = name.partition(".")
    second, _, tail = rest.partition(".")
    spec = importlib.util.find_spec(f"{top}.{second}")  # imports only narrator and one mapped package
    if spec is None or not spec.submodule_search_locations:
        raise LookupError(f"no package {top}.{second}")
    base = Path(next(iter(spec.submodule_search_locations)))
    path = base.joinpath(*tail.split(".")) if tail else base
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _package_modules(package: str) -> list[str]:
    folder = module_file(package).parent
    found = []
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = path.relative_to(folder).with_suffix("").parts
        found.append(".".join((package, *parts[:-1])) if parts[-1] == "__init__" else ".".join((package, *parts)))
    return found


def _imported(tree: ast.Module) -> set[str]:
    """The modules ``tree`` imports, with ``from pkg import module`` resolved to the module."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module of its own (not a package's ``__init__``, not a name in a module)."""
    try:
        path = module_file(name)
    except LookupError:
        return False
    return path.name != "__init__.py" and path.is_file()


def _shared_rules(name: str) -> bool:
    """A module of the rules layer shared by the kernels (``narrator.rules.core``), not a game's package."""
    return name.startswith("narrator.rules.") and name.count(".") == 2 and _is_module(name)


def bot_packages(game: Game) -> set[str]:
    """The packages of the scripted bots' modules (``narrator.agents.battaglia``)."""
    return {name.rpartition(".")[0] for name in game.bots}


def source_modules(game: Game) -> list[str]:
    """The modules the engine mirrors, sorted: the kernel package, the shared rules modules it imports
    (at any depth), the scripted bots' modules and the modules of their package they import (at any
    depth), the speech modules (``game.speech``) aside."""
    packages = bot_packages(game)

    def mirrored(name: str) -> bool:
        if name in game.speech:
            return False
        return _shared_rules(name) or (name.rpartition(".")[0] in packages and _is_module(name))

    bots = [name for name in game.bots if module_file(name).is_file()]  # a removed one shows
    todo = _package_modules(game.kernel) + bots
    seen = set(todo)
    while todo:
        name = todo.pop()
        for other in _imported(_parse(name)):
            if other not in seen and mirrored(other):
                seen.add(other)
                todo.append(other)
    return sorted(seen)


@functools.cache
def _parse(name: str) -> ast.Module:  # read once per process, as python_digest is computed once
    return ast.parse(module_file(name).read_text(encoding="utf-8"))


def _bound(node: ast.stmt) -> set[str]:
    """The names a top-level statement defines."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
    return {t.id for t in targets if isinstance(t, ast.Name)}


def options(game: Game) -> list[Option]:
    """The engine's view of the config dataclass's fields (``narrator.fast.codegen``)."""
    return options_from_source(module_file(game.config_module).read_text(encoding="utf-8"), game.config_class)


# ---- how they are hashed ----------------------------------------------------------------------


_BODIES = ("body", "orelse", "finalbody")
_SIGNATURE = {(ast.arg, "annotation"), (ast.FunctionDef, "returns"), (ast.AsyncFunctionDef, "returns")}
_TYPING = frozenset({"typing", "typing_extensions", "collections.abc", "__future__"})


def _is_docstring(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _typing_only(node: ast.stmt, in_class: bool) -> bool:
    """A statement for readers and type checkers only: an import from ``typing``, a bare annotation
    outside a class body (in a dataclass it is a field)."""
    if isinstance(node, ast.ImportFrom):
        return node.module in _TYPING
    if isinstance(node, ast.Import):
        return all(alias.name in _TYPING for alias in node.names)
    return isinstance(node, ast.AnnAssign) and node.value is None and not in_class


def _type_checking(node: ast.stmt) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(body: list[Any], in_class: bool) -> list[Any]:
    kept: list[Any] = []
    for node in body:
        if _type_checking(node):
            kept += _statements(node.orelse, in_class)
        elif not (_is_docstring(node) or _typing_only(node, in_class)):
            kept.append(node)
    return kept or ([ast.Pass()] if body else [])


def _is_cast(node: ast.AST) -> TypeGuard[ast.Call]:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    named = (isinstance(func, ast.Name) and func.id == "cast") or (isinstance(func, ast.Attribute) and func.attr == "cast")
    return named and len(node.args) == 2 and not node.keywords


def _union(node: ast.AST) -> ast.expr | None:
    """``Union[A, B]`` and ``Optional[A]`` spelled ``A | B`` and ``A | None`` (one spelling of a type)."""
    if not (isinstance(node, ast.Subscript) and isinstance(node.value, (ast.Name, ast.Attribute))):
        return None
    name = node.value.id if isinstance(node.value, ast.Name) else node.value.attr
    items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if name == "Optional" and len(items) == 1:
        items = [items[0], ast.Constant(None)]
    elif name != "Union":
        return None
    out = items[0]
    for item in items[1:]:
        out = ast.BinOp(left=out, op=ast.BitOr(), right=item)
    return out


def _dump(node: Any, in_class: bool = False) -> str:
    """A syntax tree as text without what does not change behaviour: docstrings (and any other bare
    string statement), signature and variable annotations, ``typing`` imports, ``TYPE_CHECKING``
    blocks, ``cast()``, and ``Union[A, B]`` for ``A | B``. In a class body an annotation stays a field
    (``ClassVar`` aside). The text
    is the same on every Python this project supports: empty fields (``None``, ``[]``, which new fields
    of later versions default to) are left out."""
    if isinstance(node, list):
        return "[" + ",".join(_dump(item, in_class) for item in node) + "]"
    if not isinstance(node, ast.AST):
        return repr(node)
    if _is_cast(node):
        return _dump(node.args[1])
    if isinstance(node, ast.AnnAssign) and node.value is not None and (
            not in_class or "ClassVar" in ast.unparse(node.annotation)):  # a class attribute, not a field
        return _dump(ast.Assign(targets=[node.target], value=node.value))
    union = _union(node)
    if union is not None:
        return _dump(union)
    parts = []
    kind = type(node)
    for name in node._fields:
        value = getattr(node, name, None)
        if (kind, name) in _SIGNATURE:
            continue
        if isinstance(node, ast.AnnAssign) and name == "annotation":
            value = "ClassVar" if "ClassVar" in ast.unparse(node.annotation) else "field"
        body_of_class = kind is ast.ClassDef and name == "body"
        if name in _BODIES and isinstance(value, list):
            value = _statements(value, body_of_class)
        if value is not None and value != []:
            parts.append(f"{name}={_dump(value, body_of_class)}")
    return f"{kind.__name__}({','.join(parts)})"


def code_hash(source: str) -> str:
    """The hash of a module's code: its syntax tree without docstrings, comments and annotations (:func:`_dump`)."""
    return _tree_hash(ast.parse(source))


def _tree_hash(tree: ast.Module) -> str:
    return hashlib.sha256(_dump(tree).encode()).hexdigest()


def _data_hash(package: str, relative: str, key: str) -> str:
    import yaml  # a dependency of the package (only battaglia's temperament needs it)

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: 5x faster
    data = yaml.load(module_file(package).parent.joinpath(relative).read_text(encoding="utf-8"), Loader=loader)
    picked = {section: {entry: value[key] for entry, value in sorted(items.items()) if key in value}
              for section, items in sorted(data.items()) if isinstance(items, dict)}
    return hashlib.sha256(json.dumps(picked, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


@dataclass(frozen=True)
class Sources:
    """The hashed parts of a game's Python rules, and their digest."""

    modules: dict[str, str]
    options: dict[str, str]
    data: dict[str, str]

    @property
    def digest(self) -> str:
        lines = [VERSION]
        lines += [f"module {name} {h}" for name, h in sorted(self.modules.items())]
        lines += [f"option {name} {line}" for name, line in self.options.items()]
        lines += [f"data {name} {h}" for name, h in sorted(self.data.items())]
        return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def sources(game: Game) -> Sources:
    """The installed Python sources of ``game``'s engine, hashed."""
    modules = {name: _tree_hash(_parse(name)) for name in source_modules(game)}
    for module, names in game.parts:
        for name in names:
            nodes = [node for node in _parse(module).body if name in _bound(node)]
            if nodes:  # a part that is gone shows as removed
                modules[f"{module}:{name}"] = hashlib.sha256(_dump(nodes).encode()).hexdigest()
    opts = {o.name: o.line() for o in options(game)}
    data = {f"{package}/{relative}:{key}": _data_hash(package, relative, key) for package, relative, key in game.data}
    return Sources(modules, opts, data)


@functools.cache
def python_digest(game: str) -> str:
    """The digest of the installed Python rules of ``game`` (computed once per process).

    Hashing the syntax trees takes about a second; the result is kept in a small cache file
    (:func:`cache_file`) under a hash of the bytes of every file it may read (:func:`_raw_key`), so it
    is computed again exactly when one of them has changed.
    """
    key = _raw_key(GAMES[game])
    path = cache_file()
    try:
        known = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    if not isinstance(known, dict):
        known = {}
    found = known.get(f"{game} {key}")
    if isinstance(found, str):
        return found
    digest = sources(GAMES[game]).digest
    known[f"{game} {key}"] = digest
    known = dict(list(known.items())[-CACHED:])  # the newest (several checkouts may share the file)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(json.dumps(known, indent=0), encoding="utf-8")
        partial.replace(path)
    except OSError:  # a read-only home: computed each time, as before
        pass
    return digest


def cache_file() -> Path:
    """Where computed digests are kept: ``$NARRATOR_CACHE``, else ``$XDG_CACHE_HOME/narrator``, else
    ``~/.cache/narrator``; the file ``digests.json``."""
    base = os.environ.get("NARRATOR_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "narrator")
    return Path(base) / "digests.json"


def _raw_key(game: Game) -> str:
    """A hash of the bytes (and paths) of every file :func:`sources` may read for ``game``: the whole
    rules package (the kernel and any shared module it imports live there), the bots' packages, the
    parts' modules and the data files. A superset: an edit anywhere in them recomputes the digest."""
    rules = module_file("narrator.rules").parent
    files = set(rules.rglob("*.py"))
    for package in bot_packages(game):
        files |= set(module_file(package).parent.rglob("*.py"))
    files |= {module_file(name) for name in (*game.bots, *(module for module, _ in game.parts), game.config_module)}
    files |= {module_file(package).parent.joinpath(relative) for package, relative, _ in game.data}
    hashed = hashlib.sha256(f"{VERSION}\n{game}".encode())
    for path in sorted(p for p in files if "__pycache__" not in p.parts):
        hashed.update(f"\n{path}\n".encode())
        hashed.update(path.read_bytes() if path.is_file() else b"(missing)")
    return hashed.hexdigest()

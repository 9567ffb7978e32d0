"""The native engines' config structs and readers, generated from the Python config dataclasses.

A rules option is written once, as a field of ``BattagliaConfig`` or ``TenCandlesConfig``. This
module reads the dataclass from its source (``ast``, no import: ``setup.py`` runs it before the
package's dependencies exist) and writes, for each engine, two C++ headers at build time:

* ``generated_config.hpp``: the ``Config`` struct, field for field with the same defaults, and an
  ``enum class`` per ``Literal`` field (named after the field, enumerators spelled as the values);
* ``generated_config_py.hpp``: ``read_config(config)``, the pybind11 reader of the validated
  dataclass, and ``export_port(module)``, which gives the module the digest of the Python rules it
  was ported from (``native/<game>/ported_from.toml``, see ``narrator.fast.digest``).

Only the standard library is used here: ``setup.py`` loads this file by path. Print what a build
would generate with ``python -m narrator.fast.codegen battaglia``.
"""

from __future__ import annotations

import ast
import json
import keyword
import re
import sys
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Game:
    """One native engine and the Python it mirrors.

    Attributes:
        name: the folder under ``native/`` and the suffix of ``narrator.fast._<name>``.
        namespace: the C++ namespace of the engine.
        config_module, config_class: where the config dataclass is.
        kernel: the kernel package the engine ports (every module in it).
        bots: the scripted agents it ports, decision for decision: their modules and the modules of
            their package they import (at any depth; ``narrator.fast.sources``), ``speech`` aside.
        speech: modules of the bots' package that only word things (the texts of a talking bot, a
            Storyteller's voice): the engine plays without them, so an edit there does not make it stale.
        data: data files the C++ mirrors, as ``(package, file, key)``: ``key`` of the top-level
            mapping of each entry (the bots' temperament in the masks file, say).
        parts: top-level definitions of other modules the C++ mirrors, as ``(module, names)``: the
            simulation's loop and report row, the bots' temperament in battaglia's speech module (the
            rest of those modules does not reach the engine).
    """

    name: str
    namespace: str
    config_module: str
    config_class: str
    kernel: str
    bots: tuple[str, ...]
    speech: tuple[str, ...] = ()
    data: tuple[tuple[str, str, str], ...] = ()
    parts: tuple[tuple[str, tuple[str, ...]], ...] = ()


GAMES = {
    "battaglia": Game(
        "battaglia", "battaglia", "narrator.rules.battaglia.config", "BattagliaConfig", "narrator.rules.battaglia",
        ("narrator.agents.battaglia.bot",), ("narrator.agents.battaglia.texts", "narrator.agents.battaglia.claims"),
        (("narrator.prompts", "battaglia/masks.yaml", "temperament"),),
        (("narrator.battaglia.simulate", ("MAX_MOVES", "DARKNESS_STEPS", "GLOOM_STEPS", "CORRIGAN_STEPS", "Tally",
                                          "TALLIED", "TALLIED_KINDS", "make_bots", "_play_lean", "make_row")),
         ("narrator.agents.battaglia.texts", ("mask_info", "temperament")))),
    "ten_candles": Game(
        "ten_candles", "tc", "narrator.rules.ten_candles.config", "TenCandlesConfig", "narrator.rules.ten_candles",
        ("narrator.agents.ten_candles.survivor", "narrator.agents.ten_candles.gm"),
        ("narrator.agents.ten_candles.voice",),
        parts=(("narrator.ten_candles.simulate", ("COUNTERS", "Tally", "_bump", "HANDLERS", "make_table", "play_one")),)),
}


class SchemaError(ValueError):
    """A config field whose type or default the generator cannot express in C++."""


@dataclass(frozen=True)
class Option:
    """One field of a config dataclass, as the engines see it.

    Attributes:
        name: the field name (the same in C++).
        kind: ``int``, ``bool``, ``float``, ``str``, ``choice`` (a ``Literal`` of strings),
            ``optional_int`` (``int | None``) or ``strings`` (``tuple[str, ...]``).
        default: the default, as a Python value.
        choices: the values of a ``choice``, in order (the C++ enumerators).
    """

    name: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()

    def line(self) -> str:
        """The option as it reads in Python, ``Literal['ones', 'sixes'] = 'ones'`` (the digest hashes it)."""
        types = {"optional_int": "int | None", "strings": "tuple[str, ...]",
                 "choice": f"Literal[{', '.join(repr(c) for c in self.choices)}]"}
        default = tuple(self.default) if self.kind == "strings" else self.default
        return f"{types.get(self.kind, self.kind)} = {default!r}"


def options_from_source(source: str, class_name: str) -> list[Option]:
    """The fields of dataclass ``class_name`` in the module ``source``, in declaration order.

    Raises:
        SchemaError: the class is missing, or a field's annotation or default has no C++ form here.
    """
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return [_option(item) for item in node.body
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                    and not _is_classvar(item.annotation)]
    raise SchemaError(f"no class {class_name} in the config module")


def _is_classvar(annotation: ast.expr) -> bool:
    base = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return isinstance(base, ast.Name) and base.id == "ClassVar"


def _option(item: ast.AnnAssign) -> Option:
    assert isinstance(item.target, ast.Name)
    name = item.target.id
    if item.value is None:
        raise SchemaError(f"{name}: a rules option needs a default (the engine starts from the defaults)")
    try:
        default = ast.literal_eval(item.value)
    except ValueError as error:
        raise SchemaError(f"{name}: the default must be a literal, got {ast.unparse(item.value)}") from error
    kind, choices = _kind(name, item.annotation)
    return Option(name, kind, list(default) if isinstance(default, tuple) else default, choices)


def _kind(name: str, node: ast.expr) -> tuple[str, tuple[str, ...]]:
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "Annotated":
        first = node.slice.elts[0] if isinstance(node.slice, ast.Tuple) else node.slice
        return _kind(name, first)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = node.left, node.right
        if isinstance(right, ast.Constant) and right.value is None and _kind(name, left)[0] == "int":
            return "optional_int", ()
    if isinstance(node, ast.Name) and node.id in ("int", "bool", "float", "str"):
        return node.id, ()
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        if node.value.id == "Literal":
            values = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if all(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in values):
                return "choice", tuple(v.value for v in values)  # type: ignore[attr-defined]
        if node.value.id == "tuple" and ast.unparse(node.slice).strip("()") == "str, ...":
            return "strings", ()
    raise SchemaError(f"{name}: no C++ form for the annotation {ast.unparse(node)} "
                      "(int, bool, float, str, int | None, tuple[str, ...] or a Literal of strings)")


# ---- C++ ---------------------------------------------------------------------------------------

_CPP_KEYWORDS = frozenset((
    "alignas", "alignof", "and", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char",
    "class", "compl", "const", "constexpr", "continue", "decltype", "default", "delete", "do", "double", "else",
    "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int",
    "long", "mutable", "namespace", "new", "noexcept", "not", "nullptr", "operator", "or", "private", "protected",
    "public", "register", "return", "short", "signed", "sizeof", "static", "struct", "switch", "template", "this",
    "throw", "true", "try", "typedef", "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
    "while", "xor"))


def enum_name(option: Option) -> str:
    """The C++ enum of a ``choice`` field: its name in CamelCase (``soul_pool`` -> ``SoulPool``)."""
    return "".join(part.capitalize() for part in option.name.split("_"))


def enumerator(value: str) -> str:
    """A choice value as a C++ enumerator: the value itself where it is an identifier."""
    text = re.sub(r"\W", "_", value)
    if not text or text[0].isdigit():
        text = "_" + text
    return text + "_" if text in _CPP_KEYWORDS or keyword.iskeyword(text) else text


def _cpp_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=True)  # a valid C++ literal: \" \\ \n \uXXXX


_TYPES = {"int": "int", "bool": "bool", "float": "double", "str": "std::string", "optional_int": "std::optional<int>",
          "strings": "std::vector<std::string>"}


def _cpp_type(option: Option) -> str:
    return enum_name(option) if option.kind == "choice" else _TYPES[option.kind]


def _cpp_default(option: Option) -> str:
    value = option.default
    if option.kind == "choice":
        if value not in option.choices:
            raise SchemaError(f"{option.name}: default {value!r} is not one of {option.choices}")
        return f"{enum_name(option)}::{enumerator(value)}"
    if value is None:
        return "std::nullopt"
    if option.kind == "bool":
        return "true" if value else "false"
    if option.kind == "float":
        return repr(float(value))
    if option.kind == "str":
        return _cpp_string(value)
    if option.kind == "strings":
        return "{" + ", ".join(_cpp_string(v) for v in value) + "}"
    return str(int(value))


def _banner(game: Game) -> str:
    return (f"// Generated at build time by narrator/fast/codegen.py from {game.config_module}.{game.config_class}:\n"
            "// do not edit (change the dataclass; `python -m narrator.fast.codegen " + game.name + "` prints this).\n")


def config_header(game: Game, options: list[Option]) -> str:
    """``generated_config.hpp``: the enums and the ``Config`` struct (plain C++, for every header)."""
    lines = [_banner(game), "#pragma once", "#include <cstdint>", "#include <optional>", "#include <string>",
             "#include <vector>", "", f"namespace {game.namespace} {{", ""]
    for option in options:
        if option.kind == "choice":
            values = ", ".join(enumerator(v) for v in option.choices)
            lines.append(f"enum class {enum_name(option)} : uint8_t {{ {values} }};  // {option.name}")
    lines += ["", f"// {game.config_class}, field for field, with its defaults.", "struct Config {"]
    lines += [f"  {_cpp_type(o)} {o.name} = {_cpp_default(o)};" for o in options]
    lines += ["};", "", f"}}  // namespace {game.namespace}", ""]
    return "\n".join(lines)


def _reader(option: Option) -> str:
    get = f'o.attr("{option.name}")'
    if option.kind == "choice":
        values = ", ".join(_cpp_string(v) for v in option.choices)
        return f'  c.{option.name} = read_choice<{enum_name(option)}>(o, "{option.name}", {{{values}}});'
    if option.kind == "optional_int":
        return (f"  {{ const pybind11::object v = {get};\n"
                f"    c.{option.name} = v.is_none() ? std::optional<int>() : std::optional<int>(v.cast<int>()); }}")
    if option.kind == "strings":
        return f"  for (const auto& v : {get}) c.{option.name}.push_back(v.cast<std::string>());"
    return f"  c.{option.name} = {get}.cast<{_TYPES[option.kind]}>();"


def reader_header(game: Game, options: list[Option], digest: str, unported: list[str]) -> str:
    """``generated_config_py.hpp``: ``read_config`` and ``export_port`` (pybind11; for ``module.cpp`` only)."""
    names = ", ".join(_cpp_string(o.name) for o in options)
    skipped = ", ".join(_cpp_string(n) for n in unported)
    lines = [_banner(game), "#pragma once", "#include <pybind11/pybind11.h>", "", "#include <initializer_list>",
             "#include <string>", "", '#include "generated_config.hpp"', "", f"namespace {game.namespace} {{", "",
             "template <class E>",
             "E read_choice(const pybind11::handle& o, const char* name, std::initializer_list<const char*> values) {",
             "  const std::string v = pybind11::str(o.attr(name));",
             "  int i = 0;",
             "  for (const char* candidate : values) {",
             "    if (v == candidate) return static_cast<E>(i);",
             "    ++i;",
             "  }",
             f'  throw pybind11::value_error(std::string("{game.name} native: unknown ") + name + " " + v);',
             "}", "",
             f"// The validated {game.config_class}, field for field.",
             "inline Config read_config(const pybind11::handle& o) {", "  Config c;"]
    lines += [_reader(o) for o in options]
    lines += ["  return c;", "}", "",
              "// RULES_DIGEST: narrator.fast.digest of the Python this build was ported from (ported_from.toml);",
              "// OPTIONS: the config fields it reads; UNPORTED: those it plays only at their default.",
              "inline void export_port(pybind11::module_& m) {",
              f"  m.attr(\"RULES_DIGEST\") = {_cpp_string(digest)};",
              f"  m.attr(\"OPTIONS\") = pybind11::make_tuple({names});",
              f"  m.attr(\"UNPORTED\") = pybind11::make_tuple({skipped});",
              "}", "", f"}}  // namespace {game.namespace}", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the headers a build would generate for a game (from the sources of the checkout it runs in)."""
    import importlib.util
    import tomllib
    from pathlib import Path

    from narrator.fast import codegen_state, state_forms

    def source(module: str) -> str:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        return Path(spec.origin).read_text(encoding="utf-8")

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] not in GAMES:
        print(f"usage: python -m narrator.fast.codegen {{{','.join(GAMES)}}}", file=sys.stderr)
        return 2
    game = GAMES[args[0]]
    options = options_from_source(source(game.config_module), game.config_class)
    committed = Path(__file__).resolve().parents[2] / "native" / game.name / "ported_from.toml"
    port = tomllib.loads(committed.read_text(encoding="utf-8")) if committed.is_file() else {}
    print(config_header(game, options))
    print(reader_header(game, options, port.get("digest", "none"), list(port.get("unported", []))))
    schema = state_forms.SCHEMAS.get(game.name)
    if schema is not None:
        print(codegen_state.state_header(game.name, game.namespace, schema, source(schema.module)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

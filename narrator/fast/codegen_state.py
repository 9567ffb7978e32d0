"""The native engines' state glue, generated from the Python state dataclasses.

The C++ ``State`` of an engine keeps the Python state's facts in its own shape (seat sets as bitmasks,
records in fixed arrays, the night and the day flattened into the state). This module reads the
state dataclasses from their source (``ast``, no import: ``setup.py`` runs it before the package's
dependencies exist) and writes ``generated_state_py.hpp`` at build time: for each dataclass of the
game's schema, ``read_<Class>`` (the Python object into the C++ state) and ``write_<Class>`` (the C++
state into a new Python object), field for field in the dataclass's order.

How each field is held in C++ is its *form* (:class:`Form`): most follow from the annotation
(``int``, ``bool``, ``frozenset[int]`` a seat mask, ``frozenset[Card]`` a card mask, an enum by its
value's name); the rest are named in the game's :class:`Schema` (``narrator/fast/state_forms.py``). A field of a dataclass with no form
is a :class:`SchemaError` at build time, and so is a form naming no field (a :class:`Skip` aside): a
field added in Python is mirrored, or said not to be (a ``Skip``, with the reason), before the engine
builds again.

Only the standard library is used here: ``setup.py`` loads this file by path. Print what a build
would generate with ``python -m narrator.fast.codegen battaglia``.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass, field


class SchemaError(ValueError):
    """A state field with no C++ form, or a form naming no field."""


@dataclass(frozen=True)
class Field:
    """One field of a state dataclass: its name and annotation (as written)."""

    name: str
    annotation: str


def fields_from_source(source: str, class_name: str) -> list[Field]:
    """The fields of dataclass ``class_name`` in the module ``source``, in declaration order."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return [Field(item.target.id, ast.unparse(item.annotation)) for item in node.body
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                    and "ClassVar" not in ast.unparse(item.annotation)]
    raise SchemaError(f"no class {class_name} in the state module")


# ---- forms: how one field is held in C++ ------------------------------------------------------------


@dataclass(frozen=True)
class Enum:
    """A C++ enum named by the Python value: its name function and count, and the Python class
    (``None``: the value is a plain ``str``)."""

    cpp: str
    name: str
    count: str
    python: str | None = None

    def read(self, value: str) -> str:
        return f"named<{self.cpp}>({value}, {self.name}, {self.count})"

    def write(self, value: str) -> str:
        text = f"py::str({self.name}({value}))"
        return f"classes().get(\"{self.python}\")({text})" if self.python else text


INT = "int"


def _element_read(kind: str | Enum, value: str) -> str:
    return f"{value}.cast<int>()" if kind == INT else kind.read(value)  # type: ignore[union-attr]


def _element_write(kind: str | Enum, value: str) -> str:
    return f"py::int_(static_cast<int>({value}))" if kind == INT else kind.write(value)  # type: ignore[union-attr]


@dataclass(frozen=True)
class Form:
    """How one field is held in C++: ``read`` gives the statements that set the C++ member(s) from
    the Python value ``v``, ``write`` the C++ expression of the Python value. ``member`` is the C++
    member (``""``: the field's name) of the target (``t``: the state, or the record being read)."""

    member: str = ""

    def m(self, f: Field) -> str:
        return f"t.{self.member or f.name}"

    def read(self, f: Field) -> list[str]:
        raise NotImplementedError

    def write(self, f: Field) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Form):
    def read(self, f: Field) -> list[str]:
        return [f"{self.m(f)} = static_cast<decltype({self.m(f)})>(v.cast<int>());"]

    def write(self, f: Field) -> str:
        return f"py::int_(static_cast<int>({self.m(f)}))"


@dataclass(frozen=True)
class Bool(Form):
    def read(self, f: Field) -> list[str]:
        return [f"{self.m(f)} = v.cast<bool>();"]

    def write(self, f: Field) -> str:
        return f"py::bool_({self.m(f)})"


@dataclass(frozen=True)
class Named(Form):
    """An enum value (a Python enum or a ``str``), by name."""

    enum: Enum = Enum("", "", "")

    def read(self, f: Field) -> list[str]:
        return [f"{self.m(f)} = {self.enum.read('v')};"]

    def write(self, f: Field) -> str:
        return self.enum.write(self.m(f))


@dataclass(frozen=True)
class Mask(Form):
    """A set of seats (or of cards) as a bitmask; a tuple is written in ascending order."""

    cards: bool = False

    def read(self, f: Field) -> list[str]:
        return [f"{self.m(f)} = {'card' if self.cards else 'seat'}_mask(v);"]

    def write(self, f: Field) -> str:
        shape = "set" if f.annotation.startswith("frozenset") else "tuple"
        return f"{'card' if self.cards else 'seat'}_{shape}({self.m(f)})"


@dataclass(frozen=True)
class PerSeat(Form):
    """A value per seat in a fixed array; the empty tuple while ``empty_when`` holds (before the deal)."""

    element: str | Enum = INT
    empty_when: str = "false"

    def read(self, f: Field) -> list[str]:
        return [(f"{{ int i = 0; for (auto x : v) {self.m(f)}[i++] = static_cast<std::remove_reference_t<"
                 f"decltype({self.m(f)}[0])>>({_element_read(self.element, 'x')}); }}")]

    def write(self, f: Field) -> str:
        return (f"({self.empty_when.replace('s.', 't.')}) ? py::tuple() : tuple_of(t.players, [&](int i) {{ return "
                f"py::object({_element_write(self.element, self.m(f) + '[i]')}); }})")


@dataclass(frozen=True)
class Run(Form):
    """A tuple held in a fixed array from ``start`` (a member, or ``0``) to the member ``end``."""

    end: str = ""
    element: str | Enum = INT
    start: str = ""

    def read(self, f: Field) -> list[str]:
        lines = [f"t.{self.start} = 0;"] if self.start else []
        return [*lines, f"t.{self.end} = 0;",
                (f"for (auto x : v) {self.m(f)}[t.{self.end}++] = static_cast<std::remove_reference_t<"
                 f"decltype({self.m(f)}[0])>>({_element_read(self.element, 'x')});")]

    def write(self, f: Field) -> str:
        start = f"t.{self.start}" if self.start else "0"
        return (f"tuple_of(t.{self.end} - {start}, [&](int i) {{ return py::object("
                f"{_element_write(self.element, f'{self.m(f)}[{start} + i]')}); }})")


@dataclass(frozen=True)
class Records(Form):
    """A tuple of records in a fixed array counted by the member ``count``: of tuples, their items
    into the struct's ``items`` (member, element) in order; of a schema class, through its glue."""

    count: str = ""
    items: tuple[tuple[str, str | Enum], ...] = ()
    of: str = ""

    def read(self, f: Field) -> list[str]:
        lines = [f"t.{self.count} = 0;", "for (auto e : v) {", f"  auto& r = {self.m(f)}[t.{self.count}++];"]
        if self.of:
            lines.append(f"  read_{self.of}(r, e);")
        else:
            lines.append("  const py::tuple x = py::reinterpret_borrow<py::tuple>(e);")
            lines += [f"  r.{name} = static_cast<decltype(r.{name})>({_element_read(kind, f'x[{i}]')});"
                      for i, (name, kind) in enumerate(self.items)]
        return [*lines, "}"]

    def write(self, f: Field) -> str:
        if self.of:
            item = f"write_{self.of}(r)"
        else:
            item = "py::make_tuple(" + ", ".join(_element_write(kind, f"r.{name}") for name, kind in self.items) + ")"
        return (f"tuple_of(t.{self.count}, [&](int i) {{ const auto& r = {self.m(f)}[i]; "
                f"return py::object({item}); }})")


@dataclass(frozen=True)
class Optional(Form):
    """``X | None``: the flag ``flag`` and the record of schema class ``of`` (read into ``member``;
    ``""``: into the target itself, a night or day flattened into the state)."""

    flag: str = ""
    of: str = ""

    def _into(self) -> str:
        return f"t.{self.member}" if self.member else "t"

    def read(self, f: Field) -> list[str]:
        return [f"t.{self.flag} = !v.is_none();", f"if (t.{self.flag}) read_{self.of}({self._into()}, v);"]

    def write(self, f: Field) -> str:
        return f"t.{self.flag} ? write_{self.of}({self._into()}) : py::object(py::none())"


@dataclass(frozen=True)
class Given(Form):
    """Not read (the caller sets it up: the config); written as the argument of the same name."""

    def read(self, f: Field) -> list[str]:
        return []

    def write(self, f: Field) -> str:
        return f.name


@dataclass(frozen=True)
class Skip(Form):
    """Not held in C++ (``why``): read only to refuse a value the engine cannot play (``refuse``: a C++
    test of ``v``), not written (the dataclass's default)."""

    why: str = ""
    refuse: str = ""

    def read(self, f: Field) -> list[str]:
        if not self.refuse:
            return []
        return [f"if ({self.refuse}) throw py::value_error(\"{f.name}: not held natively ({self.why})\");"]

    def write(self, f: Field) -> str:
        return ""


@dataclass(frozen=True)
class Custom(Form):
    """A form written out in C++: ``reads`` (statements on ``v`` and ``t``) and ``writes`` (an expression)."""

    reads: tuple[str, ...] = ()
    writes: str = ""

    def read(self, f: Field) -> list[str]:
        return list(self.reads)

    def write(self, f: Field) -> str:
        return self.writes


# ---- a game's schema ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Schema:
    """The state dataclasses of one engine and the C++ form of each field.

    Attributes:
        module: the module of the dataclasses (``narrator.rules.battaglia.state``).
        classes: each dataclass's C++ target type, in the order the glue defines them (records first).
        forms: the forms by class and field; a field not named takes its annotation's default form.
        enums: the enums of annotations, by Python name.
        python: the Python objects the glue uses, by name: ``"module:attribute"``.
        includes: the engine headers the glue needs.
        unordered: ``Class.field`` of the tuples the C++ state holds as sets (who voted for whom, not in
            which order the ballots came): written back in seat order.
    """

    module: str
    classes: tuple[tuple[str, str], ...]
    forms: dict[str, dict[str, Form]]
    enums: dict[str, Enum] = field(default_factory=dict)
    python: dict[str, str] = field(default_factory=dict)
    includes: tuple[str, ...] = ()
    unordered: tuple[str, ...] = ()

    def form(self, cls: str, f: Field) -> Form:
        named = self.forms.get(cls, {}).get(f.name)
        if named is not None:
            return named
        annotation = f.annotation
        if annotation == "int":
            return Int()
        if annotation == "bool":
            return Bool()
        if annotation == "frozenset[int]":
            return Mask()
        if annotation == "frozenset[Card]":
            return Mask(cards=True)
        if annotation in self.enums:
            return Named(enum=self.enums[annotation])
        raise SchemaError(f"{cls}.{f.name}: no C++ form for {annotation} (name one in its schema: "
                          "narrator/fast/state_forms.py)")


def skipped(schema: Schema, fields: dict[str, list[Field]]) -> list[str]:
    """``Class.field`` of every field the C++ state does not hold (the glue writes its default)."""
    return [f"{cls}.{f.name}" for cls, _ in schema.classes for f in fields[cls]
            if isinstance(schema.form(cls, f), Skip)]


def _banner(game: str, schema: Schema) -> str:
    return (f"// Generated at build time by narrator/fast/codegen_state.py from the dataclasses of {schema.module}:\n"
            f"// do not edit (change the dataclass or its forms; `python -m narrator.fast.codegen_state {game}` "
            "prints this).\n")


def _function(schema: Schema, cls: str, target: str, fields: list[Field], root: bool) -> list[str]:
    lines = [f"// {cls}, field for field.", f"inline void read_{cls}({target}& t, const py::handle& o) {{"]
    for f in fields:
        body = schema.form(cls, f).read(f)
        if body:
            lines += [f'  {{ const py::object v = o.attr("{f.name}");'] + [f"    {line}" for line in body] + ["  }"]
    config = ", const py::object& config" if root else ""
    lines += ["}", "", f"inline py::object write_{cls}(const {target}& t{config}) {{", "  py::dict k;"]
    writes = [(f.name, schema.form(cls, f).write(f)) for f in fields]
    lines += [f'  k["{name}"] = {value};' for name, value in writes if value]
    lines += [f'  return classes().get("{cls}")(**k);', "}", ""]
    return lines


def state_header(game: str, namespace: str, schema: Schema, source: str) -> str:
    """``generated_state_py.hpp`` of ``game`` from the source of its state module: ``read_state`` and
    ``write_state`` (pybind11; for ``module.cpp`` only)."""
    fields = {cls: fields_from_source(source, cls) for cls, _ in schema.classes}
    for cls, _ in schema.classes:
        named = {name for name, form in schema.forms.get(cls, {}).items() if not isinstance(form, Skip)}
        unknown = named - {f.name for f in fields[cls]}  # a Skip of a field not (or no longer) there is harmless
        if unknown:
            raise SchemaError(f"{cls}: forms name no field {', '.join(sorted(unknown))}")
    root = schema.classes[-1][0]
    lines = [_banner(game, schema), "#pragma once", "#include <pybind11/pybind11.h>", "", "#include <cstdint>",
             "#include <string>", "#include <type_traits>", "#include <unordered_map>", "",
             *(f'#include "{name}"' for name in schema.includes), "", f"namespace {namespace} {{",
             "namespace glue {", "", "inline const Classes& classes() {", "  static const Classes* made = [] {", "    auto* c = new Classes();"]
    for name, where in schema.python.items():
        module, attribute = where.split(":")
        lines.append(f'    c->by_name["{name}"] = py::module_::import("{module}").attr("{attribute}");')
    lines += ["    return c;", "  }();", "  return *made;", "}", ""]
    for cls, target in schema.classes:
        lines += _function(schema, cls, target, fields[cls], cls == root)
    names = ", ".join(json.dumps(name) for name in skipped(schema, fields))
    lines += ["}  // namespace glue", "",
              f"// A Python {root} into `s` (reset with its config first); refuses what the engine cannot hold.",
              f"inline void read_state(State& s, const pybind11::handle& o) {{ glue::read_{root}(s, o); }}",
              f"// `s` as a new Python {root} (the fields it does not hold at their defaults: STATE_SKIPPED).",
              "inline pybind11::object write_state(const State& s, const pybind11::object& config) {",
              f"  return glue::write_{root}(s, config);", "}",
              "inline void export_state(pybind11::module_& m) {",
              f"  m.attr(\"STATE_SKIPPED\") = pybind11::make_tuple({names});",
              f"  m.attr(\"STATE_UNORDERED\") = pybind11::make_tuple({', '.join(map(json.dumps, schema.unordered))});",
              "}", "",
              f"}}  // namespace {namespace}", ""]
    return "\n".join(lines)

"""The digest of the Python rules a native engine mirrors, so it never plays rules it was not ported from.

What an engine mirrors and how it is hashed: ``narrator.fast.sources`` (the kernel package, the
scripted bots' modules without their speech, the config's options, the simulation's loop and report
row, battaglia's temperament data), hashed as code: rewording or retyping changes nothing, any change
of logic or of a literal does.

Three copies are compared:

* the **committed** one, ``native/<game>/ported_from.toml``: what the C++ was last ported from, with
  a log of why each update was made; ``tests/fast/test_digest.py`` fails when the Python differs;
* the **built** one: ``setup.py`` compiles the committed digest into the engine
  (``narrator.fast._<game>.RULES_DIGEST``), so an installed engine older than its rules is caught;
* the **installed** one, computed from the importable sources (``narrator.fast.sources.python_digest``):
  ``narrator simulate`` plays a game natively only when it equals the built one (``narrator.fast.stale``).

After porting a change to C++ (or deciding it needs none), record it::

    python -m narrator.fast.digest --update battaglia --reason "why the engine still plays these rules"

A new option is recorded as *unported* (the engine reads it but plays only its default, and
``--engine auto`` sends any other value to Python) unless ``--ported NAME`` says the C++ plays it.
``python -m narrator.fast.digest`` shows the three digests of each engine and what changed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from narrator.fast.codegen import GAMES, Game
from narrator.fast.sources import (
    VERSION,
    Sources,
    code_hash,  # noqa: F401 - where narrator.fairness has read it
    module_file,
    sources,
)

COMMITTED = "ported_from.toml"


# ---- the committed digest ---------------------------------------------------------------------


@dataclass
class Committed:
    """``native/<game>/ported_from.toml``: the sources the C++ was last ported from."""

    digest: str = "none"
    unported: list[str] = field(default_factory=list)
    modules: dict[str, str] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)
    data: dict[str, str] = field(default_factory=dict)
    log: list[dict[str, str]] = field(default_factory=list)


def native_folder(game: Game) -> Path:
    """``native/<game>`` of the source checkout the package is installed from (editable installs)."""
    folder = module_file("narrator.fast").parents[2] / "native" / game.name
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder}: the digest is kept in a source checkout (pip install -e .)")
    return folder


def committed_path(game: Game) -> Path:
    return native_folder(game) / COMMITTED


def read_committed(path: Path) -> Committed:
    """The committed digest (``Committed()``, digest ``"none"``, when the file does not exist)."""
    if not path.is_file():
        return Committed()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Committed(data["digest"], list(data.get("unported", [])), dict(data.get("modules", {})),
                     dict(data.get("options", {})), dict(data.get("data", {})), list(data.get("log", [])))


def _toml(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a TOML basic string: JSON's escapes are TOML's


def render(game: Game, c: Committed) -> str:
    """The committed file's text (written by :func:`update` only)."""
    lines = [f"# The Python that native/{game.name} was ported from (narrator/fast/digest.py). Do not edit by hand:",
             "# after porting a change of these sources to C++ (or deciding it needs none), record it with",
             f'#   python -m narrator.fast.digest --update {game.name} --reason "..."',
             "# setup.py compiles `digest` and `unported` into the engine; tests/fast/test_digest.py holds the",
             "# Python to `digest`; `unported` options are read by the engine but played only at their default.",
             f"digest = {_toml(c.digest)}",
             "unported = [" + ", ".join(_toml(n) for n in c.unported) + "]", "", "[modules]"]
    lines += [f"{_toml(name)} = {_toml(h)}" for name, h in sorted(c.modules.items())]
    lines += ["", "[options]"] + [f"{name} = {_toml(line)}" for name, line in c.options.items()]
    lines += ["", "[data]"] + [f"{_toml(name)} = {_toml(h)}" for name, h in sorted(c.data.items())]
    for entry in c.log:
        lines += ["", "[[log]]"] + [f"{key} = {_toml(value)}" for key, value in entry.items()]
    return "\n".join(lines) + "\n"


def differences(committed: Committed, now: Sources) -> list[str]:
    """What changed in the Python since the committed digest, one line each."""
    found = []
    for name in sorted(committed.modules.keys() | now.modules.keys()):
        before, after = committed.modules.get(name), now.modules.get(name)
        if before != after:
            found.append(f"{name}: " + ("new" if before is None else "removed" if after is None else "code changed"))
    for name in list(now.options) + [n for n in committed.options if n not in now.options]:
        before, after = committed.options.get(name), now.options.get(name)
        if before != after:
            found.append(f"option {name}: " + ("new" if before is None else "removed" if after is None
                                               else f"{before} -> {after}"))
    for name in sorted(committed.data.keys() | now.data.keys()):
        if committed.data.get(name) != now.data.get(name):
            found.append(f"data {name}: changed")
    if not found and committed.digest != now.digest:
        found.append("the way sources are hashed changed (" + VERSION + ")")
    return found


def update(game: Game, reason: str, *, ported: tuple[str, ...] = (), unported: tuple[str, ...] = (),
           path: Path | None = None, now: Sources | None = None) -> tuple[Committed | None, list[str]]:
    """Record the installed Python (``now``) as what ``game``'s engine is ported from, in ``path`` (the
    committed file); returns the new record (``None`` when there is nothing to record) and what
    changed. New options are unported unless named in ``ported``; the reason is appended to the log.

    Raises:
        ValueError: no reason, or an option named that the config does not have.
    """
    if not reason.strip():
        raise ValueError("--reason is required: say why the engine still plays these rules")
    path = path or committed_path(game)
    old = read_committed(path)
    now = now or sources(game)
    unknown = sorted((set(ported) | set(unported)) - now.options.keys())
    if unknown:
        raise ValueError(f"{game.config_class} has no option {', '.join(unknown)}")
    skipped = {name for name in old.unported if name in now.options}
    if old.options:  # a new option is played natively only once someone says so
        skipped |= {name for name in now.options if name not in old.options}
    skipped = (skipped - set(ported)) | set(unported)
    entry = {"date": datetime.date.today().isoformat(), "digest": now.digest, "reason": reason.strip()}
    kept = [name for name in now.options if name in skipped]
    if old.digest == now.digest and old.unported == kept:
        return None, []
    record = Committed(now.digest, kept, now.modules, now.options, now.data, [*old.log, entry])
    changes = differences(old, now)
    path.write_text(render(game, record), encoding="utf-8")
    return record, changes


def built_digest(game: str) -> str | None:
    """The digest compiled into the installed engine (``None``: not built, or built before digests)."""
    from narrator.fast import NativeUnavailableError, engine

    try:
        return getattr(engine(game), "RULES_DIGEST", None)
    except NativeUnavailableError:
        return None


def status(game: Game) -> list[str]:
    """The three digests of ``game`` and what changed since the committed one."""
    now = sources(game)
    committed = read_committed(committed_path(game))
    built = built_digest(game.name)
    lines = [f"{game.name}: python {now.digest[:12]}, committed {committed.digest[:12]}, "
             f"built {built[:12] if built else 'none'}"
             + (f", unported: {', '.join(committed.unported)}" if committed.unported else "")]
    lines += [f"  {line}" for line in differences(committed, now)]
    if built and built != committed.digest:
        lines.append(f"  the engine was built from another digest: rebuild it (NATIVE_ONLY={game.name} "
                     "pip install --no-deps --no-build-isolation -e .)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m narrator.fast.digest", description=__doc__.split("\n")[0])
    parser.add_argument("--update", choices=sorted(GAMES), help="record the installed Python as ported")
    parser.add_argument("--reason", default="", help="why the engine still plays these rules (required)")
    parser.add_argument("--ported", action="append", default=[], metavar="OPTION",
                        help="an option the C++ now plays at any value (repeat)")
    parser.add_argument("--unported", action="append", default=[], metavar="OPTION",
                        help="an option the C++ plays only at its default (repeat)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a committed digest differs")
    args = parser.parse_args(argv)
    if args.update:
        try:
            record, changes = update(GAMES[args.update], args.reason, ported=tuple(args.ported),
                                     unported=tuple(args.unported))
        except ValueError as error:
            parser.error(str(error))
        if record is None:
            print(f"{committed_path(GAMES[args.update])}: already the installed Python's digest; nothing recorded")
            return 0
        print(f"{committed_path(GAMES[args.update])}: digest {record.digest[:12]}"
              + (f", unported: {', '.join(record.unported)}" if record.unported else ""))
        for line in changes:
            print(f"  {line}")
        print(f"rebuild the engine to carry it: NATIVE_ONLY={args.update} pip install --no-deps "
              "--no-build-isolation -e .")
        return 0
    stale = False
    for game in GAMES.values():
        lines = status(game)
        stale |= len(lines) > 1
        print("\n".join(lines))
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

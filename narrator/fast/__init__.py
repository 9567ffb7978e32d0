"""Native playout engines: the simulation hot path in C++, held to the Python kernel move for move.

``narrator simulate`` plays thousands of games; the Python kernel (``rules/``) and bots
(``agents/``) play one in milliseconds, which caps a 2-core machine at a few hundred games a
second. The engines here replay the same rules and the same scripted bots in C++ for
playtesting only. They are never the law: ``rules/`` is. Tests play the same seeds in both and
require the same moves, chance results and report rows (``tests/fast/``), and ``narrator simulate
--verify N`` replays N games of a run through the Python kernel. Interactive play, the web table,
resumption and replay always use the Python kernel.

The engines are built by ``setup.py`` when a C++ compiler is present; :func:`engine` says whether
one is importable and why not. Each carries the digest of the Python rules it was ported from
(``narrator.fast.sources``, recorded by ``narrator.fast.digest``): :func:`playout` refuses an engine
whose digest is not the installed Python's (:func:`stale`), and each engine's ``unsupported(config)``
refuses options it plays only at their default (:func:`unported`). ``narrator simulate --engine auto`` then plays with the Python
kernel and its report says why.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
from types import ModuleType
from typing import Any

GAMES = ("battaglia", "ten_candles")
MODULES = (*GAMES, "common")


class NativeUnavailableError(RuntimeError):
    """The native engine of a game is not built here (no compiler at install time, say)."""


def engine(game: str) -> ModuleType:
    """The compiled engine of ``game`` (``"battaglia"`` or ``"ten_candles"``).

    Raises:
        NativeUnavailableError: it was not built; the message says how to build it.
    """
    if game not in MODULES:
        raise NativeUnavailableError(f"no native engine for {game!r}; there is one for {', '.join(GAMES)}")
    try:
        return importlib.import_module(f"narrator.fast._{game}")
    except ImportError as error:
        raise NativeUnavailableError(
            f"the native {game} engine is not built ({error}); reinstall with a C++ compiler present "
            "(`pip install -e .`), or play with the Python kernel (`--engine python`)") from error


def playout(game: str) -> ModuleType:
    """The Python face of ``game``'s engine, ``narrator.fast.<game>``: ``play_rows``, ``trace``, ``unsupported``.

    Raises:
        NativeUnavailableError: the compiled module or its Python face is missing or incomplete, or the
            engine was ported from other Python rules than the installed ones (:func:`stale`).
    """
    why = stale(game)
    if why:
        raise NativeUnavailableError(why)
    try:
        face = importlib.import_module(f"narrator.fast.{game}")
    except ImportError as error:
        raise NativeUnavailableError(f"the native {game} engine is incomplete here ({error})") from error
    missing = [name for name in ("play_rows", "trace", "unsupported") if not hasattr(face, name)]
    if missing:
        raise NativeUnavailableError(f"the native {game} engine is incomplete here (no {', '.join(missing)})")
    return face


def stale(game: str) -> str | None:
    """Why the built engine of ``game`` must not play the installed Python rules, else ``None``.

    The engine carries the digest of the Python it was ported from; a rule edited in Python and not
    ported to C++ (or an engine built before the rules it is installed with) makes them differ.

    Raises:
        NativeUnavailableError: the engine is not built.
    """
    from narrator.fast.sources import python_digest

    built = getattr(engine(game), "RULES_DIGEST", None)
    rebuild = f"rebuild it (NATIVE_ONLY={game} pip install --no-deps --no-build-isolation -e .)"
    if built is None:
        return f"the native {game} engine was built before it carried a rules digest: {rebuild}"
    installed = python_digest(game)
    if built != installed:
        return (f"the installed Python rules of {game} (digest {installed[:12]}) are not those the native engine "
                f"was ported from ({built[:12]}): a rule changed in Python and not in C++ (port it and "
                f"`python -m narrator.fast.digest --update {game} --reason ...`), or the engine is older: {rebuild}")
    return None


def unported(game: str, config: Any) -> str | None:
    """The options of ``config`` away from their default that ``game``'s engine does not play, else ``None``.

    An option the engine does not read, or reads but plays only at its default (``UNPORTED``, from
    ``native/<game>/ported_from.toml``), is played by the Python kernel.
    """
    module = engine(game)
    known = set(getattr(module, "OPTIONS", ())) - set(getattr(module, "UNPORTED", ()))
    away = [f"{f.name}={getattr(config, f.name)!r}" for f in dataclasses.fields(config)
            if f.name not in known and getattr(config, f.name) != _default(f)]
    return f"option {', '.join(away)} (not ported to C++: the engine plays only the default)" if away else None


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    return f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING


def available(game: str) -> bool:
    """Whether :func:`engine` would succeed for ``game``."""
    try:
        engine(game)
    except NativeUnavailableError:
        return False
    return True


def mt_key(seed: int | str | bytes) -> list[int]:
    """The key words CPython's ``random.Random(seed)`` feeds to ``init_by_array``.

    An int seeds with its absolute value as 32-bit words, least significant first; a str or bytes
    (version 2 seeding) with the integer of its bytes followed by their SHA-512 digest.

    >>> mt_key(1), mt_key(2**32 + 5)
    ([1], [5, 1])
    """
    if isinstance(seed, str):
        seed = seed.encode()
    if isinstance(seed, (bytes, bytearray)):
        seed = int.from_bytes(bytes(seed) + hashlib.sha512(seed).digest(), "big")
    value = abs(seed)
    words = []
    while value:
        words.append(value & 0xFFFFFFFF)
        value >>= 32
    return words or [0]

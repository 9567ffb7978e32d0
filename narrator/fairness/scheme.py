"""The parts of the fairness scheme anyone can recompute (docs/fairness.md, "Precisely"): the canonical encoding,
the commitment, a share's fingerprint, the chance key, the draws, and the digest of the rules' code."""

from __future__ import annotations

import ast
import functools
import hashlib
import hmac
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from narrator.rules.chance import ChanceSpec, Dice, Pick, Shuffle

SECRET_SEED = "hmac-sha256/1"
"""A secret 256-bit seed, seats' contributions, HMAC-SHA256 draws (terminal and web games)."""
PUBLIC_SEED = "public-seed/1"
"""A public integer seed drawn with Python's ``random.Random`` (simulations' kept transcripts)."""
SCHEMES = (SECRET_SEED, PUBLIC_SEED)
RECORD = "fairness"
"""The kind of the transcript lines this module writes (``step``: ``contribution`` or ``reveal``)."""


class FairnessError(ValueError):
    """A contribution or a resume the scheme cannot take (after the first draw, twice, a lost seed)."""

    def __init__(self, text: str, key: str, **values: object) -> None:
        super().__init__(text)
        self.key, self.values = key, values


def canonical(value: Any) -> bytes:
    """The one byte string of ``value``: JSON with sorted keys, no spaces, ASCII only."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def commitment(scheme: str, ruleset: str, config: Mapping[str, Any], kernel: str, seed: str | int) -> str:
    """SHA-256 (hex) of the canonical encoding of what the game is bound to before it starts."""
    return hashlib.sha256(canonical({"scheme": scheme, "ruleset": ruleset, "config": dict(config),
                                     "kernel": kernel, "seed": seed})).hexdigest()


def contribution_value(given: str | bytes) -> str:
    """What a seat's share becomes on the record: SHA-256 (hex) of the text (UTF-8) or bytes it gave."""
    data = given.encode("utf-8") if isinstance(given, str) else bytes(given)
    return hashlib.sha256(data).hexdigest()


def chance_key(seed: str, commit: str, contributions: Mapping[int, str]) -> bytes:
    """The key every draw of a :data:`SECRET_SEED` game is derived from."""
    shares = [[seat, contributions[seat]] for seat in sorted(contributions)]
    message = canonical({"scheme": SECRET_SEED, "commitment": commit, "contributions": shares})
    return hmac.new(bytes.fromhex(seed), message, hashlib.sha256).digest()


class DrawStream:
    """The bytes of one draw, ``HMAC-SHA256(key, "draw:<n>:<block>")`` for block 0, 1, 2..., read as numbers."""

    def __init__(self, key: bytes, number: int) -> None:
        self.key, self.number = key, number
        self.block, self.buffer = 0, b""

    def _word(self) -> int:
        if len(self.buffer) < 8:
            self.buffer += hmac.new(self.key, f"draw:{self.number}:{self.block}".encode("ascii"), hashlib.sha256).digest()
            self.block += 1
        word, self.buffer = self.buffer[:8], self.buffer[8:]
        return int.from_bytes(word, "big")

    def below(self, n: int) -> int:
        """A uniform whole number in ``0..n-1``: 64-bit words at or above the last multiple of ``n`` are skipped."""
        if n < 1:
            raise ValueError(f"nothing to draw below {n}")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            word = self._word()
            if word < limit:
                return word % n


def derive(spec: ChanceSpec, key: bytes, number: int) -> tuple[int, ...]:
    """Draw ``number`` of a :data:`SECRET_SEED` game: dice ``1 + below(sides)`` each; a shuffle of
    ``0..size-1`` by Fisher-Yates from the last place down (``j = below(i + 1)``, swap); a pick ``below(options)``."""
    stream = DrawStream(key, number)
    if isinstance(spec, Dice):
        return tuple(1 + stream.below(spec.sides) for _ in range(spec.count))
    if isinstance(spec, Shuffle):
        order = list(range(spec.size))
        for i in reversed(range(1, spec.size)):
            j = stream.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return tuple(order)
    if isinstance(spec, Pick):
        return (stream.below(spec.options),)
    raise TypeError(f"unknown chance spec {spec!r}")


def code_digest(source: str) -> str:
    """SHA-256 of a module's syntax tree (``ast.dump``) without its docstrings; comments are not in the tree."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return hashlib.sha256(ast.dump(tree, include_attributes=False).encode("utf-8")).hexdigest()


@functools.cache
def kernel_digest(game: str) -> str:
    """SHA-256 of the code of ``game``'s rules: its kernel package and the shared ``narrator.rules`` modules, each
    as its syntax tree without docstrings and comments (:func:`code_digest`), and the package's data files as bytes.
    Rewording a comment or a docstring keeps it; any change of logic or of a literal changes it."""
    from narrator.rules.registry import get_game

    kernel = get_game(game)
    package = Path(__import__(type(kernel).__module__, fromlist=["_"]).__file__ or "").parent
    rules = package.parent
    lines = []
    files = sorted(rules.glob("*.py")) + sorted(p for p in package.rglob("*") if p.is_file())
    for path in files:
        if "__pycache__" in path.parts:
            continue
        name = path.relative_to(rules).as_posix()
        if path.suffix == ".py":
            lines.append(f"module {name} {code_digest(path.read_text(encoding='utf-8'))}")
        elif path.suffix in (".yaml", ".yml", ".json", ".toml", ".txt"):
            lines.append(f"data {name} {hashlib.sha256(path.read_bytes()).hexdigest()}")
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()

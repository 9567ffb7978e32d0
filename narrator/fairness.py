"""Provable fairness: a game's chance committed before play, derived from every seat's share, checked after.

The kernel never draws: it asks for dice, a shuffle or a pick (``narrator.rules.chance``) and checks what it
is given. This module is what gives it, at the session layer, so that anyone holding the finished transcript
can prove the host did not choose the outcome (docs/fairness.md says it in plain words):

1. **Commit.** Before the game a 256-bit secret seed is drawn (:mod:`secrets`). The header publishes
   ``commitment = SHA-256(canonical(scheme, ruleset, config, kernel digest, seed))`` (:func:`commitment`), which
   binds the seed, the rules options and the code of the rules without showing the seed.
2. **Contribute.** Before the first draw each person's seat may add a share of its own (a ``fairness`` line,
   ``step: contribution``; the value is SHA-256 of what the seat gave). The host committed first, so it cannot
   pick a seed that suits the shares; the seats never see the seed, so they cannot pick shares that suit it.
3. **Draw.** ``key = HMAC-SHA256(seed, canonical(scheme, commitment, contributions by seat))``; draw *n* (the
   n-th chance line, from 0) reads the bytes ``HMAC-SHA256(key, "draw:n:block")`` for block 0, 1, 2...
   eight at a time as big-endian numbers and turns them into dice, shuffles and picks by rejection sampling
   (:class:`DrawStream`), so every value is uniform and each draw depends on nothing but the key and its number.
4. **Reveal.** After the result line the seed is written (``step: reveal``). :func:`verify` checks the
   commitment, re-derives every draw, and replays the whole game in the kernel.

Simulations keep Python's generator for speed (their native engines and golden games depend on it). Their
seeds are public by design (``--seed``), so a kept simulation transcript uses the scheme
:data:`PUBLIC_SEED`: the header commits to the plain seed it already shows, and verification re-derives
every draw with ``random.Random(seed)`` exactly as the session drew them.

While a game is played its secret waits beside the transcript in ``<transcript>.seed`` (the owner's only),
so a resumed game keeps its commitment (the file stays after the reveal: a transcript cut by a crash just after
it is retraced with the same seed).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import hmac
import json
import os
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.rules.chance import ChanceSpec, Dice, Pick, Shuffle, sample

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


# -- the parts anyone can recompute ------------------------------------------------------------------


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


# -- the session's side ------------------------------------------------------------------------------


def secret_path(transcript: str | Path) -> Path:
    """Where a game's secret seed waits until it is revealed: ``<transcript>.seed``."""
    transcript = Path(transcript)
    return transcript.with_name(transcript.name + ".seed")


@dataclass
class Fairness:
    """One game's commitment, contributions and draws (held by :class:`narrator.session.Session`).

    Args:
        scheme: :data:`SECRET_SEED` or :data:`PUBLIC_SEED`.
        seed: the secret seed in hex (secret scheme), or the public integer seed.
        ruleset, config, kernel: what the commitment binds besides the seed.
        keep: the secret's file (``<transcript>.seed``), read when the game is resumed.
    """

    scheme: str
    seed: str | int
    ruleset: str
    config: dict[str, Any]
    kernel: str
    keep: Path | None = None
    contributions: dict[int, str] = field(default_factory=dict)
    awaits: tuple[int, ...] = ()
    """The seats whose shares the first draw waits for (a web table created to collect them)."""
    drawn: int = 0
    revealed: bool = False
    _key: bytes | None = None

    @property
    def commitment(self) -> str:
        return commitment(self.scheme, self.ruleset, self.config, self.kernel, self.seed)

    def header(self) -> dict[str, Any]:
        """The header's ``fairness`` block: what is published before the game starts (never the secret)."""
        block: dict[str, Any] = {"scheme": self.scheme, "commitment": self.commitment, "kernel": self.kernel}
        if self.awaits:
            block["awaits"] = list(self.awaits)
        return block

    def missing(self) -> list[int]:
        """The awaited seats that have not given their share yet, while shares are still taken."""
        return [seat for seat in self.awaits if seat not in self.contributions] if self.open else []

    @property
    def open(self) -> bool:
        """Whether seats may still contribute (the secret scheme, before the first draw)."""
        return self.scheme == SECRET_SEED and self.drawn == 0

    def contribute(self, seat: int, given: str | bytes) -> dict[str, Any]:
        """Take ``seat``'s share; returns the transcript line to write.

        Raises:
            FairnessError: the draws began, the seat gave its share already, or the scheme takes none.
        """
        if self.scheme != SECRET_SEED:
            raise FairnessError("a public seed takes no contributions", "public")
        if not self.open:
            raise FairnessError("contributions close at the first draw", "closed")
        if seat in self.contributions:
            raise FairnessError(f"seat {seat} contributed already", "twice", seat=seat)
        value = contribution_value(given)
        self.contributions[seat] = value
        return {"kind": RECORD, "step": "contribution", "seat": seat, "value": value}

    def draw(self, spec: ChanceSpec, rng: random.Random) -> tuple[int, ...]:
        """The values of the next draw (``rng``: the session's generator, used by the public scheme)."""
        if self.scheme == PUBLIC_SEED:
            values = sample(spec, rng)
        else:
            if self._key is None:
                self._key = chance_key(str(self.seed), self.commitment, self.contributions)
            values = derive(spec, self._key, self.drawn)
        self.drawn += 1
        return values

    def reveal(self) -> dict[str, Any]:
        """The line that reveals the seed (after the result)."""
        self.revealed = True
        return {"kind": RECORD, "step": "reveal", "seed": self.seed}


def new_game(game: Any, config: Any, *, transcript: str | Path | None = None) -> Fairness:
    """A :data:`SECRET_SEED` fairness for a new game of ``game`` (a kernel) with ``config``; its secret is kept in
    :func:`secret_path` of ``transcript`` (owner-only) so that the game can be resumed."""
    seed = secrets.token_bytes(32).hex()
    keep = secret_path(transcript) if transcript is not None else None
    if keep is not None:
        keep.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with os.fdopen(os.open(keep, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="ascii") as out:
            out.write(seed + "\n")
    return Fairness(SECRET_SEED, seed, f"{game.name}@{game.rules_version}", game.config_to_dict(config),
                    kernel_digest(game.name), keep)


def begin(session: Any, transcript: str | Path, lang: str, *, chosen: int | None = None) -> list[str]:
    """Commit a new game's chance: attach a fairness to ``session`` (before its header is written) and return what
    the table shows the players before the first move (``fairness.commitment``).

    ``chosen``: the seed the player or the table's creator chose (``--seed``): such a game is meant to be played
    again the same, so it commits under :data:`PUBLIC_SEED` and draws as before; without one the game draws from a
    new :data:`SECRET_SEED`."""
    from narrator.agents.i18n import message

    if chosen is not None:
        fairness = attach(session, public_game(session.game, session.config, chosen))
        return [message(lang, "fairness.commitment_public", commitment=fairness.commitment, seed=chosen)]
    fairness = attach(session, new_game(session.game, session.config, transcript=transcript))
    return [message(lang, "fairness.commitment", commitment=fairness.commitment),
            message(lang, "fairness.commitment_hint", path=transcript)]


def seed_line(lang: str, seed: int, *, chosen: bool) -> str:
    """The table's line about its ``--seed``: a chosen seed plays the same game again; a drawn one only the same
    bots and names (the dice come from the secret seed)."""
    from narrator.agents.i18n import message

    return message(lang, "session.seed" if chosen else "fairness.seed_drawn", seed=seed)


def revealed_line(session: Any, transcript: str | Path, lang: str) -> str | None:
    """What the table says once the seed is revealed (the game is over), else ``None``."""
    from narrator.agents.i18n import message

    fairness = getattr(session, "fairness", None)
    if fairness is None or not fairness.revealed or fairness.scheme != SECRET_SEED:  # a public seed was never hidden
        return None
    return message(lang, "fairness.revealed", seed=fairness.seed, path=transcript)


def public_game(game: Any, config: Any, seed: int) -> Fairness:
    """A :data:`PUBLIC_SEED` fairness: a simulation's plain seed, committed in its kept transcript."""
    return Fairness(PUBLIC_SEED, seed, f"{game.name}@{game.rules_version}", game.config_to_dict(config),
                    kernel_digest(game.name), revealed=True)  # its seed is in the header from the start


def attach(session: Any, fairness: Fairness) -> Fairness:
    """Give ``session`` its fairness: it draws chance from it, writes its header block and reveals the seed at
    the end (:class:`narrator.session.Session`)."""
    session.fairness = fairness
    return fairness


def restore(header: Mapping[str, Any], records: Sequence[Mapping[str, Any]], transcript: str | Path) -> Fairness | None:
    """The fairness of a recorded game being resumed: its commitment (header), the contributions (records) and
    its kept secret, checked against the commitment. Its draws are made again as the game is retraced.

    Returns ``None`` for a transcript without a commitment (it goes on as before).

    Raises:
        FairnessError: the secret is lost or is not the committed one.
    """
    block = header.get("fairness")
    if not isinstance(block, Mapping):
        return None
    scheme = str(block.get("scheme"))
    ruleset, config = str(header.get("ruleset")), dict(header.get("config") or {})
    keep: Path | None = None
    if scheme == PUBLIC_SEED:
        seed: str | int = int(header.get("seed") or 0)
    else:
        keep = secret_path(transcript)
        try:
            seed = keep.read_text(encoding="ascii").strip()
        except OSError:
            raise FairnessError(f"{keep}: the secret seed is lost; the game cannot go on as committed",
                                "seed_lost", path=str(keep)) from None
    fairness = Fairness(scheme, seed, ruleset, config, str(block.get("kernel")), keep,
                        revealed=scheme == PUBLIC_SEED)  # a public seed is in the header: no reveal line
    fairness.awaits = tuple(int(seat) for seat in block.get("awaits") or ())
    if fairness.commitment != block.get("commitment"):
        raise FairnessError(f"{keep}: this seed is not the committed one", "seed_wrong", path=str(keep))
    for record in records:  # the draws are counted again as the game is retraced (``Session.draw``)
        if record.get("kind") == RECORD and record.get("step") == "contribution":
            fairness.contributions[int(record["seat"])] = str(record["value"])
    return fairness


# -- checking a finished game --------------------------------------------------------------------------


@dataclass
class Verdict:
    """What :func:`verify` found. ``status``: ``fair``, ``unfair`` (a line that does not match), ``damaged`` (the
    file does not read or replay), ``no_commitment``, ``not_revealed``. ``code`` and ``values`` say the reason in
    words the player's catalogue renders (``prompts/i18n/<lang>/fairness.yaml``); ``line`` is the file's line."""

    status: str
    code: str = ""
    line: int | None = None
    draws: int = 0
    contributions: int = 0
    scheme: str = ""
    commitment: str = ""
    kernel_changed: bool = False
    error: BaseException | None = None
    values: dict[str, Any] = field(default_factory=dict)

    @property
    def fair(self) -> bool:
        return self.status == "fair"

    @property
    def exit_code(self) -> int:
        """0 fair; 1 a line that does not match (or a damaged file); 2 nothing to prove (no commitment, no reveal)."""
        return 0 if self.fair else 2 if self.status in ("no_commitment", "not_revealed") else 1


def verify(data: bytes | Iterable[str | bytes]) -> Verdict:
    """Check a finished transcript: its seals and schemas, the commitment against the revealed seed, every draw
    against the seed and the contributions, and every event against the kernel (a strict replay).

    The first line that does not match is reported: a draw that does not follow from the seed is named even when
    the events after it were left as they were (the replay would stop at them, later)."""
    from narrator.rules.replay import replay
    from narrator.rules.transcript_lines import TranscriptError, read_lines

    if not isinstance(data, bytes | bytearray):
        data = list(data)
    read = read_lines(data)
    if not read.lines:
        return Verdict("damaged", "damaged", line=read.error.line if read.error else 1, error=read.error)
    header = read.lines[0].record
    block = header.get("fairness")
    if not isinstance(block, Mapping):
        try:
            replay(data)
        except TranscriptError as error:
            return Verdict("damaged", "damaged", line=error.line, error=error)
        return Verdict("no_commitment", "no_commitment")
    scheme, commit = str(block.get("scheme")), str(block.get("commitment"))
    verdict = Verdict("unfair", scheme=scheme, commitment=commit)
    if scheme not in SCHEMES:
        return _unfair(verdict, "scheme", 1, scheme=scheme)
    try:
        replayed = replay(data, strict=False)
    except TranscriptError as error:  # the header itself (game, ruleset, config)
        return Verdict("damaged", "damaged", line=error.line, error=error, scheme=scheme, commitment=commit)
    damage = replayed.errors[0] if replayed.errors else read.error  # the first damaged line, if any
    numbers = [line.number for line in read.lines]
    records = [line.record for line in read.lines]
    specs = list(replayed.chance_specs)
    stopped = next((r for n, r in zip(numbers, records, strict=True) if damage is not None and n == damage.line), None)
    if replayed.errors and stopped is not None and stopped.get("kind") == "chance":  # a draw the rules refused: what
        from narrator.rules.registry import get_game  # was asked for there is still known, so is the draw it should be

        specs.append(get_game(str(header.get("game"))).chance_spec(replayed.state))
    checked = _check(verdict, header, numbers, records, specs, truncated=replayed.truncated)
    if damage is None or (checked.status == "unfair" and checked.line is not None and checked.line <= damage.line):
        return checked
    return Verdict("damaged", "damaged", line=damage.line, error=damage, scheme=scheme, commitment=commit)


def _check(verdict: Verdict, header: Mapping[str, Any], numbers: Sequence[int], records: Sequence[Mapping[str, Any]],
           specs: Sequence[ChanceSpec], *, truncated: bool) -> Verdict:
    block = header["fairness"]
    kernel = str(block.get("kernel"))
    scheme = verdict.scheme
    contributions: dict[int, str] = {}
    reveal_line, seed, first_share = None, None, 0
    chance_lines: list[tuple[int, Mapping[str, Any]]] = []
    for number, record in zip(numbers[1:], records[1:], strict=True):
        if record.get("kind") == RECORD:
            step = record.get("step")
            if step == "contribution":
                seat = record.get("seat")
                if chance_lines:
                    return _unfair(verdict, "late_contribution", number, seat=seat)
                if not isinstance(seat, int) or seat in contributions or not _hex64(record.get("value")):
                    return _unfair(verdict, "bad_contribution", number, seat=seat)
                contributions[seat] = str(record["value"])
                first_share = first_share or number
            elif step == "reveal":
                if reveal_line is not None:
                    return _unfair(verdict, "second_reveal", number)
                reveal_line, seed = number, record.get("seed")
        elif record.get("kind") == "chance":
            chance_lines.append((number, record))
    verdict.contributions = len(contributions)
    if scheme == PUBLIC_SEED:
        if contributions:  # a public seed takes no shares: a line that says otherwise was added
            return _unfair(verdict, "bad_contribution", first_share, seat=next(iter(contributions)))
        seed, reveal_line = header.get("seed"), 1
        if not isinstance(seed, int):
            return _unfair(verdict, "no_public_seed", 1)
    elif seed is None:
        verdict.status, verdict.code = "not_revealed", "not_revealed" if truncated else "no_reveal"
        return verdict
    elif not _hex64(seed):
        return _unfair(verdict, "bad_seed", reveal_line)
    assert seed is not None and reveal_line is not None
    if commitment(scheme, str(header.get("ruleset")), dict(header.get("config") or {}), kernel, seed) != verdict.commitment:
        return _unfair(verdict, "commitment", reveal_line)
    rng = random.Random(seed) if scheme == PUBLIC_SEED else None
    key = chance_key(str(seed), verdict.commitment, contributions) if scheme == SECRET_SEED else b""
    for index, ((number, record), spec) in enumerate(zip(chance_lines, specs, strict=False)):
        expected = sample(spec, rng) if rng is not None else derive(spec, key, index)
        recorded = tuple((record.get("payload") or {}).get("values") or ())
        if recorded != expected:
            return _unfair(verdict, "draw", number, draw=index + 1, what=_what(spec),
                           recorded=list(recorded), expected=list(expected))
        verdict.draws += 1
    verdict.status, verdict.code = "fair", "fair"
    try:
        verdict.kernel_changed = kernel_digest(str(header.get("game"))) != kernel
    except (KeyError, OSError):
        verdict.kernel_changed = True
    return verdict


def replay_lines(path: str | Path, header: Mapping[str, Any], lang: str) -> list[str]:
    """What a replay of a committed game says about its chance (``narrator replay``, the replay page): the commitment
    and the verdict of :func:`verify`; nothing for a transcript recorded without a commitment."""
    from narrator.agents.i18n import message

    block = header.get("fairness")
    if not isinstance(block, Mapping):
        return []
    verdict = verify(Path(path).read_bytes())
    return [message(lang, "fairness.commitment", commitment=block.get("commitment")), verdict_text(verdict, lang)]


def _what(spec: ChanceSpec) -> dict[str, Any]:
    """What a draw was, for the verdict's words: its kind (``dice``, ``deal``, ``soul``, ``lot``) and its numbers."""
    if isinstance(spec, Dice):
        return {"kind": "dice", "count": spec.count, "sides": spec.sides}
    if isinstance(spec, Shuffle):
        return {"kind": "deal" if spec.label == "deal" else "shuffle", "size": spec.size}
    return {"kind": "soul" if spec.label.startswith("second soul") else "lot", "options": spec.options}


def _unfair(verdict: Verdict, code: str, line: int | None, **values: Any) -> Verdict:
    verdict.status, verdict.code, verdict.line, verdict.values = "unfair", code, line, values
    return verdict


def _hex64(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)


def verdict_text(verdict: Verdict, lang: str) -> str:
    """The one-line verdict in ``lang`` (``prompts/i18n/<lang>/fairness.yaml``)."""
    from narrator.agents.i18n import message, plural_category, section

    def counted(key: str, n: int) -> str:
        if key == "shares" and n == 0:
            return message(lang, "fairness.no_shares")
        table = section(lang, "fairness")[key]
        return str(table.get(plural_category(lang, n)) or table["other"]).format(n=n)

    if verdict.status == "fair":
        text = message(lang, "fairness.fair", draws=counted("draws", verdict.draws),
                       shares=counted("shares", verdict.contributions))
        if verdict.scheme == PUBLIC_SEED:
            text += message(lang, "fairness.public_note")
        if verdict.kernel_changed:
            text += message(lang, "fairness.kernel_changed")
        return text
    if verdict.status == "damaged":
        from narrator.transcript import damaged_text

        return message(lang, "fairness.damaged", reason=damaged_text(verdict.error, lang) if verdict.error
                       else message(lang, "fairness.unreadable"))
    if verdict.status in ("no_commitment", "not_revealed"):
        return message(lang, f"fairness.{verdict.code}")
    values = dict(verdict.values)
    if isinstance(values.get("what"), dict):  # the draw's kind in words
        what = dict(values["what"])
        values["what"] = message(lang, f"fairness.what.{what.pop('kind')}", **what)
    reason = message(lang, f"fairness.why.{verdict.code}", **values)
    return message(lang, "fairness.unfair", line=verdict.line, reason=reason)


__all__ = ["PUBLIC_SEED", "RECORD", "SECRET_SEED", "Fairness", "FairnessError", "Verdict", "attach", "begin", "canonical",
           "chance_key", "commitment", "contribution_value", "derive", "kernel_digest", "new_game", "public_game",
           "replay_lines", "restore", "revealed_line", "secret_path", "seed_line", "verdict_text", "verify"]

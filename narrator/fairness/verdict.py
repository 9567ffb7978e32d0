"""Checking a finished game: :func:`verify` and its :class:`Verdict`, in the player's words (:func:`verdict_text`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.fairness.scheme import (
    PUBLIC_SEED,
    RECORD,
    SCHEMES,
    SECRET_SEED,
    chance_key,
    commitment,
    derive,
    kernel_digest,
)
from narrator.rules.chance import ChanceSpec, Dice, Shuffle, sample


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
    record: str = "transcript"
    """What was checked: a whole ``transcript``, or a seat's ``chances`` (:mod:`narrator.fairness.chances`)."""
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
        return unfair(verdict, "scheme", 1, scheme=scheme)
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
    drawn = gather(verdict, numbers[1:], records[1:])
    if isinstance(drawn, Verdict):
        return drawn
    return reveal_checked(verdict, header, drawn, truncated=truncated) or check_draws(
        verdict, header, drawn, list(enumerate(specs)))


@dataclass
class Drawn:
    """What a record holds of its chance: the seats' shares, the reveal, and each draw (its line, its values)."""

    contributions: dict[int, str] = field(default_factory=dict)
    first_share: int = 0
    reveal_line: int | None = None
    seed: Any = None
    draws: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)


def gather(verdict: Verdict, numbers: Sequence[int], records: Sequence[Mapping[str, Any]]) -> Drawn | Verdict:
    """The shares, the reveal and the draws of ``records`` (their lines ``numbers``), or the first line that breaks
    the scheme's order (a share after a draw, a share twice, a second reveal)."""
    drawn = Drawn()
    for number, record in zip(numbers, records, strict=True):
        kind, step = record.get("kind"), record.get("step")
        if kind == RECORD and step == "contribution":
            seat = record.get("seat")
            if drawn.draws:
                return unfair(verdict, "late_contribution", number, seat=seat)
            if not isinstance(seat, int) or seat in drawn.contributions or not _hex64(record.get("value")):
                return unfair(verdict, "bad_contribution", number, seat=seat)
            drawn.contributions[seat] = str(record["value"])
            drawn.first_share = drawn.first_share or number
        elif kind == RECORD and step == "reveal":
            if drawn.reveal_line is not None:
                return unfair(verdict, "second_reveal", number)
            drawn.reveal_line, drawn.seed = number, record.get("seed")
        elif kind == "chance":  # a transcript's line keeps its values in its payload, a chance record's on the line
            drawn.draws.append((number, tuple((record.get("payload") or record).get("values") or ())))
    verdict.contributions = len(drawn.contributions)
    return drawn


def reveal_checked(verdict: Verdict, header: Mapping[str, Any], drawn: Drawn, *, truncated: bool) -> Verdict | None:
    """``None`` when the seed is known (revealed, or public in the header) and gives the commitment; else the verdict
    (not revealed yet, a malformed seed, a commitment that does not match). A public seed's line is the header's."""
    if verdict.scheme == PUBLIC_SEED:
        if drawn.contributions:  # a public seed takes no shares: a line that says otherwise was added
            return unfair(verdict, "bad_contribution", drawn.first_share, seat=next(iter(drawn.contributions)))
        drawn.seed, drawn.reveal_line = header.get("seed"), 1
        if not isinstance(drawn.seed, int):
            return unfair(verdict, "no_public_seed", 1)
    elif drawn.seed is None:
        verdict.status, verdict.code = "not_revealed", "not_revealed" if truncated else "no_reveal"
        return verdict
    elif not _hex64(drawn.seed):
        return unfair(verdict, "bad_seed", drawn.reveal_line)
    kernel = str(header["fairness"].get("kernel"))
    if commitment(verdict.scheme, str(header.get("ruleset")), dict(header.get("config") or {}), kernel,
                  drawn.seed) != verdict.commitment:
        return unfair(verdict, "commitment", drawn.reveal_line)
    return None


def check_draws(verdict: Verdict, header: Mapping[str, Any], drawn: Drawn,
                specs: Sequence[tuple[int, ChanceSpec]]) -> Verdict:
    """Re-derive each draw (``specs``: its number in the game, from 0, and what was asked) from the seed and the
    shares; the first that differs is named by its line. Sets whether the rules' code changed since."""
    rng = random.Random(drawn.seed) if verdict.scheme == PUBLIC_SEED else None
    key = chance_key(str(drawn.seed), verdict.commitment, drawn.contributions) if verdict.scheme == SECRET_SEED else b""
    for (number, recorded), (index, spec) in zip(drawn.draws, specs, strict=False):
        expected = sample(spec, rng) if rng is not None else derive(spec, key, index)
        if recorded != expected:
            return unfair(verdict, "draw", number, draw=index + 1, what=what_of(spec),
                           recorded=list(recorded), expected=list(expected))
        verdict.draws += 1
    verdict.status, verdict.code = "fair", "fair"
    kernel = str(header["fairness"].get("kernel"))
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


def what_of(spec: ChanceSpec) -> dict[str, Any]:
    """What a draw was, for the verdict's words: its kind (``dice``, ``deal``, ``soul``, ``lot``) and its numbers."""
    if isinstance(spec, Dice):
        return {"kind": "dice", "count": spec.count, "sides": spec.sides}
    if isinstance(spec, Shuffle):
        return {"kind": "deal" if spec.label == "deal" else "shuffle", "size": spec.size}
    return {"kind": "soul" if spec.label.startswith("second soul") else "lot", "options": spec.options}


def unfair(verdict: Verdict, code: str, line: int | None, **values: Any) -> Verdict:
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
        chances = verdict.record == "chances"  # a seat's chance record: the draws, not the moves
        text = message(lang, "fairness.fair_chances" if chances else "fairness.fair",
                       draws=counted("draws", verdict.draws), shares=counted("shares", verdict.contributions))
        if verdict.scheme == PUBLIC_SEED:
            text += message(lang, "fairness.public_note")
        if verdict.kernel_changed and not chances:
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


__all__ = ["Verdict", "replay_lines", "verdict_text", "verify"]

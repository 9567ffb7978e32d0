"""The session's side of fairness: a game's commitment, its seats' shares, its draws and its reveal, the secret
kept beside the transcript (``<transcript>.seed``) and read back when a game is resumed."""

from __future__ import annotations

import os
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.fairness.scheme import (
    PUBLIC_SEED,
    RECORD,
    SECRET_SEED,
    FairnessError,
    chance_key,
    commitment,
    contribution_value,
    derive,
    kernel_digest,
)
from narrator.rules.chance import ChanceSpec, sample


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


def seed_line(lang: str, seed: int, *, chosen: bool, dealt: bool = True) -> str:
    """The table's line about its ``--seed``: a chosen seed plays the same game again; a drawn one only the same
    bots and names (the dice come from the secret seed). ``dealt``: whether the seed deals anything but the dice
    (bots, names); a game that deals neither says only what ``--seed`` would do to its dice."""
    from narrator.agents.i18n import message

    return message(lang, "session.seed" if chosen else "fairness.seed_drawn" if dealt else "fairness.seed_dice",
                   seed=seed)


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
    return _restored(header, records, transcript)


def restore_over(header: Mapping[str, Any], records: Sequence[Mapping[str, Any]],
                 transcript: str | Path) -> Fairness | None:
    """The fairness of a recorded game that cannot go on (over, or stopped for good), for its pages after a
    restart: the commitment, the shares, the draws counted and the seed as its reveal line wrote it (a game that
    stopped before its reveal reads its kept secret, and stays unrevealed).

    Raises:
        FairnessError: the revealed or kept seed is not the committed one, or the kept secret is lost.
    """
    revealed = next((record.get("seed") for record in records
                     if record.get("kind") == RECORD and record.get("step") == "reveal"), None)
    fairness = _restored(header, records, transcript, revealed=None if revealed is None else str(revealed))
    if fairness is not None:
        fairness.drawn = sum(1 for record in records if record.get("kind") == "chance")
        fairness.revealed = fairness.revealed or revealed is not None
    return fairness


def _restored(header: Mapping[str, Any], records: Sequence[Mapping[str, Any]], transcript: str | Path,
              *, revealed: str | None = None) -> Fairness | None:
    block = header.get("fairness")
    if not isinstance(block, Mapping):
        return None
    scheme = str(block.get("scheme"))
    ruleset, config = str(header.get("ruleset")), dict(header.get("config") or {})
    keep: Path | None = None
    if scheme == PUBLIC_SEED:
        seed: str | int = int(header.get("seed") or 0)
    elif revealed is not None:
        seed = revealed
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

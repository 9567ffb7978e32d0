"""Claims and lies per force, read from transcripts (the host-only ``notes`` of the bots' spoken moves).

The simulation's games are silent (the rules never read speech); only the games whose transcripts
are kept (``--transcripts K``) are played by talking bots, so the report counts what they said: per
force, the speeches that claimed something, the claims, and the lies (``lie: true``, a deliberate move
of the policy in ``agents/battaglia/claims.py``) by kind.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

FORCES = ("light", "shadow", "first_darkness", "second_darkness", "first_gloom", "second_gloom")
LIE_KINDS = {"voted": "bluff", "accused": "bluff", "died_as": "bluff", "revealed": "bluff", "side": "self_claim"}
"""How a lie is counted: a bluff about the public record, or a false claim about the speaker's own soul."""


@dataclass
class SpeechTally:
    """Per force: speeches with claims, claims, and lies by kind (``bluff``, ``self_claim``)."""

    games: int = 0
    speeches: Counter[str] = field(default_factory=Counter)
    claims: Counter[str] = field(default_factory=Counter)
    lies: Counter[tuple[str, str]] = field(default_factory=Counter)

    def lies_of(self, force: str, kind: str | None = None) -> int:
        return sum(n for (f, k), n in self.lies.items() if f == force and (kind is None or k == kind))

    def see(self, record: dict[str, object]) -> None:
        notes = record.get("notes")
        if record.get("kind") != "action" or not isinstance(notes, dict) or "claims" not in notes:
            return
        force = str(notes.get("force", "unknown"))
        claims = notes["claims"]
        self.speeches[force] += 1
        self.claims[force] += len(claims)
        for claim in claims:
            if claim.get("lie"):
                self.lies[(force, LIE_KINDS.get(str(claim["kind"]), "other"))] += 1


def tally_transcripts(paths: Iterable[Path]) -> SpeechTally:
    """Fold the spoken claims of every transcript in ``paths``."""
    tally = SpeechTally()
    for path in paths:
        tally.games += 1
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                if '"claims"' in line:
                    tally.see(json.loads(line))
    return tally


def transcripts_under(folder: Path) -> list[Path]:
    """The transcripts kept under ``folder`` (``DIR/transcripts/<profile>/``), sorted."""
    return sorted(folder.rglob("*.jsonl")) if folder.is_dir() else []

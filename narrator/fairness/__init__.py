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

The modules: :mod:`~narrator.fairness.scheme` (what anyone can recompute), :mod:`~narrator.fairness.record` (the
session's side: commit, shares, draws, reveal, resume), :mod:`~narrator.fairness.verdict` (checking a finished
transcript) and :mod:`~narrator.fairness.chances` (a seat's chance record: the draws without the private moves).
"""

from collections.abc import Iterable

from narrator.fairness.chances import NotFinishedError, chance_record, is_chance_record, verify_chances
from narrator.fairness.record import (
    Fairness,
    attach,
    begin,
    new_game,
    public_game,
    restore,
    restore_over,
    revealed_line,
    secret_path,
    seed_line,
)
from narrator.fairness.scheme import (
    PUBLIC_SEED,
    RECORD,
    SCHEMES,
    SECRET_SEED,
    DrawStream,
    FairnessError,
    canonical,
    chance_key,
    code_digest,
    commitment,
    contribution_value,
    derive,
    kernel_digest,
)
from narrator.fairness.verdict import Verdict, replay_lines, verdict_text
from narrator.fairness.verdict import verify as verify_transcript


def verify(data: bytes | Iterable[str | bytes]) -> Verdict:
    """Check a finished game's file: a whole transcript (:func:`~narrator.fairness.verdict.verify`) or a seat's chance
    record (:func:`~narrator.fairness.chances.verify_chances`, which proves less: its verdict says what)."""
    if isinstance(data, bytes | bytearray) and is_chance_record(bytes(data)):
        return verify_chances(bytes(data))
    return verify_transcript(data)


__all__ = ["PUBLIC_SEED", "RECORD", "SCHEMES", "SECRET_SEED", "DrawStream", "Fairness", "FairnessError",
           "NotFinishedError", "Verdict", "attach", "begin", "canonical", "chance_key", "chance_record", "code_digest",
           "commitment", "contribution_value", "derive", "is_chance_record", "kernel_digest", "new_game",
           "public_game", "replay_lines", "restore", "restore_over", "revealed_line", "secret_path", "seed_line",
           "verdict_text", "verify", "verify_chances", "verify_transcript"]

"""The host's audit of a battaglia game's deception: each claim a seat's speech made, with its truth.

A talking bot's move keeps what its speech claims in its host-only notes (``notes.claims``; a model's
accepted speech too, :func:`agents.battaglia.llm.agent._with_claims`); a lie the speaker's policy chose is
marked ``lie``. The host's lens of the replay says each claim and whether it was so: true, false as a chosen
lie, or false (which the guards exist to make impossible). A claim about the public record is judged by the
record before the move (:class:`~agents.battaglia.claims.PublicRecord`), an estimate of the darks alive by
the living darks the kernel counts (DEC-30), a claim about one's own soul by that soul.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.battaglia.claims import NEGATIONS, PUBLIC, Claim, PublicRecord, true_of_soul
from narrator.agents.battaglia.texts import Table, mask_name
from narrator.agents.i18n import endings, message, section
from narrator.agents.names import Named
from narrator.rules.battaglia.day import living_darks


def truth_of(claim: Claim, speaker: int, before: Any) -> str:
    """``true``, ``lie`` (false, and marked a lie) or ``false`` of ``claim`` said by ``speaker`` in state ``before``."""
    if claim.kind == "darks_left":
        real = living_darks(before)
        true = {"exact": real == claim.n, "at_least": real >= claim.n, "at_most": real <= claim.n}.get(claim.card, False)
    elif claim.kind in PUBLIC:
        true = PublicRecord.of(before.record).holds(claim)
    else:
        true = true_of_soul(claim, before.cards[speaker])
    return "true" if true else "lie" if claim.lie else "false"


def said(claim: Claim, table: Table) -> str:
    """``claim`` in ``table``'s language, with its seats' names (declined where the words ask)."""
    lang, words = table.lang, section(table.lang, "replay_claims")
    base = NEGATIONS.get(claim.kind, claim.kind)
    if base == "never_accused" and claim.kind == "accuser":
        base = "accuser"

    def named(seat: int) -> str:
        return Named(table.names[seat], table.gender(seat)) if 0 <= seat < len(table.names) else str(seat)

    card = claim.card
    if card and card.upper() in _MASKS:
        card = mask_name(card.upper(), lang)
    elif card:
        card = words["sides"].get(card, card)
    slots = {"who": named(claim.seat), "other": named(claim.other), "card": card, "n": claim.n,
             "bound": words["bounds"].get(claim.card, ""), **endings(lang, table.gender(claim.seat))}
    text = message(lang, f"replay_claims.kinds.{base}", **slots)
    return message(lang, "replay_claims.negated", claim=text) if base != claim.kind else text


def claims_line(notes: Mapping[str, Any], speaker: int, before: Any, table: Table) -> str:
    """The host's line for a move's claims, or ``""`` when its notes carry none."""
    found: Sequence[Any] = notes.get("claims") or ()
    items = []
    for data in found:
        try:
            claim = Claim.from_dict(data)
            truth = truth_of(claim, speaker, before)
        except (KeyError, TypeError, ValueError, IndexError):
            continue  # a damaged note is left out, not guessed
        items.append(message(table.lang, "replay_claims.item", claim=said(claim, table),
                             truth=message(table.lang, f"replay_claims.truth.{truth}")))
    return message(table.lang, "replay_claims.line", claims="; ".join(items)) if items else ""


_MASKS = frozenset(section("en", "battaglia_masks")["masks"])

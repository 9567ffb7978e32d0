"""The fair-dice panel of a web table's pages (:mod:`narrator.fairness`): the commitment every page shows from the
start, a person's seat's form to add its share before the first draw, and the seed once it is revealed, with what
the page may download to check the game (:mod:`narrator.web.downloads`)."""

from __future__ import annotations

from typing import Any

from narrator.agents.i18n import message
from narrator.fairness import SECRET_SEED
from narrator.rules.core import PlayerId
from narrator.web.tables import Table

MAX_SHARE = 500
"""Characters of a seat's share (any words: only their SHA-256 is kept)."""


def fair_refusal(lang: str, code: str) -> str:
    """Why a share was not taken, in the table's language (``closed``, ``twice``, ``public``, ``none``)."""
    return message(lang, f"fairness.web.refused_{code}")


def fair_panel(table: Table, viewer: PlayerId | None, lang: str, names: list[str]) -> dict[str, Any] | None:
    """What the page of ``viewer`` (``None``: the host page) shows about the table's fairness; ``None`` for a table
    recorded without a commitment. ``names``: how the page names each seat."""
    fair = table.session.fairness
    if fair is None:
        return None
    awaited = fair.missing()
    mine = fair.contributions.get(viewer) if viewer is not None and viewer >= 0 else None
    may_share = viewer is not None and viewer >= 0 and fair.open and mine is None
    return {
        "title": message(lang, "fairness.web.title"),
        "commitment_label": message(lang, "fairness.web.commitment"),
        "commitment": fair.commitment,
        "explain": message(lang, "fairness.web.explain" if fair.scheme == SECRET_SEED else "fairness.web.explain_public"),
        "waits": message(lang, "fairness.web.waits", seats=", ".join(
            names[s] if s < len(names) and names[s] else f"#{s}" for s in awaited)) if awaited else "",
        "shares": message(lang, "fairness.web.shares", n=len(fair.contributions)) if fair.contributions else "",
        "mine": message(lang, "fairness.web.mine", share=mine[:16]) if mine else "",
        "form": {"url": f"/api/t/{table.id}/seat/{viewer}/share", "label": message(lang, "fairness.web.share_label"),
                 "button": message(lang, "fairness.web.share_button"), "max": MAX_SHARE,
                 "payload": {"kind": "fair_share", "actor": viewer}} if may_share else None,
        "revealed": message(lang, "fairness.web.revealed", seed=fair.seed) if fair.revealed else "",
        "downloads": download_links(table, viewer, lang),
        "awaited": viewer in awaited or (viewer is None and bool(awaited)),  # the panel opens where it is waited on
    }


def finished(table: Table) -> bool:
    """Whether the table's downloads are open: the game is over and its seed is known to every page."""
    fair = table.session.fairness
    return fair is not None and fair.revealed and table.session.outcome() is not None


def full_transcript_allowed(table: Table) -> bool:
    """The host page may take the whole transcript: a person held the host's seat and saw every secret."""
    return table.human_host


def download_links(table: Table, viewer: int | None, lang: str) -> list[dict[str, str]]:
    """The links the page of ``viewer`` (``None``: the host page) offers: ``{"url", "label", "note"}``."""
    if not finished(table):
        return []
    if viewer is None and full_transcript_allowed(table):
        kind, url = "transcript", f"/t/{table.id}/host/transcript"
    else:
        kind = "chances"
        url = f"/t/{table.id}/host/chances" if viewer is None else f"/t/{table.id}/seat/{viewer}/chances"
    return [{"url": url, "label": message(lang, f"fairness.web.download_{kind}"),
             "note": message(lang, f"fairness.web.download_{kind}_note")}]

"""Lines, veils and the X-card bind the Storyteller games' model too (issue 16).

The table's lines (never shown) and veils (off-screen only) are checked against every text the
model writes (scene framing, results, no-roll narration, the "previously"), with the guard the
Ten Candles narration uses (:func:`narrator.agents.ten_candles.llm_check.line_problems`: the tag
vocabulary of ``prompts/ten_candles/tags.yaml`` plus the line's own words). A refused text goes back
to the model with the reason; after the re-asks the template's words are used. The X-card makes
the last text the model told a line for the rest of the session: its subject does not come back.
"""

from __future__ import annotations

from dataclasses import dataclass

from narrator.agents.ten_candles.llm_check import Facts, line_problems
from narrator.storyteller.intent import words_of

X_WORD = 5
"""Words of at least this many letters carry an X-carded text's subject (shorter ones are glue)."""


@dataclass(frozen=True)
class TableSafety:
    """The lines and veils agreed at this table (free text, as the players said them)."""

    lines: tuple[str, ...] = ()
    veils: tuple[str, ...] = ()

    @classmethod
    def parse(cls, lines: str | None, veils: str | None) -> TableSafety:
        """From the command line's comma-separated ``--lines`` and ``--veils``."""
        split = (lambda text: tuple(t.strip() for t in (text or "").split(",") if t.strip()))
        return cls(split(lines), split(veils))

    def problem(self, text: str, lang: str) -> str | None:
        """Why ``text`` may not be told at this table, or ``None``."""
        if not (self.lines or self.veils):
            return None
        found = line_problems(text, Facts(lang=lang, lines=self.lines, veils=self.veils))
        return "; ".join(found) or None

    def x_card(self, text: str) -> TableSafety:
        """The X-card on ``text``: its subject is a line from now on (its longer words, each a line: the
        guard matches a line's words, so the whole sentence alone would block only itself)."""
        subject = [w for w in words_of(text) if len(w) >= X_WORD]
        return TableSafety((*self.lines, *dict.fromkeys(subject)), self.veils) if subject else self

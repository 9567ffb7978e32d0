"""A Storyteller's ruling on a stated attempt (the kernel's D45), as the agents layer proposes it.

Both the model Storyteller (:mod:`narrator.agents.ten_candles.llm_storyteller`) and the offline template
(:mod:`narrator.ten_candles.attempts`) answer with one; the kernel checks the move it becomes.
"""

from __future__ import annotations

from dataclasses import dataclass

from narrator.rules.core import HOST, Action
from narrator.rules.ten_candles.actions import AllowAttempt, CallConflict


@dataclass(frozen=True)
class AttemptRuling:
    """How the Storyteller answers a stated attempt, and why (in the table's language)."""

    conflict: bool
    dangerous: bool = False
    moment: bool = False
    why: str = ""
    narration: str = ""
    """Without a conflict: what happens (the ``AllowAttempt`` text)."""

    def move(self, seat: int) -> Action:
        """The kernel move of this ruling for the attempting ``seat``."""
        if not self.conflict:
            return AllowAttempt(actor=HOST, text=self.narration)
        return CallConflict(active=seat, dangerous=self.dangerous and not self.moment, moment=self.moment)

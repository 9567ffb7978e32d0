"""Table talk: what survivors say aloud outside the rules, which the GM may act on.

At a real table a player says "I'll go" before the GM picks who rolls, or "it's time for my
Moment" (L152: the Moment is lived "when the character is ready"; D14: the GM confirms by calling
the roll). The kernel has no move for that, so scripted players post it here and the scripted GM
reads it. Only what a player chooses to say is posted: never a view, never the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from narrator.rules.core import PlayerId


@dataclass
class Board:
    """Offers currently on the table, by seat."""

    volunteers: set[PlayerId] = field(default_factory=set)
    """Seats whose characters step forward for the next dangerous conflict."""
    ready_for_moment: set[PlayerId] = field(default_factory=set)
    """Seats whose active Moment they want to live now."""

    def say(self, seat: PlayerId, *, volunteer: bool | None = None, moment: bool | None = None) -> None:
        """Post (or withdraw) a seat's offers."""
        for flag, offers in ((volunteer, self.volunteers), (moment, self.ready_for_moment)):
            if flag is True:
                offers.add(seat)
            elif flag is False:
                offers.discard(seat)

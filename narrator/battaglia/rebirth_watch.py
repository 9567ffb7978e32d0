"""Other seats' second lives, told to a person at the terminal when they are given (L44).

The souls are dealt between a night or a day and the next, so a first death the table saw, and that no
"no soul left" followed, comes back as the next day or night begins. The seat's own new soul is told to
it privately (never here). :class:`~narrator.battaglia.human.TerminalHuman` writes the words.
"""

from __future__ import annotations

from narrator.rules.battaglia.events import Day, Death, Execution, Morning, NewSoul, Night, NoSoulLeft


class RebirthWatch:
    """The first deaths seen since the last day or night began, and the seats already told as reborn."""

    def __init__(self, seat: int) -> None:
        self.reborn: set[int] = {seat}
        """Seats whose second life the person was told of (never this seat: its own new soul is told privately)."""
        self.first_deaths: set[int] = set()
        """Seats seen dying a first time since the last day or night began: reborn unless no soul is left (L44)."""
        self.seat = seat

    def follow(self, told: object) -> list[int]:
        """After an event the seat saw: the seats to tell of as reborn now (when a day or a night begins)."""
        match told:
            case Morning(deaths=deaths):
                self.first_deaths |= {fallen.seat for fallen in deaths if fallen.life == 1}
            case Execution(seat=seat, life=1) | Death(seat=seat, life=1):
                self.first_deaths.add(seat)
            case NoSoulLeft(seat=seat):
                self.first_deaths.discard(seat)
            case NewSoul():
                self.reborn.add(self.seat)
            case Day() | Night():
                back = sorted(self.first_deaths - self.reborn)
                self.reborn.update(back)
                self.first_deaths = set()
                return back
        return []

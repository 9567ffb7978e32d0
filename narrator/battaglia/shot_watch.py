"""What a seat's own Corrigan shot did, followed from what the seat knows (a person at the terminal is told).

:class:`ShotWatch` holds the seat's shot awaiting its outcome, its own target and the public morning or day
after it (L66-70, L79-83); the one case the table is not told, the passing of the night shot (L82),
follows from the others by the rules. :class:`~narrator.battaglia.human.TerminalHuman` writes its word.
"""

from __future__ import annotations

from narrator.rules.battaglia.events import (
    ChildRevealed,
    DayEnd,
    Death,
    DyingShotAimed,
    Execution,
    Morning,
    ShadowRevealed,
)


class ShotWatch:
    """One seat's Corrigan shot, from its aim to its outcome."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.shot: tuple[str, int] | None = None
        """This seat's Corrigan shot awaiting its outcome: ("night" | "dying", target)."""
        self.seen: set[tuple[str, int]] = set()
        """What befell seats since the shot, from public events: ("dead" | "shadow" | "child" | "executed", seat)."""

    def aim(self, kind: str, target: int) -> None:
        """The seat shot ``target`` (``kind``: "night" | "dying")."""
        self.shot, self.seen = (kind, target), set()

    def follow(self, told: object) -> tuple[str, int] | None:
        """After an event the seat saw: (the word's key, the target) once the shot's outcome is known, else None."""
        if isinstance(told, DyingShotAimed):  # the shooter's own note (the host's is a DyingShotReport)
            self.aim("dying", told.target)
        if self.shot is None:
            return None
        kind, target = self.shot
        match told:
            case Morning(deaths=deaths, shadows=shadows):
                self.seen |= {("dead", x.seat) for x in deaths} | {("shadow", s) for s in shadows}
            case Death(seat=seat):
                self.seen.add(("dead", seat))
            case Execution(seat=seat):
                self.seen.add(("dead" if seat != self.seat else "executed", seat))
            case ShadowRevealed(seat=seat):
                self.seen.add(("shadow", seat))
            case ChildRevealed(seat=seat):
                self.seen.add(("child", seat))
        if not isinstance(told, Morning if kind == "night" else DayEnd):
            return None
        outcome = next((o for o in ("dead", "shadow", "child") if (o, target) in self.seen), None)
        if outcome is None and kind == "dying":
            outcome = "heir" if ("executed", self.seat) in self.seen else None
        elif outcome is None:
            outcome = "nothing"
        self.shot = None
        return None if outcome is None else (f"shot_{kind}_{outcome}", target)

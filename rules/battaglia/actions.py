"""Battaglia's moves. Every seat's decision is one of these, with ``actor`` = the seat.

``text`` fields are free speech for bots and people: bounded by :data:`TEXT_LIMIT`, carried into
public events, never read by the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from narrator.rules.core import HOST, Action, PlayerId

TEXT_LIMIT = 500
"""Longest ``text`` a speech, accusation or whisper may carry (characters)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Choose(Action):
    """A night choice in the current step: Domovik's guest, Tiir's look, a darkness or gloom victim,
    Corrigan's target, Cohen's patient. To choose nobody, :class:`Pass` (DEC-18)."""

    kind: Literal["choose"] = "choose"
    target: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Whisper(Action):
    """A message in the shadow meeting, heard by the shadows present (L63). Empty = stays silent."""

    kind: Literal["whisper"] = "whisper"
    text: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Speak(Action):
    """A day speech, in turn (DEC-34). Empty text = says nothing."""

    kind: Literal["speak"] = "speak"
    text: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Accuse(Action):
    """An accusation (L74): of belonging to the dark (``charge="dark"``) or to the shadow.

    ``basis`` is «по легенде» (legend) or «по логике» (logic). A light who died this night names
    the accused and nothing else: his ``text`` must be empty.
    """

    kind: Literal["accuse"] = "accuse"
    target: int
    basis: Literal["legend", "logic"] = "logic"
    charge: Literal["dark", "shadow"] = "dark"
    text: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Judge(Action):
    """A revealed living Lord, as judge, approves or refuses the accusation just made (L75)."""

    kind: Literal["judge"] = "judge"
    approve: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Vote(Action):
    """A ballot: 1..V different accused players (partial ballots allowed, DEC-31); abstain with :class:`Pass`."""

    kind: Literal["vote"] = "vote"
    targets: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealLord(Action):
    """Lord Luihad reveals himself; the host confirms (L46). When condemned, it brings a re-vote (L85)."""

    kind: Literal["reveal_lord"] = "reveal_lord"


@dataclass(frozen=True, slots=True, kw_only=True)
class DyingShot(Action):
    """The condemned Corrigan's dying shot (L79-83), chosen privately."""

    kind: Literal["dying_shot"] = "dying_shot"
    target: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Curse(Action):
    """The condemned Koldun curses the player who accused him (L86)."""

    kind: Literal["curse"] = "curse"


@dataclass(frozen=True, slots=True, kw_only=True)
class Intercede(Action):
    """Lun takes the condemned's place at the execution (L88)."""

    kind: Literal["intercede"] = "intercede"


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealBishop(Action):
    """The Bishop reveals at an execution: the shadows are pointed at, nobody dies today (L89-90)."""

    kind: Literal["reveal_bishop"] = "reveal_bishop"


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass(Action):
    """Decline: say nothing, accuse nobody, raise no objection, accept the verdict (DEC-18)."""

    kind: Literal["pass"] = "pass"


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareOutcome(Action):
    """The human moderator declares «ситуация из которой возможен всего один исход» (L92): ``force`` wins
    (a force with a living soul), or ``"none"`` for a stalemate the moderator calls (spec §8.2, DEC-35)."""

    kind: Literal["declare_outcome"] = "declare_outcome"
    force: str
    actor: PlayerId = HOST


ACTION_TYPES = (Choose, Whisper, Speak, Accuse, Judge, Vote, RevealLord, DyingShot, Curse, Intercede,
                RevealBishop, Pass, DeclareOutcome)

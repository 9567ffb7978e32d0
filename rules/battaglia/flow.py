"""The phase machine: what follows once a day or a night is over.

A phase handler (``deal``, ``night``, ``day``) never starts the next phase: when its day or night is
over it returns with the phase marked so (``Phase.NIGHT_OVER``, ``Phase.DAY_OVER``). The game's dispatch
passes every move's result to :func:`turnover`, the one place that deals second souls, checks the end
and starts the next day or night. The phase modules import nothing from here.
"""

from __future__ import annotations

from narrator.rules.battaglia.day import start_day
from narrator.rules.battaglia.life import end_check, skip_soulless
from narrator.rules.battaglia.night import start_night
from narrator.rules.battaglia.state import BattagliaState, Phase
from narrator.rules.battaglia.state import evolve as replace
from narrator.rules.core import Event

FOLLOWS = {Phase.NIGHT_OVER: "day", Phase.DAY_OVER: "night"}
"""What comes after each phase marked over."""


def turnover(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Move on from a phase that is over (or from a second soul just dealt): first deaths get second
    souls (chance, ``Phase.REBIRTH``), then the end is checked (after rebirths, DEC-36), then the next
    day or night starts. A night where nobody wakes, or a day without accusations, can be over as soon
    as it starts, so this goes on until a phase waits for someone. Any other state is returned as it is.

    Rule: «дни и ночи чередуются в обычном порядке» (seeds/004_55ac8a5a86b5c135.txt:L92)
    """
    following = state.after_rebirth if state.phase is Phase.REBIRTH else FOLLOWS.get(state.phase)
    while following:
        state = skip_soulless(state, events)
        if state.rebirths:
            return replace(state, phase=Phase.REBIRTH, after_rebirth=following)
        state = end_check(state, events)
        if state.result is not None:
            return state
        state = start_day(state, events) if following == "day" else start_night(state, events)
        following = FOLLOWS.get(state.phase)
    return state

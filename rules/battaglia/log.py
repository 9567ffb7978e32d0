"""Keeping what each audience learned: events go into the public log or the recipients' notes."""

from __future__ import annotations

from narrator.rules.battaglia.record import extend
from narrator.rules.battaglia.state import BattagliaState
from narrator.rules.battaglia.state import evolve as replace
from narrator.rules.core import Event, Viewer


def record(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Append ``events`` to the public log (folding them into the public record) and to each recipient's
    private notes.

    Host-only events are not kept: the host's view is the whole state.
    """
    if not events:
        return state
    public: list[Event] = []
    notes: list[tuple[Event, ...]] | None = None
    for event in events:
        audience = event.audience
        if audience is Viewer.PUBLIC:
            public.append(event)
        elif isinstance(audience, frozenset):
            if notes is None:
                notes = list(state.notes)
            for seat in audience:
                notes[seat] = notes[seat] + (event,)
    if not public:
        return replace(state, notes=tuple(notes) if notes is not None else state.notes)
    return replace(state, public_log=state.public_log + tuple(public), record=extend(state.record, public),
                   notes=tuple(notes) if notes is not None else state.notes)

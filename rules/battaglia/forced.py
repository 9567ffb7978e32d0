"""«A situation from which only one outcome is possible» (L92): the optional exhaustive look-ahead (DEC-35).

With few players left (``config.forced_outcome_players``, at most 3) the kernel may search every
continuation of the game, chance included, each time a day or a regular night begins. If every one
ends with the same force winning, the game ends now with that force's win (``forced_outcome``).
A continuation that ends without a winner (a stalemate, everyone dead, the day limit) means a
second outcome is possible; so does running out of the search budget. The search is a pure
function of the state over the kernel's own ``legal_actions`` and rules.

Moves are pruned only where the rules cannot tell them apart: words (a speech or whisper's text,
an accusation's basis and charge are never read by the rules), and the order of simultaneous
answers (only the lowest active seat is expanded at each position, as the session asks them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import fields
from itertools import permutations

from narrator.rules.battaglia.actions import Accuse, Pass, Speak, Whisper
from narrator.rules.battaglia.cards import Force
from narrator.rules.battaglia.events import Day, Night
from narrator.rules.battaglia.legal import active_players, legal_actions
from narrator.rules.battaglia.life import soul_pool
from narrator.rules.battaglia.state import BattagliaState, Phase, living
from narrator.rules.core import CHANCE, Action, ChanceAction, Event, Viewer

Advance = Callable[[BattagliaState, Action], tuple[BattagliaState, list[Event]]]

_IGNORED = {"config", "public_log", "record", "notes", "result"}
_KEY_FIELDS = tuple(f.name for f in fields(BattagliaState) if f.name not in _IGNORED)
"""What the future depends on: everything but the table's fixed options and the records of the past."""

_CHECKPOINTS = (Day, Night)


def lookahead_due(state: BattagliaState, events: list[Event]) -> bool:
    """Whether to search now: the option is on, few enough live, and a day or night has just begun
    (the end is checked after each night's and each day's deaths and rebirths, DEC-36).

    Rule: «либо когда наступит ситуация из которой возможен всего один исход»
    (seeds/004_55ac8a5a86b5c135.txt:L92)
    """
    limit = state.config.forced_outcome_players
    if not limit or state.result is not None or len(living(state)) > limit:
        return False
    return any(isinstance(e.payload, _CHECKPOINTS) and e.audience is Viewer.PUBLIC for e in events)


def forced_winner(state: BattagliaState, advance: Advance, visits: int | None = None) -> Force | None:
    """The force that wins in every continuation of ``state``, or ``None`` (two outcomes possible, or the
    budget of ``visits`` distinct positions, default ``config.forced_outcome_visits``, ran out).

    Depth first, passes first: a continuation without a winner (players stalling into a stalemate)
    is usually found within a few cycles, which ends the search early.

    Rule: «либо когда наступит ситуация из которой возможен всего один исход» (seeds/004_55ac8a5a86b5c135.txt:L92)
    """
    budget = state.config.forced_outcome_visits if visits is None else visits
    seen: set[tuple[object, ...]] = set()
    stack = [state]
    winner: str | None = None
    while stack:
        node = stack.pop()
        if node.result is not None:
            force = node.result.detail.get("force")
            if force is None or (winner is not None and force != winner):
                return None
            winner = force
            continue
        key = tuple(getattr(node, name) for name in _KEY_FIELDS)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > budget:
            return None
        children = [advance(node, move)[0] for move in _moves(node)]
        stack.extend(reversed(children))
    return Force(winner) if winner is not None else None


def _moves(state: BattagliaState) -> Iterator[Action]:
    """The moves that can lead to different futures: every chance value, or the lowest active seat's moves
    (passes first, words dropped)."""
    active = active_players(state)
    if CHANCE in active:
        if state.phase is Phase.REBIRTH:
            yield from (ChanceAction(values=(i,)) for i in range(len(soul_pool(state, state.rebirths[0]))))
        elif state.phase is Phase.ACCUSE_DRAW and state.today is not None:
            today = state.today
            drawn = today.declared if state.config.accusation_order == "declare_draw" else today.order
            yield from (ChanceAction(values=order) for order in permutations(range(len(drawn))))
        return
    if not active:
        return
    moves = legal_actions(state, min(active))
    yield from (m for m in moves if isinstance(m, Pass))
    for move in moves:
        if isinstance(move, (Pass, Speak, Whisper)):
            continue  # an empty speech or whisper is a pass to the rules
        if isinstance(move, Accuse) and (move.basis, move.charge) != ("logic", "dark") and any(
                isinstance(m, Accuse) and m.target == move.target and (m.basis, m.charge) == ("logic", "dark")
                for m in moves):
            continue  # basis and charge are words: only the legality of a shadow charge reads them
        yield move

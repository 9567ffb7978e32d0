"""What each seat may know (spec §11), in one place so secrecy can be audited here.

A seat sees the public record, its own soul, and its private notes (what its night roles learned:
the clan at acquaintance, Tiir's looks, the Cat's peeking, its group's pointing). The public sees
the public record only; the host sees everything (``truth``).
"""

from __future__ import annotations

from dataclasses import dataclass

from narrator.rules.battaglia.cards import Card
from narrator.rules.battaglia.day import judges
from narrator.rules.battaglia.record import PublicRecord
from narrator.rules.battaglia.state import Accusation, BattagliaState, DayState, NightStep, Phase
from narrator.rules.core import Event, Viewer


@dataclass(frozen=True, slots=True)
class BattagliaView:
    """One viewer's knowledge. Seats are 0-based. Fields after ``log`` are the viewer's own secrets."""

    viewer: int | None
    """The seat, or ``None`` for the public (and the host, who also gets ``truth``)."""
    phase: Phase
    day: int
    night: int
    step: NightStep | None
    """The night heading being called (public)."""
    players: int
    deck: tuple[Card, ...]
    """The announced deck (L43); ``len(deck) - players`` cards are undealt, which ones is secret."""
    lives: tuple[int, ...]
    """Each seat's life (1 or 2): public, since every death is announced (L44)."""
    out: frozenset[int]
    """Permanently dead seats."""
    graveyard: tuple[tuple[int, int, Card], ...]
    """Announced deaths: (seat, life, card)."""
    revealed_shadow: frozenset[int]
    revealed_child: frozenset[int]
    revealed_lord: frozenset[int]
    revealed_bishop: frozenset[int]
    judges: tuple[int, ...]
    """Revealed living Lords judging today; empty = the host judges (L75)."""
    turn: int | None
    """Whose turn it is to speak / accuse / name (sequential phases); ``None`` otherwise."""
    accusations: tuple[Accusation, ...]
    accusations_limit: int
    votes: int
    """Votes per ballot today (1 in a re-vote)."""
    candidates: tuple[int, ...]
    condemned: int | None
    cursed: int | None
    bound_voters: frozenset[int]
    """Who must vote for the cursed today (L86)."""
    log: tuple[Event, ...]
    """Every public event so far, in order."""
    record: PublicRecord
    """The public log's facts: accusations, ballots, deaths with their cards, reveals, today's counts."""
    card: Card | None = None
    """The viewer's current soul."""
    life: int | None = None
    heir_slot: int = 0
    """Corrigan's night shot this soul inherited (1 or 2), else 0 (L82)."""
    awake_with: tuple[int, ...] = ()
    """The group the viewer is awake with in the current night step (empty when not awake)."""
    night_round: int = 0
    notes: tuple[Event, ...] = ()
    """What this seat learned privately, across both lives (L44: memory stays)."""
    truth: BattagliaState | None = None
    """The host's view only: the whole state."""


_SET = object.__setattr__
_NEW = object.__new__
_NO_SEATS: frozenset[int] = frozenset()
_SEQUENTIAL = frozenset({Phase.SPEECH, Phase.ACCUSE, Phase.LAST_WORDS})


def view_for(state: BattagliaState, viewer: int | Viewer | None) -> BattagliaView:
    """Build ``viewer``'s view. Unknown seats get the public view.

    Built slot by slot, without the dataclass ``__init__``: bots ask for a view at every decision.
    """
    today, night, phase = state.today, state.night, state.phase
    view = _NEW(BattagliaView)
    _public_part(view, state, today, phase)
    _SET(view, "step", night.step if night is not None and phase is Phase.NIGHT else None)
    seat = viewer if isinstance(viewer, int) and 0 <= viewer < state.players and state.cards else None
    _SET(view, "truth", state if viewer is Viewer.HOST else None)
    _SET(view, "viewer", seat)
    if seat is None:
        for name, value in _NO_SECRETS:
            _SET(view, name, value)
        return view
    awake = night.awake if night is not None and phase is Phase.NIGHT and seat in night.awake else ()
    _SET(view, "card", state.cards[seat])
    _SET(view, "life", state.lives[seat])
    _SET(view, "heir_slot", state.heirs[seat])
    _SET(view, "awake_with", awake)
    _SET(view, "night_round", night.round if awake and night is not None else 0)
    _SET(view, "notes", state.notes[seat])
    return view


_NO_SECRETS = (("card", None), ("life", None), ("heir_slot", 0), ("awake_with", ()), ("night_round", 0), ("notes", ()))


def _public_part(view: BattagliaView, state: BattagliaState, today: DayState | None, phase: Phase) -> None:
    """Fill the fields every viewer sees."""
    _SET(view, "phase", phase)
    _SET(view, "day", state.day)
    _SET(view, "night", state.night_no)
    _SET(view, "players", state.players)
    _SET(view, "deck", state.deck)
    _SET(view, "lives", state.lives)
    _SET(view, "out", state.out)
    _SET(view, "graveyard", state.graveyard)
    _SET(view, "revealed_shadow", state.revealed_shadow)
    _SET(view, "revealed_child", state.revealed_child)
    _SET(view, "revealed_lord", state.revealed_lord)
    _SET(view, "revealed_bishop", state.revealed_bishop)
    _SET(view, "judges", judges(state))
    _SET(view, "log", state.public_log)
    _SET(view, "record", state.record)
    if today is None:
        for name, value in _NO_DAY:
            _SET(view, name, value)
        return
    turn = None
    if phase in _SEQUENTIAL:
        turn = today.last_words[0] if phase is Phase.LAST_WORDS else today.order[today.turn]
    _SET(view, "turn", turn)
    _SET(view, "accusations", today.accusations)
    _SET(view, "accusations_limit", today.accusations_limit)
    _SET(view, "votes", 1 if phase is Phase.REVOTE else today.votes)
    _SET(view, "candidates", today.candidates)
    _SET(view, "condemned", today.condemned if today.condemned >= 0 else None)
    _SET(view, "cursed", today.cursed if today.cursed >= 0 else None)
    _SET(view, "bound_voters", today.forced)


_NO_DAY = (("turn", None), ("accusations", ()), ("accusations_limit", 0), ("votes", 0), ("candidates", ()),
           ("condemned", None), ("cursed", None), ("bound_voters", _NO_SEATS))

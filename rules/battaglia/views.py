"""What each seat may know (spec §11), in one place so secrecy can be audited here.

A seat sees the public record, its own soul, and its private notes (what its night roles learned:
the clan at acquaintance, Tiir's looks, the Cat's peeking, its group's pointing). The public sees
the public record only; the host sees everything (``truth``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.battaglia.cards import Card
from rules.battaglia.day import judges
from rules.battaglia.state import Accusation, BattagliaState, NightStep, Phase
from rules.core import Event, Viewer


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


def view_for(state: BattagliaState, viewer: int | Viewer | None) -> BattagliaView:
    """Build ``viewer``'s view. Unknown seats get the public view."""
    today, night = state.today, state.night
    sequential = state.phase in (Phase.SPEECH, Phase.ACCUSE, Phase.LAST_WORDS)
    turn = None
    if today is not None and sequential:
        turn = today.last_words[0] if state.phase is Phase.LAST_WORDS else today.order[today.turn]
    revote = state.phase is Phase.REVOTE
    base = dict(
        viewer=None, phase=state.phase, day=state.day, night=state.night_no,
        step=night.step if night is not None and state.phase is Phase.NIGHT else None,
        players=state.players, deck=state.deck, lives=state.lives, out=state.out, graveyard=state.graveyard,
        revealed_shadow=state.revealed_shadow, revealed_child=state.revealed_child,
        revealed_lord=state.revealed_lord, revealed_bishop=state.revealed_bishop, judges=judges(state),
        turn=turn, accusations=today.accusations if today else (),
        accusations_limit=today.accusations_limit if today else 0,
        votes=(1 if revote else today.votes) if today else 0, candidates=today.candidates if today else (),
        condemned=today.condemned if today and today.condemned >= 0 else None,
        cursed=today.cursed if today and today.cursed >= 0 else None,
        bound_voters=today.forced if today else frozenset(), log=state.public_log)
    if viewer is Viewer.HOST:
        return BattagliaView(**base, truth=state)  # type: ignore[arg-type]
    if not isinstance(viewer, int) or not 0 <= viewer < state.players or not state.cards:
        return BattagliaView(**base)  # type: ignore[arg-type]
    awake = night.awake if night is not None and viewer in night.awake and state.phase is Phase.NIGHT else ()
    base["viewer"] = viewer
    return BattagliaView(**base, card=state.cards[viewer], life=state.lives[viewer],  # type: ignore[arg-type]
                         heir_slot=state.heirs[viewer], awake_with=awake,
                         night_round=night.round if awake and night else 0, notes=state.notes[viewer])

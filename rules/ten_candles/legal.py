"""Who acts when, and every move a seat may make now (the single source of truth).

Free-text fields carry a sample text (``SAMPLE``): ``check`` accepts any text there that is within
bounds (and one word for a Trait). ``same_move`` compares a proposal with a listed move that way.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from narrator.rules.core import CHANCE, HOST, Action, PlayerId
from narrator.rules.ten_candles.actions import (
    INTERJECTIONS,
    TEXT_FIELDS,
    AcceptRoll,
    AllowAttempt,
    ArrangeStack,
    BurnTrait,
    CallConflict,
    CandleOut,
    DeclineDeath,
    DescribeCharacter,
    DescribeSupplies,
    EmbraceBrink,
    FrameScene,
    KillCharacter,
    Narrate,
    PassAttempt,
    ReadModule,
    RecordMessage,
    RevealBrink,
    Roll,
    SeizeNarration,
    SpeakTruth,
    StateAttempt,
    VolunteerDeath,
    WriteBrink,
    WriteMoment,
    WriteTraits,
    XCard,
)
from narrator.rules.ten_candles.attempts import deciding
from narrator.rules.ten_candles.config import MAX_PLAYERS, TRUTH_TOPICS
from narrator.rules.ten_candles.conflict import WINDOW_CHECKS, death_window
from narrator.rules.ten_candles.setup import STACK_ORDERS, writers
from narrator.rules.ten_candles.state import SCENE_PHASES, Card, Phase, TenCandlesState

SAMPLE = "…"
"""The placeholder text of listed moves; any bounded text is accepted in its place."""
SAMPLE_VIRTUE, SAMPLE_VICE = "Бдительный", "Пугливый"
SIMULTANEOUS = (Phase.TRAITS, Phase.MODULE, Phase.DESCRIBE, Phase.MOMENTS, Phase.BRINKS, Phase.STACKS,
                Phase.SUPPLIES, Phase.FRAMING, Phase.MESSAGES)


def active_players(state: TenCandlesState) -> frozenset[PlayerId]:
    """The seats whose move the game waits for (interjections never make a seat active)."""
    phase = state.phase
    if phase == Phase.OVER:
        return _NOBODY
    conflict = state.conflict
    if conflict is not None and conflict.pending:
        return _ONLY[CHANCE]
    if phase in SIMULTANEOUS:
        return frozenset(writers(state))
    if phase == Phase.SCENE:
        waiting = deciding(state)  # players saying what they attempt (``stated_attempts``; else none)
        return frozenset(waiting) if waiting else _ONLY[HOST]
    if phase == Phase.ROLL or phase == Phase.REROLL:
        assert conflict is not None
        return _ONLY[conflict.active]
    if phase == Phase.DEATH:
        return frozenset(death_window(state))
    if phase == Phase.NARRATION:
        return _ONLY[state.narrator] if state.narrator is not None else _NOBODY
    return _ONLY[state.truth_queue[0]]


def legal_actions(state: TenCandlesState, seat: PlayerId) -> list[Action]:
    """Every move ``seat`` may make now: its turn's moves, then the interjections."""
    if state.phase == Phase.OVER or not (seat == HOST or 0 <= seat < state.players):
        return []
    moves = turn_moves(state, seat) if seat in active_players(state) else []
    return moves + interjections(state, seat)


def turn_moves(state: TenCandlesState, seat: PlayerId) -> list[Action]:
    """The moves of an active seat in the current phase."""
    phase = state.phase
    if phase == Phase.SCENE:
        if seat != HOST:
            return list(_ATTEMPT_MOVES[seat])
        return _answer_moves(state) if state.attempt is not None else _gm_scene_moves(state)
    if phase == Phase.REROLL:
        return _window_moves(state, seat)
    return list(_SEAT_MOVES[phase][seat])


def _build_writing(phase: Phase, seat: PlayerId) -> list[Action]:
    if phase == Phase.TRAITS:
        return [WriteTraits(actor=seat, virtue=SAMPLE_VIRTUE, vice=SAMPLE_VICE)]
    if phase == Phase.STACKS:
        return [ArrangeStack(actor=seat, order=order) for order in STACK_ORDERS]
    if phase == Phase.DESCRIBE:
        return [DescribeCharacter(actor=seat, name=SAMPLE, appearance=SAMPLE, description=SAMPLE)]
    kind = {Phase.MODULE: ReadModule, Phase.MOMENTS: WriteMoment, Phase.BRINKS: WriteBrink,
            Phase.SUPPLIES: DescribeSupplies, Phase.FRAMING: FrameScene, Phase.MESSAGES: RecordMessage}[phase]
    return [kind(actor=seat, text=SAMPLE)]  # type: ignore[call-arg]


def _gm_scene_moves(state: TenCandlesState) -> list[Action]:
    moves: list[Action] = []
    living = state.living()
    for seat in living:
        moves += _CALLS[seat] if state.chars[seat].top == Card.MOMENT else _CALLS[seat][:2]
    if state.final:
        moves += [_KILLS[seat] for seat in living]
    return moves


def _answer_moves(state: TenCandlesState) -> list[Action]:
    """The GM's answers to a stated attempt: a conflict for the attempter, or none (D45, L58, L267)."""
    assert state.attempt is not None
    seat = state.attempt[0]
    moves: list[Action] = list(_CALLS[seat] if state.chars[seat].top == Card.MOMENT else _CALLS[seat][:2])
    moves.append(_ALLOW)
    if state.final:
        moves += [_KILLS[s] for s in state.living()]
    return moves


def _window_moves(state: TenCandlesState, seat: PlayerId) -> list[Action]:
    assert state.conflict is not None
    moves: list[Action] = [_SOLO_MOVES[kind][seat] for kind, check in WINDOW_CHECKS.items()
                           if check(state, state.conflict) is None]
    moves.append(_SOLO_MOVES[AcceptRoll][seat])
    return moves


def interjections(state: TenCandlesState, seat: PlayerId) -> list[Action]:
    """An X-card always; an accidental candle while one burns; an active Brink shown in play."""
    moves: list[Action] = [_SOLO_MOVES[XCard][seat]]
    if state.lit > 0:
        moves.append(_SOLO_MOVES[CandleOut][seat])
    if seat != HOST and state.phase in _PLAY_PHASES:
        char = state.chars[seat]
        if char.alive and char.top == Card.BRINK and not char.brink_revealed:
            moves.append(_SOLO_MOVES[RevealBrink][seat])
    return moves


# -- the listed moves, built once: actions are immutable, so every listing shares them -----------

_SEATS = (HOST, *range(MAX_PLAYERS))
_NOBODY: frozenset[PlayerId] = frozenset()
_ONLY = {seat: frozenset({seat}) for seat in (CHANCE, *_SEATS)}
_PLAY_PHASES = frozenset((*SCENE_PHASES, Phase.TRUTHS))
_SOLO_MOVES: dict[type, dict[PlayerId, Action]] = {
    kind: {seat: kind(actor=seat) for seat in _SEATS}  # type: ignore[call-arg]
    for kind in (Roll, BurnTrait, EmbraceBrink, SeizeNarration, AcceptRoll, VolunteerDeath, DeclineDeath, CandleOut,
                 RevealBrink, XCard)}
_CALLS = {seat: [CallConflict(active=seat, dangerous=d, moment=m) for m in (False, True) for d in (False, True)]
          for seat in range(MAX_PLAYERS)}
"""The GM's calls for a seat: plain and dangerous, then (when the Moment is on top) the Moment rolls."""
_KILLS = {seat: KillCharacter(target=seat, text=SAMPLE) for seat in range(MAX_PLAYERS)}
_ALLOW = AllowAttempt(text=SAMPLE)
_ATTEMPT_MOVES = {seat: (PassAttempt(actor=seat), StateAttempt(actor=seat, text=SAMPLE)) for seat in range(MAX_PLAYERS)}
"""A player's moves in a beat (``stated_attempts``): passing first, so a default move changes nothing."""
_WRITING = {phase: {seat: tuple(_build_writing(phase, seat)) for seat in _SEATS} for phase in SIMULTANEOUS}
_SEAT_MOVES: dict[Phase, dict[PlayerId, tuple[Action, ...]]] = {
    **_WRITING,
    Phase.ROLL: {seat: (_SOLO_MOVES[Roll][seat],) for seat in _SEATS},
    Phase.DEATH: {seat: (_SOLO_MOVES[VolunteerDeath][seat], _SOLO_MOVES[DeclineDeath][seat]) for seat in _SEATS},
    Phase.NARRATION: {seat: (Narrate(actor=seat, text=SAMPLE),) for seat in _SEATS},
    Phase.TRUTHS: {seat: tuple(SpeakTruth(actor=seat, text=SAMPLE, topic=t)
                               for t in (TRUTH_TOPICS if seat == HOST else ("general",))) for seat in _SEATS},
}


def is_interjection(action: Action) -> bool:
    """Whether ``action`` is a move any seat may make at any moment."""
    return isinstance(action, INTERJECTIONS)


def with_samples(action: Action) -> Action:
    """``action`` with every free-text field replaced by the sample used in listed moves."""
    changes: dict[str, Any] = {f.name: _sample_for(action, f.name) for f in fields(action) if f.name in TEXT_FIELDS}
    return replace(action, **changes) if changes else action


def _sample_for(action: Action, name: str) -> str:
    if isinstance(action, WriteTraits):
        return SAMPLE_VIRTUE if name == "virtue" else SAMPLE_VICE
    if isinstance(action, XCard):
        return ""
    return SAMPLE


def same_move(proposal: Action, listed: Action) -> bool:
    """Whether ``proposal`` is ``listed`` up to its free text."""
    return with_samples(proposal) == with_samples(listed)

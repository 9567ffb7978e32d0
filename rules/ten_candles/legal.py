"""Who acts when, and every move a seat may make now (the single source of truth).

Free-text fields carry a sample text (``SAMPLE``): ``check`` accepts any text there that is within
bounds (and one word for a Trait). ``same_move`` compares a proposal with a listed move that way.
"""

from __future__ import annotations

from dataclasses import fields, replace

from rules.core import CHANCE, HOST, Action, PlayerId
from rules.ten_candles.actions import (INTERJECTIONS, TEXT_FIELDS, AcceptRoll, ArrangeStack, BurnTrait, CallConflict,
                                       CandleOut, DeclineDeath, DescribeCharacter, DescribeSupplies, EmbraceBrink,
                                       FrameScene, KillCharacter, Narrate, ReadModule, RecordMessage, RevealBrink,
                                       Roll, SeizeNarration, SpeakTruth, VolunteerDeath, WriteBrink, WriteMoment,
                                       WriteTraits, XCard)
from rules.ten_candles.config import TRUTH_TOPICS
from rules.ten_candles.conflict import WINDOW_CHECKS, death_window
from rules.ten_candles.setup import STACK_ORDERS, writers
from rules.ten_candles.state import SCENE_PHASES, Card, Phase, TenCandlesState

SAMPLE = "…"
"""The placeholder text of listed moves; any bounded text is accepted in its place."""
SAMPLE_VIRTUE, SAMPLE_VICE = "Бдительный", "Пугливый"
SIMULTANEOUS = (Phase.TRAITS, Phase.MODULE, Phase.DESCRIBE, Phase.MOMENTS, Phase.BRINKS, Phase.STACKS,
                Phase.SUPPLIES, Phase.FRAMING, Phase.MESSAGES)


def active_players(state: TenCandlesState) -> frozenset[PlayerId]:
    """The seats whose move the game waits for (interjections never make a seat active)."""
    phase = state.phase
    if phase == Phase.OVER:
        return frozenset()
    if state.conflict is not None and state.conflict.pending:
        return frozenset({CHANCE})
    if phase in SIMULTANEOUS:
        return frozenset(writers(state))
    if phase == Phase.SCENE:
        return frozenset({HOST})
    if phase in (Phase.ROLL, Phase.REROLL):
        assert state.conflict is not None
        return frozenset({state.conflict.active})
    if phase == Phase.DEATH:
        return frozenset(death_window(state))
    if phase == Phase.NARRATION:
        return frozenset({state.narrator}) if state.narrator is not None else frozenset()
    return frozenset({state.truth_queue[0]})


def legal_actions(state: TenCandlesState, seat: PlayerId) -> list[Action]:
    """Every move ``seat`` may make now: its turn's moves, then the interjections."""
    if state.phase == Phase.OVER or not (seat == HOST or 0 <= seat < state.players):
        return []
    moves = turn_moves(state, seat) if seat in active_players(state) else []
    return moves + interjections(state, seat)


def turn_moves(state: TenCandlesState, seat: PlayerId) -> list[Action]:
    """The moves of an active seat in the current phase."""
    phase = state.phase
    if phase in SIMULTANEOUS:
        return _writing(phase, seat)
    if phase == Phase.SCENE:
        return _gm_scene_moves(state)
    if phase == Phase.ROLL:
        return [Roll(actor=seat)]
    if phase == Phase.REROLL:
        return _window_moves(state, seat)
    if phase == Phase.DEATH:
        return [VolunteerDeath(actor=seat), DeclineDeath(actor=seat)]
    if phase == Phase.NARRATION:
        return [Narrate(actor=seat, text=SAMPLE)]
    topics = TRUTH_TOPICS if seat == HOST else ("general",)
    return [SpeakTruth(actor=seat, text=SAMPLE, topic=t) for t in topics]


def _writing(phase: Phase, seat: PlayerId) -> list[Action]:
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
    for seat in state.living():
        moment_options = (False, True) if state.chars[seat].top == Card.MOMENT else (False,)
        for moment in moment_options:
            moves += [CallConflict(active=seat, dangerous=d, moment=moment) for d in (False, True)]
    if state.final:
        moves += [KillCharacter(target=seat, text=SAMPLE) for seat in state.living()]
    return moves


def _window_moves(state: TenCandlesState, seat: PlayerId) -> list[Action]:
    assert state.conflict is not None
    moves: list[Action] = [kind(actor=seat) for kind, check in WINDOW_CHECKS.items()
                           if check(state, state.conflict) is None]
    return moves + [AcceptRoll(actor=seat)]


def interjections(state: TenCandlesState, seat: PlayerId) -> list[Action]:
    """An X-card always; an accidental candle while one burns; an active Brink shown in play."""
    moves: list[Action] = [XCard(actor=seat, note="")]
    if state.lit > 0:
        moves.append(CandleOut(actor=seat))
    if seat != HOST and state.phase in (*SCENE_PHASES, Phase.TRUTHS):
        char = state.chars[seat]
        if char.alive and char.top == Card.BRINK and not char.brink_revealed:
            moves.append(RevealBrink(actor=seat))
    return moves


def is_interjection(action: Action) -> bool:
    """Whether ``action`` is a move any seat may make at any moment."""
    return isinstance(action, INTERJECTIONS)


def with_samples(action: Action) -> Action:
    """``action`` with every free-text field replaced by the sample used in listed moves."""
    changes = {f.name: _sample_for(action, f.name) for f in fields(action) if f.name in TEXT_FIELDS}  # type: ignore[arg-type]
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

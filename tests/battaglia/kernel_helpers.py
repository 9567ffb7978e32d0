"""Drive the battaglia kernel through scripted situations (injected deals, night plans, ballots)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from narrator.rules.battaglia import GAME, BattagliaConfig, Card, NightStep, Phase
from narrator.rules.battaglia.actions import Choose, Pass, Vote
from narrator.rules.battaglia.life import soul_pool
from narrator.rules.battaglia.state import BattagliaState
from narrator.rules.core import CHANCE, Action, ChanceAction, Event

SEED = "seeds/004_55ac8a5a86b5c135.txt"
S6A = [Card.NIKOR, Card.CORRIGAN, Card.COHEN, Card.LUN, Card.FLUID, Card.KOLDUNYA]
S6C = [Card.TRITON, Card.CORRIGAN, Card.COHEN, Card.LUN, Card.FLUID, Card.KOLDUNYA]
S12 = [Card.NIKOR, Card.CORRIGAN, Card.COHEN, Card.LUN, Card.RAINMAKER, Card.FLUID, Card.KOLDUNYA, Card.TRITON,
       Card.PUCK, Card.CHESHIRE_CAT, Card.LORD_LUIHAD, Card.DOMOVIK]
S17 = S12[:11] + [Card.KOLDUN, Card.DOMOVIK, Card.TIIR, Card.BISHOP, Card.CHILD, Card.BROK]
P = {f"P{i}": i - 1 for i in range(1, 18)}
"""The spec's P1..P17 as 0-based seats."""


def dealt(cards: list[Card], **options: Any) -> tuple[BattagliaState, list[Event]]:
    """A game dealt exactly ``cards`` (seat order); returns the state at day 1 and the deal's events."""
    config = BattagliaConfig(players=len(cards), **options)
    state = GAME.initial_state(config)
    deck = list(state.deck)
    order = [deck.index(c) for c in cards]
    order += [i for i in range(len(deck)) if i not in order]
    step = GAME.apply(state, ChanceAction(values=tuple(order)))
    return step.state, list(step.events)


def play(state: BattagliaState, action: Action, events: list[Event] | None = None) -> BattagliaState:
    """Apply ``action`` (must be legal), collecting events."""
    step = GAME.apply(state, action)
    if events is not None:
        events.extend(step.events)
    return step.state


def reborn(state: BattagliaState, souls: dict[int, Card], events: list[Event] | None = None) -> BattagliaState:
    """Deal second souls: ``souls[seat]`` when given, else the first card of the pool."""
    while state.phase is Phase.REBIRTH and state.result is None:
        seat = state.rebirths[0]
        pool = soul_pool(state, seat)
        index = pool.index(souls[seat]) if seat in souls else 0
        state = play(state, ChanceAction(values=(index,)), events)
    return state


def pass_day(state: BattagliaState, events: list[Event] | None = None) -> BattagliaState:
    """Everyone passes until the night begins (no accusations, nobody condemned)."""
    while state.phase not in (Phase.NIGHT, Phase.OVER, Phase.REBIRTH):
        seat = min(GAME.active_players(state))
        state = play(state, GAME.default_action(state, seat), events)
    return state


def run_night(state: BattagliaState, plan: dict[NightStep, dict[int, int]],
              events: list[Event] | None = None, souls: dict[int, Card] | None = None) -> BattagliaState:
    """Play a night: in each step a seat chooses ``plan[step][seat]`` or passes; then deal souls."""
    while state.phase is Phase.NIGHT:
        step = state.night.step
        seat = min(GAME.active_players(state))
        target = plan.get(step, {}).get(seat)
        state = play(state, Choose(actor=seat, target=target) if target is not None else Pass(actor=seat), events)
    return reborn(state, souls or {}, events)


def vote_round(state: BattagliaState, ballots: dict[int, tuple[int, ...]],
               events: list[Event] | None = None) -> BattagliaState:
    """Cast everyone's ballot (missing seats abstain)."""
    phase = state.phase
    while state.phase is phase and phase in (Phase.VOTE, Phase.REVOTE):
        seat = min(GAME.active_players(state))
        ballot = ballots.get(seat)
        state = play(state, Vote(actor=seat, targets=ballot) if ballot else Pass(actor=seat), events)
    return state


def kinds(events: list[Event]) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in events]


def public_of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """Data of the public events of ``kind``."""
    return [dict(e.data) for e in events if e.kind == kind and str(e.audience) == "public"]


def with_cards(state: BattagliaState, changes: dict[int, tuple[Card, int]]) -> BattagliaState:
    """Set some seats' (card, life) directly (histories the spec states as givens)."""
    cards, lives = list(state.cards), list(state.lives)
    for seat, (card, life) in changes.items():
        cards[seat], lives[seat] = card, life
    return replace(state, cards=tuple(cards), lives=tuple(lives))


def chance_or(state: BattagliaState) -> bool:
    """Whether chance is to move."""
    return CHANCE in GAME.active_players(state)


def accuse_round(state: BattagliaState, accusations: dict[int, int], events: list[Event] | None = None,
                 reveal_lord_first: int | None = None) -> BattagliaState:
    """Pass through speeches, then let each listed accuser accuse his target (others pass)."""
    from narrator.rules.battaglia.actions import Accuse
    while state.phase in (Phase.SPEECH, Phase.ACCUSE, Phase.LAST_WORDS, Phase.JUDGE):
        seat = min(GAME.active_players(state))
        if state.phase is Phase.ACCUSE and seat in accusations:
            state = play(state, Accuse(actor=seat, target=accusations[seat]), events)
        else:
            state = play(state, GAME.default_action(state, seat), events)
    return state


def answer(state: BattagliaState, action: Action | None = None, window: dict[int, Action] | None = None,
           events: list[Event] | None = None) -> BattagliaState:
    """The condemned answers (``action`` or accepts); then the execution window (``window`` or pass)."""
    if state.phase is Phase.CONDEMNED:
        seat = state.today.condemned
        state = play(state, action or Pass(actor=seat), events)
    while state.phase is Phase.EXECUTION:
        seat = min(GAME.active_players(state))
        state = play(state, (window or {}).get(seat) or Pass(actor=seat), events)
    return state

"""Helpers for the Ten Candles kernel tests: play setup through, build scenario states, roll dice.

Seats follow the spec's acceptance convention (§9): ``[GM, A, B, C]`` is ``(HOST, 0, 1, 2)``.
"""

from __future__ import annotations

from dataclasses import replace

from narrator.rules.core import CHANCE, HOST, Action, ChanceAction, Event, IllegalActionError
from narrator.rules.ten_candles import (
    GAME,
    ArrangeStack,
    Card,
    DescribeCharacter,
    DescribeSupplies,
    FrameScene,
    Phase,
    ReadModule,
    RecordMessage,
    TenCandlesConfig,
    TenCandlesState,
    WriteBrink,
    WriteMoment,
    WriteTraits,
)

A, B, C = 0, 1, 2
SEED = "seeds/000_e53cdcbb20917f8a.txt"
VIRTUES = ("Бдительный", "Отважный", "Сильный", "Удачливый", "Преданный", "Милосердный", "Бывалый", "Красивый",
           "Мужественный")
VICES = ("Пугливый", "Жадный", "Больной", "Импульсивный", "Беспокойный", "Простодушный", "Кающийся",
         "Зависимый", "Опрометчивый")


def play(state: TenCandlesState, *actions: Action) -> tuple[TenCandlesState, list[Event]]:
    """Apply ``actions`` in order; return the state and every event."""
    events: list[Event] = []
    for action in actions:
        step = GAME.apply(state, action)
        state, events = step.state, events + list(step.events)
    return state, events


def kinds(events: list[Event]) -> list[str]:
    """The kinds of ``events``, in order."""
    return [e.kind for e in events]


def step_actions(state: TenCandlesState) -> list[Action]:
    """One move for every writer of the current setup step (fixed texts)."""
    n, phase = state.players, state.phase
    players = range(n)
    if phase == Phase.TRAITS:
        return [WriteTraits(actor=p, virtue=VIRTUES[p], vice=VICES[p]) for p in players]
    if phase == Phase.MODULE:
        return [ReadModule(text="Город без солнца.")]
    if phase == Phase.DESCRIBE:
        return [DescribeCharacter(actor=p, name=f"Имя {p}", appearance="в плаще", description="адвокат")
                for p in players]
    if phase == Phase.MOMENTS:
        return [WriteMoment(actor=p, text=f"найду сестру {p}") for p in players]
    if phase == Phase.BRINKS:
        return [WriteBrink(actor=s, text=f"brink by {s}") for s in (HOST, *players)]
    if phase == Phase.STACKS:
        return [ArrangeStack(actor=p, order=("virtue", "vice", "moment")) for p in players]
    if phase == Phase.SUPPLIES:
        return [DescribeSupplies(actor=p, text="спички") for p in players]
    if phase == Phase.FRAMING:
        return [FrameScene(text="Заправка, ночь.")]
    return [RecordMessage(actor=p, text=f"message {p}") for p in players]


def through_setup(players: int = 3, config: TenCandlesConfig | None = None,
                  until: Phase = Phase.SCENE) -> TenCandlesState:
    """A new game played until phase ``until`` (scene 1 by default)."""
    state = GAME.initial_state(config or TenCandlesConfig(players=players))
    while state.phase != until:
        state, _ = play(state, *step_actions(state))
    return state


def scenario(*, lit: int, scene: int, set_aside: int = 0, players: int = 3,
             stacks: dict[int, tuple[Card, ...]] | None = None, hope: tuple[int, ...] = (),
             config: TenCandlesConfig | None = None) -> TenCandlesState:
    """A state in the middle of play, as the spec's scenarios give it: ``lit`` candles, scene
    ``scene``, pool = lit - set_aside, GM pool = 10 - lit, stacks top first (default: all four)."""
    state = through_setup(players, config)
    chars = list(state.chars)
    for seat, stack in (stacks or {}).items():
        chars[seat] = replace(chars[seat], stack=tuple(stack))
    for seat in hope:
        chars[seat] = replace(chars[seat], hope=True)
    return replace(state, lit=lit, dark=10 - lit, scene=scene, pool_base=lit, set_aside=set_aside, gm_pool=10 - lit,
                   final=lit == 1, chars=tuple(chars))


def dice(state: TenCandlesState, *values: int) -> tuple[TenCandlesState, list[Event]]:
    """Chance produces ``values`` (must be the dice owed now)."""
    assert GAME.active_players(state) == frozenset({CHANCE}), GAME.active_players(state)
    return play(state, ChanceAction(values=tuple(values)))


def rejection_code(state: TenCandlesState, action: Action) -> str | None:
    """The code ``check`` gives, asserting ``apply`` agrees and leaves the state alone."""
    rejection = GAME.check(state, action)
    if rejection is None:
        return None
    before = state
    try:
        GAME.apply(state, action)
    except IllegalActionError as error:
        assert error.rejection == rejection
    else:
        raise AssertionError("apply accepted what check rejected")
    assert state == before
    return str(rejection.code)

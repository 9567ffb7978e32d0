"""Setup in one call, for simulations: ``quick_setup(config, cards)`` plays the real setup moves.

A simulation that runs many games with the same table (players, config, cards written in setup)
can build the post-setup state once and start every game from it (``Session(..., state=...)``):
the state is immutable, so games share it safely. Nothing is skipped: every card goes through
``GAME.apply`` in the order a session plays them (in each step the lowest waiting seat first,
so the GM first in step 5), and the events come back too, so agents can be told what their seat
saw (``Event.visible_to``). Hence it is the same as playing those moves, by construction.
"""

from __future__ import annotations

from dataclasses import dataclass

from narrator.rules.core import HOST, Action, Event, PlayerId, Step
from narrator.rules.ten_candles.actions import (
    ArrangeStack,
    DescribeCharacter,
    DescribeSupplies,
    FrameScene,
    ReadModule,
    RecordMessage,
    WriteBrink,
    WriteMoment,
    WriteTraits,
)
from narrator.rules.ten_candles.config import TenCandlesConfig
from narrator.rules.ten_candles.game import GAME
from narrator.rules.ten_candles.state import PRE_PLAY_PHASES, Phase, TenCandlesState


@dataclass(frozen=True, slots=True)
class SetupCards:
    """What everyone writes in setup (L92-257). Per-player tuples are indexed by seat.

    Attributes:
        traits: ``(virtue, vice)`` each player writes in step 1 (passed on, L102).
        module: the module the GM reads (step 2, L122).
        characters: ``(name, appearance, description)`` of each player's character (step 3).
        moments: each player's Moment, completing «Я обрету надежду, когда…» (step 4).
        gm_brink: the Brink the GM writes for seat 0 (step 5, L190).
        brinks: the Brink each player writes for its left neighbour; the last player's is Their
            Brink (L192).
        stacks: each player's order of ``"virtue"``, ``"vice"``, ``"moment"``, top first (step 6).
        supplies: what each character carries (step 7, may be empty).
        frame: the GM's framing of the first scene (L253).
        messages: each character's recorded message (L255-257, may be empty).
    """

    traits: tuple[tuple[str, str], ...]
    module: str
    characters: tuple[tuple[str, str, str], ...]
    moments: tuple[str, ...]
    gm_brink: str
    brinks: tuple[str, ...]
    stacks: tuple[tuple[str, ...], ...]
    supplies: tuple[str, ...]
    frame: str
    messages: tuple[str, ...]

    def move(self, phase: Phase, seat: PlayerId) -> Action:
        """The setup move ``seat`` makes in ``phase`` with these cards."""
        if phase == Phase.TRAITS:
            return WriteTraits(actor=seat, virtue=self.traits[seat][0], vice=self.traits[seat][1])
        if phase == Phase.MODULE:
            return ReadModule(text=self.module)
        if phase == Phase.DESCRIBE:
            name, appearance, description = self.characters[seat]
            return DescribeCharacter(actor=seat, name=name, appearance=appearance, description=description)
        if phase == Phase.MOMENTS:
            return WriteMoment(actor=seat, text=self.moments[seat])
        if phase == Phase.BRINKS:
            return WriteBrink(actor=seat, text=self.gm_brink if seat == HOST else self.brinks[seat])
        if phase == Phase.STACKS:
            return ArrangeStack(actor=seat, order=tuple(self.stacks[seat]))
        if phase == Phase.SUPPLIES:
            return DescribeSupplies(actor=seat, text=self.supplies[seat])
        if phase == Phase.FRAMING:
            return FrameScene(text=self.frame)
        return RecordMessage(actor=seat, text=self.messages[seat])


def quick_setup(config: TenCandlesConfig, cards: SetupCards) -> Step[TenCandlesState]:
    """Play setup steps 1-7, the framing and the messages with ``cards``, through ``GAME.apply``.

    Returns:
        The state at the start of scene 1 and every event of the setup, in order.

    Raises:
        IllegalActionError: when a card is refused (empty text, a Trait of two words, a bad
            stack...), exactly as in play.
    """
    state = GAME.initial_state(config)
    events: list[Event] = []
    while state.phase in PRE_PLAY_PHASES:
        seat = min(GAME.active_players(state))
        step = GAME.apply(state, cards.move(state.phase, seat))
        state = step.state
        events.extend(step.events)
    return Step(state, tuple(events))


__all__ = ["SetupCards", "quick_setup"]

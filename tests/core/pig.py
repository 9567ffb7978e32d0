"""Pig, a tiny dice game used to test the core machinery (sessions, transcripts, replay, resume).

Two seats take turns; the active seat rolls a d6 (a chance node) or holds. A 1 loses the turn's
points and passes the turn; holding banks them. First to ``target`` points wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from narrator.rules.chance import Dice, validate
from narrator.rules.core import (
    CHANCE,
    Action,
    ChanceAction,
    Code,
    Game,
    IllegalActionError,
    Outcome,
    PlayerId,
    Rejection,
    Step,
    Viewer,
    private,
    public,
)


@dataclass(frozen=True, slots=True)
class PigConfig:
    target: int = 20


@dataclass(frozen=True, slots=True)
class PigState:
    target: int
    scores: tuple[int, int] = (0, 0)
    turn: PlayerId = 0
    pot: int = 0
    rolling: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Roll(Action):
    kind: Literal["roll"] = "roll"


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold(Action):
    kind: Literal["hold"] = "hold"


class Pig(Game[PigConfig, PigState]):
    name = "pig"
    config_type = PigConfig
    action_types = (Roll, Hold)

    def initial_state(self, config: PigConfig) -> PigState:
        return PigState(target=config.target)

    def active_players(self, state: PigState) -> frozenset[PlayerId]:
        if self.outcome(state):
            return frozenset()
        return frozenset({CHANCE}) if state.rolling else frozenset({state.turn})

    def legal_actions(self, state: PigState, seat: PlayerId) -> list[Action]:
        if seat not in self.active_players(state) or seat == CHANCE:
            return []
        return [Roll(actor=seat), Hold(actor=seat)]

    def check(self, state: PigState, action: Action) -> Rejection | None:
        if self.outcome(state):
            return Rejection(Code.GAME_OVER, "the game is over", "pig")
        if isinstance(action, ChanceAction):
            if not state.rolling:
                return Rejection(Code.NOT_CHANCE_TURN, "no die is being rolled", "pig")
            return validate(Dice(1, 6), action.values)
        if state.rolling or action.actor != state.turn:
            return Rejection(Code.NOT_YOUR_TURN, f"seat {action.actor} may not act; seat {state.turn} is to move",
                             "pig")
        return None

    def apply(self, state: PigState, action: Action) -> Step[PigState]:
        rejection = self.check(state, action)
        if rejection:
            raise IllegalActionError(rejection)
        if isinstance(action, Roll):
            return Step(replace(state, rolling=True))
        if isinstance(action, Hold):
            scores = list(state.scores)
            scores[state.turn] += state.pot
            new = replace(state, scores=tuple(scores), pot=0, turn=1 - state.turn)
            return Step(new, (public("hold", seat=state.turn, banked=state.pot, score=scores[state.turn]),))
        face = action.values[0]  # type: ignore[attr-defined]
        if face == 1:
            new = replace(state, pot=0, rolling=False, turn=1 - state.turn)
            return Step(new, (public("rolled", face=1), private("lost", frozenset({state.turn}), pot=state.pot)))
        return Step(replace(state, pot=state.pot + face, rolling=False), (public("rolled", face=face),))

    def chance_spec(self, state: PigState) -> Dice | None:
        return Dice(1, 6) if state.rolling else None

    def view(self, state: PigState, viewer: PlayerId | Viewer | None) -> dict[str, object]:
        return {"scores": list(state.scores), "turn": state.turn, "pot": state.pot}

    def outcome(self, state: PigState) -> Outcome | None:
        for seat, score in enumerate(state.scores):
            if score >= state.target:
                return Outcome("target_reached", frozenset({seat}), {"scores": list(state.scores)})
        return None

    def seat_count(self, state: PigState) -> int:
        return 2


GAME = Pig()

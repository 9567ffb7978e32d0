"""Whisper, a toy game full of secrets, to test that the web table keeps each seat's secrets.

Chance deals every seat a secret number (the host-only ``dealt`` event lists them all; each
seat gets a private ``your_secret`` event). Then seats take turns: whisper a line of text to
one other seat (a private event to the two of them) or pass. After ``rounds`` turns each, the
seat with the highest secret wins. Secrets are shown as ``SECRET-<n>`` so tests can look for
them as canaries in every page a seat receives.
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
    host_only,
    private,
    public,
)

SECRET_SIDES = 900_000


@dataclass(frozen=True, slots=True)
class WhisperConfig:
    players: int = 3
    rounds: int = 2


@dataclass(frozen=True, slots=True)
class WhisperState:
    players: int
    rounds: int
    secrets: tuple[int, ...] = ()
    turn: PlayerId = 0
    turns_taken: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Whisper(Action):
    kind: Literal["whisper"] = "whisper"
    to: int
    text: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass(Action):
    kind: Literal["pass"] = "pass"


def secret_text(value: int) -> str:
    """How a secret is shown: a string no other page content can contain by accident."""
    return f"SECRET-{value + 100_000}"


class WhisperGame(Game[WhisperConfig, WhisperState]):
    name = "whisper"
    config_type = WhisperConfig
    action_types = (Whisper, Pass)

    def initial_state(self, config: WhisperConfig) -> WhisperState:
        if not 2 <= config.players <= 8:
            raise ValueError(f"players: {config.players} is not in 2..8")
        return WhisperState(players=config.players, rounds=config.rounds)

    def active_players(self, state: WhisperState) -> frozenset[PlayerId]:
        if self.outcome(state):
            return frozenset()
        return frozenset({CHANCE}) if not state.secrets else frozenset({state.turn})

    def legal_actions(self, state: WhisperState, seat: PlayerId) -> list[Action]:
        if seat not in self.active_players(state) or seat == CHANCE:
            return []
        return [*(Whisper(actor=seat, to=other) for other in range(state.players) if other != seat), Pass(actor=seat)]

    def check(self, state: WhisperState, action: Action) -> Rejection | None:
        if self.outcome(state):
            return Rejection(Code.GAME_OVER, "the game is over", "whisper")
        if isinstance(action, ChanceAction):
            if state.secrets:
                return Rejection(Code.NOT_CHANCE_TURN, "the secrets are already dealt", "whisper")
            return validate(Dice(state.players, SECRET_SIDES), action.values)
        if not state.secrets or action.actor != state.turn:
            return Rejection(Code.NOT_YOUR_TURN, f"seat {action.actor} may not act; seat {state.turn} is to move",
                             "whisper")
        if isinstance(action, Whisper):
            if not 0 <= action.to < state.players or action.to == action.actor:
                return Rejection(Code.UNKNOWN_TARGET, f"seat {action.actor} cannot whisper to {action.to}", "whisper")
            if not action.text.strip():
                return Rejection("EMPTY_WHISPER", f"seat {action.actor}: a whisper needs words; or pass", "whisper")
        return None

    def apply(self, state: WhisperState, action: Action) -> Step[WhisperState]:
        rejection = self.check(state, action)
        if rejection:
            raise IllegalActionError(rejection)
        if isinstance(action, ChanceAction):
            values = tuple(v - 1 for v in action.values)
            events = [host_only("dealt", secrets=[secret_text(v) for v in values]),
                      *(private("your_secret", frozenset({s}), secret=secret_text(v)) for s, v in enumerate(values))]
            return Step(replace(state, secrets=values), tuple(events))
        events = [public("turn_taken", seat=action.actor)]
        if isinstance(action, Whisper):
            events.append(private("whispered", frozenset({action.actor, action.to}), by=action.actor, listener=action.to,
                                  text=action.text))
        new = replace(state, turn=(state.turn + 1) % state.players, turns_taken=state.turns_taken + 1)
        return Step(new, tuple(events))

    def chance_spec(self, state: WhisperState) -> Dice | None:
        return None if state.secrets else Dice(state.players, SECRET_SIDES)

    def view(self, state: WhisperState, viewer: PlayerId | Viewer | None) -> dict[str, object]:
        view: dict[str, object] = {"players": state.players, "to_move": state.turn, "turns_taken": state.turns_taken}
        if viewer is Viewer.HOST:
            view["secrets"] = [secret_text(v) for v in state.secrets]
        elif isinstance(viewer, int) and state.secrets:
            view["my_secret"] = secret_text(state.secrets[viewer])
        return view

    def seat_count(self, state: WhisperState) -> int:
        return state.players

    def outcome(self, state: WhisperState) -> Outcome | None:
        if not state.secrets or state.turns_taken < state.rounds * state.players:
            return None
        best = max(state.secrets)
        return Outcome("turns_done", frozenset(s for s, v in enumerate(state.secrets) if v == best))

    def default_action(self, state: WhisperState, seat: PlayerId) -> Action | None:
        return Pass(actor=seat)


GAME = WhisperGame()

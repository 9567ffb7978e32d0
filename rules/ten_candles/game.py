"""The Ten Candles kernel: ``check`` and ``apply`` dispatch on the action's type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from narrator.rules.chance import Dice, validate
from narrator.rules.core import (
    CHANCE,
    HOST,
    Action,
    ChanceAction,
    Code,
    Event,
    Game,
    IllegalActionError,
    Outcome,
    PlayerId,
    Rejection,
    Step,
    Viewer,
)
from narrator.rules.ten_candles import attempts as at
from narrator.rules.ten_candles import conflict as cf
from narrator.rules.ten_candles import interject as ij
from narrator.rules.ten_candles import legal
from narrator.rules.ten_candles.actions import (
    ACTION_TYPES,
    AcceptRoll,
    AllowAttempt,
    BurnTrait,
    CallConflict,
    CandleOut,
    DeclineDeath,
    EmbraceBrink,
    KillCharacter,
    Narrate,
    PassAttempt,
    RevealBrink,
    Roll,
    SeizeNarration,
    SpeakTruth,
    StateAttempt,
    VolunteerDeath,
    XCard,
)
from narrator.rules.ten_candles.codes import cite, reject, who
from narrator.rules.ten_candles.config import TenCandlesConfig
from narrator.rules.ten_candles.setup import SETUP_ACTIONS, apply_setup, check_setup
from narrator.rules.ten_candles.state import Character, Phase, TenCandlesState, draft, seal
from narrator.rules.ten_candles.views import TenCandlesView, view

Checker = Callable[[TenCandlesState, Any], Rejection | None]
Applier = Callable[[TenCandlesState, Any, list[Event]], TenCandlesState]
ANY_PHASE = tuple(Phase)


def _window(check: Checker) -> Checker:
    def checked(state: TenCandlesState, action: Action) -> Rejection | None:
        return cf.check_roller(state, action) or check(state, state.conflict)
    return checked


def _ok(state: TenCandlesState, action: Action) -> None:
    return None


SETUP_PHASE = {kind: phase for kind, phase in zip(SETUP_ACTIONS, (
    Phase.TRAITS, Phase.MODULE, Phase.DESCRIBE, Phase.MOMENTS, Phase.BRINKS, Phase.STACKS, Phase.SUPPLIES,
    Phase.FRAMING, Phase.MESSAGES))}
RULES: dict[type, tuple[tuple[Phase, ...], Checker, Applier, str]] = {
    **{kind: ((phase,), check_setup, apply_setup, "L92-257") for kind, phase in SETUP_PHASE.items()},
    CallConflict: ((Phase.SCENE,), cf.check_call, cf.apply_call, "L265"),
    KillCharacter: ((Phase.SCENE,), cf.check_kill, cf.apply_kill, "L47, L60"),
    Roll: ((Phase.ROLL,), cf.check_roller, cf.apply_roll, "L267-271"),
    BurnTrait: ((Phase.REROLL,), _window(cf.burn_rejection), cf.apply_burn, "L293-295"),
    EmbraceBrink: ((Phase.REROLL,), _window(cf.embrace_rejection), cf.apply_embrace, "L293, L297"),
    SeizeNarration: ((Phase.REROLL,), _window(cf.seize_rejection), cf.apply_seize, "L285"),
    AcceptRoll: ((Phase.REROLL,), cf.check_roller, cf.apply_accept, "L293"),
    VolunteerDeath: ((Phase.DEATH,), cf.check_death_choice, cf.apply_volunteer, "L291"),
    DeclineDeath: ((Phase.DEATH,), cf.check_death_choice, cf.apply_decline, "L291"),
    Narrate: ((Phase.NARRATION,), cf.check_narrate, cf.apply_narrate, "L279-291"),
    SpeakTruth: ((Phase.TRUTHS,), ij.check_truth, ij.apply_truth, "L313"),
    RevealBrink: (ij.PLAY_PHASES, ij.check_reveal, ij.apply_reveal, "L232-234"),
    CandleOut: (ANY_PHASE, ij.check_candle_out, ij.apply_candle_out, "L56"),
    XCard: (ANY_PHASE, ij.check_x_card, ij.apply_x_card, "D39"),
    StateAttempt: ((Phase.SCENE,), at.check_state, at.apply_state, "L58, L265"),
    PassAttempt: ((Phase.SCENE,), at.check_state, at.apply_pass, "L265"),
    AllowAttempt: ((Phase.SCENE,), at.check_allow, at.apply_allow, "L58"),
}
INTERJECTION_TYPES = (RevealBrink, CandleOut, XCard)


class TenCandles(Game[TenCandlesConfig, TenCandlesState]):
    """Ten Candles (Десять свечей): see ``rules/ten_candles/README.md``."""

    name = "ten-candles"
    rules_version = "1"
    config_type = TenCandlesConfig
    action_types = ACTION_TYPES

    def initial_state(self, config: TenCandlesConfig) -> TenCandlesState:
        """A new table: no candle lit, step 1 (L92-96)."""
        n = config.players
        return TenCandlesState(config=config, players=n, chars=tuple(Character(seat=s) for s in range(n)),
                               written_traits=(("", ""),) * n)

    def active_players(self, state: TenCandlesState) -> frozenset[PlayerId]:
        return legal.active_players(state)

    def legal_actions(self, state: TenCandlesState, seat: PlayerId) -> list[Action]:
        return legal.legal_actions(state, seat)

    def check(self, state: TenCandlesState, action: Action) -> Rejection | None:
        if state.phase == Phase.OVER:
            return reject(Code.GAME_OVER, f"{action.kind} by {who(action.actor)}: the game is over; every candle "
                                          "is dark", "L41")
        if isinstance(action, ChanceAction):
            spec = cf.chance_spec(state)
            if spec is None:
                return reject(Code.NOT_CHANCE_TURN, "chance: no dice are being rolled now", "L269")
            return validate(spec, tuple(action.values))
        rule = RULES.get(type(action))
        if rule is None:
            return reject(Code.UNKNOWN_ACTION, f"{action.kind!r} is not a Ten Candles move", "L1")
        if not (action.actor == HOST or 0 <= action.actor < state.players):
            return reject(Code.UNKNOWN_SEAT, f"{action.kind}: there is no seat {action.actor}; the GM is {HOST} and "
                                             f"players are 0..{state.players - 1}", "L45")
        phases, checker, _, lines = rule
        pending = state.conflict is not None and bool(state.conflict.pending)
        if state.phase not in phases or (pending and type(action) not in INTERJECTION_TYPES):
            return self._wrong_phase(state, action, lines)
        return checker(state, action)

    def _wrong_phase(self, state: TenCandlesState, action: Action, lines: str) -> Rejection:
        moves = sorted({a.kind for a in legal.legal_actions(state, action.actor)})
        waiting = ", ".join(who(s) if s != CHANCE else "the dice" for s in sorted(legal.active_players(state)))
        return Rejection(Code.WRONG_PHASE, f"{action.kind} by {who(action.actor)} is not allowed in phase "
                                           f"{state.phase}; waiting for {waiting or 'nobody'}; {who(action.actor)} "
                                           f"may now: {', '.join(moves) or 'nothing'}", cite(lines))

    def apply(self, state: TenCandlesState, action: Action) -> Step[TenCandlesState]:
        rejection = self.check(state, action)
        if rejection is not None:
            raise IllegalActionError(rejection)
        events: list[Event] = []
        scratch = draft(state)  # the one copy of this move; the rule functions write into it
        if isinstance(action, ChanceAction):
            new = cf.apply_dice(scratch, tuple(action.values), events)
        else:
            new = RULES[type(action)][2](scratch, action, events)
        return Step(seal(new), tuple(events))

    def chance_spec(self, state: TenCandlesState) -> Dice | None:
        return cf.chance_spec(state)

    def view(self, state: TenCandlesState, viewer: PlayerId | Viewer | None) -> TenCandlesView:
        return view(state, viewer)

    def outcome(self, state: TenCandlesState) -> Outcome | None:
        if state.phase != Phase.OVER:
            return None
        return Outcome(state.termination, frozenset(), {
            "scenes": state.scene, "deaths": list(state.deaths), "truths": len(state.truths),
            "x_cards": len(state.x_cards), "players": state.players})

    def seat_count(self, state: TenCandlesState) -> int:
        return state.players

    def default_action(self, state: TenCandlesState, seat: PlayerId) -> Action | None:
        """The first move of the seat's turn (a sample text where text is due; decline a death)."""
        moves = legal.turn_moves(state, seat) if seat in legal.active_players(state) else []
        if not moves:
            return None
        declines = [m for m in moves if isinstance(m, (AcceptRoll, DeclineDeath))]
        return declines[0] if declines else moves[0]


GAME = TenCandles()

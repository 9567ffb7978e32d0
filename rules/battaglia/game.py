"""The battaglia kernel: ``rules.core.Game`` over :class:`BattagliaState`.

``apply`` plays a checked move by the rule its phase's move table names (``MOVES``, like Ten Candles'
``RULES``), then hands the result to the phase machine (``flow.turnover``), which moves on from a day
or night the rule has ended.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from narrator.rules.battaglia import day, deal, flow, night
from narrator.rules.battaglia.actions import (
    ACTION_TYPES,
    Accuse,
    Choose,
    Curse,
    DeclareOutcome,
    DyingShot,
    Intercede,
    Judge,
    Pass,
    RevealBishop,
    RevealLord,
    Speak,
    Vote,
    Whisper,
)
from narrator.rules.battaglia.cards import deck_for
from narrator.rules.battaglia.checks import check as check_action
from narrator.rules.battaglia.config import BattagliaConfig
from narrator.rules.battaglia.forced import forced_winner, lookahead_due
from narrator.rules.battaglia.legal import active_players, legal_actions
from narrator.rules.battaglia.life import declare_outcome, give_soul, soul_pool
from narrator.rules.battaglia.log import record
from narrator.rules.battaglia.state import Accusation, BattagliaState, Phase, draft, seal
from narrator.rules.battaglia.views import BattagliaView, view_for
from narrator.rules.chance import Pick, Shuffle
from narrator.rules.core import (
    Action,
    ChanceAction,
    Event,
    Game,
    IllegalActionError,
    Outcome,
    PlayerId,
    Rejection,
    Step,
    Viewer,
)


class Battaglia(Game[BattagliaConfig, BattagliaState]):
    """battaglia del arte (seeds/004_55ac8a5a86b5c135.txt)."""

    name = "battaglia"
    rules_version = "1"
    config_type = BattagliaConfig
    action_types = ACTION_TYPES

    def initial_state(self, config: BattagliaConfig) -> BattagliaState:
        """Seats empty-handed; the deal is the first chance move."""
        return BattagliaState(config=config, players=config.players, deck=deck_for(config.cards),
                              notes=((),) * config.players)

    def active_players(self, state: BattagliaState) -> frozenset[PlayerId]:
        return active_players(state)

    def legal_actions(self, state: BattagliaState, seat: PlayerId) -> Sequence[Action]:
        return legal_actions(state, seat)

    def check(self, state: BattagliaState, action: Action) -> Rejection | None:
        return check_action(state, action, self.chance_spec(state) if isinstance(action, ChanceAction) else None)

    def chance_spec(self, state: BattagliaState) -> Shuffle | Pick | None:
        if state.result is not None:
            return None
        if state.phase is Phase.DEAL:
            return Shuffle(len(state.deck), "deal")
        if state.phase is Phase.REBIRTH and state.rebirths:
            return Pick(len(soul_pool(state, state.rebirths[0])), f"second soul for seat {state.rebirths[0]}")
        if state.phase is Phase.ACCUSE_DRAW and state.today is not None:
            drawn = state.today.declared if state.config.accusation_order == "declare_draw" else state.today.order
            return Shuffle(len(drawn), "accusation order")
        return None

    def apply(self, state: BattagliaState, action: Action) -> Step[BattagliaState]:
        rejection = self.check(state, action)
        if rejection is not None:
            raise IllegalActionError(rejection)
        new, events = advance(state, action)
        if lookahead_due(new, events):
            winner = forced_winner(new, advance)
            if winner is not None:
                more: list[Event] = []
                new = seal(record(declare_outcome(draft(new), str(winner), "lookahead", more), more))
                events += more
        return Step(new, tuple(events))

    def view(self, state: BattagliaState, viewer: PlayerId | Viewer | None) -> BattagliaView:
        return view_for(state, viewer)

    def outcome(self, state: BattagliaState) -> Outcome | None:
        return state.result

    def seat_count(self, state: BattagliaState) -> int:
        return state.players

    def default_action(self, state: BattagliaState, seat: PlayerId) -> Action | None:
        """Pass (abstain, accept, stay silent); a judge approves."""
        if state.phase is Phase.JUDGE:
            return Judge(actor=seat, approve=True)
        return Pass(actor=seat) if seat in active_players(state) else None


def advance(state: BattagliaState, action: Action) -> tuple[BattagliaState, list[Event]]:
    """Apply a legal ``action`` (unchecked) by the rules alone, without the look-ahead: the new sealed
    state and its events. The look-ahead (``rules.battaglia.forced``) explores with this."""
    events: list[Event] = []
    new = _dispatch(draft(state), action, events)
    return seal(record(new, events)), events


Applier = Callable[[BattagliaState, Any, list[Event]], BattagliaState]
"""The rule a checked move plays: (this move's draft state, the action, the events so far) -> the state."""


def _night_pass(state: BattagliaState, action: Pass, events: list[Event]) -> BattagliaState:
    """An awake seat's pass chooses nobody (DEC-18); an offered Lord's pass means "not tonight" (DEC-26)."""
    if state.night is not None and action.actor not in state.night.awake:
        return night.lord_answers(state, action.actor, False, events)
    return night.night_move(state, action.actor, -1, events)


def _reveal_lord(state: BattagliaState, action: RevealLord, events: list[Event]) -> BattagliaState:
    return day.reveal_lord(state, action.actor, events)


_BALLOT: dict[type, Applier] = {
    Vote: lambda s, a, e: day.cast(s, a.actor, a.targets, e),
    Pass: lambda s, a, e: day.cast(s, a.actor, (), e),  # abstain
    RevealLord: _reveal_lord,
}
MOVES: dict[Phase, dict[type, Applier]] = {
    Phase.DEAL: {ChanceAction: lambda s, a, e: deal.deal(s, tuple(a.values), e)},
    Phase.REBIRTH: {ChanceAction: lambda s, a, e: give_soul(s, a.values[0], e)},
    Phase.ACCUSE_DRAW: {ChanceAction: lambda s, a, e: day.draw_accusers(s, tuple(a.values), e)},
    Phase.NIGHT: {
        Choose: lambda s, a, e: night.night_move(s, a.actor, a.target, e),
        Whisper: lambda s, a, e: night.night_move(s, a.actor, a.text, e),
        Pass: _night_pass,
        RevealLord: lambda s, a, e: night.lord_answers(s, a.actor, True, e),
    },
    Phase.LAST_WORDS: {
        Accuse: lambda s, a, e: day.last_word(s, a.actor, a.target, e),
        Pass: lambda s, a, e: day.last_word(s, a.actor, None, e),
    },
    Phase.SPEECH: {
        Speak: lambda s, a, e: day.speech(s, a.actor, a.text, e),
        Pass: lambda s, a, e: day.speech(s, a.actor, "", e),
        RevealLord: _reveal_lord,
    },
    Phase.ACCUSE: {
        Accuse: lambda s, a, e: day.accuse(s, Accusation(a.actor, a.target, a.basis, a.charge, a.text), e),
        Pass: lambda s, a, e: day.accuse(s, None, e),
        RevealLord: _reveal_lord,
    },
    Phase.JUDGE: {Judge: lambda s, a, e: day.judge(s, a.actor, a.approve, e)},
    Phase.VOTE: _BALLOT,
    Phase.REVOTE: _BALLOT,
    Phase.CONDEMNED: {
        DyingShot: lambda s, a, e: day.dying_shot(s, a.actor, a.target, e),
        Curse: lambda s, a, e: day.curse(s, a.actor, e),
        Pass: lambda s, a, e: day.accept_verdict(s, e),
        RevealLord: _reveal_lord,
    },
    Phase.EXECUTION: {
        Intercede: lambda s, a, e: day.objection(s, a.actor, "intercede", e),
        RevealBishop: lambda s, a, e: day.objection(s, a.actor, "reveal_bishop", e),
        Pass: lambda s, a, e: day.objection(s, a.actor, "pass", e),
        RevealLord: _reveal_lord,
    },
}
"""Per phase, the rule each kind of move plays (``legal.PHASE_KINDS`` says which kinds are legal when)."""
ANY_PHASE: dict[type, Applier] = {
    DeclareOutcome: lambda s, a, e: declare_outcome(s, a.force, "moderator", e),
}
"""Moves whose rule is the same in every phase they are legal in."""


def _dispatch(state: BattagliaState, action: Action, events: list[Event]) -> BattagliaState:
    """Play a checked move by the rule the table names; then the phase machine moves on from a phase it ended."""
    kind = type(action)
    rule = MOVES[state.phase].get(kind) or ANY_PHASE[kind]
    return flow.turnover(rule(state, action, events), events)


GAME = Battaglia()

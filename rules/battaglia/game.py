"""The battaglia kernel: ``rules.core.Game`` over :class:`BattagliaState`."""

from __future__ import annotations

from collections.abc import Sequence

from narrator.rules.battaglia import day, flow, night
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
from narrator.rules.battaglia.life import declare_outcome, soul_pool
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


def _dispatch(state: BattagliaState, action: Action, events: list[Event]) -> BattagliaState:
    """Route a checked action to the rule that applies it."""
    if isinstance(action, ChanceAction):
        if state.phase is Phase.DEAL:
            return flow.deal(state, tuple(action.values), events)
        return flow.rebirth(state, action.values[0], events)
    if isinstance(action, DeclareOutcome):
        return declare_outcome(state, action.force, "moderator", events)
    phase, seat = state.phase, action.actor
    if phase is Phase.NIGHT and state.night is not None and (
            isinstance(action, RevealLord) or seat not in state.night.awake):
        return night.lord_answers(state, seat, isinstance(action, RevealLord), events)
    if isinstance(action, RevealLord):
        return day.reveal_lord(state, action.actor, events)
    if phase is Phase.NIGHT:
        value: int | str = action.target if isinstance(action, Choose) else (
            action.text if isinstance(action, Whisper) else -1)
        return night.night_move(state, seat, value, events)
    if phase is Phase.LAST_WORDS:
        return day.last_word(state, seat, action.target if isinstance(action, Accuse) else None, events)
    if phase is Phase.SPEECH:
        return day.speech(state, seat, action.text if isinstance(action, Speak) else "", events)
    if phase is Phase.ACCUSE:
        accusation = (Accusation(seat, action.target, action.basis, action.charge, action.text)
                      if isinstance(action, Accuse) else None)
        return day.accuse(state, accusation, events)
    if phase is Phase.JUDGE and isinstance(action, Judge):
        return day.judge(state, seat, action.approve, events)
    if phase in (Phase.VOTE, Phase.REVOTE):
        return day.cast(state, seat, action.targets if isinstance(action, Vote) else (), events)
    if phase is Phase.CONDEMNED:
        return _condemned(state, action, events)
    return day.objection(state, seat, action.kind if isinstance(action, (Intercede, RevealBishop)) else "pass",
                         events)


def _condemned(state: BattagliaState, action: Action, events: list[Event]) -> BattagliaState:
    if isinstance(action, DyingShot):
        return day.dying_shot(state, action.actor, action.target, events)
    if isinstance(action, Curse):
        return day.curse(state, action.actor, events)
    return day.accept_verdict(state, events)


GAME = Battaglia()

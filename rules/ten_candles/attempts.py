"""Stated attempts (config ``stated_attempts``, decision D45): a player says what their character
attempts; the GM answers with a conflict for that player or lets it simply happen.

The rulebook: a conflict is a character's attempt to do something whose result is not obvious, and
the Storyteller declares it (L58); whenever a character tries something hard, risky or uncertain the
Storyteller may ask for a conflict roll (L265); the active player is usually the one whose action
caused the conflict (L267). So in each *beat* of a scene (the GM's turn to move the scene on) the
living players first say, each once, whether they attempt something (``StateAttempt``) or not
(``PassAttempt``). The first stated attempt is the GM's to answer: ``CallConflict`` for that player
(plain, dangerous, or the Moment when it is their active card; L289, L152) or ``AllowAttempt`` (no
conflict: the result is obvious, L58). When every living player passed, the GM moves as without
the option. Truths (D44), Moments (D14, D42) and Brinks (D43) keep their rules: attempts are stated
only in the scene phase, and the conflict is the kernel's ordinary one.
"""

from __future__ import annotations

from narrator.rules.core import HOST, Code, Event, PlayerId, Rejection, public
from narrator.rules.ten_candles.actions import AllowAttempt, PassAttempt, StateAttempt
from narrator.rules.ten_candles.codes import TenCandlesCode as TC
from narrator.rules.ten_candles.codes import reject, text_rejection, who
from narrator.rules.ten_candles.config import MAX_TEXT
from narrator.rules.ten_candles.state import Phase, TenCandlesState
from narrator.rules.ten_candles.state import evolve as replace


def deciding(state: TenCandlesState) -> tuple[PlayerId, ...]:
    """The living players still to say whether they attempt something in this beat (``()`` without
    the option, outside the scene phase, or while a stated attempt waits for the GM)."""
    if not state.config.stated_attempts or state.phase != Phase.SCENE or state.attempt is not None:
        return ()
    return tuple(s for s in state.living() if s not in state.passed)


def gm_waits(state: TenCandlesState, kind: str) -> Rejection | None:
    """Why the GM may not make a scene move of ``kind`` now: players still deciding (L265).

    Rule: «Каждый раз, когда персонаж пытается сделать что-то сложное, рискованное ... Рассказчик
    может попросить совершить бросок конфликта» (seeds/000_e53cdcbb20917f8a.txt:L265)
    """
    waiting = deciding(state)
    if waiting:
        return reject(TC.PLAYERS_DECIDING, f"{kind} by the GM: seats {list(waiting)} are still saying what their "
                                           "characters attempt (state_attempt or pass_attempt)", "L265")
    return None


def check_state(state: TenCandlesState, action: StateAttempt | PassAttempt) -> Rejection | None:
    """A living player, once per beat, while the GM holds the scene and no attempt waits.

    Rule: «конфликт — это попытка персонажа сделать что-то, когда результат неочевиден. Конфликт
    объявляется Рассказчиком» (seeds/000_e53cdcbb20917f8a.txt:L58, L265)
    """
    if not state.config.stated_attempts:
        return reject(TC.ATTEMPTS_OFF, f"{action.kind} by {who(action.actor)}: this table does not use stated "
                                       "attempts; the GM calls the conflicts", "L58")
    if action.actor == HOST:
        return reject(TC.PLAYERS_ONLY, f"{action.kind} by the GM: players state what their characters attempt; "
                                       "the GM calls conflicts", "L58, L265")
    if not state.chars[action.actor].alive:
        return reject(Code.DEAD_ACTOR, f"{action.kind} by {who(action.actor)}: the character is dead", "L291")
    if state.attempt is not None:
        seat, text = state.attempt
        return reject(TC.ATTEMPT_PENDING, f"{action.kind} by {who(action.actor)}: {who(seat)} attempts {text!r}; "
                                          "the GM answers that first", "L267")
    if action.actor in state.passed:
        return reject(Code.ALREADY_ACTED, f"{action.kind} by {who(action.actor)}: already passed in this beat; "
                                          "wait for the GM's next move", "L265")
    if isinstance(action, StateAttempt):
        return text_rejection("state_attempt.text", action.text, action.actor, "L265", limit=MAX_TEXT)
    return None


def apply_state(state: TenCandlesState, action: StateAttempt, events: list[Event]) -> TenCandlesState:
    """The attempt waits for the GM's answer (public: the table hears it, L267)."""
    events.append(public("attempt_stated", seat=action.actor, text=action.text))
    return replace(state, attempt=(action.actor, action.text))


def apply_pass(state: TenCandlesState, action: PassAttempt, events: list[Event]) -> TenCandlesState:
    """Rule: the GM goes on once every living player passed (seeds/000_e53cdcbb20917f8a.txt:L265)"""
    return replace(state, passed=state.passed + (action.actor,))


def check_allow(state: TenCandlesState, action: AllowAttempt) -> Rejection | None:
    """The GM answers a stated attempt with no conflict (its outcome is obvious).

    Rule: «конфликт — это попытка персонажа сделать что-то, когда результат неочевиден»
    (seeds/000_e53cdcbb20917f8a.txt:L58)
    """
    if action.actor != HOST:
        return reject(TC.GM_ONLY, f"allow_attempt by {who(action.actor)}: only the GM rules on an attempt", "L58")
    if state.attempt is None:
        return reject(TC.NO_ATTEMPT, "allow_attempt: no player has stated an attempt to allow", "L58")
    return text_rejection("allow_attempt.text", action.text, HOST, "L58", limit=MAX_TEXT, allow_empty=True)


def apply_allow(state: TenCandlesState, action: AllowAttempt, events: list[Event]) -> TenCandlesState:
    """It simply happens; the scene goes on with a new beat."""
    assert state.attempt is not None
    seat, text = state.attempt
    events.append(public("attempt_answered", seat=seat, text=text, conflict=False))
    if action.text:
        events.append(public("narrated", narrator=HOST, text=action.text))
    return replace(state, attempt=None, passed=())


def check_answer(state: TenCandlesState, active: PlayerId) -> Rejection | None:
    """While an attempt waits, the GM's conflict is the attempter's (L267).

    Rule: «Обычно это тот, чьи действия и вызвали конфликт» (seeds/000_e53cdcbb20917f8a.txt:L267)
    """
    if state.attempt is not None and active != state.attempt[0]:
        seat, text = state.attempt
        return reject(TC.ATTEMPT_PENDING, f"call_conflict for seat {active}: {who(seat)} attempts {text!r}; call "
                                          f"the conflict for seat {seat} or allow_attempt", "L267")
    return gm_waits(state, "call_conflict")


def take_attempt(state: TenCandlesState, events: list[Event]) -> tuple[TenCandlesState, str]:
    """The GM's call answers the waiting attempt (if any): its text goes to the conflict."""
    if state.attempt is None:
        return (replace(state, passed=()) if state.passed else state), ""
    seat, text = state.attempt
    events.append(public("attempt_answered", seat=seat, text=text, conflict=True))
    return replace(state, attempt=None, passed=()), text

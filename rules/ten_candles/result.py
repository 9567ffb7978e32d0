"""A conflict's result (L281-297): success or failure told, the candle that goes out, the moment burned, the
engulfed; then voluntary death in a dangerous conflict and the narration that follows (L289-291).

Calling, rolling and the window after the dice: :mod:`narrator.rules.ten_candles.conflict`.
"""

from __future__ import annotations

from narrator.rules.core import HOST, Action, Code, Event, Rejection, public
from narrator.rules.ten_candles.actions import (
    DeclineDeath,
    Narrate,
    VolunteerDeath,
)
from narrator.rules.ten_candles.codes import TenCandlesCode as TC
from narrator.rules.ten_candles.codes import reject, text_rejection, who
from narrator.rules.ten_candles.config import MAX_TEXT
from narrator.rules.ten_candles.dice import is_success, player_narrates, player_sixes
from narrator.rules.ten_candles.flow import candle_out, end_game, kill, open_truths, with_char
from narrator.rules.ten_candles.state import Card, Conflict, Phase, TenCandlesState
from narrator.rules.ten_candles.state import evolve as replace

# -- the result ----------------------------------------------------------------------------------


def resolve(state: TenCandlesState, events: list[Event]) -> TenCandlesState:
    """Settle the final result of the roll (after every reroll, D33)."""
    c = state.conflict
    assert c is not None
    if is_success(c.common, c.hope):
        return _succeed(state, c, events)
    return _fail(state, c, events)


def _succeed(state: TenCandlesState, c: Conflict, events: list[Event]) -> TenCandlesState:
    """Ones leave the pool until the scene ends (not the hope die); sixes decide who narrates;
    a lived Moment gives a hope die.

    Rule: «При успешном результате игроки тут же теряют из общего пула все кубики, на которых
    выпало 1 (за исключением кубика надежды ...)» / «Если надежда обретена, игрок получает кубик
    надежды ... и сцена продолжается» (seeds/000_e53cdcbb20917f8a.txt:L273, L279, L283, L154, L158)
    """
    lost_face = 6 if c.last_reroll == "brink" and state.config.brink_success_loses == "sixes" else 1
    lost = min(c.common.count(lost_face), state.pool)
    narrator = c.active if c.seized or player_narrates(c.common, c.hope, c.gm) else HOST
    state = replace(state, set_aside=state.set_aside + lost, narrator=narrator)
    events.append(_result_event(state, c, True, narrator, lost))
    if c.moment:
        state = _burn_moment(state, c.active, True, events)
    if c.seized:
        events.append(public("narration_seized", seat=c.active))
        state = candle_out(state, "seize", c.active, events)
        state = replace(state, ending="seize", last_out_by=c.active)
    return replace(state, phase=Phase.NARRATION)


def _fail(state: TenCandlesState, c: Conflict, events: list[Event]) -> TenCandlesState:
    """A failure puts one candle out and ends the scene; the GM narrates it. In the final scene
    (``one_by_one``, D3) the roller dies instead.

    Rule: «При провале одна свеча тушится» / «Рассказчик всегда описывает исход, если конфликт
    был провален» / «Грань сгорает, кубик надежды теряется, свеча тушится»
    (seeds/000_e53cdcbb20917f8a.txt:L271, L275, L283, L156, L297, L47)
    """
    state = replace(state, narrator=HOST)
    events.append(_result_event(state, c, False, HOST, 0))
    cause = "failed_roll"
    if c.moment:
        state, cause = _burn_moment(state, c.active, False, events), "failed_moment"
    if c.last_reroll == "brink":
        state, cause = _engulf(state, c, events), "failed_brink"
    if state.final and state.config.final_scene == "one_by_one":
        state = kill(state, c.active, "final_scene", events)
    else:
        state = candle_out(state, cause, c.active, events)
        state = replace(state, ending=cause, last_out_by=c.active)
    if c.dangerous and state.living():
        return replace(state, phase=Phase.DEATH)
    return replace(state, phase=Phase.NARRATION)


def _burn_moment(state: TenCandlesState, seat: int, success: bool, events: list[Event]) -> TenCandlesState:
    """Rule: «Когда Момент будет прожит, успешно или нет, сожгите его» (seeds/000_e53cdcbb20917f8a.txt:L154, L158)"""
    char = state.chars[seat]
    char = replace(char, stack=char.stack[1:], burned=char.burned + (Card.MOMENT,), hope=char.hope or success)
    events.append(public("moment_burned", seat=seat, success=success, text=char.moment, hope=char.hope))
    return with_char(state, char)


def _engulf(state: TenCandlesState, c: Conflict, events: list[Event]) -> TenCandlesState:
    """Rule: «Грань охватывает вас ... теряете кубик Надежды ... и сжигаете свою Грань»
    (seeds/000_e53cdcbb20917f8a.txt:L220, L297)"""
    char = state.chars[c.active]
    char = replace(char, stack=(), burned=char.burned + (Card.BRINK,), hope=False, brink_revealed=True)
    events.append(public("brink_engulfed", seat=c.active, text=char.brink, hope_lost=state.chars[c.active].hope))
    return with_char(state, char)


def _result_event(state: TenCandlesState, c: Conflict, success: bool, narrator: int, lost: int) -> Event:
    return public("conflict_resolved", active=c.active, success=success, dangerous=c.dangerous, moment=c.moment,
                  common=list(c.common), hope=c.hope or None, gm=list(c.gm),
                  player_sixes=player_sixes(c.common, c.hope), gm_sixes=c.gm.count(6), narrator=narrator,
                  set_aside=lost, pool=state.pool, seized=c.seized)


# -- voluntary death and narration ---------------------------------------------------------------


def death_window(state: TenCandlesState) -> tuple[int, ...]:
    """Living players still to say whether their character dies of the failed dangerous conflict."""
    answered = state.conflict.answered if state.conflict else ()
    return tuple(s for s in state.living() if s not in answered)


def check_death_choice(state: TenCandlesState, action: Action) -> Rejection | None:
    """Any living player, not only the roller, may answer; the first volunteer dies (D24).

    Rule: «любой игрок (не только активный) может, если это будет уместно, сделать так, что его
    персонаж умрёт в результате провального опасного конфликта» (seeds/000_e53cdcbb20917f8a.txt:L291)
    """
    if action.actor == HOST:
        return reject(TC.PLAYERS_ONLY, f"{action.kind} by the GM: only players choose their characters' deaths",
                      "L291")
    if action.actor not in death_window(state):
        dead = 0 <= action.actor < state.players and not state.chars[action.actor].alive
        return reject(Code.DEAD_ACTOR if dead else Code.ALREADY_ACTED,
                      f"{action.kind} by {who(action.actor)}: waiting only for {list(death_window(state))}", "L291")
    return None


def apply_volunteer(state: TenCandlesState, action: VolunteerDeath, events: list[Event]) -> TenCandlesState:
    """Rule: «игрок, принесший жертву, выигрывает право повествования и описывает исход конфликта
    и смерть своего персонажа» (seeds/000_e53cdcbb20917f8a.txt:L291)"""
    state = kill(state, action.actor, "voluntary", events)
    return replace(state, phase=Phase.NARRATION, narrator=action.actor)


def apply_decline(state: TenCandlesState, action: DeclineDeath, events: list[Event]) -> TenCandlesState:
    """The last refusal hands narration to the GM (L289)."""
    assert state.conflict is not None
    state = replace(state, conflict=replace(state.conflict, answered=state.conflict.answered + (action.actor,)))
    return state if death_window(state) else replace(state, phase=Phase.NARRATION, narrator=HOST)


def check_narrate(state: TenCandlesState, action: Narrate) -> Rejection | None:
    """Only the narration holder narrates.

    Rule: «Если вы выиграли право повествования, это значит, что вы можете описать, что
    произошло в результате конфликта» (seeds/000_e53cdcbb20917f8a.txt:L281, L283)
    """
    if action.actor != state.narrator:
        return reject(TC.NOT_NARRATOR, f"narrate by {who(action.actor)}: {who(state.narrator or 0)} holds narration "
                                       "of this conflict", "L279-283")
    return text_rejection("narrate.text", action.text, action.actor, "L281", limit=MAX_TEXT)


def apply_narrate(state: TenCandlesState, action: Narrate, events: list[Event]) -> TenCandlesState:
    """After the narration the scene goes on, or its truths begin, or the game ends (D34)."""
    events.append(public("narrated", narrator=action.actor, text=action.text))
    state = replace(state, conflict=None, narrator=None)
    if state.lit == 0 or not state.living():
        return end_game(state, events)
    if state.ending:
        return open_truths(state, events)
    return replace(state, phase=Phase.SCENE, passed=()) if state.passed else replace(state, phase=Phase.SCENE)

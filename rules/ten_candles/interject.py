"""The truths phase (L301-331) and the moves any seat may make at any moment: an accidental
candle (L56), showing an active Brink (L232-234), the X-card (safety, D39)."""

from __future__ import annotations

from narrator.rules.core import HOST, Code, Event, Rejection, public
from narrator.rules.ten_candles.actions import CandleOut, RevealBrink, SpeakTruth, XCard
from narrator.rules.ten_candles.codes import TenCandlesCode as TC
from narrator.rules.ten_candles.codes import reject, text_rejection, who
from narrator.rules.ten_candles.config import MAX_TEXT, TRUTH_TOPICS
from narrator.rules.ten_candles.flow import candle_out, close_truths, end_game, open_truths, with_char
from narrator.rules.ten_candles.state import PRE_PLAY_PHASES, SCENE_PHASES, Card, Phase, TenCandlesState, Truth
from narrator.rules.ten_candles.state import evolve as replace

PLAY_PHASES = (*SCENE_PHASES, Phase.TRUTHS)


def check_truth(state: TenCandlesState, action: SpeakTruth) -> Rejection | None:
    """The next speaker clockwise states one fact; Their weakness, the darkness and the sun are
    the GM's topics.

    Rule: «по часовой стрелке устанавливают по одному факту» / «В том, что касается Их
    уязвимостей, тьмы и отсутствия солнца, истины может устанавливать только Рассказчик»
    (seeds/000_e53cdcbb20917f8a.txt:L313, L331)
    """
    speaker = state.truth_queue[0]
    if action.actor != speaker:
        return reject(Code.NOT_YOUR_TURN, f"speak_truth by {who(action.actor)}: it is {who(speaker)}'s truth now "
                                          f"({len(state.truth_queue)} left in this phase)", "L313")
    if action.topic not in TRUTH_TOPICS:
        return reject(TC.UNKNOWN_TOPIC, f"speak_truth topic {action.topic!r} by {who(action.actor)}: use one of "
                                        f"{list(TRUTH_TOPICS)}", "L331")
    if action.topic != "general" and action.actor != HOST:
        return reject(TC.GM_ONLY_TOPIC, f"speak_truth by {who(action.actor)} on {action.topic!r}: only the GM sets "
                                        "truths about Their weakness, the darkness and the sun; speak a "
                                        "'general' truth", "L331")
    return text_rejection("speak_truth.text", action.text, action.actor, "L313, L325", limit=MAX_TEXT)


def apply_truth(state: TenCandlesState, action: SpeakTruth, events: list[Event]) -> TenCandlesState:
    """Rule: «Став истиной, факт становится непреложным» (seeds/000_e53cdcbb20917f8a.txt:L323, L313)"""
    truth = Truth(state.scene, action.actor, action.text, action.topic)
    queue = state.truth_queue[1:]
    events.append(public("truth_spoken", seat=action.actor, text=action.text, topic=action.topic,
                         scene=state.scene, left=len(queue)))
    state = replace(state, truths=state.truths + (truth,), truth_queue=queue)
    return state if queue else close_truths(state, events)


def check_candle_out(state: TenCandlesState, action: CandleOut) -> Rejection | None:
    """A candle can go out only while one burns.

    Rule: «свечи могут тухнуть случайно» (seeds/000_e53cdcbb20917f8a.txt:L56)
    """
    if state.lit == 0:
        return reject(TC.NO_CANDLE_LIT, f"candle_out by {who(action.actor)}: no candle is burning in phase "
                                        f"{state.phase}", "L56")
    return None


def apply_candle_out(state: TenCandlesState, action: CandleOut, events: list[Event]) -> TenCandlesState:
    """An accident ends the scene at once: a pending conflict is void (D16), truths stop and the
    chorus is said (L327), setup goes on with the candle dark (D17).

    Rule: «Каждый раз, когда свеча тухнет по какой бы то ни было причине, текущая сцена
    заканчивается» / «Если свеча гаснет в середине фазы установления истин, новых истин больше
    не будет» (seeds/000_e53cdcbb20917f8a.txt:L56, L327)
    """
    if state.phase in PRE_PLAY_PHASES:
        if state.config.allow_relight_during_setup:
            events.append(public("candle_out", cause="accident", seat=None, lit=state.lit - 1, dark=state.dark))
            events.append(public("candle_relit", lit=state.lit))
            return state
        return candle_out(state, "accident", None, events)
    state = candle_out(state, "accident", None, events)
    if state.phase == Phase.TRUTHS:
        return close_truths(state, events)
    if state.conflict is not None:
        events.append(public("conflict_void", active=state.conflict.active))
    state = replace(state, ending="accident", last_out_by=None, conflict=None, narrator=None)
    return end_game(state, events) if state.lit == 0 else open_truths(state, events)


def check_reveal(state: TenCandlesState, action: RevealBrink) -> Rejection | None:
    """A Brink may be shown once it is the active card, not before.

    Rule: «не стоит раскрывать Грань до того, как она станет активной. После этого отрывайтесь
    по полной» (seeds/000_e53cdcbb20917f8a.txt:L232-234)
    """
    if action.actor == HOST:
        return reject(TC.PLAYERS_ONLY, "reveal_brink by the GM: only a player shows their own Brink", "L234")
    char = state.chars[action.actor]
    if not char.alive:
        return reject(Code.DEAD_ACTOR, f"reveal_brink by seat {action.actor}: the character is dead", "L234")
    if char.top != Card.BRINK:
        return reject(TC.CARD_NOT_ACTIVE, f"reveal_brink by seat {action.actor}: the Brink is not the active card "
                                          f"(top is {char.top}); hint at it, do not reveal it yet", "L234")
    if char.brink_revealed:
        return reject(TC.BRINK_ALREADY_SHOWN, f"reveal_brink by seat {action.actor}: it is already known to all",
                      "L232")
    return None


def apply_reveal(state: TenCandlesState, action: RevealBrink, events: list[Event]) -> TenCandlesState:
    """Rule: «когда все могут узнать, на что вы действительно способны» (seeds/000_e53cdcbb20917f8a.txt:L232)"""
    char = state.chars[action.actor]
    events.append(public("brink_revealed", seat=action.actor, text=char.brink))
    return with_char(state, replace(char, brink_revealed=True))


def check_x_card(state: TenCandlesState, action: XCard) -> Rejection | None:
    """Any seat may play the X-card at any moment; its note is optional and bounded (D39)."""
    return text_rejection("x_card.note", action.note, action.actor, "L45", limit=MAX_TEXT, allow_empty=True)


def apply_x_card(state: TenCandlesState, action: XCard, events: list[Event]) -> TenCandlesState:
    """Safety, not a rule of the seed (D39): recorded for every Storyteller, no candle/die/card
    changes. Rule: the content is extreme by design (seeds/000_e53cdcbb20917f8a.txt:L45, L172)"""
    events.append(public("x_card", note=action.note, count=len(state.x_cards) + 1, phase=str(state.phase)))
    return replace(state, x_cards=state.x_cards + (action.note,))


__all__ = ["PLAY_PHASES", "apply_candle_out", "apply_reveal", "apply_truth", "apply_x_card", "check_candle_out",
           "check_reveal", "check_truth", "check_x_card", "end_game"]

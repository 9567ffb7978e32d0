"""Transitions shared by every phase: candles going out, scenes starting, truths, the end.

Each helper takes the state and a list that collects events, and returns the new state.
"""

from __future__ import annotations

from narrator.rules.core import HOST, Event, PlayerId, public
from narrator.rules.ten_candles.config import CHORUS, OPENING_PHRASE, START_PHRASE, TOTAL_CANDLES
from narrator.rules.ten_candles.state import CANDLES_AFTER_STEP, Character, Phase, TenCandlesState, ring
from narrator.rules.ten_candles.state import evolve as replace

PLAYER_CAUSES = ("failed_roll", "failed_moment", "failed_brink", "seize")
"""Candle causes after which the player responsible speaks the first truth (L313)."""


def light_candles(state: TenCandlesState, step: int, events: list[Event]) -> TenCandlesState:
    """Light the candles a finished setup step calls for; dark ones stay dark (D17).

    Rule: «Зажгите три свечи» / «ещё три» / «три» / «последнюю» (seeds/000_e53cdcbb20917f8a.txt:L96, L140, L166, L242)
    """
    target = CANDLES_AFTER_STEP.get(step)
    if target is None:
        return state
    lit = max(0, target - state.dark)
    events.append(public("candles_lit", step=step, lit=lit, dark=state.dark))
    return replace(state, lit=lit)


def candle_out(state: TenCandlesState, cause: str, by: PlayerId | None, events: list[Event]) -> TenCandlesState:
    """One candle goes dark, for good.

    Rule: «потушенные свечи никогда не зажигаются» (seeds/000_e53cdcbb20917f8a.txt:L56)
    """
    lit = state.lit - 1
    events.append(public("candle_out", cause=cause, seat=by, lit=lit, dark=state.dark + 1))
    # L275: the pool «не может превышать количество горящих ... свечей», even before it is restored.
    return replace(state, lit=lit, dark=state.dark + 1, pool_base=min(state.pool_base, lit))


def kill(state: TenCandlesState, seat: PlayerId, cause: str, events: list[Event]) -> TenCandlesState:
    """A character dies; their cards and hope die leave play (D27).

    Rule: «персонажи один за другим начинают умирать» / добровольная смерть
    (seeds/000_e53cdcbb20917f8a.txt:L47, L291)
    """
    char = state.chars[seat]
    dead = replace(char, alive=False, hope=False)
    events.append(public("character_died", seat=seat, cause=cause, name=char.name))
    state = _with_char(replace(state, deaths=state.deaths + (seat,)), dead)
    if state.config.message_playback == "on_death" and char.message is not None:
        events.append(public("message_played", seat=seat, name=char.name, text=char.message))
    return state


def start_scene(state: TenCandlesState, events: list[Event]) -> TenCandlesState:
    """Begin the next scene: the pool is restored to the lit candles, the rest go to the GM.

    Rule: «общий пул кубиков восстанавливается до числа, равного количеству горящих свечей. Все
    остальные кубики уходят до конца игры в пул Рассказчика» (seeds/000_e53cdcbb20917f8a.txt:L329, L62)
    """
    if state.lit == 0 or not state.living():
        return end_game(state, events)
    chars = state.chars
    if any(c.traits_burned_this_scene for c in chars):  # else keep the tuple: views built for it stay valid
        chars = tuple(replace(c, traits_burned_this_scene=()) if c.traits_burned_this_scene else c for c in chars)
    scene = state.scene + 1
    new = replace(state, phase=Phase.SCENE, scene=scene, pool_base=state.lit, set_aside=0,
                  gm_pool=TOTAL_CANDLES - state.lit, final=state.lit == 1, chars=chars, ending="",
                  last_out_by=None, conflict=None, narrator=None, truth_queue=(), attempt=None, passed=())
    events.append(public("scene_started", scene=scene, lit=new.lit, pool=new.pool, gm_pool=new.gm_pool,
                         final=new.final))
    return new


def first_truth_speaker(state: TenCandlesState) -> PlayerId:
    """Who speaks the first truth: the player whose failed roll or seizure put the candle out,
    otherwise the GM.

    Rule: «Если свеча предыдущей сцены была потушена из-за провального броска или ради перехвата
    права повествования, первым истину устанавливает этот игрок. В противном случае начинает
    Рассказчик» (seeds/000_e53cdcbb20917f8a.txt:L313)
    """
    if state.ending in PLAYER_CAUSES and state.last_out_by is not None:
        return state.last_out_by
    return HOST


def truth_rotation(state: TenCandlesState, first: PlayerId, count: int) -> tuple[PlayerId, ...]:
    """Speakers of ``count`` truths, clockwise from ``first``, the GM included (L313, D19, D26).

    Rule: «игроки и Рассказчик по часовой стрелке устанавливают по одному факту»
    (seeds/000_e53cdcbb20917f8a.txt:L313)
    """
    speakers = [s for s in ring(state.players)
                if s == HOST or state.config.dead_players_speak_truths or state.chars[s].alive]
    order = ring(state.players)
    start = order.index(first)
    while order[start] not in speakers:
        start = (start + 1) % len(order)
    begin = speakers.index(order[start])
    return tuple(speakers[(begin + i) % len(speakers)] for i in range(count))


def open_truths(state: TenCandlesState, events: list[Event]) -> TenCandlesState:
    """The candle that ended the scene is out: the GM's ritual phrase opens the truths, which
    run until their number equals the lit candles, the chorus included (D2).

    Rule: «Все фазы установления истин начинаются одинаково, сразу после тушения свечи ...
    Процедура повторяется, пока количество фактов не станет равняться числу горящих свечей»
    (seeds/000_e53cdcbb20917f8a.txt:L307-313, L319)
    """
    events.append(public("scene_ended", scene=state.scene, cause=state.ending or "accident"))
    if state.lit == 0 or not state.living():
        return end_game(state, events)
    first = first_truth_speaker(state)
    count = max(0, state.lit - 1) if state.config.chorus_counts_as_truth else state.lit
    queue = truth_rotation(state, first, count)
    events.append(public("truths_opened", scene=state.scene, speaker=HOST, phrase=OPENING_PHRASE,
                         first=first, truths=count, order=list(queue)))
    state = replace(state, phase=Phase.TRUTHS, truth_queue=queue, conflict=None, narrator=None, attempt=None,
                    passed=())
    return close_truths(state, events) if not queue else state


def close_truths(state: TenCandlesState, events: list[Event]) -> TenCandlesState:
    """The living say «И мы живы» together, then the next scene begins.

    Rule: «Все игроки (чьи персонажи пока живы) одновременно хором произносят одну фразу: И мы
    живы» (seeds/000_e53cdcbb20917f8a.txt:L315-317, L327, L329)
    """
    events.append(public("we_are_alive", seats=list(state.living()), phrase=CHORUS))
    return start_scene(replace(state, truth_queue=()), events)


def end_game(state: TenCandlesState, events: list[Event]) -> TenCandlesState:
    """The end: every remaining character dies, the last candles go out, messages play.

    Rule: «В финальной сцене все умрут, без вариантов» (seeds/000_e53cdcbb20917f8a.txt:L41, L47)
    """
    termination = "last_candle" if state.lit == 0 else "all_dead"
    for seat in state.living():
        state = kill(state, seat, "the_end", events)
    if state.lit:
        events.append(public("darkness", candles_put_out=state.lit))
        state = replace(state, dark=state.dark + state.lit, lit=0, pool_base=0)
    if state.config.message_playback == "at_end":
        for char in state.chars:
            if char.message is not None:
                events.append(public("message_played", seat=char.seat, name=char.name, text=char.message))
    events.append(public("game_over", termination=termination, scenes=state.scene, deaths=list(state.deaths)))
    return replace(state, phase=Phase.OVER, termination=termination, conflict=None, narrator=None,
                   truth_queue=(), ending="")


def begin_play(state: TenCandlesState, events: list[Event]) -> TenCandlesState:
    """Step 7 is done: the last candle is lit, the lights go out, «Начинаем.»

    Rule: «Зажгите последнюю свечу и выключите свет. Начинаем.» (seeds/000_e53cdcbb20917f8a.txt:L242-244)
    """
    state = light_candles(state, 7, events)
    events.append(public("lights_out", phrase=START_PHRASE))
    return replace(state, phase=Phase.FRAMING, done=())


def _with_char(state: TenCandlesState, char: Character) -> TenCandlesState:
    chars = list(state.chars)
    chars[char.seat] = char
    return replace(state, chars=tuple(chars))


with_char = _with_char

"""Setup steps 1-7 (L92-244), the first scene's framing (L253) and the recorded messages (L255-257).

Players write simultaneously; a step ends when every seat that writes in it has written, and
only then are its cards passed, shared or fixed and its candles lit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import permutations
from typing import Any

from narrator.rules.core import HOST, Action, Code, Event, PlayerId, Rejection, private, public
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
from narrator.rules.ten_candles.codes import TenCandlesCode as TC
from narrator.rules.ten_candles.codes import reject, text_rejection, who
from narrator.rules.ten_candles.config import MAX_TEXT, MAX_TRAIT
from narrator.rules.ten_candles.flow import begin_play, light_candles, start_scene, with_char
from narrator.rules.ten_candles.state import (
    STEP_OF,
    Card,
    Phase,
    TenCandlesState,
    brink_author,
    left_of,
    vice_author,
    virtue_author,
)
from narrator.rules.ten_candles.state import evolve as replace

STACK_CARDS = (Card.VIRTUE, Card.VICE, Card.MOMENT)
STACK_ORDERS = tuple(tuple(str(c) for c in order) for order in permutations(STACK_CARDS))
"""The six legal orders of step 6 (the Brink always goes under them)."""
GM_WRITES = (Phase.MODULE, Phase.FRAMING)
EVERYONE_WRITES = (Phase.BRINKS,)


def writers(state: TenCandlesState) -> tuple[PlayerId, ...]:
    """Seats that still have to write in the current setup phase."""
    seats: tuple[PlayerId, ...] = tuple(range(state.players))
    if state.phase in GM_WRITES:
        seats = (HOST,)
    elif state.phase in EVERYONE_WRITES:
        seats = (HOST, *seats)
    return tuple(s for s in seats if s not in state.done)


def check_writer(state: TenCandlesState, action: Action, lines: str) -> Rejection | None:
    """The actor must be one who writes in this step and has not written yet."""
    actor, phase = action.actor, state.phase
    if phase in GM_WRITES and actor != HOST:
        return reject(TC.GM_ONLY, f"{action.kind} by {who(actor)}: in phase {phase} only the GM writes", lines)
    if phase not in GM_WRITES and phase not in EVERYONE_WRITES and actor == HOST:
        return reject(TC.PLAYERS_ONLY, f"{action.kind} by the GM: in phase {phase} only the players write; "
                                       "the GM waits", lines)
    if actor in state.done:
        return reject(Code.ALREADY_ACTED, f"{who(actor)} already made {action.kind} in phase {phase}; "
                                          f"waiting for {', '.join(who(s) for s in writers(state))}", lines)
    return None


def check_setup(state: TenCandlesState, action: Action) -> Rejection | None:
    """Who may write this setup card now, and is its text acceptable in form."""
    lines = LINES[type(action)]
    rejection = check_writer(state, action, lines)
    if rejection:
        return rejection
    for field, allow_empty, limit, one_word in FIELDS[type(action)]:
        one_word = one_word and state.config.traits_one_word
        rejection = text_rejection(f"{action.kind}.{field}", getattr(action, field), action.actor, lines,
                                   limit=limit, allow_empty=allow_empty, one_word=one_word)
        if rejection:
            return rejection
    if isinstance(action, ArrangeStack):
        return check_stack(action)
    return None


def check_stack(action: ArrangeStack) -> Rejection | None:
    """The stack holds virtue, vice and moment in any order; the Brink always lies beneath.

    Rule: «все Грани должны лежать в самом низу ... остальные карточки разложите в любом
    порядке» (seeds/000_e53cdcbb20917f8a.txt:L230, L232)
    """
    order = tuple(action.order)
    if Card.BRINK in order:
        return reject(TC.BRINK_NOT_AT_BOTTOM, f"arrange_stack by {who(action.actor)} lists the Brink; it always lies "
                                              "face down at the bottom: order only virtue, vice and moment", "L230-232")
    if order not in STACK_ORDERS:
        return reject(TC.BAD_STACK, f"arrange_stack by {who(action.actor)}: {list(order)} is not an order of "
                                    "'virtue', 'vice', 'moment' (each once, top first)", "L230")
    return None


def apply_setup(state: TenCandlesState, action: Action, events: list[Event]) -> TenCandlesState:
    """Record a setup card, then finish the step when every writer has written."""
    state = RECORD[type(action)](state, action, events)
    state = replace(state, done=state.done + (action.actor,))
    if not writers(state):
        state = finish_step(state, events)
    return state


def _traits(state: TenCandlesState, action: WriteTraits, events: list[Event]) -> TenCandlesState:
    """Rule: «каждый игрок (но не Рассказчик) пишет добродетель, а на другой — порок»
    (seeds/000_e53cdcbb20917f8a.txt:L102)"""
    written = list(state.written_traits)
    written[action.actor] = (action.virtue.strip(), action.vice.strip())
    events.append(private("traits_written", frozenset({action.actor}), seat=action.actor,
                          virtue=action.virtue.strip(), vice=action.vice.strip()))
    return replace(state, written_traits=tuple(written))


def _module(state: TenCandlesState, action: ReadModule, events: list[Event]) -> TenCandlesState:
    """Rule: «Рассказчик должен зачитать модуль игры» (seeds/000_e53cdcbb20917f8a.txt:L122)"""
    events.append(public("module_read", text=action.text))
    return replace(state, module=action.text)


def _describe(state: TenCandlesState, action: DescribeCharacter, events: list[Event]) -> TenCandlesState:
    """Rule: «Запишите информацию на ещё одну карточку и зачитайте её для всех»
    (seeds/000_e53cdcbb20917f8a.txt:L128-132)"""
    char = replace(state.chars[action.actor], name=action.name, appearance=action.appearance,
                   description=action.description)
    events.append(public("character_described", seat=action.actor, name=action.name,
                         appearance=action.appearance, description=action.description))
    return with_char(state, char)


def _moment(state: TenCandlesState, action: WriteMoment, events: list[Event]) -> TenCandlesState:
    """Rule: «каждый игрок берёт новую карточку и пишет наверху: «Я обрету надежду, когда…»»
    (seeds/000_e53cdcbb20917f8a.txt:L144)"""
    events.append(private("moment_written", frozenset({action.actor}), seat=action.actor, text=action.text))
    return with_char(state, replace(state.chars[action.actor], moment=action.text))


def brink_knowers(state: TenCandlesState, holder: PlayerId) -> frozenset[PlayerId]:
    """Who knows ``holder``'s Brink (``HOST`` = Their Brink): holder and author; the GM knows the
    one it wrote and Theirs, and every Brink only with ``gm_sees_all_brinks`` (D23).

    Rule: «Грань вашего персонажа знаете не только вы, но и игрок, сидящий рядом» / «получает
    Грань, которую не знает никто из других игроков, но зато знают Они»
    (seeds/000_e53cdcbb20917f8a.txt:L176, L190, L192)
    """
    return _knowers(holder, state.players, state.config.gm_sees_all_brinks)


@cache
def _knowers(holder: PlayerId, players: int, gm_sees_all: bool) -> frozenset[PlayerId]:
    knowers = {holder, brink_author(holder, players)}
    if gm_sees_all:
        knowers.add(HOST)
    return frozenset(knowers)


def _brink(state: TenCandlesState, action: WriteBrink, events: list[Event]) -> TenCandlesState:
    """Rule: «Грань пишется для игрока, сидящего слева» (seeds/000_e53cdcbb20917f8a.txt:L174, L190, L192)"""
    holder = left_of(action.actor, state.players)
    events.append(private("brink_written", brink_knowers(state, holder), author=action.actor, holder=holder,
                          them=holder == HOST, text=action.text))
    if holder == HOST:
        return replace(state, their_brink=action.text)
    return with_char(state, replace(state.chars[holder], brink=action.text))


def _stack(state: TenCandlesState, action: ArrangeStack, events: list[Event]) -> TenCandlesState:
    """Rule: «После того, как стопка составлена, она фиксируется» (seeds/000_e53cdcbb20917f8a.txt:L230-234)"""
    stack = (*(Card(c) for c in action.order), Card.BRINK)
    events.append(private("stack_arranged", frozenset({action.actor}), seat=action.actor,
                          order=[str(c) for c in stack]))
    return with_char(state, replace(state.chars[action.actor], stack=stack))


def _supplies(state: TenCandlesState, action: DescribeSupplies, events: list[Event]) -> TenCandlesState:
    """Rule: «У вашего персонажа есть всё, что есть у вас в карманах» (seeds/000_e53cdcbb20917f8a.txt:L240)"""
    events.append(public("supplies_described", seat=action.actor, text=action.text))
    return with_char(state, replace(state.chars[action.actor], supplies=action.text))


def _frame(state: TenCandlesState, action: FrameScene, events: list[Event]) -> TenCandlesState:
    """Rule: «Рассказчик может его повторно зачитать и немного расширить» (seeds/000_e53cdcbb20917f8a.txt:L253)"""
    events.append(public("scene_framed", scene=1, text=action.text))
    return replace(state, frame=action.text)


def _message(state: TenCandlesState, action: RecordMessage, events: list[Event]) -> TenCandlesState:
    """Rule: «передайте по кругу диктофон, чтобы каждый игрок записал послание от лица своего
    персонажа» (seeds/000_e53cdcbb20917f8a.txt:L255-257)"""
    events.append(public("message_recorded", seat=action.actor))
    events.append(private("message_kept", frozenset({action.actor}), seat=action.actor, text=action.text))
    return with_char(state, replace(state.chars[action.actor], message=action.text))


def finish_step(state: TenCandlesState, events: list[Event]) -> TenCandlesState:
    """Pass, share or fix what the step wrote, light its candles, and move to the next phase."""
    phase = state.phase
    if phase == Phase.TRAITS:
        state = _pass_traits(state, events)
    elif phase == Phase.MOMENTS:
        events.append(public("moments_shared", moments={str(c.seat): c.moment for c in state.chars}))
    elif phase == Phase.STACKS:
        state = _fix_stacks(state, events)
    elif phase == Phase.SUPPLIES:
        return begin_play(state, events)
    elif phase == Phase.MESSAGES:
        return start_scene(replace(state, done=()), events)
    state = light_candles(state, STEP_OF.get(phase, 0), events)
    return replace(state, phase=NEXT[phase], done=())


def _pass_traits(state: TenCandlesState, events: list[Event]) -> TenCandlesState:
    """Virtues go to the player on the right, vices to the player on the left.

    Rule: «игроки передают записанную добродетель игроку справа, а порок — игроку слева»
    (seeds/000_e53cdcbb20917f8a.txt:L102)
    """
    n = state.players
    chars = tuple(replace(c, virtue=state.written_traits[virtue_author(c.seat, n)][0],
                          vice=state.written_traits[vice_author(c.seat, n)][1]) for c in state.chars)
    events.append(public("traits_passed", traits=[{"seat": c.seat, "virtue": c.virtue, "vice": c.vice,
                                                   "virtue_from": virtue_author(c.seat, n),
                                                   "vice_from": vice_author(c.seat, n)} for c in chars]))
    return replace(state, chars=chars)


def _fix_stacks(state: TenCandlesState, events: list[Event]) -> TenCandlesState:
    """Stacks are fixed and shown; more than one Moment on top only draws a warning (D21).

    Rule: «в идеале наверху должно быть не больше одного Момента» (seeds/000_e53cdcbb20917f8a.txt:L230)
    """
    events.append(public("stacks_fixed", stacks={str(c.seat): [str(k) for k in c.stack] for c in state.chars}))
    on_top = [c.seat for c in state.chars if c.top == Card.MOMENT]
    if len(on_top) > 1:
        events.append(public("moments_on_top", seats=on_top, advice="ideally no more than one Moment on top (L230)"))
    return state


NEXT = {Phase.TRAITS: Phase.MODULE, Phase.MODULE: Phase.DESCRIBE, Phase.DESCRIBE: Phase.MOMENTS,
        Phase.MOMENTS: Phase.BRINKS, Phase.BRINKS: Phase.STACKS, Phase.STACKS: Phase.SUPPLIES,
        Phase.FRAMING: Phase.MESSAGES}
RECORD: dict[type[Action], Callable[[TenCandlesState, Any, list[Event]], TenCandlesState]] = {
    WriteTraits: _traits, ReadModule: _module, DescribeCharacter: _describe, WriteMoment: _moment,
    WriteBrink: _brink, ArrangeStack: _stack, DescribeSupplies: _supplies, FrameScene: _frame,
    RecordMessage: _message}
LINES = {WriteTraits: "L102-104", ReadModule: "L122", DescribeCharacter: "L128-132", WriteMoment: "L144",
         WriteBrink: "L174-178", ArrangeStack: "L230-234", DescribeSupplies: "L240", FrameScene: "L253",
         RecordMessage: "L255-257"}
FIELDS: dict[type, tuple[tuple[str, bool, int, bool], ...]] = {
    WriteTraits: (("virtue", False, MAX_TRAIT, True), ("vice", False, MAX_TRAIT, True)),
    ReadModule: (("text", False, MAX_TEXT, False),),
    DescribeCharacter: (("name", False, MAX_TEXT, False), ("appearance", False, MAX_TEXT, False),
                        ("description", False, MAX_TEXT, False)),
    WriteMoment: (("text", False, MAX_TEXT, False),),
    WriteBrink: (("text", False, MAX_TEXT, False),),
    ArrangeStack: (),
    DescribeSupplies: (("text", True, MAX_TEXT, False),),
    FrameScene: (("text", False, MAX_TEXT, False),),
    RecordMessage: (("text", True, MAX_TEXT, False),),
}
"""Text fields of each setup action: (name, may be empty, max length, must be one word)."""
SETUP_ACTIONS = tuple(RECORD)

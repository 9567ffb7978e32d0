"""Conflicts (L263-297): calling, rolling, rerolls; the result, voluntary death and narration are in
:mod:`~narrator.rules.ten_candles.result` (re-exported here: the game calls them as ``cf.*``).

Resolution follows the spec's algorithm (§5.10): the roller's window after the dice offers a
Trait burn, the Brink, seizing narration and accepting; the result is settled when the roller
accepts or seizes, when a Brink reroll fails, or at once when no option is open.
"""

from __future__ import annotations

from functools import cache

from narrator.rules.chance import Dice
from narrator.rules.core import HOST, Action, Code, Event, Rejection, public
from narrator.rules.ten_candles.actions import (
    AcceptRoll,
    BurnTrait,
    CallConflict,
    EmbraceBrink,
    KillCharacter,
    Roll,
    SeizeNarration,
)
from narrator.rules.ten_candles.attempts import check_answer, gm_waits, take_attempt
from narrator.rules.ten_candles.codes import TenCandlesCode as TC
from narrator.rules.ten_candles.codes import reject, text_rejection, who
from narrator.rules.ten_candles.config import MAX_TEXT
from narrator.rules.ten_candles.dice import is_success, player_narrates, player_sixes, trait_reroll_slots
from narrator.rules.ten_candles.flow import end_game, kill, with_char
from narrator.rules.ten_candles.result import (
    apply_decline,
    apply_narrate,
    apply_volunteer,
    check_death_choice,
    check_narrate,
    death_window,
    resolve,
)
from narrator.rules.ten_candles.state import TRAITS, Card, Conflict, Phase, TenCandlesState
from narrator.rules.ten_candles.state import evolve as replace

__all__ = [  # the conflict's moves, and its result's (re-exported: the game calls them as cf.*)
    "WINDOW_CHECKS", "apply_accept", "apply_burn", "apply_call", "apply_decline", "apply_dice", "apply_embrace",
    "apply_kill", "apply_narrate", "apply_roll", "apply_seize", "apply_volunteer", "burn_rejection",
    "chance_spec", "check_call", "check_death_choice", "check_kill", "check_narrate", "check_roller",
    "death_window", "embrace_rejection", "gm_holds_narration", "open_window", "resolve", "seize_rejection",
]


# -- the GM calls --------------------------------------------------------------------------------


def check_call(state: TenCandlesState, action: CallConflict) -> Rejection | None:
    """The GM calls a conflict for a living character; a Moment roll needs the Moment on top.

    Rule: «Конфликт объявляется Рассказчиком» / «Только один игрок («активный игрок») может
    совершать бросок» (seeds/000_e53cdcbb20917f8a.txt:L58, L265, L267, L232)
    """
    if action.actor != HOST:
        return reject(TC.GM_ONLY, f"call_conflict by {who(action.actor)}: only the GM calls conflicts", "L58, L265")
    if not 0 <= action.active < state.players:
        return reject(Code.UNKNOWN_TARGET, f"call_conflict: there is no seat {action.active}; "
                                           f"players are 0..{state.players - 1}", "L267")
    char = state.chars[action.active]
    if not char.alive:
        return reject(Code.TARGET_DEAD, f"call_conflict: seat {action.active}'s character is dead; call it for "
                                        f"one of {list(state.living())}", "L267, L291")
    if action.moment and char.top != Card.MOMENT:
        return reject(TC.NO_MOMENT_ACTIVE, f"call_conflict: seat {action.active}'s Moment is not the active card "
                                           f"(top is {char.top}); a Moment is lived only when active", "L150, L232")
    return check_answer(state, action.active) if state.config.stated_attempts else None


def apply_call(state: TenCandlesState, action: CallConflict, events: list[Event]) -> TenCandlesState:
    """Rule: «Рассказчик может объявить любой конфликт «опасным»» (seeds/000_e53cdcbb20917f8a.txt:L289)"""
    attempt = ""
    if state.config.stated_attempts:
        state, attempt = take_attempt(state, events)
    events.append(public("conflict_called", active=action.active, dangerous=action.dangerous, moment=action.moment))
    return replace(state, phase=Phase.ROLL, conflict=Conflict(active=action.active, dangerous=action.dangerous,
                                                              moment=action.moment, attempt=attempt))


def check_kill(state: TenCandlesState, action: KillCharacter) -> Rejection | None:
    """Only in the final scene does the GM narrate deaths outright (D3).

    Rule: «наступает Последнее противостояние, и это уже полностью вотчина Рассказчика»
    (seeds/000_e53cdcbb20917f8a.txt:L47, L60)
    """
    if action.actor != HOST:
        return reject(TC.GM_ONLY, f"kill_character by {who(action.actor)}: only the GM narrates deaths", "L60")
    if not state.final:
        return reject(TC.NOT_FINAL_SCENE, f"kill_character in scene {state.scene}: characters die one by one only "
                                          "in the final scene (one candle left); call a conflict instead", "L47, L60")
    if not 0 <= action.target < state.players:
        return reject(Code.UNKNOWN_TARGET, f"kill_character: there is no seat {action.target}", "L47")
    if not state.chars[action.target].alive:
        return reject(Code.TARGET_DEAD, f"kill_character: seat {action.target} is already dead; living: "
                                        f"{list(state.living())}", "L47")
    waits = gm_waits(state, "kill_character") if state.config.stated_attempts else None
    if waits is not None:
        return waits
    return text_rejection("kill_character.text", action.text, HOST, "L60", limit=MAX_TEXT, allow_empty=True)


def apply_kill(state: TenCandlesState, action: KillCharacter, events: list[Event]) -> TenCandlesState:
    """Rule: «персонажи один за другим начинают умирать» (seeds/000_e53cdcbb20917f8a.txt:L47)"""
    if action.text:
        events.append(public("narrated", narrator=HOST, text=action.text))
    if state.config.stated_attempts:  # a new beat; the attempt of the one who dies dies with them
        gone = state.attempt is not None and state.attempt[0] == action.target
        state = replace(state, passed=(), attempt=None if gone else state.attempt)
    state = kill(state, action.target, "final_scene", events)
    return end_game(state, events) if not state.living() else state


# -- the roll ------------------------------------------------------------------------------------


def check_roller(state: TenCandlesState, action: Action) -> Rejection | None:
    """Only the active player rolls and rerolls.

    Rule: «Только один игрок («активный игрок») может совершать бросок в конфликте»
    (seeds/000_e53cdcbb20917f8a.txt:L267)
    """
    active = state.conflict.active if state.conflict else None
    if action.actor != active:
        return reject(Code.NOT_YOUR_TURN, f"{action.kind} by {who(action.actor)}: seat {active} is the active "
                                          f"player of this conflict and the only one who rolls", "L267")
    return None


def apply_roll(state: TenCandlesState, action: Roll, events: list[Event]) -> TenCandlesState:
    """Throw the common pool, the roller's hope die and the GM's pool as one chance step; an
    empty pool with no hope die fails at once (D15).

    Rule: «активный игрок бросает общий для всех игроков пул кубиков» / «ГМ тоже бросает свой
    пул кубиков, если он у него есть» (seeds/000_e53cdcbb20917f8a.txt:L269, L277, L160)
    """
    assert state.conflict is not None
    if state.pool == 0 and not state.chars[action.actor].hope:
        events.append(public("dice_rolled", active=action.actor, common=[], hope=None, gm=[], empty_pool=True))
        return resolve(replace(state, conflict=replace(state.conflict, rolled=True)), events)
    return replace(state, conflict=replace(state.conflict, pending="roll"))


def chance_spec(state: TenCandlesState) -> Dice | None:
    """The dice chance owes now, in transcript order: common dice, hope die, GM dice."""
    c = state.conflict
    if c is None or not c.pending:
        return None
    if c.pending == "roll":
        return _roll_dice(state.pool, state.chars[c.active].hope, state.gm_pool)
    if c.pending == "trait":
        slots = trait_reroll_slots(c.common, c.hope, state.config.trait_reroll_includes_hope)
        return Dice(len(slots), 6, "trait reroll of the ones")
    return Dice(len(c.common) + (1 if c.hope else 0), 6, "brink reroll of the whole pool")


@cache
def _roll_dice(pool: int, hope: bool, gm_pool: int) -> Dice:
    """The dice of a roll (a handful of distinct specs per game, so they are built once)."""
    label = f"{pool} common" + (" + hope" if hope else "") + f" + {gm_pool} GM"
    return Dice(pool + (1 if hope else 0) + gm_pool, 6, label)


def apply_dice(state: TenCandlesState, values: tuple[int, ...], events: list[Event]) -> TenCandlesState:
    """Put the dice chance produced where they belong, then open the reroll window."""
    c = state.conflict
    assert c is not None
    if c.pending == "roll":
        return _rolled(state, c, values, events)
    if c.pending == "trait":
        return _trait_rerolled(state, c, values, events)
    return _brink_rerolled(state, c, values, events)


def _rolled(state: TenCandlesState, c: Conflict, values: tuple[int, ...], events: list[Event]) -> TenCandlesState:
    pool, has_hope = state.pool, state.chars[c.active].hope
    common, rest = values[:pool], values[pool:]
    hope = rest[0] if has_hope else 0
    gm = rest[1:] if has_hope else rest
    c = replace(c, common=common, hope=hope, gm=gm, rolled=True, pending="")
    events.append(public("dice_rolled", active=c.active, common=list(common), hope=hope or None, gm=list(gm),
                         empty_pool=False))
    return open_window(replace(state, conflict=c), events)


def _trait_rerolled(state: TenCandlesState, c: Conflict, values: tuple[int, ...],
                    events: list[Event]) -> TenCandlesState:
    slots = trait_reroll_slots(c.common, c.hope, state.config.trait_reroll_includes_hope)
    faces = list(c.common) + [c.hope]
    for slot, value in zip(slots, values):
        faces[slot] = value
    c = replace(c, common=tuple(faces[:-1]), hope=faces[-1], pending="", last_reroll="trait")
    events.append(public("dice_rerolled", active=c.active, reason="trait", common=list(c.common),
                         hope=c.hope or None))
    return open_window(replace(state, conflict=c), events)


def _brink_rerolled(state: TenCandlesState, c: Conflict, values: tuple[int, ...],
                    events: list[Event]) -> TenCandlesState:
    common, hope = values[:len(c.common)], (values[-1] if c.hope else 0)
    c = replace(c, common=tuple(common), hope=hope, pending="", last_reroll="brink")
    events.append(public("dice_rerolled", active=c.active, reason="brink", common=list(common), hope=hope or None))
    state = replace(state, conflict=c)
    return open_window(state, events) if is_success(c.common, c.hope) else resolve(state, events)


# -- the window after the dice ------------------------------------------------------------------


def gm_holds_narration(c: Conflict) -> bool:
    """The GM would narrate: a failure, or a success without more sixes than the GM (L283)."""
    return not is_success(c.common, c.hope) or not player_narrates(c.common, c.hope, c.gm)


def burn_rejection(state: TenCandlesState, c: Conflict) -> Rejection | None:
    """Burning a Trait: the roller's active card is a Trait, a 1 was rolled, and the other Trait
    was not burned this scene.

    Rule: «Если у игрока, совершившего бросок, есть активная Черта, и выпала хотя бы одна 1, он
    может сжечь Черту ... Игрок не может использовать обе Черты в одной сцене»
    (seeds/000_e53cdcbb20917f8a.txt:L295, L114, L232)
    """
    char = state.chars[c.active]
    if char.top not in TRAITS:
        return reject(TC.CARD_NOT_ACTIVE, f"burn_trait by seat {c.active}: the active card is {char.top}, not a "
                                          "Trait; only the top card can be burned", "L232, L295")
    if char.traits_burned_this_scene:
        return reject(TC.BOTH_TRAITS_IN_SCENE, f"burn_trait by seat {c.active}: the "
                                               f"{char.traits_burned_this_scene[0]} was burned this scene; virtue "
                                               "and vice may not both burn in one scene", "L114, L295")
    if not trait_reroll_slots(c.common, c.hope, state.config.trait_reroll_includes_hope):
        return reject(TC.NO_ONES, f"burn_trait by seat {c.active}: no die shows 1 ({list(c.common)}); a Trait "
                                  "rerolls ones only", "L295")
    return _limit_rejection(state, c)


def embrace_rejection(state: TenCandlesState, c: Conflict) -> Rejection | None:
    """Embracing the Brink: it is the active card, and the roll failed or gave narration away.

    Rule: «Если у игрока ... активна Грань, и по результатам броска он или проваливает конфликт
    или отдаёт право повествования, он может принять Грань» (seeds/000_e53cdcbb20917f8a.txt:L297, L85)
    """
    char = state.chars[c.active]
    if char.top != Card.BRINK:
        return reject(TC.CARD_NOT_ACTIVE, f"embrace_brink by seat {c.active}: the active card is {char.top}; the "
                                          "Brink is used only when everything else has burned", "L85, L232")
    if not gm_holds_narration(c):
        return reject(TC.BRINK_NOT_NEEDED, f"embrace_brink by seat {c.active}: the roll succeeded and you hold "
                                           "narration; accept the roll", "L297")
    return _limit_rejection(state, c)


def seize_rejection(state: TenCandlesState, c: Conflict) -> Rejection | None:
    """Seizing narration: the conflict succeeded but the GM won narration (tie only with
    ``seize_requires_tie``, D4).

    Rule: «Если конфликт был успешным, но Рассказчик выкинул такое же количество 6 и выиграл
    право повествования, активный игрок может перехватить повествование. Для этого он должен
    потушить свечу» (seeds/000_e53cdcbb20917f8a.txt:L285, L60)
    """
    if not is_success(c.common, c.hope):
        return reject(TC.NOTHING_TO_SEIZE, f"seize_narration by seat {c.active}: the conflict failed, and the GM "
                                           "always narrates a failure", "L283, L285, L291")
    sixes, gm_sixes = player_sixes(c.common, c.hope), c.gm.count(6)
    if sixes > gm_sixes:
        return reject(TC.NOTHING_TO_SEIZE, f"seize_narration by seat {c.active}: you already narrate ({sixes} "
                                           f"sixes to {gm_sixes}); accept the roll", "L279, L285")
    if state.config.seize_requires_tie and sixes != gm_sixes:
        return reject(TC.NOTHING_TO_SEIZE, f"seize_narration by seat {c.active}: this table seizes only on a tie "
                                           f"of sixes ({sixes} to {gm_sixes})", "L285")
    return None


def _limit_rejection(state: TenCandlesState, c: Conflict) -> Rejection | None:
    cap = state.config.max_rerolls_per_roll
    if cap is not None and c.rerolls >= cap:
        return reject(TC.REROLL_LIMIT, f"seat {c.active} already rerolled {c.rerolls} time(s) on this roll; this "
                                       f"table allows {cap}", "L293")
    return None


WINDOW_CHECKS = {BurnTrait: burn_rejection, EmbraceBrink: embrace_rejection, SeizeNarration: seize_rejection}


def open_window(state: TenCandlesState, events: list[Event]) -> TenCandlesState:
    """After the dice: wait for the roller when a reroll or seizure is open, else settle at once (L293)."""
    c = state.conflict
    assert c is not None
    if any(check(state, c) is None for check in WINDOW_CHECKS.values()):
        return replace(state, phase=Phase.REROLL)
    return resolve(state, events)


def apply_burn(state: TenCandlesState, action: BurnTrait, events: list[Event]) -> TenCandlesState:
    """Rule: «сжечь Черту, чтобы перебросить все кубики, на которых выпало 1» (seeds/000_e53cdcbb20917f8a.txt:L75, L87, L295)"""
    c = state.conflict
    assert c is not None
    char = state.chars[c.active]
    card = char.stack[0]
    text = char.virtue if card == Card.VIRTUE else char.vice
    char = replace(char, stack=char.stack[1:], burned=char.burned + (card,),
                   traits_burned_this_scene=char.traits_burned_this_scene + (card,))
    events.append(public("trait_burned", seat=c.active, card=str(card), trait=text, top=char.top and str(char.top)))
    return replace(with_char(state, char), conflict=replace(c, pending="trait", rerolls=c.rerolls + 1))


def apply_embrace(state: TenCandlesState, action: EmbraceBrink, events: list[Event]) -> TenCandlesState:
    """Rule: «Если Грань принята, перебрасывается весь пул, даже те кубики, на которых выпали 6»
    (seeds/000_e53cdcbb20917f8a.txt:L218, L297)"""
    c = state.conflict
    assert c is not None
    char = state.chars[c.active]
    events.append(public("brink_embraced", seat=c.active, text=char.brink))
    state = with_char(state, replace(char, brink_revealed=True))
    return replace(state, conflict=replace(c, pending="brink", rerolls=c.rerolls + 1))


def apply_seize(state: TenCandlesState, action: SeizeNarration, events: list[Event]) -> TenCandlesState:
    """Seize narration: settle the success with the roller narrating and a candle out (L285)."""
    assert state.conflict is not None
    return resolve(replace(state, conflict=replace(state.conflict, seized=True)), events)


def apply_accept(state: TenCandlesState, action: AcceptRoll, events: list[Event]) -> TenCandlesState:
    """Rule: «После того, как кубики брошены, но до того, как повествование началось»
    (seeds/000_e53cdcbb20917f8a.txt:L293)"""
    return resolve(state, events)

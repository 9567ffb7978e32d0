"""The day: last words, speeches and accusations; the vote, the verdict's rules a-g and the execution are in
:mod:`~narrator.rules.battaglia.verdict` (re-exported here).

Rule: «по итогам дня» (seeds/004_55ac8a5a86b5c135.txt:L72-90)
"""

from __future__ import annotations

from narrator.rules.battaglia.cards import (
    DARKNESS,
    GLOOM,
    Card,
)
from narrator.rules.battaglia.state import Accusation, BattagliaState, DayState, PendingCurse, Phase, living
from narrator.rules.battaglia.state import evolve as replace
from narrator.rules.battaglia.verdict import (
    accept_verdict,
    accuser_of,
    can_intercede,
    can_reveal_bishop,
    cast,
    close_day,
    curse,
    dying_shot,
    enter_execution,
    enter_vote,
    execute,
    objection,
    reveal_lord,
    shot_effect,
    tally,
    today_of,
)
from narrator.rules.core import Event, private, public

__all__ = [  # the day's moves, and the verdict's (re-exported: the phase machine calls them as day.*)
    "accept_verdict", "accusations_closed", "accuse", "accuser_of", "can_intercede", "can_reveal_bishop",
    "cast", "close_day", "curse", "day_limits", "draw_accusers", "dying_shot", "enter_accuse",
    "enter_execution", "enter_last_words", "enter_vote", "execute", "judge", "judges", "last_word",
    "living_darks", "next_accuser", "objection", "open_targets", "reveal_lord", "shot_effect", "speech",
    "start_day", "tally",
]


def living_darks(state: BattagliaState) -> int:
    """N: living holders of darkness cards, both lives (DEC-30)."""
    counted = set(DARKNESS)
    if state.config.n_includes_gloom:
        counted |= GLOOM
    if state.config.n_includes_koldunya:
        counted.add(Card.KOLDUNYA)
    return sum(1 for s in living(state) if state.cards[s] in counted)


def day_limits(state: BattagliaState) -> tuple[int, int]:
    """(accusations T, votes V) for today from N living darks.

    Rule: «общее их число — минимум два и максимум 5 — в зависимости от числа оставшихся в живых темных
    (обычно N+1)» (L74); «обычно всего голосов N у каждого» (seeds/004_55ac8a5a86b5c135.txt:L77)
    """
    config, n = state.config, living_darks(state)
    limit = min(config.accusations_max, max(config.accusations_min, n + 1))
    return limit, config.votes_per_player or max(1, n)


def judges(state: BattagliaState) -> tuple[int, ...]:
    """The revealed living Lords; empty means the host judges.

    Rule: «обязанности судьи исполняет лорд луихад, если он вскрыт и жив, и ведущий, если нет. если два лорда
    вскрыты, то они имеют равные права» (seeds/004_55ac8a5a86b5c135.txt:L75)
    """
    if not state.revealed_lord:
        return ()
    return tuple(sorted(s for s in state.revealed_lord if s not in state.out))


def open_targets(state: BattagliaState) -> tuple[int, ...]:
    """Living seats nobody has accused yet today."""
    accused = {a.target for a in state.today.accusations} if state.today else set()
    return tuple(s for s in living(state) if s not in accused)


def start_day(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Morning: set the day's counts, carry a curse in, and give the night's dead lights their word.

    Rule: «все светлые, умершие этой ночью, оставляют свои обвинения ... после этого остальные жители — все
    вместе, довносят свои обвинения» (seeds/004_55ac8a5a86b5c135.txt:L74)
    """
    number = state.day + 1
    start = (number - 1) % state.players
    order = tuple(sorted(living(state), key=lambda s: (s - start) % state.players))
    limit, votes = day_limits(state)
    today = DayState(limit, votes, order=order, last_words=state.died_lights)
    curse = state.curse
    state = replace(state, day=number, died_lights=(), curse=None, phase=Phase.SPEECH)
    events.append(public("day", day=number, accusations=limit, votes=votes, judges=list(judges(state))))
    if curse is not None and curse.cursed not in state.out:
        today = _curse_accusation(state, today, curse, events)
    return enter_last_words(replace(state, today=today), events)


def _curse_accusation(state: BattagliaState, today: DayState, curse: PendingCurse,
                      events: list[Event]) -> DayState:
    """The cursed is accused automatically; Koldun's voters are bound to him (DEC-27).

    Rule: «на следующий день проклятый автоматически считается обвинённым, а все, кто голосовал за колдуна
    имеют только один голос и автоматически голосуют за проклятого» (seeds/004_55ac8a5a86b5c135.txt:L86)
    """
    forced = curse.forced - state.out
    events.append(public("accusation", accuser=-1, target=curse.cursed, basis="curse", charge="dark", text="",
                         by_curse=True))
    events.append(public("curse_binds", cursed=curse.cursed, forced_voters=sorted(forced)))
    return replace(today, accusations=(Accusation(-1, curse.cursed, "curse", "dark", ""),), cursed=curse.cursed,
                   forced=forced)


def enter_last_words(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Dead lights name one accused each, while someone is left to name (capped at the maximum, DEC-30)."""
    today = today_of(state)
    if today.last_words and open_targets(state) and len(today.accusations) < state.config.accusations_max:
        return replace(state, phase=Phase.LAST_WORDS)
    today = replace(today, last_words=())
    if state.config.speech_rounds and today.order:
        return replace(state, phase=Phase.SPEECH, today=replace(today, turn=0, speech_round=1))
    return enter_accuse(replace(state, today=today), events)


def last_word(state: BattagliaState, seat: int, target: int | None, events: list[Event]) -> BattagliaState:
    """A dead light names a living character, «и все, никаких других слов» (L74)."""
    today = today_of(state)
    today = replace(today, last_words=today.last_words[1:], accusers=today.accusers | {seat})
    if target is not None:
        today = replace(today, accusations=today.accusations + (Accusation(seat, target, "last_words", "dark"),))
        events.append(public("accusation", accuser=seat, target=target, basis="last_words", charge="dark",
                             text="", by_curse=False))
    return enter_last_words(replace(state, today=today), events)


def speech(state: BattagliaState, seat: int, text: str, events: list[Event]) -> BattagliaState:
    """One speech in turn (DEC-34); «свеча велений передается по кругу» (L4)."""
    today = today_of(state)
    if text:
        events.append(public("speech", seat=seat, text=text))
    turn, rounds = today.turn + 1, today.speech_round
    if turn >= len(today.order):
        turn, rounds = 0, rounds + 1
    if rounds > state.config.speech_rounds:
        return enter_accuse(state, events)
    return replace(state, today=replace(today, turn=turn, speech_round=rounds))


def enter_accuse(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """The living who have not accused today take turns to accuse (one each), in the speaking order or, by
    the house rule ``accusation_order: random``, in an order chance draws first.

    Rule: «остальные жители — все вместе, довносят свои обвинения ... один человек может сделать максимум
    одно обвинение» (seeds/004_55ac8a5a86b5c135.txt:L74): who gets one of the day's slots is the table's
    decision (``BattagliaConfig.accusation_order``).
    """
    today = today_of(state)
    order = tuple(s for s in today.order if s not in today.accusers and s not in state.out)
    mode = state.config.accusation_order
    state = replace(state, phase=Phase.ACCUSE, today=replace(today, order=order, turn=0))
    full = len(today.accusations) >= today.accusations_limit or not open_targets(state)
    if mode == "declare_draw" and order and not full:
        return replace(state, today=replace(today_of(state), declaring=True))
    if mode == "random" and len(order) > 1 and not accusations_closed(state):
        return replace(state, phase=Phase.ACCUSE_DRAW)
    return next_accuser(state, events)


def draw_accusers(state: BattagliaState, values: tuple[int, ...], events: list[Event]) -> BattagliaState:
    """Chance's order of today's accusers (``random``), or of the declared accusations (``declare_draw``),
    ``values`` being new position -> old index; the drawn order of accusers is told to everyone.

    Rule: «все вместе, довносят свои обвинения» (seeds/004_55ac8a5a86b5c135.txt:L74), the house's lot.
    """
    today = today_of(state)
    if state.config.accusation_order == "declare_draw":
        declared = tuple(today.declared[i] for i in values)
        events.append(public("accusation_order", day=state.day, order=[a.accuser for a in declared]))
        return _next_declared(replace(state, phase=Phase.ACCUSE, today=replace(today, declared=declared)), events)
    order = tuple(today.order[i] for i in values)
    events.append(public("accusation_order", day=state.day, order=list(order)))
    return next_accuser(replace(state, phase=Phase.ACCUSE, today=replace(today, order=order)), events)


def accusations_closed(state: BattagliaState) -> bool:
    """The day's count is reached, everyone in the order has had a turn (``declare_draw``: every declared
    accusation is made or lapsed), or nobody is left to accuse.

    Rule: «общее их число — минимум два и максимум 5» (seeds/004_55ac8a5a86b5c135.txt:L74)
    """
    today = today_of(state)
    asked_all = (not today.declared if state.config.accusation_order == "declare_draw"
                 else today.turn >= len(today.order))
    return len(today.accusations) >= today.accusations_limit or asked_all or not open_targets(state)


def next_accuser(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Stay in the accusation round until the count is reached or everyone has had a turn."""
    today = today_of(state)
    if today.declaring:
        return replace(state, phase=Phase.ACCUSE, today=replace(today, pending=None))
    if state.config.accusation_order == "declare_draw" and not accusations_closed(state):
        return _next_declared(replace(state, today=replace(today, pending=None)), events)
    if accusations_closed(state):
        return enter_vote(state, events)
    return replace(state, phase=Phase.ACCUSE, today=replace(today, pending=None))


def accuse(state: BattagliaState, accusation: Accusation | None, events: list[Event]) -> BattagliaState:
    """Take the current accuser's accusation (or pass); a revealed living Lord must approve it. With
    ``declare_draw`` the accusation is only declared now (:func:`_declare`).

    Rule: «один человек может сделать максимум одно обвинение ... обязанности судьи исполняет лорд луихад»
    (seeds/004_55ac8a5a86b5c135.txt:L74-75)
    """
    today = today_of(state)
    seat = today.order[today.turn]
    today = replace(today, turn=today.turn + 1, accusers=today.accusers | {seat})
    state = replace(state, today=today)
    if today.declaring:
        return _declare(state, accusation, events)
    if accusation is None:
        return next_accuser(state, events)
    return _propose(state, accusation, events)


def _propose(state: BattagliaState, accusation: Accusation, events: list[Event]) -> BattagliaState:
    """An accusation goes before the Lord judge when there is one, else it is made."""
    if judges(state):
        events.append(public("accusation_proposed", accuser=accusation.accuser, target=accusation.target,
                             basis=accusation.basis, charge=accusation.charge, text=accusation.text))
        return replace(state, phase=Phase.JUDGE, today=replace(today_of(state), pending=accusation))
    return _admit(state, accusation, events)


def _declare(state: BattagliaState, accusation: Accusation | None, events: list[Event]) -> BattagliaState:
    """``declare_draw``: keep a seat's accusation unseen (its declarer is told it is kept); once every seat
    has declared or passed, chance draws among more declarations than slots, else they are made in turn.

    Rule: «остальные жители — все вместе, довносят свои обвинения» (seeds/004_55ac8a5a86b5c135.txt:L74)
    """
    today = today_of(state)
    if accusation is not None:
        today = replace(today, declared=today.declared + (accusation,))
        events.append(private("accusation_declared", frozenset({accusation.accuser}), target=accusation.target))
    if today.turn < len(today.order):
        return replace(state, today=today)
    today = replace(today, declaring=False)
    slots = today.accusations_limit - len(today.accusations)
    events.append(public("accusations_declared", day=state.day, declared=[a.accuser for a in today.declared],
                         slots=slots))
    state = replace(state, today=today)
    if len(today.declared) > max(slots, 1):
        return replace(state, phase=Phase.ACCUSE_DRAW)
    return next_accuser(state, events)


def _next_declared(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Make the next declared accusation; one against a seat accused meanwhile lapses (one accused each)."""
    while not accusations_closed(state):
        today = today_of(state)
        accusation, rest = today.declared[0], today.declared[1:]
        state = replace(state, today=replace(today, declared=rest))
        if accusation.target in open_targets(state):
            return _propose(state, accusation, events)
        events.append(public("accusation_lapsed", accuser=accusation.accuser, target=accusation.target))
    return enter_vote(replace(state, today=replace(today_of(state), declared=())), events)


def _admit(state: BattagliaState, accusation: Accusation, events: list[Event]) -> BattagliaState:
    today = today_of(state)
    events.append(public("accusation", accuser=accusation.accuser, target=accusation.target,
                         basis=accusation.basis, charge=accusation.charge, text=accusation.text, by_curse=False))
    return next_accuser(replace(state, today=replace(today, accusations=today.accusations + (accusation,))),
                        events)


def judge(state: BattagliaState, seat: int, approve: bool, events: list[Event]) -> BattagliaState:
    """The Lord judge approves or refuses the pending accusation (DEC-32).

    Rule: «за тем, чтобы не было бардака ... обязанности судьи исполняет лорд луихад» (L75)
    """
    pending = today_of(state).pending
    if pending is None:
        raise RuntimeError("battaglia: judging with nothing pending")
    if approve:
        return _admit(state, pending, events)
    events.append(public("accusation_refused", accuser=pending.accuser, target=pending.target, judge=seat))
    return next_accuser(state, events)

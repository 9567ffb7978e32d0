"""The day: last words, speeches, accusations, the vote, and the verdict's rules a-g.

Rule: «по итогам дня» (seeds/004_55ac8a5a86b5c135.txt:L72-90)
"""

from __future__ import annotations

from collections import Counter

from narrator.rules.battaglia.cards import (
    CORRIGAN_LETHAL,
    CORRIGAN_REVEALS,
    DARKNESS,
    GLOOM,
    HEIR_ELIGIBLE,
    SHADOW,
    Card,
)
from narrator.rules.battaglia.life import kill
from narrator.rules.battaglia.state import Accusation, BattagliaState, DayState, PendingCurse, Phase, living
from narrator.rules.battaglia.state import evolve as replace
from narrator.rules.core import Event, host_only, private, public


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
    today = _today(state)
    if today.last_words and open_targets(state) and len(today.accusations) < state.config.accusations_max:
        return replace(state, phase=Phase.LAST_WORDS)
    today = replace(today, last_words=())
    if state.config.speech_rounds and today.order:
        return replace(state, phase=Phase.SPEECH, today=replace(today, turn=0, speech_round=1))
    return enter_accuse(replace(state, today=today), events)


def _today(state: BattagliaState) -> DayState:
    if state.today is None:
        raise RuntimeError("battaglia: a day move outside a day")  # a kernel bug, never a player's
    return state.today


def last_word(state: BattagliaState, seat: int, target: int | None, events: list[Event]) -> BattagliaState:
    """A dead light names a living character, «и все, никаких других слов» (L74)."""
    today = _today(state)
    today = replace(today, last_words=today.last_words[1:], accusers=today.accusers | {seat})
    if target is not None:
        today = replace(today, accusations=today.accusations + (Accusation(seat, target, "last_words", "dark"),))
        events.append(public("accusation", accuser=seat, target=target, basis="last_words", charge="dark",
                             text="", by_curse=False))
    return enter_last_words(replace(state, today=today), events)


def speech(state: BattagliaState, seat: int, text: str, events: list[Event]) -> BattagliaState:
    """One speech in turn (DEC-34); «свеча велений передается по кругу» (L4)."""
    today = _today(state)
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
    today = _today(state)
    order = tuple(s for s in today.order if s not in today.accusers and s not in state.out)
    mode = state.config.accusation_order
    state = replace(state, phase=Phase.ACCUSE, today=replace(today, order=order, turn=0))
    full = len(today.accusations) >= today.accusations_limit or not open_targets(state)
    if mode == "declare_draw" and order and not full:
        return replace(state, today=replace(_today(state), declaring=True))
    if mode == "random" and len(order) > 1 and not accusations_closed(state):
        return replace(state, phase=Phase.ACCUSE_DRAW)
    return next_accuser(state, events)


def draw_accusers(state: BattagliaState, values: tuple[int, ...], events: list[Event]) -> BattagliaState:
    """Chance's order of today's accusers (``random``), or of the declared accusations (``declare_draw``),
    ``values`` being new position -> old index; the drawn order of accusers is told to everyone.

    Rule: «все вместе, довносят свои обвинения» (seeds/004_55ac8a5a86b5c135.txt:L74), the house's lot.
    """
    today = _today(state)
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
    today = _today(state)
    asked_all = (not today.declared if state.config.accusation_order == "declare_draw"
                 else today.turn >= len(today.order))
    return len(today.accusations) >= today.accusations_limit or asked_all or not open_targets(state)


def next_accuser(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Stay in the accusation round until the count is reached or everyone has had a turn."""
    today = _today(state)
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
    today = _today(state)
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
        return replace(state, phase=Phase.JUDGE, today=replace(_today(state), pending=accusation))
    return _admit(state, accusation, events)


def _declare(state: BattagliaState, accusation: Accusation | None, events: list[Event]) -> BattagliaState:
    """``declare_draw``: keep a seat's accusation unseen (its declarer is told it is kept); once every seat
    has declared or passed, chance draws among more declarations than slots, else they are made in turn.

    Rule: «остальные жители — все вместе, довносят свои обвинения» (seeds/004_55ac8a5a86b5c135.txt:L74)
    """
    today = _today(state)
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
        today = _today(state)
        accusation, rest = today.declared[0], today.declared[1:]
        state = replace(state, today=replace(today, declared=rest))
        if accusation.target in open_targets(state):
            return _propose(state, accusation, events)
        events.append(public("accusation_lapsed", accuser=accusation.accuser, target=accusation.target))
    return enter_vote(replace(state, today=replace(_today(state), declared=())), events)


def _admit(state: BattagliaState, accusation: Accusation, events: list[Event]) -> BattagliaState:
    today = _today(state)
    events.append(public("accusation", accuser=accusation.accuser, target=accusation.target,
                         basis=accusation.basis, charge=accusation.charge, text=accusation.text, by_curse=False))
    return next_accuser(replace(state, today=replace(today, accusations=today.accusations + (accusation,))),
                        events)


def judge(state: BattagliaState, seat: int, approve: bool, events: list[Event]) -> BattagliaState:
    """The Lord judge approves or refuses the pending accusation (DEC-32).

    Rule: «за тем, чтобы не было бардака ... обязанности судьи исполняет лорд луихад» (L75)
    """
    pending = _today(state).pending
    if pending is None:
        raise RuntimeError("battaglia: judging with nothing pending")
    if approve:
        return _admit(state, pending, events)
    events.append(public("accusation_refused", accuser=pending.accuser, target=pending.target, judge=seat))
    return next_accuser(state, events)


def enter_vote(state: BattagliaState, events: list[Event], candidates: tuple[int, ...] = (),
               revote: bool = False) -> BattagliaState:
    """Open a ballot over the accused (or the tied leaders); bound voters vote automatically.

    Rule: «после того, как все обвинения сделаны и утверждены, проходит голосование» (L76)
    """
    today = _today(state)
    if not today.accusations:
        events.append(public("no_condemnation", day=state.day, reason="no_accusations"))
        return close_day(state, events)
    candidates = candidates or tuple(sorted({a.target for a in today.accusations}))
    bound = today.cursed in candidates
    ballots = tuple((s, (today.cursed,)) for s in sorted(today.forced) if bound and s not in state.out)
    events.append(public("vote_open", day=state.day, revote=revote, candidates=list(candidates),
                         votes=1 if revote else today.votes, bound=[s for s, _ in ballots]))
    phase = Phase.REVOTE if revote else Phase.VOTE
    state = replace(state, phase=phase, today=replace(today, candidates=candidates, ballots=ballots, pending=None))
    return tally(state, events) if len(ballots) >= len(living(state)) else state


def cast(state: BattagliaState, seat: int, targets: tuple[int, ...], events: list[Event]) -> BattagliaState:
    """Keep one ballot; count when everybody living has voted (ballots are published together)."""
    today = _today(state)
    ballots = today.ballots + ((seat, tuple(sorted(set(targets)))),)
    state = replace(state, today=replace(today, ballots=ballots))
    return tally(state, events) if len(ballots) >= len(living(state)) else state


def tally(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Count: a single leader is condemned; a tie goes to a one-vote re-vote; a second tie condemns nobody.

    Rule: «при равенстве позиций происходит переголосовка только по тем кандидатурам, которые набрали
    большинство. и тогда у каждого ровно один голос ... может быть осужден максимум один человек» (L77)
    """
    today = _today(state)
    counts = Counter(t for _, ballot in today.ballots for t in ballot)
    revote = state.phase is Phase.REVOTE
    events.append(public("ballots", day=state.day, revote=revote,
                         ballots=[[s, list(b)] for s, b in sorted(today.ballots)],
                         tally=[[c, counts.get(c, 0)] for c in today.candidates]))
    top = max((counts.get(c, 0) for c in today.candidates), default=0)
    leaders = tuple(c for c in today.candidates if counts.get(c, 0) == top)
    if top == 0 or (len(leaders) > 1 and revote):
        events.append(public("no_condemnation", day=state.day, reason="tie" if top else "no_votes"))
        return close_day(state, events)
    if len(leaders) > 1:
        return enter_vote(state, events, leaders, revote=True)
    condemned = leaders[0]
    voters = frozenset(s for s, b in today.ballots if condemned in b)
    events.append(public("condemned", day=state.day, seat=condemned))
    return replace(state, phase=Phase.CONDEMNED, today=replace(today, condemned=condemned, final_voters=voters))


def reveal_lord(state: BattagliaState, seat: int, events: list[Event]) -> BattagliaState:
    """The host confirms a Lord's reveal; a condemned Lord's reveal brings a full re-vote (DEC-25).

    Rule: «лорд луихад имеет право вскрыться — и ведущий это должен подтвердить» (L46); «вскроется как только
    ему скажут, что осужденный именно он. тогда у всех будет возможность передумать и переголосовать» (L85)
    """
    events.append(public("lord_revealed", seat=seat))
    state = replace(state, revealed_lord=state.revealed_lord | {seat}, eventful=True)
    today = state.today
    if state.phase is not Phase.CONDEMNED or today is None or today.condemned != seat:
        return state
    if state.config.lord_revote and seat not in today.lord_revoted:
        state = replace(state, today=replace(today, lord_revoted=today.lord_revoted | {seat}, condemned=-1))
        return enter_vote(state, events)
    return enter_execution(state, events)


def accept_verdict(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """The condemned passes: the Child is revealed and spared, anyone else goes to execution.

    A day on which an already revealed Child is condemned again, and nobody dies or is newly revealed,
    counts as a quiet day towards the stalemate (spec §6.4 b, DEC-24, DEC-35).

    Rule: «если осуждено дитя — то оно вскрывается, и в этот день никто не умирает» (L84); «пока не
    наступит патовая ситуация» (seeds/004_55ac8a5a86b5c135.txt:L84, L92)
    """
    seat = _today(state).condemned
    if state.cards[seat] is Card.CHILD:
        # Rule b applies again to a revealed Child (DEC-24), but only a new reveal is progress towards
        # the end: otherwise re-condemning him would keep a stalemate from ever being noticed (DEC-35).
        events.append(public("child_revealed", seat=seat, cause="condemned"))
        fresh = seat not in state.revealed_child
        return close_day(replace(state, revealed_child=state.revealed_child | {seat},
                                 eventful=state.eventful or fresh), events)
    return enter_execution(state, events)


def dying_shot(state: BattagliaState, seat: int, target: int, events: list[Event]) -> BattagliaState:
    """The condemned Corrigan's private dying shot; an unrevealed Child is revealed and Corrigan lives.

    Rule: «ad. если цель — невскрытое дитя, то оно вскрывается, и корриган остается жив»
    (seeds/004_55ac8a5a86b5c135.txt:L83)
    """
    today = _today(state)
    events.append(private("dying_shot", frozenset({seat}), target=target))
    events.append(host_only("dying_shot", corrigan=seat, target=target, card=str(state.cards[target])))
    if state.cards[target] is Card.CHILD and target not in state.revealed_child:
        events.append(public("child_revealed", seat=target, cause="dying_shot"))
        return close_day(replace(state, revealed_child=state.revealed_child | {target}, eventful=True), events)
    state = replace(state, today=replace(today, shot=target))
    if state.config.dying_shot_gate == "on_condemnation":
        state, _ = shot_effect(state, seat, target, events)
    return enter_execution(state, events)


def accuser_of(state: BattagliaState, seat: int) -> int:
    """Who accused ``seat`` today (-1: nobody, or only a curse)."""
    return next((a.accuser for a in _today(state).accusations if a.target == seat and a.accuser >= 0), -1)


def curse(state: BattagliaState, seat: int, events: list[Event]) -> BattagliaState:
    """The condemned Koldun curses his accuser (public); he is then executed as usual (DEC-27 i).

    Rule: «если осуждён колдун, то он имеет право проклясть человека, обинившего его» (L86)
    """
    today = _today(state)
    pending = PendingCurse(seat, accuser_of(state, seat), today.final_voters)
    events.append(public("curse", koldun=seat, cursed=pending.cursed, forced_voters=sorted(pending.forced)))
    state = replace(state, today=replace(today, curse=pending))
    if not state.config.koldun_executed:
        return close_day(state, events, executed=seat)
    return enter_execution(state, events)


def enter_execution(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """The moment of execution: every living seat may object (Lun, the Bishop), or only they (§11.3.3)."""
    today = _today(state)
    if state.config.objection_window == "all":
        seats = frozenset(living(state))
    else:
        seats = frozenset(s for s in living(state) if can_intercede(state, s) or can_reveal_bishop(state, s))
    events.append(public("execution_moment", day=state.day, seat=today.condemned))
    state = replace(state, phase=Phase.EXECUTION, today=replace(today, window=(), window_seats=seats))
    return execute(state, events) if not seats else state


def can_intercede(state: BattagliaState, seat: int) -> bool:
    """Lun may stand in for someone else (DEC-28)."""
    today = state.today
    return (state.cards[seat] is Card.LUN and seat not in state.out and today is not None
            and today.condemned != seat)


def can_reveal_bishop(state: BattagliaState, seat: int) -> bool:
    """A Bishop soul may reveal once (DEC-9)."""
    return state.cards[seat] is Card.BISHOP and seat not in state.out and seat not in state.revealed_bishop


def objection(state: BattagliaState, seat: int, kind: str, events: list[Event]) -> BattagliaState:
    """Collect one seat's answer at the execution moment; resolve when all are in."""
    today = _today(state)
    window = today.window + ((seat, kind),)
    state = replace(state, today=replace(today, window=window))
    return execute(state, events) if len(window) >= len(today.window_seats) else state


def _first_soul(state: BattagliaState, seats: list[int]) -> int:
    """The life-1 holder first, then the lower seat (DEC-28)."""
    return min(seats, key=lambda s: (state.lives[s], s))


def execute(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Rules g and f, then the execution and the dying shot's effect.

    Rule: «f. в момент казни любого человека лун имеет право вступиться за обвиняемого. в этом случае луна
    казнят вместо осуждённого. g. ... епископ имеет право вскрыться ... в этот день никто не умирает»
    (seeds/004_55ac8a5a86b5c135.txt:L88-90)
    """
    today = _today(state)
    condemned, shot = today.condemned, today.shot
    bishops = [s for s, k in today.window if k == "reveal_bishop"]
    if bishops:
        return _bishop_reveals(state, _first_soul(state, bishops), events)
    luns = [s for s, k in today.window if k == "intercede"]
    executed = _first_soul(state, luns) if luns else condemned
    if luns:
        events.append(public("intercession", lun=executed, condemned=condemned))
    deaths = [executed]
    if state.cards[condemned] is Card.CORRIGAN and executed == condemned:
        state = replace(state, corrigan_open=state.corrigan_open | {state.lives[condemned]})
        if shot >= 0 and state.config.dying_shot_gate == "on_execution":
            state, lethal = shot_effect(state, condemned, shot, events)
            deaths += [shot] if lethal else []
    elif shot >= 0 and state.config.dying_shot_gate == "on_condemnation" and state.cards[shot] in CORRIGAN_LETHAL:
        deaths.append(shot)
    events.append(public("execution", day=state.day, seat=executed, card=str(state.cards[executed]),
                         life=state.lives[executed]))
    if len(deaths) > 1:
        events.append(public("death", seat=shot, card=str(state.cards[shot]), life=state.lives[shot],
                             cause="dying_shot"))
    state = kill(state, deaths, "day")
    return close_day(state, events, executed=executed)


def shot_effect(state: BattagliaState, corrigan: int, target: int,
                events: list[Event]) -> tuple[BattagliaState, bool]:
    """Cases aa-ac of the dying shot; returns whether the target dies with Corrigan.

    Rule: «aa. если его цель — мрак или тьма или колдунья, то она погибает вместе с корриганом (даже если это
    флюид). ab. если цель — тень (но не тритон) — то она вскрывается. ac. если цель — кто-то светлый (но не
    дитя) или тритон, к нему переходят полномочия ночного выстрела корригана ... не объявляется, в кого
    именно произведен выстрел» (seeds/004_55ac8a5a86b5c135.txt:L80-82)
    """
    card = state.cards[target]
    if card in CORRIGAN_LETHAL:
        return state, True
    if card in CORRIGAN_REVEALS:
        if target not in state.revealed_shadow:
            events.append(public("shadow_revealed", seat=target, cause="dying_shot"))
        return replace(state, revealed_shadow=state.revealed_shadow | {target}, eventful=True), False
    if card in HEIR_ELIGIBLE:
        heirs = list(state.heirs)
        heirs[target] = state.lives[corrigan]
        events.append(private("heir", frozenset({target}), slot=heirs[target]))
        return replace(state, heirs=tuple(heirs)), False
    return state, False


def _bishop_reveals(state: BattagliaState, bishop: int, events: list[Event]) -> BattagliaState:
    """The host points at every living shadow but Triton (DEC-9); nobody dies today (DEC-29).

    Rule: «ведущий указывает на всех игроков-теней (кроме тритона), и в этот день никто не умирает» (L89-90)
    """
    pointed_cards = SHADOW - {Card.TRITON}
    if not state.config.bishop_points_at_koldunya:
        pointed_cards -= {Card.KOLDUNYA}
    pointed = frozenset(s for s in living(state) if state.cards[s] in pointed_cards)
    events.append(public("bishop_revealed", seat=bishop, pointed=sorted(pointed)))
    state = replace(state, revealed_bishop=state.revealed_bishop | {bishop},
                    revealed_shadow=state.revealed_shadow | pointed, eventful=True)
    return close_day(state, events)


def close_day(state: BattagliaState, events: list[Event], executed: int = -1) -> BattagliaState:
    """End the day: a standing curse is carried over and quiet days are counted. The day is then over
    (``Phase.DAY_OVER``): the phase machine (``flow.turnover``) deals second souls and starts the night.

    Rule: «дни и ночи чередуются в обычном порядке» (seeds/004_55ac8a5a86b5c135.txt:L92)
    """
    today = _today(state)
    carried = None
    if today.curse is not None and today.curse.cursed >= 0 and (
            state.config.curse_gate == "on_condemnation" or executed == today.curse.koldun):
        carried = today.curse
    quiet = 0 if state.eventful else state.quiet_cycles + 1
    events.append(public("day_end", day=state.day))
    return replace(state, curse=carried, quiet_cycles=quiet, eventful=False, today=None, phase=Phase.DAY_OVER)

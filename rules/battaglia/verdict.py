"""The day's end: the vote, the verdict's rules a-g, the condemned's last moves (the dying shot, the curse, the
Lun's and the Bishop's objections) and the execution.

Rule: «по итогам дня» (seeds/004_55ac8a5a86b5c135.txt:L72-90)
"""

from __future__ import annotations

from collections import Counter

from narrator.rules.battaglia.cards import (
    CORRIGAN_LETHAL,
    CORRIGAN_REVEALS,
    HEIR_ELIGIBLE,
    SHADOW,
    Card,
)
from narrator.rules.battaglia.life import kill
from narrator.rules.battaglia.state import BattagliaState, DayState, PendingCurse, Phase, living
from narrator.rules.battaglia.state import evolve as replace
from narrator.rules.core import Event, host_only, private, public


def today_of(state: BattagliaState) -> DayState:
    """The day being played (a day move outside a day is a kernel bug, never a player's)."""
    if state.today is None:
        raise RuntimeError("battaglia: a day move outside a day")  # a kernel bug, never a player's
    return state.today


def enter_vote(state: BattagliaState, events: list[Event], candidates: tuple[int, ...] = (),
               revote: bool = False) -> BattagliaState:
    """Open a ballot over the accused (or the tied leaders); bound voters vote automatically.

    Rule: «после того, как все обвинения сделаны и утверждены, проходит голосование» (L76)
    """
    today = today_of(state)
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
    today = today_of(state)
    ballots = today.ballots + ((seat, tuple(sorted(set(targets)))),)
    state = replace(state, today=replace(today, ballots=ballots))
    return tally(state, events) if len(ballots) >= len(living(state)) else state


def tally(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Count: a single leader is condemned; a tie goes to a one-vote re-vote; a second tie condemns nobody.

    Rule: «при равенстве позиций происходит переголосовка только по тем кандидатурам, которые набрали
    большинство. и тогда у каждого ровно один голос ... может быть осужден максимум один человек» (L77)
    """
    today = today_of(state)
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
    seat = today_of(state).condemned
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
    today = today_of(state)
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
    return next((a.accuser for a in today_of(state).accusations if a.target == seat and a.accuser >= 0), -1)


def curse(state: BattagliaState, seat: int, events: list[Event]) -> BattagliaState:
    """The condemned Koldun curses his accuser (public); he is then executed as usual (DEC-27 i).

    Rule: «если осуждён колдун, то он имеет право проклясть человека, обинившего его» (L86)
    """
    today = today_of(state)
    pending = PendingCurse(seat, accuser_of(state, seat), today.final_voters)
    events.append(public("curse", koldun=seat, cursed=pending.cursed, forced_voters=sorted(pending.forced)))
    state = replace(state, today=replace(today, curse=pending))
    if not state.config.koldun_executed:
        return close_day(state, events, executed=seat)
    return enter_execution(state, events)


def enter_execution(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """The moment of execution: every living seat may object (Lun, the Bishop), or only they (§11.3.3)."""
    today = today_of(state)
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
    today = today_of(state)
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
    today = today_of(state)
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
    today = today_of(state)
    carried = None
    if today.curse is not None and today.curse.cursed >= 0 and (
            state.config.curse_gate == "on_condemnation" or executed == today.curse.koldun):
        carried = today.curse
    quiet = 0 if state.eventful else state.quiet_cycles + 1
    events.append(public("day_end", day=state.day))
    return replace(state, curse=carried, quiet_cycles=quiet, eventful=False, today=None, phase=Phase.DAY_OVER)

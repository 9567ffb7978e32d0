"""Determinization for the strong battaglia bot (:mod:`narrator.battaglia.strong`): whole states from a seat's view.

:func:`determinize` rebuilds a state from a seat's view alone: the public fields and the public record as
they are, its own soul and notes, and everything else sampled (the other seats' souls within what its
scripted reading of the view knows of them, the kitty, the second souls, the others' first-night clan
notes, today's unpublished ballots; tonight replayed from dusk by the sampled holders' scripted bots).
:func:`consistent` checks a sample before use: the seat's view of it must show what the real view shows
and offer the same legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.base import Decision
from narrator.agents.battaglia import BattagliaBot
from narrator.rules.battaglia import GAME, BattagliaState
from narrator.rules.battaglia.cards import DARKNESS, GLOOM, LIGHT, SHADOW, Card
from narrator.rules.battaglia.config import BattagliaConfig
from narrator.rules.battaglia.day import living_darks
from narrator.rules.battaglia.deal import DARKNESS_CLAN
from narrator.rules.battaglia.events import AccusationProposed, Ballots, Clan, Day, Morning, Night, YourCard
from narrator.rules.battaglia.log import record
from narrator.rules.battaglia.night import start_night
from narrator.rules.battaglia.record import record_of
from narrator.rules.battaglia.state import Accusation, DayState, Phase
from narrator.rules.battaglia.state import evolve as replace
from narrator.rules.battaglia.views import view_for
from narrator.rules.core import Action, Event, IllegalActionError, private

from narrator.battaglia.playout import seat_request

SEARCHED_PHASES = frozenset({Phase.LAST_WORDS, Phase.ACCUSE, Phase.JUDGE, Phase.VOTE, Phase.NIGHT})
COMPARED = ("phase", "day", "night", "step", "turn", "accusations", "accusations_limit", "votes", "candidates",
            "condemned", "cursed", "bound_voters", "judges", "lives", "out", "graveyard", "card", "life",
            "awake_with", "night_round", "log", "notes")


def _draw(seats: Sequence[int], pool: set[Card], allowed: Mapping[int, frozenset[Card] | set[Card]],
          rng: random.Random) -> dict[int, Card]:
    """A distinct card of ``pool`` for each seat, within ``allowed[seat]`` when it can be: the most
    constrained seat first, uniformly among what is left for it (native ``draw_cards``)."""
    pool = set(pool)
    drawn: dict[int, Card] = {}
    for seat in sorted(seats, key=lambda s: (len(pool & set(allowed.get(s, pool))), s)):
        choice = sorted(pool & set(allowed.get(seat, pool))) or sorted(pool)
        if not choice:
            return {}
        drawn[seat] = card = choice[rng.randrange(len(choice))]
        pool.discard(card)
    return drawn


def _first_card(view: Any) -> Card:
    for note in view.notes:
        match note.payload:
            case YourCard(card=card, life=1):
                return card
    return Card(view.card)


def _today_events(log: Sequence[Event]) -> tuple[Day | None, list[Event], Morning | None]:
    """(today's ``day`` event, the events after it, last night's ``morning`` event)."""
    day_at = max((i for i, e in enumerate(log) if isinstance(e.payload, Day)), default=-1)
    if day_at < 0:
        return None, [], None
    morning = next((e.payload for e in reversed(log[:day_at]) if isinstance(e.payload, Morning)), None)
    return log[day_at].payload, list(log[day_at + 1:]), morning


def _today(view: Any, day_event: Day, after: list[Event], morning: Morning | None) -> DayState | None:
    """Today's :class:`DayState` from the view and today's public events (supported phases only)."""
    players, me = view.players, view.viewer
    living = tuple(s for s in range(players) if s not in view.out)
    start = (view.day - 1) % players
    order = tuple(sorted(living, key=lambda s: (s - start) % players))
    died = sorted(d.seat for d in (morning.deaths if morning else ()) if d.card in LIGHT)
    base: dict[str, Any] = {"accusations_limit": day_event.accusations, "votes": day_event.votes,
            "accusations": tuple(view.accusations), "cursed": -1 if view.cursed is None else view.cursed,
            "forced": frozenset(view.bound_voters)}
    if view.phase is Phase.LAST_WORDS:
        if view.turn not in died:
            return None
        at = died.index(view.turn)
        return DayState(order=order, turn=0, last_words=tuple(died[at:]), accusers=frozenset(died[:at]), **base)
    accusers_before = frozenset(died)
    accuse_order = tuple(s for s in order if s not in accusers_before and s not in view.out)
    if view.phase is Phase.ACCUSE:
        if view.turn not in accuse_order:
            return None
        turn = accuse_order.index(view.turn)
        return DayState(order=accuse_order, turn=turn, accusers=accusers_before | set(accuse_order[:turn]), **base)
    if view.phase is Phase.JUDGE:
        proposed = next((e.payload for e in reversed(after) if isinstance(e.payload, AccusationProposed)), None)
        if proposed is None or proposed.accuser not in accuse_order:
            return None
        pending = Accusation(proposed.accuser, proposed.target, proposed.basis, proposed.charge, proposed.text)
        turn = accuse_order.index(proposed.accuser) + 1
        return DayState(order=accuse_order, turn=turn, accusers=accusers_before | set(accuse_order[:turn]),
                        pending=pending, **base)
    if view.phase is Phase.VOTE:
        if any(isinstance(e.payload, Ballots) for e in after):
            return None  # a second ballot of the day (a re-vote's aftermath): not rebuilt
        bound = view.cursed in view.candidates
        ballots = tuple((s, (view.cursed,)) for s in sorted(view.bound_voters) if bound and s not in view.out)
        if me in {s for s, _ in ballots}:
            return None
        return DayState(order=accuse_order, turn=len(accuse_order), accusers=accusers_before | set(accuse_order),
                        candidates=tuple(view.candidates), ballots=ballots, **base)
    return None


def _sample_souls(view: Any, config: BattagliaConfig, known: Mapping[int, frozenset[Card]], rng: random.Random,
                  votes: int | None, tries: int) -> tuple[tuple[Card, ...], tuple[Card, ...], frozenset[Card]] | None:
    """(first cards, current cards, second souls issued): the seat's own and the public ones as they are,
    the others drawn within ``known`` and outside the seat's clan note's clan; with ``votes`` (today's
    public vote count) redrawn until the living darks match it (``day_limits``)."""
    me, players, deck = view.viewer, view.players, tuple(view.deck)
    first: dict[int, Card] = {me: _first_card(view)}
    second: dict[int, Card] = {}
    if view.life == 2:
        second[me] = Card(view.card)
    for seat, life, card in view.graveyard:
        (first if life == 1 else second)[seat] = card
    allowed: dict[int, set[Card]] = {s: set(known[s]) if known.get(s) else set(deck) for s in range(players)}
    for note in view.notes:
        if isinstance(met := note.payload, Clan):
            clan = DARKNESS_CLAN if met.clan == "darkness" else _shadow_clan(config)
            for s in range(players):
                if s != me and s not in met.members and view.lives[s] == 1:
                    allowed[s] -= set(clan)
    ones = [s for s in range(players) if s not in first]
    twos = [s for s in range(players) if view.lives[s] == 2 and s not in second]
    darks = set(DARKNESS) | (set(GLOOM) if config.n_includes_gloom else set()) | \
        ({Card.KOLDUNYA} if config.n_includes_koldunya else set())
    for _ in range(tries):
        drawn1 = _draw(ones, set(deck) - set(first.values()),
                       {s: allowed[s] if view.lives[s] == 1 else set(deck) for s in ones}, rng)
        drawn2 = _draw(twos, set(deck) - set(second.values()), allowed, rng)
        if len(drawn1) != len(ones) or len(drawn2) != len(twos):
            return None
        first_cards = tuple(drawn1[s] if s in drawn1 else first[s] for s in range(players))  # every seat has one
        cards = tuple((drawn2.get(s) or second[s]) if view.lives[s] == 2 else first_cards[s] for s in range(players))
        alive_darks = sum(1 for s in range(players) if s not in view.out and cards[s] in darks)
        if votes is None or config.votes_per_player or max(1, alive_darks) == votes:
            break
    return first_cards, cards, frozenset({**second, **drawn2}.values())


def _state(view: Any, config: BattagliaConfig, souls: tuple[tuple[Card, ...], tuple[Card, ...], frozenset[Card]],
           **fields: Any) -> BattagliaState:
    """The state of the view's public fields and ``souls``, the others' clan notes as the souls imply."""
    me, players, deck = view.viewer, view.players, tuple(view.deck)
    first_cards, cards, issued = souls
    notes: list[tuple[Event, ...]] = [() for _ in range(players)]
    for clan, members_of in (("darkness", DARKNESS_CLAN), ("shadow", _shadow_clan(config))):
        members = [s for s, c in enumerate(first_cards) if c in members_of]
        if members:
            note = private("clan", frozenset(members), night=1, clan=clan, members=members)
            for s in members:
                notes[s] = (note,)
    notes[me] = tuple(view.notes)
    public = fields.get("record", view.record)
    corrigan_open = frozenset(d.life for d in public.deaths if d.cause == "execution" and d.card is Card.CORRIGAN)
    state = BattagliaState(
        config=config, players=players, deck=deck, phase=view.phase, day=view.day, night_no=view.night,
        cards=cards, first_cards=first_cards, lives=tuple(view.lives), out=frozenset(view.out),
        undealt=tuple(c for c in deck if c not in set(first_cards)), issued=issued,
        revealed_shadow=frozenset(view.revealed_shadow), revealed_child=frozenset(view.revealed_child),
        revealed_lord=frozenset(view.revealed_lord), revealed_bishop=frozenset(view.revealed_bishop),
        heirs=tuple(view.heir_slot if s == me else 0 for s in range(players)),
        announced=frozenset((card, life) for _, life, card in view.graveyard), graveyard=tuple(view.graveyard),
        corrigan_open=corrigan_open, quiet_cycles=public.quiet_cycles, eventful=public.eventful,
        public_log=tuple(view.log), record=public, notes=tuple(notes))
    return replace(state, **fields) if fields else state


def determinize(view: Any, config: BattagliaConfig, known: Mapping[int, frozenset[Card]],
                rng: random.Random, tries: int = 40, own: Mapping[tuple[int, str, int], Action] | None = None,
                ) -> BattagliaState | None:
    """A whole state consistent with ``view`` (a seat's view at a searched decision), hidden facts
    sampled; ``None`` when the view's phase is not one this rebuilds or the sample cannot match it.
    ``own``: the seat's own earlier moves tonight, by (night, step, round). Reads nothing but its
    arguments."""
    if view.phase not in SEARCHED_PHASES or view.viewer is None:
        return None
    if view.phase is Phase.NIGHT:
        return _night(view, config, known, rng, own or {})
    day_event, after, morning = _today_events(view.log)
    if day_event is None:
        return None
    today = _today(view, day_event, after, morning)
    if today is None:
        return None
    souls = _sample_souls(view, config, known, rng, day_event.votes, tries)
    return None if souls is None else _state(view, config, souls, today=today)


def _night(view: Any, config: BattagliaConfig, known: Mapping[int, frozenset[Card]], rng: random.Random,
           own: Mapping[tuple[int, str, int], Action]) -> BattagliaState | None:
    """Tonight as far as the seat may know it: the state at dusk (the public fields, sampled souls), the
    night started by the kernel and played to the seat's decision by the sampled holders' scripted bots,
    the seat's own earlier answers tonight as it gave them (``own``; else its scripted bot's). The sample
    stands only if the replay reaches the decision with tonight's public record and the seat's notes
    exactly as they are (rejection: a darkness round that agreed in the sample but not at the table, a
    group other than the one the seat saw gathering, ... give ``None``)."""
    night_at = max((i for i, e in enumerate(view.log) if isinstance(e.payload, Night)), default=-1)
    if night_at < 0 or view.night < 2:
        return None
    souls = _sample_souls(view, config, known, rng, None, 1)
    if souls is None:
        return None
    me = view.viewer
    notes_before = tuple(n for n in view.notes if n.data.get("night") != view.night)
    dusk = _state(view, config, souls, phase=Phase.DAY_OVER, night_no=view.night - 1,
                  public_log=tuple(view.log[:night_at]), record=record_of(view.log[:night_at]))
    dusk = replace(dusk, notes=tuple(notes_before if s == me else n for s, n in enumerate(dusk.notes)))
    events: list[Event] = []
    state = record(start_night(dusk, events), events)
    salt = rng.random()
    bots = {s: BattagliaBot(f"{salt}/night", s, talk=False) for s in range(view.players)}
    for _ in range(8 * view.players):
        if state.phase is not Phase.NIGHT or state.night is None:
            return None
        active = GAME.active_players(state)
        night = state.night
        if me in active and night.step is view.step and night.round == (view.night_round or night.round):
            mine = view_for(state, me)
            return state if mine.log == view.log and mine.notes == view.notes else None
        seat = min(active)
        move = own.get((view.night, str(night.step), night.round)) if seat == me else None
        if move is None:
            answer = bots[seat].act(seat_request(state, seat))
            move = answer.action if isinstance(answer, Decision) else answer
        try:
            state = GAME.apply(state, move).state
        except IllegalActionError:  # the seat's own move does not fit this sample's night
            return None
    return None


def consistent(state: BattagliaState, view: Any, legal: Sequence[Action]) -> bool:
    """Whether the seat's view of ``state`` shows what ``view`` shows and the same moves are legal, and
    the sample keeps the public count of living darks (today's vote count, ``day_limits``)."""
    mine = view_for(state, view.viewer)
    if any(getattr(mine, name) != getattr(view, name) for name in COMPARED):
        return False
    if not state.config.votes_per_player and state.today is not None:
        darks = living_darks(state)
        if max(1, darks) != state.today.votes:
            return False
    return {move_key(a) for a in GAME.legal_actions(state, view.viewer)} == {move_key(a) for a in legal}


def move_key(action: Action) -> tuple[Any, ...]:
    """A move for the rules, texts aside (one candidate per accusation target and charge)."""
    return (action.kind, getattr(action, "target", None), getattr(action, "targets", None),
            getattr(action, "approve", None), getattr(action, "charge", None), action.actor)


def _shadow_clan(config: BattagliaConfig) -> frozenset[Card]:
    """The cards that attend the shadow clan (``night.shadow_cards``, DEC-7)."""
    return SHADOW if config.koldunya_in_shadow_meetings else SHADOW - {Card.KOLDUNYA}

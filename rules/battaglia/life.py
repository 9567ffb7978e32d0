"""Deaths, second souls, forces, the end of the game and its scoring.

Rule: «после смерти персонажа, ведущий объявляет, какая карта у него была, и, если это первая смерть,
выдает игроку новую душу» (seeds/004_55ac8a5a86b5c135.txt:L44)
"""

from __future__ import annotations

from narrator.rules.battaglia.cards import DARKNESS, GLOOM, LIGHT, Card, Force
from narrator.rules.battaglia.state import BattagliaState, Phase, living
from narrator.rules.battaglia.state import evolve as replace
from narrator.rules.core import Event, Outcome, host_only, private, public

RULE_DEATH = "seeds/004_55ac8a5a86b5c135.txt:L44"


def force_of(card: Card, life: int, rainmaker_force: str = "by_life") -> Force:
    """The victory force of a soul.

    Rule: «в живых останутся только представители одной силы (свет, тень, первый мрак, второй мрак,
    первая тьма, вторая тьма)» (seeds/004_55ac8a5a86b5c135.txt:L92)

    >>> force_of(Card.NIKOR, 2), force_of(Card.RAINMAKER, 1, "by_night_group")
    (<Force.SECOND_GLOOM: 'second_gloom'>, <Force.SECOND_DARKNESS: 'second_darkness'>)
    """
    if card in LIGHT:
        return Force.LIGHT
    if card in GLOOM:
        return Force.FIRST_GLOOM if life == 1 else Force.SECOND_GLOOM
    if card in DARKNESS:
        if card is Card.RAINMAKER and rainmaker_force == "by_night_group":
            life = 3 - life
        return Force.FIRST_DARKNESS if life == 1 else Force.SECOND_DARKNESS
    return Force.SHADOW


def seat_force(state: BattagliaState, seat: int) -> Force:
    """The force of ``seat``'s current (or last) soul."""
    return force_of(state.cards[seat], state.lives[seat], state.config.rainmaker_force)


def kill(state: BattagliaState, dead: list[int], cause: str) -> BattagliaState:
    """Apply simultaneous deaths (the caller announces them): queue first deaths for a second soul.

    Statuses belong to the soul and end with it (DEC-39); an heir's shot ends too (DEC-21).

    Rule: «все смерти происходят одновременно» (L71); «ведущий объявляет, какая карта у него была» (L44)
    """
    if not dead:
        return state
    dead = sorted(set(dead))
    out, rebirths = set(state.out), list(state.rebirths)
    heirs = list(state.heirs)
    died_lights = list(state.died_lights)
    announced, graveyard = set(state.announced), list(state.graveyard)
    for seat in dead:
        card, life = state.cards[seat], state.lives[seat]
        announced.add((card, life))
        graveyard.append((seat, life, card))
        if not state.config.heir_keeps_shot_after_death:
            heirs[seat] = 0
        if card in LIGHT and cause == "night":
            died_lights.append(seat)
        if life == 1:
            rebirths.append(seat)
        else:
            out.add(seat)
    gone = frozenset(dead)
    return replace(
        state, out=frozenset(out), rebirths=tuple(sorted(rebirths)), heirs=tuple(heirs),
        died_lights=tuple(died_lights), announced=frozenset(announced), graveyard=tuple(graveyard),
        revealed_shadow=state.revealed_shadow - gone, revealed_child=state.revealed_child - gone,
        revealed_lord=state.revealed_lord - gone, revealed_bishop=state.revealed_bishop - gone,
        eventful=True)


def soul_pool(state: BattagliaState, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` may receive as a second soul, in deck order (DEC-4).

    Rule: «выдает игроку новую душу ... но карту оставляет ему до конца игры» (L44)
    """
    config = state.config
    if config.soul_pool == "unissued":
        allowed = set(state.deck)
    elif config.soul_pool == "undealt_and_dead":
        allowed = set(state.undealt) | {card for _, _, card in state.graveyard}
    else:
        allowed = set(state.undealt)
    allowed -= state.issued
    if not config.soul_own_previous_card:
        allowed.discard(state.cards[seat])
    return tuple(c for c in state.deck if c in allowed)


def give_soul(state: BattagliaState, index: int, events: list[Event]) -> BattagliaState:
    """Give the next queued seat the ``index``-th card of its soul pool (a chance ``Pick``).

    Rule: «выдает игроку новую душу на тех же условиях неразглашения» (L44)
    """
    seat, rest = state.rebirths[0], state.rebirths[1:]
    card = soul_pool(state, seat)[index]
    cards, lives = list(state.cards), list(state.lives)
    cards[seat], lives[seat] = card, 2
    events.append(private("new_soul", frozenset({seat}), card=str(card), life=2))
    events.append(host_only("second_soul", seat=seat, card=str(card)))
    return replace(state, cards=tuple(cards), lives=tuple(lives), rebirths=rest, issued=state.issued | {card})


def skip_soulless(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Seats whose pool is empty (restricted pools, DEC-4) stay dead for good."""
    while state.rebirths and not soul_pool(state, state.rebirths[0]):
        seat = state.rebirths[0]
        events.append(public("no_soul_left", seat=seat))
        state = replace(state, rebirths=state.rebirths[1:], out=state.out | {seat})
    return state


def end_check(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """End the game when one force is left, nobody is left, or a stalemate has set in.

    Rule: «игра продолжается до тех пор, пока не наступит патовая ситуация, либо в живых останутся только
    представители одной силы» (seeds/004_55ac8a5a86b5c135.txt:L92)
    """
    alive = living(state)
    forces = {seat_force(state, s) for s in alive}
    if len(forces) == 1:
        return finish(state, "one_force_left", forces.pop(), events)
    if not forces:
        return finish(state, "all_dead", None, events)
    limit = state.config.stalemate_cycles
    if limit and state.quiet_cycles >= limit:
        return finish(state, "stalemate", None, events)
    if state.config.max_days and state.day >= state.config.max_days:
        return finish(state, "day_limit", None, events)
    return state


def declare_outcome(state: BattagliaState, force: str, by: str, events: list[Event]) -> BattagliaState:
    """End the game in the one outcome still possible: ``force`` wins (``"none"``: a stalemate is called).

    ``by`` is ``"moderator"`` (a human host's declaration) or ``"lookahead"`` (the kernel's search, DEC-35).

    Rule: «игра продолжается до тех пор, пока не наступит патовая ситуация ... либо когда наступит ситуация
    из которой возможен всего один исход» (seeds/004_55ac8a5a86b5c135.txt:L92)
    """
    winner = None if force == "none" else Force(force)
    events.append(public("forced_outcome", force=str(winner) if winner else None, by=by))
    return finish(state, "forced_outcome" if winner else "stalemate", winner, events)


def finish(state: BattagliaState, termination: str, winner: Force | None, events: list[Event]) -> BattagliaState:
    """Close the game with its outcome and scores."""
    winners = frozenset(s for s in range(state.players) if winner is not None and _in_clan(state, s, winner))
    scores = score(state, winners, winner)
    detail = {"force": str(winner) if winner else None, "days": state.day, "scores": list(scores),
              "cards": [str(c) for c in state.cards], "first_cards": [str(c) for c in state.first_cards]}
    outcome = Outcome(termination, winners, detail)
    events.append(public("game_over", termination=termination, force=detail["force"], winners=sorted(winners),
                         cards=detail["cards"], first_cards=detail["first_cards"], scores=list(scores)))
    return replace(state, phase=Phase.OVER, result=outcome, night=None, today=None)


def _in_clan(state: BattagliaState, seat: int, winner: Force) -> bool:
    rule = state.config.rainmaker_force
    if seat_force(state, seat) is winner:
        return True
    if state.config.scoring_clan_by == "any_soul" and state.lives[seat] == 2:
        return force_of(state.first_cards[seat], 1, rule) is winner
    return False


def score(state: BattagliaState, winners: frozenset[int], winner: Force | None) -> tuple[int, ...]:
    """Points: the winning clan 3, a winning Nikor 5, survivors 1 (DEC-37).

    Rule: «весь клан победителя получает по 3 очка. все оставшиеся в живых по 1. никор при победе получает 5»
    (seeds/004_55ac8a5a86b5c135.txt:L93)
    """
    cumulative = state.config.scoring_cumulative
    points = []
    for seat in range(state.players):
        alive = 1 if seat not in state.out else 0
        if seat in winners:
            base = 5 if winner in (Force.FIRST_GLOOM, Force.SECOND_GLOOM) else 3
            points.append(base + alive if cumulative else base)
        else:
            points.append(alive)
    return tuple(points)

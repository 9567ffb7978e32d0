"""The deal and the acquaintance night: the game's first chance move and what it opens.

The handler returns with night 1 over (``Phase.NIGHT_OVER``); the phase machine (``flow``) starts day 1.
"""

from __future__ import annotations

from narrator.rules.battaglia.cards import DARKNESS, GLOOM, Card
from narrator.rules.battaglia.night import cats, shadow_cards
from narrator.rules.battaglia.state import BattagliaState, Phase
from narrator.rules.battaglia.state import evolve as replace
from narrator.rules.core import Event, private, public

DARKNESS_CLAN = DARKNESS | GLOOM | {Card.KOLDUNYA}
"""Rule: «тьмы (собственно тьма + никор + колдунья)» (seeds/004_55ac8a5a86b5c135.txt:L48)."""


def deal(state: BattagliaState, order: tuple[int, ...], events: list[Event]) -> BattagliaState:
    """Deal one mask to each seat from the shuffled deck; the rest stay undealt and undisclosed.

    Rule: «карты раздаются ведущим из рук в руки, в произвольном порядке, всем участникам ... набор карт
    объявляется перед игрой, но прикуп не разглашается» (seeds/004_55ac8a5a86b5c135.txt:L43)
    """
    shuffled = [state.deck[i] for i in order]
    cards = tuple(shuffled[:state.players])
    undealt = tuple(c for c in state.deck if c in set(shuffled[state.players:]))
    events.append(public("deal", players=state.players, deck=[str(c) for c in state.deck],
                         undealt=len(undealt)))
    for seat, card in enumerate(cards):
        events.append(private("your_card", frozenset({seat}), card=str(card), life=1))
    state = replace(state, cards=cards, first_cards=cards, undealt=undealt, lives=(1,) * state.players,
                    heirs=(0,) * state.players, notes=((),) * state.players)
    return acquaintance(state, events)


def acquaintance(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Night 1: the darkness clan and the shadow clan open their eyes and see who is in the clan.

    Rule: «в первую ночь происходит знакомство ... тьмы (собственно тьма + никор + колдунья) и тени внутри
    своих кланов» (seeds/004_55ac8a5a86b5c135.txt:L48)
    """
    events.append(public("night", night=1, acquaintance=True))
    state = replace(state, night_no=1)
    for clan, members_of in (("darkness", DARKNESS_CLAN), ("shadow", shadow_cards(state))):
        members = [s for s, c in enumerate(state.cards) if c in members_of]
        if not members:
            continue
        data: dict[str, object] = {"night": 1, "clan": clan, "members": members}
        if state.config.acquaintance_reveals_cards:
            data["cards"] = [[s, str(state.cards[s])] for s in members]
        events.append(private("clan", frozenset(members), **data))
        watchers = cats(state) - frozenset(members)
        if watchers and state.config.cat_peeks_night1:
            events.append(private("cat_saw", watchers, night=1, step=f"acquaintance_{clan}", awake=members,
                                  choices=[]))
    return replace(state, phase=Phase.NIGHT_OVER)

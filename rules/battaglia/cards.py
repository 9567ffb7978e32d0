"""The twenty masks of battaglia del arte, their forces, and the decks for 6..17 players.

Factions are inferred in spec §1.1 (the seed's card table lost its columns); the deck for L cards
is the first L cards of :data:`DECK_ORDER`, the order in which the seed adds cards.
"""

from __future__ import annotations

from enum import StrEnum


class Card(StrEnum):
    """A mask (card, soul). Values are the wire names."""

    NIKOR = "NIKOR"
    CORRIGAN = "CORRIGAN"
    COHEN = "COHEN"
    LUN = "LUN"
    RAINMAKER = "RAINMAKER"
    FLUID = "FLUID"
    KOLDUNYA = "KOLDUNYA"
    TRITON = "TRITON"
    PUCK = "PUCK"
    CHESHIRE_CAT = "CHESHIRE_CAT"
    LORD_LUIHAD = "LORD_LUIHAD"
    KOLDUN = "KOLDUN"
    DOMOVIK = "DOMOVIK"
    TIIR = "TIIR"
    BASILISK = "BASILISK"
    BISHOP = "BISHOP"
    CHILD = "CHILD"
    BROK = "BROK"
    MESKLINIT = "MESKLINIT"
    FREILINA = "FREILINA"


class Faction(StrEnum):
    """The four factions of the town (seeds/004_55ac8a5a86b5c135.txt:L11-15)."""

    LIGHT = "light"
    SHADOW = "shadow"
    DARKNESS = "darkness"
    GLOOM = "gloom"


class Force(StrEnum):
    """The six victory forces: «свет, тень, первый мрак, второй мрак, первая тьма, вторая тьма» (L92)."""

    LIGHT = "light"
    SHADOW = "shadow"
    FIRST_GLOOM = "first_gloom"
    SECOND_GLOOM = "second_gloom"
    FIRST_DARKNESS = "first_darkness"
    SECOND_DARKNESS = "second_darkness"


DECK_ORDER: tuple[Card, ...] = tuple(Card)
"""Rule: «никор, корриган, коэн и лун, дождевальник и флюид, колдунья и тритон. дальше ... пэк, чеширский
кот, лорд луихад, колдун, домовик, тиир ... василиск, епископ, дитя, брок, месклинит и фрейлина»
(seeds/004_55ac8a5a86b5c135.txt:L42). The enum is declared in this order."""

MIN_DECK = 8
MIN_PLAYERS = 6
MAX_CARDS = len(DECK_ORDER)

LIGHT = frozenset({Card.CORRIGAN, Card.COHEN, Card.LUN, Card.LORD_LUIHAD, Card.TIIR, Card.CHILD, Card.FREILINA})
SHADOW = frozenset({Card.KOLDUNYA, Card.TRITON, Card.CHESHIRE_CAT, Card.DOMOVIK, Card.BISHOP, Card.MESKLINIT})
DARKNESS = frozenset({Card.RAINMAKER, Card.FLUID, Card.PUCK, Card.KOLDUN, Card.BASILISK, Card.BROK})
GLOOM = frozenset({Card.NIKOR})

FACTION: dict[Card, Faction] = {
    **{c: Faction.LIGHT for c in LIGHT}, **{c: Faction.SHADOW for c in SHADOW},
    **{c: Faction.DARKNESS for c in DARKNESS}, **{c: Faction.GLOOM for c in GLOOM}}

CORRIGAN_LETHAL = DARKNESS | GLOOM | {Card.KOLDUNYA}
"""Rule: «прочие цели — темные и мрачные и колдунья — не пациенты умирают» (seeds/004_55ac8a5a86b5c135.txt:L68)."""

CORRIGAN_REVEALS = SHADOW - {Card.TRITON}
"""Rule: «цели — тени (не тритон) вскрываются» (seeds/004_55ac8a5a86b5c135.txt:L70)."""

HEIR_ELIGIBLE = (LIGHT - {Card.CHILD}) | {Card.TRITON}
"""Rule: «если цель — кто-то светлый (но не дитя) или тритон, к нему переходят полномочия» (L82)."""

DARKNESS_STEP_CARDS = (DARKNESS - {Card.RAINMAKER}) | {Card.KOLDUNYA, Card.NIKOR}
"""Who wakes in the darkness step of their own life (the Rainmaker wakes in the other one) (L55-56)."""

QUALIFYING_DARKS = DARKNESS - {Card.RAINMAKER}
"""Whose support makes a darkness shot productive: «хотя бы один первый темный» (L55)."""


def deck_for(size: int) -> tuple[Card, ...]:
    """The deck of ``size`` cards: a prefix of :data:`DECK_ORDER`.

    Rule: «дальше с каждым новым участником карты добавляются в таком порядке»
    (seeds/004_55ac8a5a86b5c135.txt:L42)

    >>> deck_for(8)[-1], len(deck_for(14))
    (<Card.TRITON: 'TRITON'>, 14)
    """
    if not MIN_DECK <= size <= MAX_CARDS:
        raise ValueError(f"a deck has {MIN_DECK}..{MAX_CARDS} cards, not {size}")
    return DECK_ORDER[:size]


def default_deck_size(players: int) -> int:
    """Cards for ``players`` players by default (DEC-1): P+2, except the maximum set of 20 for 17.

    Rule: «участников всегда на два или три меньше, чем карт ... им хорошо играть 17 людям»
    (seeds/004_55ac8a5a86b5c135.txt:L42-43)

    >>> default_deck_size(6), default_deck_size(12), default_deck_size(17)
    (8, 14, 20)
    """
    return 20 if players == 17 else players + 2

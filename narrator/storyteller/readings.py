"""A reading of a typed intent and the choice of one (issue 28): :class:`Reading`, what the offline reader
(:mod:`narrator.storyteller.reader`) makes of an intent, and :func:`decide`, which turns its ranked readings
into one: the strongest that leads the next different one by :data:`DECISIVE` and is strong enough for what it
starts, else a question naming the two closest. :func:`ability_for` picks an improvised roll's traits for a sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from narrator.storyteller.approaches import READ
from narrator.storyteller.words import HINT, act_named

Kind = Literal["approach", "roll", "free", "pass", "ask", "cheat", "unknown"]
DECISIVE = 0.5
"""The best reading must lead the next different one by this much, or the player is asked."""


@dataclass(frozen=True)
class Reading:
    """What the reader made of an intent."""

    kind: Kind
    approach: str | None = None
    act: str | None = None
    attribute: str = ""
    abilities: tuple[str, ...] = ()
    difficulty: int = 6
    words: tuple[str, ...] = ()
    candidates: tuple[str, ...] = ()
    """For ``ask``: the two closest readings, an approach id or ``act:<id>`` each."""
    weight: float = 0.0
    first: int = 0
    """Where its words begin in the intent (of two deeds said, the first is the one done)."""


def _same(a: Reading, b: Reading) -> bool:
    """Two readings that come to the same deed (an approach and the act that is its roll)."""
    return (a.kind, a.approach, a.act) == (b.kind, b.approach, b.act)


def decide(ranked: list[tuple[float, Reading]], held: Sequence[Any], fight: bool) -> Reading:
    """The one reading of ``ranked`` (or a question): the strongest that leads clearly, and is strong
    enough for what it starts."""
    ranked.sort(key=lambda item: -item[0])
    if not ranked or ranked[0][0] < HINT:
        return Reading("unknown")
    best_weight, best = ranked[0]
    others = [(w, r) for w, r in ranked[1:] if not _same(r, best)]
    if best_weight >= READ:  # an approach named only by its objects, or hints alone, rival no deed said outright
        others = [(w, r) for w, r in others if not (r.kind == "approach" and r.act == "weak") and w >= READ]
    if best.kind == "approach":
        # the act that is this approach's roll is part of it, not a rival reading
        others = [(w, r) for w, r in others if not (r.kind == "roll" and r.act and best.weight >= w)]
    runner = others[0] if others else (0.0, None)
    candidates = tuple(_ref(r) for r in (best, runner[1]) if r is not None)
    if best_weight < READ:
        return Reading("ask", candidates=candidates, words=best.words)
    if best.kind == "free" and best.act == "wait" and held:
        return Reading("pass", approach=held[0].approach, words=best.words)
    if (fight and runner[1] is not None and best.kind == runner[1].kind == "approach" and best_weight == runner[0]
            and best.words == runner[1].words and best.act == runner[1].act == "strong"):
        return best  # two blows the words say alike ("I shoot him": revolver or rifle): the scene's first
    if runner[1] is not None and best_weight - runner[0] < DECISIVE:
        if {best.kind, runner[1].kind} == {"free"}:  # no roll either way: the deed said first ("I sit ... and
            return min(best, runner[1], key=lambda r: r.first)  # listen" is a rest, not a look for clues)
        if {best.kind, runner[1].kind} <= {"free", "roll"} and (not fight or _moves(best, runner[1])):
            if best.first == runner[1].first:  # one word, a look and a search («разглядываю»): the closer look
                return best if best.kind == "roll" else runner[1]
            looked = [r for r in (best, runner[1]) if r.kind == "roll" and _looking(r)]
            other = runner[1] if looked and looked[0] is best else best
            if best.kind == runner[1].kind == "roll" and len(looked) == 1 and looked[0].first < other.first:
                return other  # "I check the cut and bind it": the look said first is the deed's preliminary
            return min(best, runner[1], key=lambda r: r.first)  # two deeds no approach lists: the first said
        return Reading("ask", candidates=candidates, words=best.words)
    if best.kind == "approach" and best.act == "weak":
        return Reading("ask", candidates=candidates, words=best.words)
    if best.kind == "free" and fight:
        return Reading("ask", candidates=candidates, words=best.words)  # in a fight every action is rolled (DA L167)
    return best


def _moves(a: Reading, b: Reading) -> bool:
    """Two rolled deeds neither of which is a blow (round nine: "I throw myself down behind the cart and keep my head
    low" is one deed of taking cover, said twice): in a fight too, the first said is the one done."""
    return a.kind == b.kind == "roll" and not {a.act, b.act} & BLOWS


BLOWS = frozenset({"attack", "brawl", "shoot"})


def _looking(reading: Reading) -> bool:
    """A generic look or search (Perception, done to anything): beside another deed, its preliminary."""
    act = act_named("en", str(reading.act))
    return act.generic and act.attribute == "perception" and "investigation" in act.abilities


def _ref(reading: Reading) -> str:
    return reading.approach if reading.kind == "approach" and reading.approach else f"act:{reading.act}"


def ability_for(reading: Reading, ratings: Mapping[str, int]) -> tuple[str, ...]:
    """The improvised roll's traits for a sheet: the act's Attribute and the first of its Abilities the
    character has dots in (else the first the sheet lists at all, else the Attribute alone: an Ability never
    learned is 0 dots, WW L38, DA L97)."""
    for ability in reading.abilities:
        if ratings.get(ability, 0) > 0:
            return (reading.attribute, ability)
    for ability in reading.abilities:
        if ability in ratings:
            return (reading.attribute, ability)
    return (reading.attribute,)

"""What is said rather than done (the offline reader, issue 28; round eight, play-test 16): a weapon drawn and laid
down is a gesture, no blow; speech that IS the scene's social approach takes it ("talk is no action" is for chatter);
and how strongly a line talks of the dice, less the words that only look like dice talk ("the roll of the dead")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from narrator.storyteller.approaches import READ, SOCIAL
from narrator.storyteller.readings import DECISIVE, Reading
from narrator.storyteller.words import Token, grammar, hear


def laid_down(ranked: list[tuple[float, Reading]], options: Sequence[Any], said: Sequence[Token],
               lang: str) -> list[tuple[float, Reading]]:
    """``ranked`` less the blows of a weapon laid down, handed or put away after it is drawn (``grammar.laid_down``:
    "I draw my dagger and lay it on the table, hilt toward him" is a gesture): no blow, and no approach that can end
    the story or start a fight read strongly; the laying verb itself is no other deed ("lay" is no "lie")."""
    down = grammar(lang).get("laid_down", frozenset())
    blows = [r for _, r in ranked if r.kind == "roll" and r.act in ("attack", "shoot") and r.words]
    if not blows:
        return ranked
    start = min(r.first for r in blows)
    laid = {t.word for i, t in enumerate(said) if i > start and not t.other and t.forms & down}
    if not laid:
        return ranked
    risky = {o.approach for o in options if o.risky}
    kept: list[tuple[float, Reading]] = []
    for weight, reading in ranked:
        if reading in blows or (reading.words and set(reading.words) <= laid):
            continue
        if reading.kind == "approach" and reading.approach in risky:
            weight = min(weight, READ - 0.1)
            reading = replace(reading, weight=weight, act="weak")
        kept.append((weight, reading))
    return kept


SPEECH = frozenset({"talk"})   # telling, not asking: a question put is free (DA L65) unless its words are the approach


def spoken_approach(ranked: list[tuple[float, Reading]], options: Sequence[Any], said: Sequence[Token], lang: str,
                     named: frozenset[str], told: bool) -> list[tuple[float, Reading]]:
    """Speech that IS the scene's social approach (round eight, play-test 16: "talk is no action" is for chatter,
    not for the listed plea said in words): when the strongest deed said is talking or asking and exactly one
    approach rolled on a social Attribute answers to a word of the line besides the speaking verbs, the line is
    that approach ("I push the cup away and say I've sworn off wine": the drink turned down). Its word is a thing of
    the character's own clause: no name, no word of another's deed, none of a clause said to someone ("or the next
    song you sing ..."). Never an approach that can end the story or start a fight, nor words that only tell (a
    question, an outcome claimed)."""
    strong = [(w, r) for w, r in ranked if w >= READ]
    if told or not strong or any(r.kind == "roll" for _, r in strong) or not any(r.act in SPEECH for _, r in strong):
        return ranked
    spoken = {word for _, r in strong if r.act in SPEECH for word in r.words}
    to_you = grammar(lang).get("second_person", frozenset())
    addressed = {t.clause for t in said if t.word in to_you}
    little = grammar(lang)
    me, theirs, own, listener = little.get("self", frozenset()), False, set(), False
    skipped = little.get("determiners", frozenset()) | little.get("prepositions", frozenset()) | little.get(
        "purpose", frozenset())
    for t in said:  # "the barman pours me whiskey and I say thanks": his whiskey, until the character's "I"
        theirs = (theirs or t.other) and t.word not in me and t.word not in spoken
        if t.word in spoken or (listener and t.word in skipped):
            listener = t.word in spoken or listener  # "nod to the steward": the one spoken to is no thing of it
            continue
        if not theirs and not listener and t.word not in named and t.clause not in addressed:
            own.add(t.word)
        listener = False
    by_id = {o.approach: o for o in options}
    fits = [(w, r) for w, r in ranked if r.kind == "approach" and r.approach in by_id
            and not getattr(by_id[r.approach], "risky", False) and social(getattr(by_id[r.approach], "traits", ()))
            and set(r.words) & own]
    if len(fits) != 1:
        return ranked
    weight, reading = fits[0]
    rest = [(w, r) for w, r in ranked if r is not reading and r.act not in SPEECH]
    taken = replace(reading, weight=max(weight, READ) + DECISIVE, act="strong")
    return [(taken.weight, taken)] + rest


SOCIAL_ABILITIES = frozenset({"empathy", "persuasion", "etiquette", "expression", "subterfuge", "leadership"})


def social(traits: Sequence[str]) -> bool:
    """Whether an approach's roll is a social one (its Attribute, or its Ability of speech and manners)."""
    return bool(traits) and (traits[0] in SOCIAL or bool(set(traits[1:2]) & SOCIAL_ABILITIES))


def dice_talk(said: Sequence[Token], lang: str, named: frozenset[str]) -> float:
    """How strongly ``said`` talks of the dice, less the words that are no dice (``grammar.not_dice``: "each one
    died" is no "each die"), a thing's word ("the roll of the dead": a determiner before, ``grammar.of_thing``
    after) and a thing's own doing in a clause ("so the coach don't roll": a determiner's noun its subject)."""
    little = grammar(lang)
    determiners, of_thing = little.get("determiners", frozenset()), little.get("of_thing", frozenset())
    not_dice = little.get("not_dice", frozenset())
    subordinate = little.get("subordinate", frozenset())
    heard_as: list[Token] = []
    for i, t in enumerate(said):
        before = [said[j].word for j in range(max(0, i - 3), i)]
        thing = 0 < i < len(said) - 1 and before[-1] in determiners and said[i + 1].word in of_thing
        its_own = len(before) == 3 and before[0] in subordinate and before[1] in determiners
        heard_as.append(replace(t, forms=frozenset()) if thing or its_own or t.word in not_dice else t)
    score = hear(heard_as, lang, named).scores.get("cheat")
    return score.weight if score else 0.0

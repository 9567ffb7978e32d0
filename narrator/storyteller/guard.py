"""A weak reading never takes a violent or risky approach (the offline reader, issue 28; play-test 17).

An approach whose roll is a blow, a shot or a threat (:data:`VIOLENT`: "Shoot the broken steers", "Fire your pistol
across the leaders' faces", «Выбить из него правду страхом»), or one that can end the story or start a fight
(:attr:`Option.risky <narrator.storyteller.template.Option>`), is taken only on its own deed: an act heard outright
that is what it rolls (a shot for a shot, a threat for a threat), or two words of its own label said by the character.
One shared word ("their faces", "the break", «хватит» read as «хватать»), a search of its things or a move toward
it is no reading of it: the player is asked (:func:`guarded`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from narrator.storyteller.approaches import READ, SOCIAL, _agrees, label_lemmas
from narrator.storyteller.readings import Reading
from narrator.storyteller.words import Heard, Token, act_named, aspect_pair

VIOLENT = frozenset({"firearms", "melee", "brawl", "archery", "intimidation"})
"""The Abilities of a blow, a shot and a threat: an approach rolling one of them is violent."""
OWN_WORDS = 2
"""How many words of its own label say a violent approach without its deed."""


def violent(option: Any) -> bool:
    """Whether ``option`` can start a fight or end the story, or rolls a blow, a shot or a threat."""
    traits = tuple(option.traits)
    return (option.risky or option.deed == "attack"
            or bool(set(traits[1:2]) & VIOLENT))


def guarded(ranked: list[tuple[float, Reading]], options: Sequence[Any], said: Sequence[Token], heard: Heard,
            lang: str, names: frozenset[str]) -> list[tuple[float, Reading]]:
    """``ranked`` with every strong reading of a violent approach (:func:`violent`) that its own deed does not back
    (:func:`backed`) made weak: the player is asked, never rolled into a fight on a shared word; one that rolls a blow,
    a shot or a threat is not even named in the question (a peace gesture is never offered a violent reading)."""
    by_id = {o.approach: o for o in options}
    out: list[tuple[float, Reading]] = []
    for weight, reading in ranked:
        option = by_id.get(reading.approach or "")
        if reading.kind == "approach" and option is not None and violent(option) and not backed(
                option, said, heard, lang, names):
            if _blow_or_threat(option):
                continue  # not even a question's reading: "take the lamp from Mahaut's hand, politely" is no seizing
            if weight >= READ:
                weight = READ - 0.1
                reading = replace(reading, weight=weight, act="weak")
        out.append((weight, reading))
    return out


def backed(option: Any, said: Sequence[Token], heard: Heard, lang: str, names: frozenset[str]) -> bool:
    """Whether the character's own words say ``option``'s deed: an act heard outright that is what it rolls (not a
    search of its things; a threat rolled on a social Attribute, by words said), or :data:`OWN_WORDS` words of its label said outside quotes (a name among them: "the
    torch out of Thierry's hand"), or, where it rolls no blow, shot or threat, one word of its label said as a deed."""
    traits = tuple(option.traits)
    for name, score in heard.scores.items():
        if score.weight < READ or all(said[i].other for i in score.used if i < len(said)):
            continue
        if _agrees(act_named(lang, name), option, lang, said, score.used, named=False):
            return True
        if name == "talk" and traits[:1] and traits[0] in SOCIAL and traits[1:2] == ("intimidation",):
            return True  # a threat said in words ("I tell Renaud's boys ... will be one"), not a grab
    label = label_lemmas(f"{option.label} {option.words}", lang)
    own = [i for i, t in enumerate(said) if not t.said and len(t.word) >= 3 and any(_same(t.forms, part) for part in label)]
    if len({said[i].word for i in own}) >= OWN_WORDS:
        return True
    # one word of the label said as the deed it is (a verb the lexicon knows, "Let her go": «отпускаю»), where the
    # approach is risky but rolls no blow, shot or threat
    return not _blow_or_threat(option) and any(not said[i].other and any(act_named(lang, a).kind != "free" for a in heard.deeds.get(i, ()))
                              for i in own)


def _blow_or_threat(option: Any) -> bool:
    """Whether ``option`` rolls a blow, a shot or a threat (a fight's move among them)."""
    return bool(set(tuple(option.traits)[1:2]) & VIOLENT) or option.deed == "attack"


def _same(said: frozenset[str], label: frozenset[str]) -> bool:
    return bool(said & label) or any(aspect_pair(a, b) for a in said for b in label
                                     if not a.isascii() and len(a) >= 5 and len(b) >= 5)

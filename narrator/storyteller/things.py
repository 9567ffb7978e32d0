"""Whose an approach's things are (the offline reader, issue 28): two words of a scene's approach said with no deed of
its own name it (:data:`~narrator.storyteller.approaches.OBJECTS`), unless they are another deed's: said for someone
after a deed that is not the approach's, where a move goes and what it looks at, or the owner of the thing a deed is
done to (round nine)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from narrator.storyteller.lemmas import part_of_speech
from narrator.storyteller.words import VERB, Heard, Token, act_named, grammar, main_verb

Foreign = Callable[[str], bool]
"""Whether an act of the lexicon (by name) is no deed of the approach weighed."""


def anothers_things(said: Sequence[Token], things: Sequence[int], heard: Heard, label: list[frozenset[str]], lang: str,
                    foreign: Foreign) -> bool:
    """Whether the approach's two things ``things`` belong to another deed said (``foreign``: an act not the
    approach's)."""
    return (_for_another(said, things, heard, lang, foreign) or _moved_to_look(said, things, heard, lang, foreign)
            or _owner_of(said, things, label))


def _for_another(said: Sequence[Token], things: Sequence[int], heard: Heard, lang: str, foreign: Foreign) -> bool:
    """Whether an approach's two things are said for someone (``grammar.beneficiary``: "for", «для») right after a
    deed said outright that is not the approach's ("I split kindling for the dyer's wife" is no "Calm the dyer's
    wife"; "I pocket the sealed order" still names "Lift the sealed order")."""
    done = {i for name, sc in heard.scores.items() if sc.weight >= VERB and act_named(lang, name).kind == "roll"
            and foreign(name) for i in sc.used}
    whom = grammar(lang).get("beneficiary", frozenset())
    return bool(done) and all(any(said[p].word in whom and {p - 1, p - 2} & done for p in range(max(0, i - 4), i))
                              for i in things)


def _owner_of(said: Sequence[Token], things: Sequence[int], label: list[frozenset[str]]) -> bool:
    """Whether two things said together own the next, no word of the approach ("the dead man's door"; round nine)."""
    last = max(things, default=-1)
    return (last >= 0 and last - min(things) + 1 == len(things) and last + 2 < len(said) and said[last + 1].word == "s"
            and not any(said[last + 2].forms & part for part in label))


def _moved_to_look(said: Sequence[Token], things: Sequence[int], heard: Heard, lang: str, foreign: Foreign) -> bool:
    """Whether two things are said after a move that is the main verb (a placed roll not the approach's) made to look:
    where it goes and what it sees ("I shin up an oak by the road to see over the column"; round nine)."""
    verb = main_verb(said, lang)
    if verb is None or not all(i > verb for i in things):
        return False
    moved = any(verb in sc.used and act_named(lang, name).placed and foreign(name)
                for name, sc in heard.scores.items() if sc.weight >= VERB)
    looked = heard.scores.get("look")
    return moved and looked is not None and all(said[i].weight < 1.0 for i in looked.used)


def noun_cued(said: Sequence[Token], used: Sequence[int], lang: str, heard: Heard) -> bool:
    """Whether an act's words are only a thing's name that a sense said before is turned on (heldout 7: «Нюхаю
    следы верёвки на косяке»: the tracks are what is smelled, no tracking done): Russian nouns; English, each after
    a determiner ("the tracks")."""
    if not used:
        return False
    if lang == "ru":
        nouns = all(not said[i].word.isascii() and part_of_speech(said[i].word) == "NOUN" for i in used)
    else:
        nouns = all(i > 0 and said[i - 1].word in grammar(lang).get("determiners", frozenset()) for i in used)
    return nouns and any(name in SENSES and sc.weight >= VERB and sc.used and max(sc.used) < min(used)
                         for name, sc in heard.scores.items())


SENSES = frozenset({"scent"})
"""Deeds of a sense whose object is what is sensed, not the deed its noun cues (a smell of tracks is no tracking;
"I read the hoofprints" is: reading is how tracks are followed)."""

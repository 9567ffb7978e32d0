"""How strongly a typed intent describes one of the scene's approaches (issue 28's offline reader).

:func:`approach_score` weighs the words of an intent (:mod:`narrator.storyteller.words`) against an
approach's label and synonyms and against what it rolls: a word of its label weighs as a deed when the
lexicon knows it as one, else as an object; the act that is the approach's roll adds its weight; a word of
talking or looking never counts toward an approach that can end the story or start a fight.
:mod:`narrator.storyteller.reader` ranks these against the improvised and free readings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from narrator.storyteller.intent import MECHANICS, STOP
from narrator.storyteller.things import anothers_things, noun_cued
from narrator.storyteller.words import (
    VERB,
    Act,
    Heard,
    Token,
    act_named,
    aspect_pair,
    forms,
    grammar,
    is_thing,
    main_verb,
    split_words,
)

OBJECT = 0.5
"""What a word of an approach's label weighs when it is no deed (a thing: "the gate", "the ferry")."""
READ = VERB
"""A reading is one when it weighs at least a deed's verb (a deed said outright: things.py weighs by VERB too)."""
SHOOTING = frozenset({"revolver", "rifle", "gun", "pistol", "shotgun", "bow", "crossbow"})


# -- the scene's approaches ------------------------------------------------------------------------

def label_lemmas(text: str, lang: str) -> list[frozenset[str]]:
    """The lemmas of an approach's label and words, less the roll's mechanics in parentheses."""
    deed = re.sub(r"\([^)]*\)", " ", text)
    return [_with_synonyms(forms(w, lang, all_parses=False), lang) for w in split_words(deed)
            if len(w) >= 3 and w not in STOP and w not in MECHANICS and w not in _little(lang)]


def _with_synonyms(part: frozenset[str], lang: str) -> frozenset[str]:
    """A label's word and the words of its group in the lexicon's ``synonyms`` ("shout": yell, holler)."""
    return part.union(*(group for group in _synonym_groups(lang) if part & group))


@cache
def _synonym_groups(lang: str) -> tuple[frozenset[str], ...]:
    from narrator.storyteller.lemmas import reader_data

    return tuple(frozenset(w for word in group for w in forms(str(word), lang, all_parses=False))
                 for group in reader_data().get("synonyms", {}).get(lang, ()))


@cache
def _little(lang: str) -> frozenset[str]:
    """The little words of a label that name nothing ("when", «когда», «он»): never what the words share with it."""
    little = grammar(lang)
    return frozenset().union(*(little[k] for k in ("subordinate", "main", "pronouns")))


BROAD = frozenset({"athletics", "alertness", "survival"})
"""Abilities many deeds share: an act agrees with an approach rolling one only on the same Attribute
(climbing is not hauling a rope, though both are Athletics)."""


def _agrees(act: Act, option: Any, lang: str = "en", said: Sequence[Token] = (), used: Iterable[int] = (),
            named: bool = False) -> bool:
    """Whether ``act`` is what ``option`` rolls: its first Ability (a broad one only on the same Attribute),
    or another of its Abilities on the same Attribute (haggling is Manipulation with Etiquette, as a
    bargain; a search is Perception with Alertness, as a look over); a blow of the fight's kind; a scene's
    move the deed's own words name."""
    deed = option.deed
    if deed == "attack":  # a blade's blow or a fist's: both blows, the weapon the words name decides between them
        shooting = option.weapon in SHOOTING
        return act.kind == ("shoot" if shooting else "attack")
    if deed == "go":  # "board the coach" is the move "Board the coach"; fleeing is not "Yield"
        label = label_lemmas(f"{option.label} {option.words}", lang)
        # a move into a fight ("Draw on Cal") is also the blow its own words name ("I pull my gun on Cal")
        if act.kind in ("attack", "shoot") and not any(cue[0] & part for cue in act.cues if len(cue) == 1
                                                         for part in label):
            return False  # the label must name the blow itself ("shoot", "attack"), not a knife dropped
        return act.kind in ("leave", "surrender", "attack", "shoot") and any(
            said[i].forms & part for i in used for part in label)
    traits = tuple(option.traits)
    if act.kind in ("attack", "shoot"):  # a shot that is no fight's: a roll of the same Ability (mercy shots)
        return len(traits) >= 2 and traits[1] in act.abilities
    if act.kind != "roll":
        return False
    if (act.attribute in SOCIAL or act.named) and _synonym(act, option, lang):
        # the scenario's own words for a social approach name this deed ("bribe" among persuasion's); a deed the
        # lexicon marks `named` is the approach its words name, whatever it rolls ("faro" of "Sit in at faro and
        # break the bank", Legerdemain; "the umbra" of "See the church as the spirits see it", Perception)
        return True
    if len(traits) == 1 and not act.abilities:  # an Attribute or a power alone (Gnosis: stepping sideways)
        return traits[0] == act.attribute
    if len(traits) < 2 or not act.abilities:
        return False
    if (named and act.generic and act.attribute == "perception" and "investigation" in act.abilities
            and traits[0] in FINDING_TRAITS
            and not option.risky):
        return True  # a search of the approach's own things is how it finds out ("I feel along the font's rim")
    if traits[1] == act.abilities[0]:
        return traits[1] not in BROAD or traits[0] in (act.attribute, *act.also)
    # another of its Abilities: a generic or social deed, or one whose words also name the approach's own
    # things (herbs mixed to purge him: Hearth Wisdom; a pulse checked names no purge)
    return (traits[1] in act.abilities and traits[0] == act.attribute
            and (act.generic or named or (act.attribute in SOCIAL and traits[1] not in BROAD)))


SOCIAL = frozenset({"charisma", "manipulation", "appearance"})
"""Social deeds: a scenario gathers several under one approach (a bribe is one way to persuade)."""
FINDING_TRAITS = frozenset({"perception", "intelligence", "wits"})
"""An approach that finds something out: asking or looking at its own things is trying it."""


def _synonym(act: Act, option: Any, lang: str) -> bool:
    """Whether the approach's label or synonyms hold one of ``act``'s own single words (or, for a deed the lexicon
    marks ``named``, every word of one of its phrases: «мир духов»)."""
    label = label_lemmas(f"{option.label} {option.words}", lang)
    if act.named and any(all(any(p & part for part in label) for p in cue) for cue in act.cues if len(cue) > 1):
        return True
    return any(cue[0] & part for cue in act.cues if len(cue) == 1 for part in label)


def naming(act: Act, said: Sequence[Token], used: Iterable[int], option: Any, lang: str) -> bool:
    """Whether ``option``'s label or synonyms hold one of the words said for ``act`` that is a word of its own by
    itself ("faro" in "Sit in at faro"; not the "down" of "lay down" in "Turn down the drink")."""
    label = label_lemmas(f"{option.label} {option.words}", lang)
    own = [cue[0] for cue in act.cues if len(cue) == 1]
    return any(said[i].forms & part and any(said[i].forms & w for w in own) for i in used for part in label)


def _same_word(said: frozenset[str], label: frozenset[str]) -> bool:
    """Whether a said word is a word of a label: a shared lemma, or (Russian) the same verb but for its
    prefix or aspect («надавить» / «давлю», «расспросить» / «расспрашиваю»)."""
    if said & label:
        return True
    return any(_aspects(a, b) for a in said for b in label if not a.isascii() and len(a) >= 5 and len(b) >= 5)


def _aspects(a: str, b: str) -> bool:
    return aspect_pair(a, b)


def _label_words(said: Sequence[Token], option: Any, heard: Heard, label: list[frozenset[str]], lang: str,
                 names: frozenset[str]) -> tuple[float, float, list[int], list[str]]:
    """(weight, its deeds' weight, the indices of its things, the words) of the said words of ``option``'s label or
    synonyms (``label``): a word the lexicon knows as a deed (no other deed's phrase took it) weighs as a deed,
    else as an object; a word of talking or looking weighs nothing toward a risky approach."""
    risky = option.risky
    weight, deeds, things, words = 0.0, 0.0, [], []
    foreign = _not_its_things(said, heard, option, lang)
    named = False
    for i, token in enumerate(said):
        if not _in_label(said, i, label, lang):
            continue
        # a word of handling is no deed of a label's ("the Saint's hand"): the thing handled is what names it
        acts = [act_named(lang, a) for a in heard.deeds.get(i, ()) if a != "handle"]
        owner = heard.claimed.get(i)
        doing = [a for a in acts if a.kind != "free" and (owner is None or _agrees(a, option) or a.id != owner)]
        if owner is not None and not _agrees(act_named(lang, owner), option) \
                and not all(any(part & lab for lab in label) for part in heard.phrases[i]):
            doing = []  # "slip a silver coin" is a bribe, not the "Slip aboard" its "slip" shares a word with
        if doing:
            weight += VERB * token.weight
            deeds += VERB * token.weight
        elif acts and all(a.kind == "free" for a in acts):
            weight += 0.0 if risky else OBJECT * token.weight  # "ask" in a label is no reading of a plain question
        else:
            weight += OBJECT * token.weight
            # "Sir Tancred" is one thing; who is in another's clause only says when ("while Clément prays")
            things += [] if (token.word in names and (named or (token.other and token.weight < 1.0))) or i in foreign else [i]
            named = named or token.word in names
        words.append(token.word)
    return weight, deeds, things, words


def approach_score(said: Sequence[Token], option: Any, heard: Heard, lang: str,
                   names: frozenset[str] = frozenset(), owned: frozenset[str] = frozenset(),
                   named_by: frozenset[str] = frozenset()) -> tuple[float, float, tuple[str, ...]]:
    """(weight, the weight of its deed's own words, the words): how strongly the intent describes ``option``.

    A word of its label or synonyms weighs as a deed when the lexicon knows it as one (and no phrase of
    another deed took it), else as an object; a word of talking or looking never counts toward an approach
    that can end the story or start a fight. The act that is the approach's roll adds its weight; a deed the
    lexicon marks ``named`` whose said words another approach names (``named_by``: "the faro table") adds it
    only there, not to an approach that rolls the same traits (turning the drink down). Words that name no
    thing of the approach's (:func:`_not_its_things`) weigh, but do not count as its things."""
    label = label_lemmas(f"{option.label} {option.words}", lang)
    risky = option.risky
    weight, deeds, things, words = _label_words(said, option, heard, label, lang, names)
    own = any(w not in names for w in words)  # a name is every approach's that names him ("study Gautier's eyes")
    unnamed = any(t.word in words and t.word not in names and not t.forms & names for t in said)  # «с Маршаном» too
    labelled = bool(words)  # a word of its label or synonyms (a name among them) was said
    elsewhere = _elsewhere(said, heard, label, names, lang)

    def foreign(name: str) -> bool:  # an act said that is no deed of this approach
        return _foreign(name, said, heard, option, lang)
    social = 0.0  # what social deeds of another Ability weigh toward it (a kindness toward a promise)
    for name, score in heard.scores.items():
        act = act_named(lang, name)
        if act.named and name in named_by and not naming(act, said, score.used, option, lang):
            continue  # the game said is another approach's ("faro"), whatever this one rolls
        if score.weight >= READ and _agrees(act, option, lang, said, score.used, named=own):
            weight += score.weight + (ARMED if _armed(act, option) else 0.0) - (ARMED if act.id in owned and _by_word(act, option) else 0.0)
            # the same roll is not the same deed: a generic deed (a search of anything), or one done in a place
            # the approach does not name ("I sneak into the kitchen" is no "Slip out after the priest"),
            # names an approach only with a word of the approach's own
            counted = score.weight if own or not (act.generic or (elsewhere and act.placed)) else 0.0
            if elsewhere and not unnamed and _by_label(act, option):
                # nor a deed that agrees only by a word of the label, not by its roll (haggling, where "trade it to him
                # for the truth" says "trade"), done over a thing of its own ("over a box of cartridges")
                counted = 0.0
            if risky and not own and noun_cued(said, sorted(score.used), lang, heard):
                counted = 0.0  # a thing's name is no deed toward a risky approach («нюхаю следы»: no tracking)
            deeds += counted
            social += counted if act.attribute in SOCIAL and not rolls_own(act, option) else 0.0
            words += [said[i].word for i in sorted(score.used)]
    if risky and not labelled and deeds >= READ and deeds - social < READ:
        # a social deed of another Ability agrees with many social approaches (a drink poured is Charisma, as a
        # patron's promise is): toward one that can end the story or start a fight it is a reading only as the
        # deed whose roll it is ("I beg him to let me in": Etiquette, the Warden's) or with a word of the
        # approach's own; else the player is asked
        deeds = READ - 0.1
    if deeds < READ and ((len(things) >= OBJECTS and not (risky and _blow(option) and not _says_its_verb(said, label, lang)))
                         or (len(things) == 2 and not risky and not _unknown_deed(
            said, heard, label, lang) and not anothers_things(said, things, heard, label, lang, foreign))):
        deeds, weight = READ, weight + OBJECT  # the scene's own things, named: its approach
    shown = [w for w in words if len(w) >= 3 and w not in STOP and w not in grammar(lang)["phrase_drop"]]
    return weight, deeds, tuple(dict.fromkeys(shown))  # the words the table names as deciding


BARE = frozenset({"fist", "fists", "claws", "teeth", "hands"})
"""A fight's weapons that are the body's own: their blow is Brawl (DA L167; claws, WW)."""
ARMED = 0.5
"""What a blow weighs more toward the fight's approach with the weapon its words name ("punch": the fists)."""


def _armed(act: Act, option: Any) -> bool:
    """Whether ``act`` is a blow of ``option``'s own weapon: Brawl for fists and claws, Melee for a blade."""
    if option.deed != "attack" or act.kind != "attack" or len(act.abilities) != 1:
        return False
    return (act.abilities[0] == "brawl") == (option.weapon in BARE)


FIGHTING = frozenset({"melee", "brawl", "firearms", "archery"})


def _blow(option: Any) -> bool:
    """Whether ``option`` is a blow or a shot (a fight's move, or a roll of a fighting Ability: a stake driven home)."""
    traits = tuple(option.traits)
    return option.deed == "attack" or (len(traits) >= 2 and traits[1] in FIGHTING)


def rolls_own(act: Act, option: Any) -> bool:
    """Whether ``option`` rolls ``act``'s own first Ability (a threat: Intimidation)."""
    traits = tuple(option.traits)
    return act.kind == "roll" and len(traits) >= 2 and bool(act.abilities) and traits[1] == act.abilities[0]


def _by_label(act: Act, option: Any) -> bool:
    """Whether ``act`` agrees with ``option`` by a word of its label alone: the approach rolls neither its Attribute
    nor any of its Abilities (haggling and "Find out what Marchand wants and trade it to him for the truth", Wits +
    Empathy)."""
    traits = tuple(option.traits)
    return act.kind == "roll" and len(traits) >= 2 and traits[0] != act.attribute and traits[1] not in act.abilities


def _by_word(act: Act, option: Any) -> bool:
    """Whether a social ``act`` agrees with ``option`` only by a word of its label, not by its roll (a threat
    and "Lean on him", which is Subterfuge): where another approach rolls the deed's own Ability
    (Intimidation), it weighs less than that one."""
    traits = tuple(option.traits)
    return (act.kind == "roll" and act.attribute in SOCIAL and len(traits) >= 2 and bool(act.abilities)
            and traits[1] not in act.abilities)


def _elsewhere(said: Sequence[Token], heard: Heard, label: list[frozenset[str]], names: frozenset[str],
               lang: str) -> bool:
    """Whether the main clause names a thing of its own that the approach does not (a place, a person, an
    object no deed's words took): "the kitchen" in "I sneak into the kitchen"."""
    used = {i for score in heard.scores.values() for i in score.used}
    little = grammar(lang)
    return any(t.weight == 1.0 and i not in used and len(t.word) >= 3 and t.word not in STOP
               and t.word not in names and t.word not in little["pronouns"] and t.word not in little["phrase_drop"]
               and t.word not in little["prepositions"] and is_thing(t, lang)
               and not any(_same_word(t.forms, part) for part in label) for i, t in enumerate(said))


def _in_label(said: Sequence[Token], i: int, label: list[frozenset[str]], lang: str) -> bool:
    """Whether the said word at ``i`` is a word of the label; a preposition is the label's only with its thing
    («вдоль шнуров»; «через брод» is no «через реку»)."""
    token = said[i]
    if token.word in STOP or len(token.word) < 3 or not any(_same_word(token.forms, part) for part in label):
        return False
    return token.word not in grammar(lang)["prepositions"] or any(
        _same_word(t.forms, part) for t in said[i + 1:i + 3] for part in label)


def _not_its_things(said: Sequence[Token], heard: Heard, option: Any, lang: str) -> set[int]:
    """The words that are no thing of ``option``'s: a verb of going beside a deed said outright (the way there), a
    hint a deed said outright took, when that deed is not this approach's ("a tree" to climb), and the clause of purpose of a deed aimed elsewhere (:func:`_aimed_elsewhere`:
    "I climb a tree to see what keeps pace" is no "Face down whatever keeps pace")."""
    foreign = {i for name, sc in heard.scores.items() if sc.weight >= READ
               and act_named(lang, name).kind == "roll" and not _agrees(act_named(lang, name), option, lang, said, sc.used)
               for i in sc.used if i not in heard.deeds}  # its hints ("a tree"), not its own words
    if _aimed_elsewhere(said, heard, option, lang):
        foreign |= {i for i, t in enumerate(said) if t.weight < 1.0}
    if any(sc.weight >= READ for sc in heard.scores.values()):  # a verb of going beside a deed: the way there
        foreign |= {i for i, t in enumerate(said) if t.forms & grammar(lang).get("motion", frozenset())}
    return foreign


def _aimed_elsewhere(said: Sequence[Token], heard: Heard, option: Any, lang: str) -> bool:
    """Whether the main clause says a deed outright that is not ``option``'s, done for a purpose that is a deed of
    the character's own and no deed of ``option`` either: "I climb a tree to see what keeps pace" is a climb made
    to look, and its purpose's things are no "Face down whatever keeps pace" (but "I stare at him until he lowers
    his lantern" is staring him down: the lowering is his)."""
    return _deed_elsewhere(said, heard, option, lang) and aims_elsewhere(said, heard, option, lang)


def aims_elsewhere(said: Sequence[Token], heard: Heard, option: Any, lang: str) -> bool:
    """Whether the clause of purpose says a deed of the character's that is not ``option``'s ("to see what ...":
    a look, where ``option`` finds nothing out)."""
    return any(said[i].weight < 1.0 and any(name in heard.scores and _foreign(name, said, heard, option, lang)
                                            for name in acts) for i, acts in heard.deeds.items())


def _foreign(name: str, said: Sequence[Token], heard: Heard, option: Any, lang: str) -> bool:
    """Whether the act ``name`` is no deed of ``option``: a roll it does not agree with, or a look or a question
    where ``option`` finds nothing out."""
    act = act_named(lang, name)
    if act.kind == "free":
        traits = tuple(option.traits)
        return act.id in ("look", "ask") and not (traits[:1] and traits[0] in FINDING_TRAITS)
    return act.kind == "roll" and not _agrees(act, option, lang, said, heard.scores[name].used)


def _deed_elsewhere(said: Sequence[Token], heard: Heard, option: Any, lang: str) -> bool:
    """Whether the main clause says outright a deed that is not ``option``'s ("I split kindling for the dyer's
    wife" is no "Calm the dyer's wife", though it names her twice)."""
    return any(sc.weight >= READ and act_named(lang, name).kind == "roll" and _foreign(name, said, heard, option, lang)
               and any(said[i].weight == 1.0 for i in sc.used) for name, sc in heard.scores.items())


def _says_its_verb(said: Sequence[Token], label: list[frozenset[str]], lang: str) -> bool:
    """Whether the main clause's verb is a word of the approach's label ("I drive the lance-head into his heart": "Drive
    the lance-head home and end him"), not another deed done to its things ("I pry loose a splinter of the rail")."""
    verb = main_verb(said, lang)
    return verb is not None and any(_same_word(said[verb].forms, part) for part in label)


def _unknown_deed(said: Sequence[Token], heard: Heard, label: list[frozenset[str]], lang: str) -> bool:
    """Whether the main verb is one the Storyteller does not know, neither a deed of the lexicon nor a word
    of the approach ("I poison Gautier's cup" is no "Watch who fills Gautier's cup")."""
    verb = main_verb(said, lang)
    if verb is None:
        return False
    return verb not in heard.deeds and not any(_same_word(said[verb].forms, part) for part in label)


OBJECTS = 3
"""Three words of an approach's own (its label and synonyms) say it, though none is a deed the lexicon knows ("push
the letter under the gate"), but not a blow that can end the story or start a fight unless the main verb is the
label's own: a weapon named is no blow struck ("I snap off a splinter of the altar rail" is no "Drive a splinter of
the altar-rail into her heart"; "I drive the lance-head into his heart" says the label's own verb); one is not a
reading, and two only for an approach that cannot end the story or start a fight ("I read the roll of the dead"),
and not when the main verb is one the Storyteller does not know ("I poison Gautier's cup" is no "Watch who fills
Gautier's cup"), a deed said outright that is not the approach's ("I split kindling for the dyer's wife"), a move
made to look, or an owner ("the dead man's door")."""

"""The offline Storyteller's reader of typed intents (issue 28): what a player's own words ask for.

Without a model the Storyteller of Dark Ages and Wild West still listens. The words are heard through
lemmas and the lexicon (:mod:`narrator.storyteller.words`), and each intent becomes exactly one
:class:`Reading`:

* ``approach``: the scene's suggested approach it describes (its words, or its roll: an intent that
  sneaks is the scene's Dexterity + Stealth approach);
* ``roll``: an improvised roll (an Attribute + Ability of the lexicon's act; the task keeps the scene);
* ``free``: no roll (talking, asking, looking, waiting, praying, trivial deeds): «Речи и разговоры сами по
  себе действиями не считаются» (DA L65); simple deeds succeed without dice (DA L67, WW L80);
* ``pass``: holding back, where the table offers it;
* ``ask``: a question naming the two closest readings; ``cheat``: words about dice and rules, not deeds
  (the dice decide, DA L109); ``unknown``: nothing the reader knows.

A weak reading never starts what cannot be undone: an approach whose outcome can end the story or start
a fight (:attr:`Option.risky <narrator.storyteller.template.Option>`) is taken only on its deed's own
words (the deed whose roll it is, or three words of its own); one word shared with a label is not a
reading ("back" in "hold back"), a word of talking or looking never counts toward it, and a generic deed
(a search, a lift) names an approach only with a word of that approach's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Literal

from narrator.lexicon import understood
from narrator.storyteller.intent import MECHANICS, STOP
from narrator.storyteller.words import (
    HINT,
    VERB,
    Act,
    Heard,
    Token,
    act_named,
    aspect_pair,
    circumstance,
    forms,
    grammar,
    hear,
    is_thing,
    lexicon,
    main_verb,
    split_words,
    tokens,
)

__all__ = ["Act", "Reading", "ability_for", "act_named", "circumstance", "forms", "grammar", "lexicon", "read",
           "tokens"]

Kind = Literal["approach", "roll", "free", "pass", "ask", "cheat", "unknown"]
OBJECT = 0.5
"""What a word of an approach's label weighs when it is no deed (a thing: "the gate", "the ferry")."""
READ = 1.0
"""A reading is one when it weighs at least a deed's verb."""
DECISIVE = 0.5
"""The best reading must lead the next different one by this much, or the player is asked."""
SHOOTING = frozenset({"revolver", "rifle", "gun", "pistol", "shotgun", "bow", "crossbow"})


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


# -- the scene's approaches ------------------------------------------------------------------------

def label_lemmas(text: str, lang: str) -> list[frozenset[str]]:
    """The lemmas of an approach's label and words, less the roll's mechanics in parentheses."""
    deed = re.sub(r"\([^)]*\)", " ", text)
    return [forms(w, lang, all_parses=False) for w in split_words(deed)
            if len(w) >= 3 and w not in STOP and w not in MECHANICS and w not in _little(lang)]


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
    deed = getattr(option, "deed", "roll")
    if deed == "attack":  # a blade's blow or a fist's: both blows, the weapon the words name decides between them
        shooting = getattr(option, "weapon", "") in SHOOTING
        return act.kind == ("shoot" if shooting else "attack")
    if deed == "go":  # "board the coach" is the move "Board the coach"; fleeing is not "Yield"
        label = label_lemmas(f"{option.label} {getattr(option, 'words', '')}", lang)
        # a move into a fight ("Draw on Cal") is also the blow its own words name ("I pull my gun on Cal")
        if act.kind in ("attack", "shoot") and not any(cue[0] & part for cue in act.cues if len(cue) == 1
                                                         for part in label):
            return False  # the label must name the blow itself ("shoot", "attack"), not a knife dropped
        return act.kind in ("leave", "surrender", "attack", "shoot") and any(
            said[i].forms & part for i in used for part in label)
    traits = tuple(getattr(option, "traits", ()))
    if act.kind in ("attack", "shoot"):  # a shot that is no fight's: a roll of the same Ability (mercy shots)
        return len(traits) >= 2 and traits[1] in act.abilities
    if act.kind != "roll":
        return False
    if act.attribute in SOCIAL and _synonym(act, option, lang):
        return True  # the scenario's own words for a social approach name this deed ("bribe" among persuasion's)
    if len(traits) == 1 and not act.abilities:  # an Attribute or a power alone (Gnosis: stepping sideways)
        return traits[0] == act.attribute
    if len(traits) < 2 or not act.abilities:
        return False
    if traits[1] == act.abilities[0]:
        return traits[1] not in BROAD or traits[0] in (act.attribute, *act.also)
    # another of its Abilities: a generic or social deed, or one whose words also name the approach's own
    # things (herbs mixed to purge him: Hearth Wisdom; a pulse checked names no purge)
    return (traits[1] in act.abilities and traits[0] == act.attribute
            and (act.generic or named or (act.attribute in SOCIAL and traits[1] not in BROAD)))


SOCIAL = frozenset({"charisma", "manipulation", "appearance"})
"""Social deeds: a scenario gathers several under one approach (a bribe is one way to persuade)."""


def _synonym(act: Act, option: Any, lang: str) -> bool:
    """Whether the approach's label or synonyms hold one of ``act``'s own single words."""
    label = label_lemmas(f"{option.label} {getattr(option, 'words', '')}", lang)
    return any(cue[0] & part for cue in act.cues if len(cue) == 1 for part in label)


def _same_word(said: frozenset[str], label: frozenset[str]) -> bool:
    """Whether a said word is a word of a label: a shared lemma, or (Russian) the same verb but for its
    prefix or aspect («надавить» / «давлю», «расспросить» / «расспрашиваю»)."""
    if said & label:
        return True
    return any(_aspects(a, b) for a in said for b in label if not a.isascii() and len(a) >= 5 and len(b) >= 5)


def _aspects(a: str, b: str) -> bool:
    return aspect_pair(a, b)


def approach_score(said: Sequence[Token], option: Any, heard: Heard, lang: str,
                   names: frozenset[str] = frozenset(), owned: frozenset[str] = frozenset()
                   ) -> tuple[float, float, tuple[str, ...]]:
    """(weight, the weight of its deed's own words, the words): how strongly the intent describes ``option``.

    A word of its label or synonyms weighs as a deed when the lexicon knows it as one (and no phrase of
    another deed took it), else as an object; a word of talking or looking never counts toward an approach
    that can end the story or start a fight. The act that is the approach's roll adds its weight."""
    label = label_lemmas(f"{option.label} {getattr(option, 'words', '')}", lang)
    risky = getattr(option, "risky", False)
    weight, deeds, objects, words = 0.0, 0.0, 0, []
    named = False
    for i, token in enumerate(said):
        if token.word in STOP or len(token.word) < 3 or not any(_same_word(token.forms, part) for part in label):
            continue
        acts = [act_named(lang, a) for a in heard.deeds.get(i, ())]
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
            objects += 0 if token.word in names and named else 1  # "Sir Tancred" is one thing named
            named = named or token.word in names
        words.append(token.word)
    own = any(w not in names for w in words)  # a name is every approach's that names him ("study Gautier's eyes")
    elsewhere = _elsewhere(said, heard, label, names, lang)
    for name, score in heard.scores.items():
        act = act_named(lang, name)
        if score.weight >= READ and _agrees(act, option, lang, said, score.used, named=own):
            weight += score.weight + (ARMED if _armed(act, option) else 0.0) - (ARMED if act.id in owned and _by_word(act, option) else 0.0)
            # the same roll is not the same deed: a generic deed (a search of anything), or one done in a place
            # the approach does not name ("I sneak into the kitchen" is no "Slip out after the priest"),
            # names an approach only with a word of the approach's own
            deeds += score.weight if own or not (act.generic or (elsewhere and act.placed)) else 0.0
            words += [said[i].word for i in sorted(score.used)]
    if deeds < READ and (objects >= OBJECTS or (objects == 2 and not risky
                                                 and not _unknown_deed(said, heard, label, lang))):
        deeds, weight = READ, weight + OBJECT  # the scene's own things, named: its approach
    shown = [w for w in words if len(w) >= 3 and w not in STOP and w not in grammar(lang)["phrase_drop"]]
    return weight, deeds, tuple(dict.fromkeys(shown))  # the words the table names as deciding


BARE = frozenset({"fist", "fists", "claws", "teeth", "hands"})
"""A fight's weapons that are the body's own: their blow is Brawl (DA L167; claws, WW)."""
ARMED = 0.5
"""What a blow weighs more toward the fight's approach with the weapon its words name ("punch": the fists)."""


def _armed(act: Act, option: Any) -> bool:
    """Whether ``act`` is a blow of ``option``'s own weapon: Brawl for fists and claws, Melee for a blade."""
    if getattr(option, "deed", "") != "attack" or act.kind != "attack" or len(act.abilities) != 1:
        return False
    return (act.abilities[0] == "brawl") == (getattr(option, "weapon", "") in BARE)


def _rolls_own(act: Act, option: Any) -> bool:
    """Whether ``option`` rolls ``act``'s own first Ability (a threat: Intimidation)."""
    traits = tuple(getattr(option, "traits", ()))
    return act.kind == "roll" and len(traits) >= 2 and bool(act.abilities) and traits[1] == act.abilities[0]


def _by_word(act: Act, option: Any) -> bool:
    """Whether a social ``act`` agrees with ``option`` only by a word of its label, not by its roll (a threat
    and "Lean on him", which is Subterfuge): where another approach rolls the deed's own Ability
    (Intimidation), it weighs less than that one."""
    traits = tuple(getattr(option, "traits", ()))
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


def _unknown_deed(said: Sequence[Token], heard: Heard, label: list[frozenset[str]], lang: str) -> bool:
    """Whether the main verb is one the Storyteller does not know, neither a deed of the lexicon nor a word
    of the approach ("I poison Gautier's cup" is no "Watch who fills Gautier's cup")."""
    verb = main_verb(said, lang)
    if verb is None:
        return False
    return verb not in heard.deeds and not any(_same_word(said[verb].forms, part) for part in label)


OBJECTS = 3
"""Three words of an approach's own (its label and synonyms) say it, though none is a deed the lexicon
knows ("push the letter under the gate"); one is not a reading, and two only for an approach that cannot
end the story or start a fight ("I read the roll of the dead"), and not when the main verb is one the
Storyteller does not know ("I poison Gautier's cup" is no "Watch who fills Gautier's cup")."""


# -- the reading -----------------------------------------------------------------------------------

def read(text: str, lang: str, options: Sequence[Any], *, fight: bool = False, names: Iterable[str] = (),
         trace: list[Any] | None = None) -> Reading:
    """What ``text`` asks for among ``options`` (the scene's offered approaches, ``pass`` among them);
    ``trace`` receives the ranked readings (for the benchmark's misses)."""
    text, names = _without_willpower(text, lang), list(names)
    extra = {w for o in options for part in label_lemmas(f"{o.label} {getattr(o, 'words', '')}", lang) for w in part}
    said = tokens(text, lang, extra)
    if not understood(text, lang, names) and not any(t.mended for t in said):
        return Reading("unknown", act="nonsense")  # no words of the language at all
    heard = hear(said, lang)
    scores = heard.scores
    named = frozenset(w for name in names for w in split_words(name))
    if scores.get("cheat") and scores["cheat"].weight >= READ:
        return Reading("cheat", act="cheat")
    held = [o for o in options if o.approach == "pass"]
    acting = [o for o in options if o.approach != "pass"]
    ranked: list[tuple[float, Reading]] = []
    owned = frozenset(name for name in scores for o in acting if _rolls_own(act_named(lang, name), o))
    for option in acting:
        weight, deeds, words = approach_score(said, option, heard, lang, named, owned)
        if weight <= 0:
            continue
        strong = deeds >= READ  # a deed's own words: objects alone ("the gate", "quietly") are no reading
        weight = weight if strong else min(weight, READ - 0.1)
        ranked.append((weight, Reading("approach", approach=option.approach, words=words, weight=weight,
                                       act="strong" if strong else "weak")))
    for name, score in scores.items():
        act = act_named(lang, name)
        if act.kind in ("cheat",):
            continue
        words = tuple(said[i].word for i in sorted(score.used))
        first = min(score.used, default=0)
        if act.kind == "free":
            ranked.append((score.weight, Reading("free", act=act.id, words=words, weight=score.weight, first=first)))
        elif act.kind in ("roll", "attack", "shoot") and act.attribute:
            ranked.append((score.weight, Reading("roll", act=act.id, attribute=act.attribute,
                                                 abilities=act.abilities, difficulty=act.difficulty, words=words,
                                                 weight=score.weight, first=first)))
    ranked = _means_and_matter(ranked, acting, scores, lang, said, named)
    if _unhurried(said, lang):  # a slow ride into town is no hard riding: the other deeds said, or a trivial one
        slow = [(w, r) for w, r in ranked if r.kind == "roll" and r.act in PACED]
        ranked = [(w, r) for w, r in ranked if (w, r) not in slow] or [
            (w, replace(r, kind="free", act="trivial", attribute="", abilities=())) for w, r in slow]
    if trace is not None:
        trace += [(round(w, 2), r.kind, r.approach or r.act, r.words) for w, r in ranked]
        trace += [("tokens", [(t.word, sorted(t.forms)) for t in said])]
    return decide(ranked, held, fight)


def _searching(reading: Reading, traits: tuple[str, ...], lang: str) -> bool:
    """Whether ``reading`` is a generic search or watch on the approach's own Attribute ("I study the river
    looking for quicksand": Perception, as reading the river is): its things name the scene's way to do it."""
    act = act_named(lang, str(reading.act))
    return act.generic and act.kind == "roll" and bool(traits) and act.attribute == traits[0]


PACED = frozenset({"ride", "run"})
"""Deeds of pace: said at an easy pace ("I ride in slow", «еду шагом») they need no roll."""


def _unhurried(said: Sequence[Token], lang: str) -> bool:
    from narrator.storyteller.words import phrase_at, unhurried_cues

    return any(phrase_at(said, cue, set()) is not None for cue in unhurried_cues(lang))


FINDING_TRAITS = frozenset({"perception", "intelligence", "wits"})
"""An approach that finds something out: asking or looking at its own things is trying it."""


def _means_and_matter(ranked: list[tuple[float, Reading]], options: Sequence[Any], scores: Mapping[str, Any],
                      lang: str, said: Sequence[Token] = (), names: frozenset[str] = frozenset()
                      ) -> list[tuple[float, Reading]]:
    """Free readings that are the way a deed is done, not a deed of their own:

    * talking is how a social deed is done: a persuasion, a threat or a promise said outright
      («Говорю ему: ..., и госпожа возьмёт тебя под крыло») is that deed, not a plain talk (DA L65: words
      are no action unless they try to move someone);
    * a free deed whose words are an approach's own (a prayer said where the scene offers to lead the
      prayer) is that approach, when it can neither end the story nor start a fight;
    * talking in order to do what a social approach says («говорю с ним тихо, чтобы он удержался»: the
      approach's own word in the clause of purpose) is that approach: the words are the means;
    * asking or looking at two of a finding approach's own things ("what clinks in his boot") is that
      approach (its Perception, Intelligence or Wits finds it), when it cannot end the story nor start a fight.
    """
    social = any(act_named(lang, n).attribute in SOCIAL and act_named(lang, n).resist and sc.weight >= READ
                 for n, sc in scores.items())  # a deed done to someone (a command is said to no one in particular)
    if social:
        ranked = [(w, r) for w, r in ranked if not (r.kind == "free" and r.act == "talk")]
    by_id = {o.approach: o for o in options}
    out = []
    for weight, reading in ranked:
        option = by_id.get(reading.approach or "")
        if reading.kind != "approach" or option is None:
            out.append((weight, reading))
            continue
        traits = tuple(getattr(option, "traits", ()))
        risky = getattr(option, "risky", False)
        for w, free in ranked:
            searching = free.kind == "roll" and _searching(free, traits, lang)
            if (free.kind != "free" and not searching) or w < READ:
                continue
            shared = set(free.words) & set(reading.words)
            matter = ((free.act in ("ask", "look") or searching) and traits[:1] and traits[0] in FINDING_TRAITS
                      and reading.act == "strong" and len(set(reading.words) - set(free.words) - names) >= 2)
            if searching and not matter:
                continue
            own = set(reading.words) - set(free.words)  # a word the free deed does not say: one shared is no reading
            purpose = {t.word for t in said if t.weight < 1.0 and t.word not in names}
            means = free.act == "talk" and traits[:1] and traits[0] in SOCIAL and bool(purpose & set(reading.words))
            if not risky and ((shared and own and free.act not in ("talk", "ask")) or matter or means):
                weight = max(weight, READ) + w  # the free deed is this approach done: it weighs as its deed
                reading = replace(reading, act="strong", weight=weight)
                break
        out.append((weight, reading))
    return _purpose(out, by_id, said, lang)


MOVES = frozenset({"sneak", "run", "climb"})
"""Deeds that bring one somewhere: done "to hear what they whisper", the hearing is the deed."""


def _purpose(ranked: list[tuple[float, Reading]], by_id: Mapping[str, Any], said: Sequence[Token],
             lang: str) -> list[tuple[float, Reading]]:
    """A move made for a purpose an approach names with two words of its own, all in the clause of purpose
    («Подкрадываюсь к двери, чтобы расслышать их шёпот»): the approach of the purpose, not of the move,
    when it can neither end the story nor start a fight."""
    purpose = {t.word for t in said if t.weight < 1.0}
    moving = [(w, r) for w, r in ranked if w >= READ and (
        (r.kind == "roll" and r.act in MOVES)
        or (r.kind == "approach" and any(t in MOVES for t in _move_words(r, said, lang))))]
    if not moving:
        return ranked
    out = []
    for weight, reading in ranked:
        option = by_id.get(reading.approach or "")
        if (reading.kind == "approach" and option is not None and not getattr(option, "risky", False)
                and len(reading.words) >= 2 and set(reading.words) <= purpose
                and all(r is not reading for _, r in moving)):
            weight = max(weight, READ) + max(w for w, _ in moving)
            reading = replace(reading, act="strong", weight=weight)
        out.append((weight, reading))
    return out


def _move_words(reading: Reading, said: Sequence[Token], lang: str) -> set[str]:
    """The acts of moving whose words an approach reading took."""
    heard = hear(said, lang)
    at = {t.word: i for i, t in enumerate(said)}
    return {a for w in reading.words if w in at for a in heard.deeds.get(at[w], ())}


def _without_willpower(text: str, lang: str) -> str:
    """The words less a Willpower phrase: spending it is said apart (``2w``), not a deed (its "strength" is not
    brute strength)."""
    from narrator.agents.i18n import section

    said = " ".join(text.lower().split())
    for phrase in section(lang, "st_intent")["willpower_words"]:
        said = re.sub(r"\b" + re.escape(phrase) + r"\w*", " ", said)
    return said


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
        if {best.kind, runner[1].kind} <= {"free", "roll"} and not fight:
            if best.first == runner[1].first:  # one word, a look and a search («разглядываю»): the closer look
                return best if best.kind == "roll" else runner[1]
            return min(best, runner[1], key=lambda r: r.first)  # two deeds no approach lists: the first said
        return Reading("ask", candidates=candidates, words=best.words)
    if best.kind == "approach" and best.act == "weak":
        return Reading("ask", candidates=candidates, words=best.words)
    if best.kind == "free" and fight:
        return Reading("ask", candidates=candidates, words=best.words)  # in a fight every action is rolled (DA L167)
    return best


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


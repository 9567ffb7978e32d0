"""The offline Storyteller's reader of typed intents (issue 28): what a player's own words ask for.

Without a model the Storyteller of Dark Ages and Wild West still listens. The words are read through
lemmas (Russian: pymorphy3, every likely normal form of a word; English: simplemma, whose data ships in
its wheel), a word that is no word of the language is mended to the nearest word the reader knows
(a typo: "sneek" -> "sneak"), and the lexicon (``prompts/storyteller/reader.yaml``) says what deed the
words describe and what the book rolls for it. Each intent becomes exactly one :class:`Reading`:

* ``approach``: the scene's suggested approach it describes (its words, or its roll: an intent that
  sneaks is the scene's Dexterity + Stealth approach);
* ``roll``: an improvised roll (an Attribute + Ability of the lexicon's act; the task keeps the scene);
* ``free``: no roll (talking, asking, looking, waiting, praying, trivial deeds): «Речи и разговоры сами по
  себе действиями не считаются» (DA L65); simple deeds succeed without dice (DA L67, WW L80);
* ``pass``: holding back, where the table offers it;
* ``ask``: a question naming the two closest readings; ``cheat``: words about dice and rules, not deeds
  (the dice decide, DA L109); ``unknown``: nothing the reader knows.

A weak reading never starts what cannot be undone: an approach whose roll can end the story or start a
fight (:attr:`Option.risky <narrator.storyteller.template.Option>`) is taken only on the deed's own words
(an act whose roll is the approach's, or two of its deed words); one word shared with a label is not a
reading ("back" in "hold back"), and a question or a look is never such a roll.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

import yaml
from rapidfuzz.distance import Indel

from narrator.lexicon import is_word, understood
from narrator.storyteller.intent import MECHANICS, STOP

LEXICON = "reader.yaml"
Kind = Literal["approach", "roll", "free", "pass", "ask", "cheat", "unknown"]
PHRASE_DROP = frozenset({"the", "a", "an", "my", "his", "her", "their", "its", "to", "of", "и", "в", "на", "с", "по",
                         "за", "а", "к", "о", "что", "i"})
"""Function words a lexicon phrase may be written with, not required in the player's words."""
VERB, PHRASE, HINT, OBJECT = 1.0, 1.2, 0.4, 0.5
"""What a matched word weighs: a deed's verb, a deed's phrase, a weak hint, a word of a label that is no deed."""
READ = 1.0
"""A reading is one when it weighs at least a deed's verb."""
DECISIVE = 0.5
"""The best reading must lead the next different one by this much, or the player is asked."""
TYPO = 0.75
"""An unknown word this alike to a word the reader knows is taken for it (a typo)."""
SHOOTING = frozenset({"revolver", "rifle", "gun", "pistol", "shotgun", "bow", "crossbow"})


@dataclass(frozen=True)
class Act:
    """One deed of the lexicon: its words and what the book rolls for it."""

    id: str
    kind: str
    attribute: str = ""
    abilities: tuple[str, ...] = ()
    difficulty: int = 6
    cues: tuple[tuple[frozenset[str], ...], ...] = ()
    hints: tuple[frozenset[str], ...] = ()


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


@dataclass
class _Token:
    word: str
    forms: frozenset[str]
    known: bool = True


@dataclass
class _Score:
    weight: float = 0.0
    used: set[int] = field(default_factory=set)


# -- lemmas -------------------------------------------------------------------------------------------

@cache
def _morph() -> Any:
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


def _plain(word: str) -> str:
    return word.lower().replace("ё", "е")


@cache
def forms(word: str, lang: str, *, all_parses: bool = True) -> frozenset[str]:
    """The word and its lemmas: Russian, the normal forms of pymorphy3's likely parses (бегу: бег, бежать);
    English, simplemma's lemma. ``all_parses=False``: only the first (how a lexicon word is read)."""
    word = _plain(word)
    found = {word}
    if re.search("[а-я]", word):
        parses = _morph().parse(word)
        best = parses[0].score if parses else 0
        found |= {_plain(p.normal_form) for p in (parses if all_parses else parses[:1])
                  if p.score >= best * 0.3 or p is parses[0]}
    else:
        import simplemma

        found.add(_plain(simplemma.lemmatize(word, lang="en")))
        if word.endswith(("ing", "ed")):
            found.add(_plain(simplemma.lemmatize(word, lang="en", greedy=True)))
    return frozenset(found)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text.lower())


def _phrase(text: str, lang: str) -> tuple[frozenset[str], ...]:
    return tuple(forms(w, lang, all_parses=False) for w in _words(text) if w not in PHRASE_DROP)


# -- the lexicon -------------------------------------------------------------------------------------

@cache
def lexicon(lang: str) -> tuple[Act, ...]:
    """The lexicon's acts with their words in ``lang``, lemmatised."""
    from narrator.storyteller.scenario import PROMPTS

    data = yaml.safe_load((PROMPTS / LEXICON).read_text(encoding="utf-8"))["acts"]
    acts = []
    for name, act in data.items():
        cues = tuple(c for c in (_phrase(str(w), lang) for w in act.get(lang, ())) if c)
        hints = tuple(forms(str(w), lang, all_parses=False) for w in act.get(f"{lang}_hints", ()))
        acts.append(Act(name, str(act["kind"]), str(act.get("attribute", "")), tuple(act.get("abilities", ())),
                        int(act.get("difficulty", 6)), cues, hints))
    return tuple(acts)


def act_named(lang: str, name: str) -> Act:
    return next(a for a in lexicon(lang) if a.id == name)


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    return frozenset(w for act in lexicon(lang) for cue in (*act.cues, *((h,) for h in act.hints))
                     for part in cue for w in part if len(w) >= 4)


def tokens(text: str, lang: str, extra: Iterable[str] = ()) -> list[_Token]:
    """The intent's words with their lemmas; an unknown word also takes the nearest known word (a typo)."""
    vocabulary = _vocabulary(lang) | frozenset(w for w in extra if len(w) >= 4)
    found = []
    for word in _words(text):
        own = forms(word, lang)
        known = len(word) < 4 or is_word(word, lang)
        if not known:
            near = max(vocabulary, key=lambda v: Indel.normalized_similarity(word, v), default="")
            if near and Indel.normalized_similarity(word, near) >= TYPO:
                own = own | forms(near, lang)
        found.append(_Token(word, own, known))
    return found


def _cue_tokens(said: Sequence[_Token], cue: tuple[frozenset[str], ...], taken: set[int]) -> set[int] | None:
    """The tokens that say ``cue`` (every one of its words), or ``None``."""
    hits: set[int] = set()
    for part in cue:
        index = next((i for i, t in enumerate(said) if i not in hits and t.forms & part), None)
        if index is None:
            return None
        hits.add(index)
    return hits if not hits <= taken or len(cue) > 1 else None


def act_scores(said: Sequence[_Token], lang: str) -> dict[str, _Score]:
    """How strongly the words say each act of the lexicon (phrases first; a word counts once per act)."""
    scores: dict[str, _Score] = {}
    for act in lexicon(lang):
        score = _Score()
        for cue in sorted(act.cues, key=len, reverse=True):
            hits = _cue_tokens(said, cue, score.used)
            if hits is not None and not hits & score.used:
                score.weight += PHRASE if len(cue) > 1 else VERB
                score.used |= hits
        for hint in act.hints:
            index = next((i for i, t in enumerate(said) if i not in score.used and t.forms & hint), None)
            if index is not None:
                score.weight += HINT
                score.used.add(index)
        if score.weight:
            scores[act.id] = score
    return scores


# -- the scene's approaches ------------------------------------------------------------------------

def label_lemmas(text: str, lang: str) -> list[frozenset[str]]:
    """The lemmas of an approach's label and words, less the roll's mechanics in parentheses."""
    deed = re.sub(r"\([^)]*\)", " ", text)
    return [forms(w, lang, all_parses=False) for w in _words(deed)
            if len(w) >= 3 and w not in STOP and w not in MECHANICS]


def _deed_words(said: Sequence[_Token], scores: Mapping[str, _Score], lang: str) -> dict[int, str]:
    """Which act kind each said word is a verb or phrase of (hints are not deeds)."""
    kinds: dict[int, str] = {}
    for act in lexicon(lang):
        for cue in act.cues:
            hits = _cue_tokens(said, cue, set())
            for i in hits or ():
                if kinds.get(i) in (None, "free"):
                    kinds[i] = act.kind
    return kinds


BROAD = frozenset({"athletics", "alertness", "survival", "empathy"})
"""Abilities many deeds share: an act agrees with an approach rolling one only on the same Attribute
(climbing is not hauling a rope, though both are Athletics)."""


def _agrees(act: Act, option: Any) -> bool:
    """Whether ``act`` is what ``option`` rolls: its Ability, or a blow of the fight's kind."""
    deed = getattr(option, "deed", "roll")
    if deed == "attack":
        shooting = getattr(option, "weapon", "") in SHOOTING
        return act.kind == ("shoot" if shooting else "attack")
    traits = tuple(getattr(option, "traits", ()))
    if act.kind != "roll" or len(traits) < 2 or traits[1] not in act.abilities:
        return False
    return traits[1] not in BROAD or traits[0] == act.attribute


def approach_score(said: Sequence[_Token], option: Any, scores: Mapping[str, _Score], kinds: Mapping[int, str],
                   lang: str) -> tuple[float, float, tuple[str, ...]]:
    """(weight, the weight of deeds alone, the words): how strongly the intent describes ``option``."""
    label = label_lemmas(f"{option.label} {getattr(option, 'words', '')}", lang)
    risky = getattr(option, "risky", False)
    weight, deeds, words = 0.0, 0.0, []
    for i, token in enumerate(said):
        if token.word in STOP or len(token.word) < 3 or not any(token.forms & part for part in label):
            continue
        kind = kinds.get(i)
        if kind is None:
            weight += OBJECT
        elif kind == "free":
            weight += 0.0 if risky else OBJECT  # "ask" in a label is no reading of a plain question
        else:
            weight += VERB
            deeds += VERB
        words.append(token.word)
    for name, score in scores.items():
        act = act_named(lang, name)
        if score.weight >= READ and _agrees(act, option):
            weight += score.weight
            deeds += score.weight
            words += [said[i].word for i in sorted(score.used)]
    return weight, deeds, tuple(dict.fromkeys(words))


# -- the reading -----------------------------------------------------------------------------------

def read(text: str, lang: str, options: Sequence[Any], *, fight: bool = False, names: Iterable[str] = ()) -> Reading:
    """What ``text`` asks for among ``options`` (the scene's offered approaches, ``pass`` among them)."""
    if not understood(text, lang, names):
        return Reading("unknown")
    text = _without_willpower(text, lang)
    extra = {w for o in options for part in label_lemmas(f"{o.label} {getattr(o, 'words', '')}", lang) for w in part}
    said = tokens(text, lang, extra)
    scores = act_scores(said, lang)
    if scores.get("cheat") and scores["cheat"].weight >= READ:
        return Reading("cheat", act="cheat")
    kinds = _deed_words(said, scores, lang)
    held = [o for o in options if o.approach == "pass"]
    acting = [o for o in options if o.approach != "pass"]
    ranked: list[tuple[float, Reading]] = []
    for option in acting:
        weight, deeds, words = approach_score(said, option, scores, kinds, lang)
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
        if act.kind == "free":
            ranked.append((score.weight, Reading("free", act=act.id, words=words, weight=score.weight)))
        elif act.kind in ("roll", "attack", "shoot") and act.attribute:
            ranked.append((score.weight, Reading("roll", act=act.id, attribute=act.attribute,
                                                 abilities=act.abilities, difficulty=act.difficulty, words=words,
                                                 weight=score.weight)))
    return decide(ranked, held, fight)


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
    if best_weight >= READ:  # an approach named only by its objects is no rival to a deed said outright
        others = [(w, r) for w, r in others if not (r.kind == "approach" and r.act == "weak")]
    if best.kind == "approach":
        # the act that is this approach's roll is part of it, not a rival reading
        others = [(w, r) for w, r in others if not (r.kind == "roll" and r.act and best.weight >= w)]
    runner = others[0] if others else (0.0, None)
    candidates = tuple(_ref(r) for r in (best, runner[1]) if r is not None)
    if best_weight < READ:
        return Reading("ask", candidates=candidates, words=best.words)
    if best.kind == "free" and best.act == "wait" and held:
        return Reading("pass", approach=held[0].approach, words=best.words)
    if runner[1] is not None and best_weight - runner[0] < DECISIVE:
        if {best.kind, runner[1].kind} == {"free"}:
            return best  # two ways of saying nothing needs dice: no roll either way
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

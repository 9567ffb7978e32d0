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
    generic: bool = False
    """Done to anything (a search, a lift): it names no approach by its roll alone."""
    resist: tuple[str, ...] = ()
    """Done to a Storyteller character: what it rolls against it (an Attribute, then Abilities to choose from)."""


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


@dataclass
class _Token:
    word: str
    forms: frozenset[str]
    known: bool = True
    mended: bool = False
    """An unknown word taken for the known word it is nearest to (a typo)."""
    weight: float = 1.0
    """How much the word counts: half in a clause that says why or when ("to see", «чтобы», "until he ...")."""
    modifier: bool = False
    """A word that describes rather than does (a participle: "his frightened mule"; a noun after "the":
    "the cut", "the fire"): its deed counts as a hint."""


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
    return word.lower().replace(chr(0x451), chr(0x435))  # Russian yo is written as ye as often as not


@cache
def forms(word: str, lang: str, *, all_parses: bool = True) -> frozenset[str]:
    """The word and its lemmas: Russian, the normal forms of pymorphy3's likely parses (бегу: бег, бежать);
    English, simplemma's lemma. ``all_parses=False``: only the first (how a lexicon word is read)."""
    word = _plain(word)
    found = {word}
    if not word.isascii():  # Cyrillic: pymorphy3's parses
        parses = _morph().parse(word)
        best = parses[0].score if parses else 0
        found |= {_plain(p.normal_form) for p in (parses if all_parses else parses[:1])
                  if p.score >= best * 0.3 or p is parses[0]}
    elif len(word) > 2:  # "me" is no "i": little words keep their own form
        import simplemma

        found.add(_plain(simplemma.lemmatize(word, lang="en")))
        if word.endswith(("ing", "ed")):
            found.add(_plain(simplemma.lemmatize(word, lang="en", greedy=True)))
    return frozenset(found)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text.lower())


def _phrase(text: str, lang: str) -> tuple[frozenset[str], ...]:
    drop = grammar(lang)["phrase_drop"]  # "the", «мой»: a phrase may be written with them
    return tuple(forms(w, lang, all_parses=False) for w in _words(text) if w not in drop)


@cache
def grammar(lang: str) -> dict[str, frozenset[str]]:
    """The little words a sentence is weighed by (the lexicon's ``grammar``): those that open a clause of
    purpose or time (``subordinate``) or go back to the main deed (``main``), determiners, prepositions,
    "I", third-person pronouns."""
    from narrator.storyteller.scenario import PROMPTS

    data = yaml.safe_load((PROMPTS / LEXICON).read_text(encoding="utf-8"))["grammar"][lang]
    return {key: frozenset(str(w) for w in words or ()) for key, words in data.items()}


# -- the lexicon -------------------------------------------------------------------------------------

@cache
def lexicon(lang: str) -> tuple[Act, ...]:
    """The lexicon's acts with their words in ``lang``, lemmatised."""
    from narrator.storyteller.scenario import PROMPTS

    data = yaml.safe_load((PROMPTS / LEXICON).read_text(encoding="utf-8"))["acts"]
    acts = []
    for name, act in data.items():
        said = [(str(w), _phrase(str(w), lang)) for w in act.get(lang, ())]
        cues = tuple(c for w, c in said if len(c) > 1 or (c and len(_words(w)) == 1))
        # a phrase that is one word once its little words are dropped («по следу») only leans a reading
        hints = tuple(forms(str(w), lang, all_parses=False) for w in act.get(f"{lang}_hints", ())) + tuple(
            c[0] for w, c in said if len(c) == 1 and len(_words(w)) > 1)
        acts.append(Act(name, str(act["kind"]), str(act.get("attribute", "")), tuple(act.get("abilities", ())),
                        int(act.get("difficulty", 6)), cues, hints, bool(act.get("generic", False)),
                        tuple(act.get("resist", ()))))
    return tuple(acts)


def act_named(lang: str, name: str) -> Act:
    return next(a for a in lexicon(lang) if a.id == name)


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    return frozenset(w for act in lexicon(lang) for cue in (*act.cues, *((h,) for h in act.hints))
                     for part in cue for w in part if len(w) >= 4)


DESCRIBING = frozenset({"PRTF", "PRTS", "ADJF", "ADJS"})
"""pymorphy3's participles and adjectives: «испуганного», «раненую» describe, they do not do."""


def tokens(text: str, lang: str, extra: Iterable[str] = ()) -> list[_Token]:
    """The intent's words with their lemmas; an unknown word also takes the nearest known word (a typo).
    A word in a clause of purpose or time weighs half; a describing word is marked as such."""
    vocabulary = _vocabulary(lang) | frozenset(w for w in extra if len(w) >= 4)
    deeds = _deed_lemmas(lang)
    little = grammar(lang)
    found: list[_Token] = []
    subordinate = opened_first = False
    pieces = re.findall(r"[^\W\d_]+|[,;:.!?—]", text.lower())
    words = [w for w in pieces if w[0].isalpha()]
    n = -1
    for piece in pieces:
        if not piece[0].isalpha():  # a comma closes a clause of purpose or time («Пока он отвернулся, пробираюсь»)
            subordinate = False
            continue
        n += 1
        word = piece
        own = forms(word, lang)
        known = len(word) < 3 or is_word(word, lang)
        mended = False
        if not known:
            near = max(vocabulary, key=lambda v: Indel.normalized_similarity(word, v), default="")
            if near and Indel.normalized_similarity(word, near) >= TYPO:
                own, mended = own | forms(near, lang), True
        if word in little["main"]:
            subordinate = False
        elif word in little["subordinate"] or (word == "to" and n + 1 < len(words) and n > 0
                                               and words[n - 1] not in little["trying"]
                                               and forms(words[n + 1], lang) & deeds):
            subordinate = True
        before = words[n - 1] if n > 0 else ""
        modifier = before in little["prepositions"] or (before in little["determiners"] and (
            word.endswith(("ed", "ing")) or bool(own & _blows())))
        if lang == "ru" and not word.isascii():
            modifier = before in little["prepositions"] or str(_morph().parse(word)[0].tag.POS) in DESCRIBING
        if word in little["self"] and opened_first:
            subordinate = False  # "While he looks away I sneak aboard": the main deed begins
        if n == 0:
            opened_first = word in little["subordinate"]
        found.append(_Token(word, own, known, mended, 0.5 if subordinate else 1.0, modifier))
    return found


@cache
def _deed_lemmas(lang: str) -> frozenset[str]:
    """The lemmas that open a deed's words (after "to", they tell a purpose: "to see further")."""
    return frozenset(w for act in lexicon(lang) if act.kind != "cheat" for cue in act.cues for w in cue[0])


@cache
def _blows() -> frozenset[str]:
    """English words of a blow that are nouns after "the" ("the cut on my hand", "by the fire")."""
    return frozenset(w for act in lexicon("en") if act.kind in ("attack", "shoot") for cue in act.cues
                     if len(cue) == 1 for w in cue[0])


GAP = 4
"""A phrase's words may stand this many words apart, in order ("slip a silver coin" says "slip coin")."""


def _phrase_at(said: Sequence[_Token], cue: tuple[frozenset[str], ...], taken: set[int]) -> tuple[int, ...] | None:
    """The tokens that say the phrase ``cue`` in order (each within :data:`GAP` of the last), none of ``taken``."""
    for start, token in enumerate(said):
        if start in taken or not token.forms & cue[0]:
            continue
        hits, last = [start], start
        for part in cue[1:]:
            following = next((i for i in range(last + 1, min(len(said), last + 2 + GAP))
                               if i not in taken and said[i].forms & part), None)
            if following is None:
                break
            hits.append(following)
            last = following
        if len(hits) == len(cue):
            return tuple(hits)
    return None


@dataclass
class _Heard:
    """What the words say: each act's weight and words, and which acts each word is a deed of."""

    scores: dict[str, _Score]
    claimed: dict[int, str]
    """Words a phrase took: they belong to that phrase's act alone."""
    phrases: dict[int, tuple[frozenset[str], ...]]
    deeds: dict[int, set[str]]


def hear(said: Sequence[_Token], lang: str) -> _Heard:
    """How strongly the words say each act: phrases first (their words are theirs alone), then single words,
    then hints; a word in a clause of purpose weighs half, a describing word as a hint."""
    acts = lexicon(lang)
    scores: dict[str, _Score] = {}
    claimed: dict[int, str] = {}
    phrase_of: dict[int, tuple[frozenset[str], ...]] = {}
    deeds: dict[int, set[str]] = {}
    phrases = sorted(((len(cue), act, cue) for act in acts for cue in act.cues if len(cue) > 1), key=lambda x: -x[0])
    for _, act, cue in phrases:
        hits = _phrase_at(said, cue, set(claimed))
        if hits is None:
            continue
        score = scores.setdefault(act.id, _Score())
        score.weight += PHRASE * min(said[i].weight for i in hits)
        score.used |= set(hits)
        for i in hits:
            claimed[i], phrase_of[i] = act.id, cue
            deeds.setdefault(i, set()).add(act.id)
    for act in acts:
        for cue in act.cues:
            if len(cue) != 1:
                continue
            score = scores.setdefault(act.id, _Score())
            index = next((i for i, t in enumerate(said) if i not in claimed and i not in score.used
                          and t.forms & cue[0]), None)
            if index is None:
                continue
            token = said[index]
            score.weight += (HINT if token.modifier else VERB) * token.weight
            score.used.add(index)
            if not token.modifier:
                deeds.setdefault(index, set()).add(act.id)
        for hint in act.hints:
            score = scores.setdefault(act.id, _Score())
            index = next((i for i, t in enumerate(said) if i not in claimed and i not in score.used
                          and t.forms & hint), None)
            if index is not None:
                score.weight += HINT * said[index].weight
                score.used.add(index)
    return _Heard({k: v for k, v in scores.items() if v.weight}, claimed, phrase_of, deeds)


# -- the scene's approaches ------------------------------------------------------------------------

def label_lemmas(text: str, lang: str) -> list[frozenset[str]]:
    """The lemmas of an approach's label and words, less the roll's mechanics in parentheses."""
    deed = re.sub(r"\([^)]*\)", " ", text)
    return [forms(w, lang, all_parses=False) for w in _words(deed)
            if len(w) >= 3 and w not in STOP and w not in MECHANICS]


BROAD = frozenset({"athletics", "alertness", "survival"})
"""Abilities many deeds share: an act agrees with an approach rolling one only on the same Attribute
(climbing is not hauling a rope, though both are Athletics)."""


def _agrees(act: Act, option: Any, lang: str = "en", said: Sequence[_Token] = (), used: Iterable[int] = ()) -> bool:
    """Whether ``act`` is what ``option`` rolls: its first Ability (a broad one only on the same Attribute),
    or another of its Abilities on the same Attribute (haggling is Manipulation with Etiquette, as a
    bargain; a search is Perception with Alertness, as a look over); a blow of the fight's kind; a scene's
    move the deed's own words name."""
    deed = getattr(option, "deed", "roll")
    if deed == "attack":
        shooting = getattr(option, "weapon", "") in SHOOTING
        return act.kind == ("shoot" if shooting else "attack")
    if deed == "go":  # "board the coach" is the move "Board the coach"; fleeing is not "Yield"
        label = label_lemmas(f"{option.label} {getattr(option, 'words', '')}", lang)
        return act.kind in ("leave", "surrender") and any(said[i].forms & part for i in used for part in label)
    traits = tuple(getattr(option, "traits", ()))
    if act.kind != "roll":
        return False
    if act.attribute in SOCIAL and _synonym(act, option, lang):
        return True  # the scenario's own words for a social approach name this deed ("bribe" among persuasion's)
    if len(traits) < 2 or not act.abilities:
        return False
    if traits[1] == act.abilities[0]:
        return traits[1] not in BROAD or traits[0] == act.attribute
    return traits[1] in act.abilities and traits[0] == act.attribute and (traits[1] not in BROAD or act.generic)


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
    """Two Russian verbs of one pair: a prefix on the bare verb («надавить», «давить»), or one prefix and a
    changed suffix («расспросить», «расспрашивать»; «сбить», «сбивать»); never two prefixes («забраться»,
    «пробраться») nor with and without «-ся» («красть», «красться»)."""
    reflexive = tuple(grammar("ru")["reflexive"])
    if a.endswith(reflexive) != b.endswith(reflexive):
        return False
    if _stem(a) == b or _stem(b) == a:
        return True
    return a[:4] == b[:4] and Indel.normalized_similarity(a, b) >= ASPECT


ASPECT = 0.75
"""How alike two Russian verbs with one prefix must be to be an aspect pair."""


@cache
def _stem(lemma: str) -> str:
    for prefix in grammar("ru")["verb_prefixes"]:
        if lemma.startswith(prefix) and len(lemma) - len(prefix) >= 4:
            return lemma[len(prefix):]
    return lemma


def approach_score(said: Sequence[_Token], option: Any, heard: _Heard, lang: str,
                   names: frozenset[str] = frozenset()) -> tuple[float, float, tuple[str, ...]]:
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
    own = bool(words)
    for name, score in heard.scores.items():
        act = act_named(lang, name)
        if score.weight >= READ and _agrees(act, option, lang, said, score.used):
            weight += score.weight
            # a search of anything is not this search: a generic deed names an approach only with a word of
            # the approach's own ("check the window for footprints" is no "Study the tape")
            deeds += score.weight if own or not act.generic else 0.0
            words += [said[i].word for i in sorted(score.used)]
    if objects >= (OBJECTS if risky else 2) and deeds < READ:  # the scene's own things, named: its approach
        deeds, weight = READ, weight + OBJECT
    shown = [w for w in words if len(w) >= 3 and w not in STOP and w not in grammar(lang)["phrase_drop"]]
    return weight, deeds, tuple(dict.fromkeys(shown))  # the words the table names as deciding


OBJECTS = 3
"""Three words of an approach's own (its label and synonyms) say it, though none is a deed the lexicon
knows ("push the letter under the gate"); one is not a reading, and two only for an approach that cannot
end the story or start a fight ("I read the roll of the dead")."""


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
    named = frozenset(w for name in names for w in _words(name))
    if scores.get("cheat") and scores["cheat"].weight >= READ:
        return Reading("cheat", act="cheat")
    held = [o for o in options if o.approach == "pass"]
    acting = [o for o in options if o.approach != "pass"]
    ranked: list[tuple[float, Reading]] = []
    for option in acting:
        weight, deeds, words = approach_score(said, option, heard, lang, named)
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
    if trace is not None:
        trace += [(round(w, 2), r.kind, r.approach or r.act, r.words) for w, r in ranked]
        trace += [("tokens", [(t.word, sorted(t.forms)) for t in said])]
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
    if runner[1] is not None and best_weight - runner[0] < DECISIVE:
        if {best.kind, runner[1].kind} == {"free"}:
            return best  # two ways of saying nothing needs dice: no roll either way
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


@cache
def _circumstances(lang: str) -> dict[str, tuple[tuple[frozenset[str], ...], ...]]:
    from narrator.storyteller.scenario import PROMPTS

    data = yaml.safe_load((PROMPTS / LEXICON).read_text(encoding="utf-8"))["circumstances"]
    return {way: tuple(c for c in (_phrase(str(w), lang) for w in words[lang]) if c) for way, words in data.items()}


def circumstance(text: str, lang: str) -> tuple[int, tuple[str, ...]]:
    """How the circumstances the words tell move an improvised deed's difficulty (-1, 0, +1: "in the dark",
    "carefully"; WW L52-60, WW L70), and the words that said so."""
    said = tokens(text, lang)
    found: dict[str, list[str]] = {}
    for way, cues in _circumstances(lang).items():
        for cue in cues:
            hits = _phrase_at(said, cue, set())
            if hits is not None:
                found.setdefault(way, []).extend(said[i].word for i in hits)
    shift = (1 if "harder" in found else 0) - (1 if "easier" in found else 0)
    return shift, tuple(found.get("harder" if shift > 0 else "easier", ())) if shift else ()


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

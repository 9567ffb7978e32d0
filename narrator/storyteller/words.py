"""The words a player types, as the offline reader hears them (issue 28): lemmas, mended typos, the lexicon.

Russian words are read through every likely normal form pymorphy3 gives («бегу»: бег, бежать); English
ones through simplemma, whose data ships in its wheel (nothing is downloaded at run time). A word that
is no word of the language is also taken for the nearest word the reader knows (a typo: "sneek" ->
sneak). The lexicon ``prompts/storyteller/reader.yaml`` names each deed by its words (ru + en) and says
what the book rolls for it; its ``grammar`` holds the little words a sentence is weighed by, its
``circumstances`` what makes a deed harder or easier. :func:`hear` says how strongly the words say each
deed; :mod:`narrator.storyteller.reader` turns that into one reading of the scene.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import yaml
from rapidfuzz.distance import Indel

from narrator.agents.morphology import russian
from narrator.lexicon import is_word

LEXICON = "reader.yaml"
VERB, PHRASE, HINT = 1.0, 1.2, 0.4
"""What a said word weighs toward a deed: one of its verbs, one of its phrases, a weak hint."""
TYPO = 0.75
"""An unknown word this alike to a word the reader knows is taken for it (a typo)."""


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
    placed: bool = False
    """Done somewhere (sneaking, climbing): a place the words name that the approach does not is another deed."""
    resist: tuple[str, ...] = ()
    """Done to a Storyteller character: what it rolls against it (an Attribute, then Abilities to choose from)."""
    also: tuple[str, ...] = ()
    """Other Attributes a scenario may roll the same deed on (carrying is Strength or Stamina + Athletics)."""


@dataclass
class Token:
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
class Score:
    weight: float = 0.0
    used: set[int] = field(default_factory=set)


# -- lemmas -------------------------------------------------------------------------------------------



def _plain(word: str) -> str:
    return word.lower().replace(chr(0x451), chr(0x435))  # Russian yo is written as ye as often as not


@cache
def forms(word: str, lang: str, *, all_parses: bool = True) -> frozenset[str]:
    """The word and its lemmas: Russian, the normal forms of pymorphy3's likely parses (бегу: бег, бежать);
    English, simplemma's lemma. ``all_parses=False``: only the first (how a lexicon word is read)."""
    word = _plain(word)
    found = {word}
    if not word.isascii():  # Cyrillic: pymorphy3's parses
        parses = russian().parse(word)
        best = parses[0].score if parses else 0
        found |= {_plain(p.normal_form) for p in (parses if all_parses else parses[:1])
                  if p.score >= best * 0.3 or p is parses[0]}
    elif len(word) > 2:  # "me" is no "i": little words keep their own form
        import simplemma

        found.add(_plain(simplemma.lemmatize(word, lang="en")))
        if word.endswith(("ing", "ed")):
            found.add(_plain(simplemma.lemmatize(word, lang="en", greedy=True)))
    return frozenset(found)


def split_words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text.lower())


def phrase(text: str, lang: str) -> tuple[frozenset[str], ...]:
    drop = grammar(lang)["phrase_drop"]  # "the", «мой»: a phrase may be written with them
    return tuple(forms(w, lang, all_parses=False) for w in split_words(text) if w not in drop)


@cache
def grammar(lang: str) -> dict[str, frozenset[str]]:
    """The little words a sentence is weighed by (the lexicon's ``grammar``): those that open a clause of
    purpose or time (``subordinate``) or go back to the main deed (``main``), determiners, prepositions,
    "I", third-person pronouns."""
    return {key: frozenset(words) for key, words in grammar_lists(lang).items()}


@cache
def grammar_lists(lang: str) -> dict[str, tuple[str, ...]]:
    """The lexicon's ``grammar`` of ``lang`` in its written order (where order matters: a vowel and the vowel
    it alternates with, suffixes tried in turn)."""
    from narrator.storyteller.scenario import PROMPTS

    data = yaml.safe_load((PROMPTS / LEXICON).read_text(encoding="utf-8"))["grammar"][lang]
    return {key: tuple(str(w) for w in words or ()) for key, words in data.items()}


# -- the lexicon -------------------------------------------------------------------------------------

@cache
def lexicon(lang: str) -> tuple[Act, ...]:
    """The lexicon's acts with their words in ``lang``, lemmatised."""
    from narrator.storyteller.scenario import PROMPTS

    data = yaml.safe_load((PROMPTS / LEXICON).read_text(encoding="utf-8"))["acts"]
    acts = []
    for name, act in data.items():
        said = [(str(w), phrase(str(w), lang)) for w in (*act.get(lang, ()), *_pairs(act, lang))]
        cues = tuple(c for w, c in said if len(c) > 1 or (c and len(split_words(w)) == 1))
        # a phrase that is one word once its little words are dropped («по следу») only leans a reading
        hints = tuple(forms(str(w), lang, all_parses=False) for w in act.get(f"{lang}_hints", ())) + tuple(
            c[0] for w, c in said if len(c) == 1 and len(split_words(w)) > 1)
        acts.append(Act(name, str(act["kind"]), str(act.get("attribute", "")), tuple(act.get("abilities", ())),
                        int(act.get("difficulty", 6)), cues, hints, bool(act.get("generic", False)),
                        bool(act.get("placed", False)),
                        tuple(act.get("resist", ())), tuple(act.get("also", ()))))
    return tuple(acts)


def _pairs(act: dict[str, Any], lang: str) -> list[str]:
    """A class of deeds said as a verb and its object ("stroke" ... "horse"): every verb of ``<lang>_verbs``
    with every thing of ``<lang>_objects``, and the thing first too ("the horse and stroke its neck", «коню и
    глажу его»)."""
    verbs, things = act.get(f"{lang}_verbs", ()), act.get(f"{lang}_objects", ())
    return [f"{v} {t}" for v in verbs for t in things] + [f"{t} {v}" for v in verbs for t in things if " " not in v]


def act_named(lang: str, name: str) -> Act:
    return next(a for a in lexicon(lang) if a.id == name)


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    return frozenset(w for act in lexicon(lang) for cue in (*act.cues, *((h,) for h in act.hints))
                     for part in cue for w in part if len(w) >= 4)


DESCRIBING = frozenset({"PRTF", "PRTS", "ADJF", "ADJS"})
"""pymorphy3's participles and adjectives: «испуганного», «раненую» describe, they do not do."""


def tokens(text: str, lang: str, extra: Iterable[str] = ()) -> list[Token]:
    """The intent's words with their lemmas; an unknown word also takes the nearest known word (a typo).
    A word in a clause of purpose or time weighs half; a describing word is marked as such."""
    vocabulary = _vocabulary(lang) | frozenset(w for w in extra if len(w) >= 4)
    deeds = _deed_lemmas(lang)
    little = grammar(lang)
    found: list[Token] = []
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
        if lang == "ru" and not word.isascii() and not own & _all_words(lang):
            own |= _partners(own)  # a verb the lexicon does not know, by its aspect pair: «перевязываю», «перевязать»
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
            modifier = before in little["prepositions"] or str(russian().parse(word)[0].tag.POS) in DESCRIBING
        if word in little["self"] and opened_first:
            subordinate = False  # "While he looks away I sneak aboard": the main deed begins
        if n == 0:
            opened_first = word in little["subordinate"]
        found.append(Token(word, own, known, mended, 0.5 if subordinate else 1.0, modifier))
    return found


def _partners(own: frozenset[str]) -> frozenset[str]:
    """The lexicon's Russian verbs that are the same verb as one of ``own`` but for its aspect or prefix."""
    return frozenset(w for lemma in own if len(lemma) >= 5 for w in _aspect_partners(lemma))


@cache
def _aspect_partners(lemma: str) -> frozenset[str]:
    # only the same prefix with a changed suffix («столкнуть», «сталкивать» no; «перевязать», «перевязывать»):
    # a prefix on a bare verb often makes another deed («смотреть», «пересмотреть»)
    reflexive = tuple(grammar("ru")["reflexive"])
    return frozenset(w for w in _single_words("ru") if w != lemma and w[:4] == lemma[:4]
                     and w.endswith(reflexive) == lemma.endswith(reflexive)
                     and (same_base(w, lemma) or (verb_stem(w)[:3] == verb_stem(lemma)[:3]
                                                 and Indel.normalized_similarity(w, lemma) >= ASPECT)))


@cache
def _all_words(lang: str) -> frozenset[str]:
    return frozenset(w for act in lexicon(lang) for cue in (*act.cues, *((h,) for h in act.hints)) for part in cue
                     for w in part)


@cache
def _single_words(lang: str) -> frozenset[str]:
    infinitive = tuple(grammar(lang)["infinitive"])  # how a verb's lemma ends: only verbs pair by aspect
    return frozenset(w for act in lexicon(lang) for cue in (*act.cues, *((h,) for h in act.hints)) for part in cue
                     for w in part if len(w) >= 5 and w.endswith(infinitive))
ASPECT = 0.75
"""How alike two Russian verbs with one prefix must be to be an aspect pair."""


def aspect_pair(a: str, b: str) -> bool:
    """Two Russian verbs of one pair: a prefix on the bare verb («надавить», «давить»), or one prefix and a
    changed suffix («расспросить», «расспрашивать»; «сбить», «сбивать»); never two prefixes («забраться»,
    «пробраться») nor with and without «-ся» («красть», «красться»)."""
    reflexive = tuple(grammar("ru")["reflexive"])
    if a.endswith(reflexive) != b.endswith(reflexive):
        return False
    if verb_stem(a) == b or verb_stem(b) == a or (a[:4] == b[:4] and same_base(a, b)):
        return True
    return a[:4] == b[:4] and Indel.normalized_similarity(a, b) >= ASPECT


@cache
def aspect_suffixes() -> tuple[str, ...]:
    """What a Russian verb's aspect changes before «-ть» (the lexicon's ``grammar.ru.aspect_suffixes``),
    the longest first («ыва» before «ва» before «а»)."""
    return tuple(sorted(grammar("ru")["aspect_suffixes"], key=len, reverse=True))


@cache
def aspect_base(lemma: str) -> tuple[str, str]:
    """A Russian verb less «-ся», «-ть» and its aspect suffix, «о» read as «а» (the root's vowel alternates:
    «протолкнуться», «проталкиваться»), and that suffix: «натягивать», «натянуть» -> («натяг», «ива»),
    («натя», «ну»)."""
    ru = grammar_lists("ru")
    base = lemma
    for ending in (*ru["reflexive"], *ru["bare_infinitive"]):  # «-ся», «-сь», then «-ть», «-ти»
        base = base.removesuffix(ending)
    suffix = next((x for x in aspect_suffixes() if base.endswith(x) and len(base) - len(x) >= 4), "")
    vowel, read_as = ru["alternating_vowel"]
    return base[: len(base) - len(suffix)].replace(vowel, read_as), suffix


def same_base(a: str, b: str) -> bool:
    """Whether two Russian verbs are one verb but for the aspect: the same base, or two aspect suffixes on
    bases one of which begins the other or that differ by the root's last consonant («расспросить»,
    «расспрашивать»); «побеждать» is no «побежать» (one suffix, two roots)."""
    reflexive = tuple(grammar("ru")["reflexive"])
    (x, one), (y, other) = aspect_base(a), aspect_base(b)
    if min(len(x), len(y)) < 4 or a.endswith(reflexive) != b.endswith(reflexive):
        return False
    if x == y:
        return True
    grown = abs(len(x) - len(y)) == 1 and (x.startswith(y) or y.startswith(x))  # «натя», «натяг»
    return one != other and (grown or (len(x) == len(y) >= 6 and x[:-1] == y[:-1]))


@cache
def verb_stem(lemma: str) -> str:
    for prefix in grammar("ru")["verb_prefixes"]:
        if lemma.startswith(prefix) and len(lemma) - len(prefix) >= 4:
            return lemma[len(prefix):]
    return lemma


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


def phrase_at(said: Sequence[Token], cue: tuple[frozenset[str], ...], taken: set[int]) -> tuple[int, ...] | None:
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
class Heard:
    """What the words say: each act's weight and words, and which acts each word is a deed of."""

    scores: dict[str, Score]
    claimed: dict[int, str]
    """Words a phrase took: they belong to that phrase's act alone."""
    phrases: dict[int, tuple[frozenset[str], ...]]
    deeds: dict[int, set[str]]


def hear(said: Sequence[Token], lang: str) -> Heard:
    """How strongly the words say each act: phrases first (their words are theirs alone), then single words,
    then hints; a word in a clause of purpose weighs half, a describing word as a hint."""
    acts = lexicon(lang)
    scores: dict[str, Score] = {}
    claimed: dict[int, str] = {}
    phrase_of: dict[int, tuple[frozenset[str], ...]] = {}
    deeds: dict[int, set[str]] = {}
    phrases = sorted(((len(cue), act, cue) for act in acts for cue in act.cues if len(cue) > 1), key=lambda x: -x[0])
    for _, act, cue in phrases:
        hits = phrase_at(said, cue, set(claimed))
        if hits is None:
            continue
        score = scores.setdefault(act.id, Score())
        # said where it begins ("jump in after": "after" is its own); a phrase that opens its clause says what
        # the clause is ("unless you talk", «а не то»: a threat), so it weighs whole
        opener = said[hits[0]].word in grammar(lang)["subordinate"]
        score.weight += PHRASE * (1.0 if opener else said[hits[0]].weight)
        score.used |= set(hits)
        for i in hits:
            claimed[i], phrase_of[i] = act.id, cue
            deeds.setdefault(i, set()).add(act.id)
    for act in acts:
        for cue in act.cues:
            if len(cue) != 1:
                continue
            score = scores.setdefault(act.id, Score())
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
            score = scores.setdefault(act.id, Score())
            index = next((i for i, t in enumerate(said) if i not in claimed and i not in score.used
                          and t.forms & hint), None)
            if index is not None:
                score.weight += HINT * said[index].weight
                score.used.add(index)
    return Heard({k: v for k, v in scores.items() if v.weight}, claimed, phrase_of, deeds)


@cache
def _circumstances(lang: str) -> dict[str, tuple[tuple[frozenset[str], ...], ...]]:
    from narrator.storyteller.scenario import PROMPTS

    data = yaml.safe_load((PROMPTS / LEXICON).read_text(encoding="utf-8"))["circumstances"]
    return {way: tuple(c for c in (phrase(str(w), lang) for w in words[lang]) if c) for way, words in data.items()}


def unhurried_cues(lang: str) -> tuple[tuple[frozenset[str], ...], ...]:
    """The words of an easy pace (the lexicon's ``circumstances.unhurried``): a ride said so is no feat."""
    return _circumstances(lang).get("unhurried", ())


def circumstance(text: str, lang: str) -> tuple[int, tuple[str, ...]]:
    """How the circumstances the words tell move an improvised deed's difficulty (-1, 0, +1: "in the dark",
    "carefully"; WW L52-60, WW L70), and the words that said so."""
    said = tokens(text, lang)
    found: dict[str, list[str]] = {}
    for way, cues in _circumstances(lang).items():
        for cue in cues:
            hits = phrase_at(said, cue, set())
            if hits is not None:
                found.setdefault(way, []).extend(said[i].word for i in hits)
    shift = (1 if "harder" in found else 0) - (1 if "easier" in found else 0)
    return shift, tuple(found.get("harder" if shift > 0 else "easier", ())) if shift else ()


THINGS = frozenset({"NOUN"})
"""pymorphy3's part of speech of a thing (a Russian word that can name where or to what a deed is done)."""


def is_thing(token: Token, lang: str) -> bool:
    """Whether a said word may name a thing: a Russian noun, or (English has no parser here) a word that is
    no verb of the lexicon."""
    if lang == "ru" and not token.word.isascii():
        return str(russian().parse(token.word)[0].tag.POS) in THINGS
    return not token.forms & _deed_lemmas(lang)


def main_verb(said: Sequence[Token], lang: str) -> int | None:
    """Where the main clause's verb stands: Russian, the first verb pymorphy3 reads; English, the word after
    "I" that opens the sentence (else ``None``: an English verb cannot be told from a noun without it)."""
    for i, token in enumerate(said):
        if token.weight < 1.0:
            continue
        if lang == "ru" and not token.word.isascii():
            if str(russian().parse(token.word)[0].tag.POS) in ("VERB", "INFN"):
                return i
        elif lang == "en" and i > 0 and said[i - 1].word in grammar(lang)["self"]:
            return i
    return None

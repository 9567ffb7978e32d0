"""The offline reader's lexicon and lemmas (issue 28): a deed's words as data, a word's normal forms.

Russian words are read through every likely normal form pymorphy3 gives («бегу»: бег, бежать); English
ones through simplemma, whose data ships in its wheel (nothing is downloaded at run time). The lexicon
``prompts/storyteller/reader.yaml`` names each deed by its words (ru + en) and says what the book rolls for
it (:class:`Act`); its ``grammar`` holds the little words a sentence is weighed by. A Russian verb the
lexicon does not know is also read by its aspect pair («перевязываю»: «перевязать»). The words of an intent
are heard in :mod:`narrator.storyteller.words`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import yaml
from rapidfuzz.distance import Indel

from narrator.agents.morphology import part_of_speech, russian

LEXICON = "reader.yaml"

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
    things: bool = False
    """Its phrases that end in a preposition take a thing («нырнуть за» cover): a name after one is another deed."""
    named: bool = False
    """An approach whose label or synonyms say one of its words is this deed, whatever that approach rolls (a game
    of faro cheated at is Legerdemain; the Gauntlet crossed to see is Perception + Enigmas)."""


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
        # pymorphy3 fails on letters Unicode has no name for («A𗀀»): such a word is only itself
        parses = russian().parse(word) if legible(word) == word else []
        best = parses[0].score if parses else 0
        found |= {_plain(p.normal_form) for p in (parses if all_parses else parses[:1])
                  if p.score >= best * 0.3 or p is parses[0]
                  or "1per" in p.tag}  # a player says what he does: «бегу» is бежать, «ору» орать, though rarer
    elif len(word) > 2:  # "me" is no "i": little words keep their own form
        import simplemma

        found.add(_plain(simplemma.lemmatize(word, lang="en")))
        if word.endswith(("ing", "ed")):
            found.add(_plain(simplemma.lemmatize(word, lang="en", greedy=True)))
    return frozenset(found)


def legible(text: str) -> str:
    """``text`` without the letters Unicode has no name for (unassigned, private use): no word is made of
    them, and pymorphy3, which guesses a word's shape from ``unicodedata.name``, fails on them."""
    return "".join(ch for ch in text if ch.isascii() or not ch.isalpha() or unicodedata.name(ch, None) is not None)


def split_words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text.lower())


def phrase(text: str, lang: str) -> tuple[frozenset[str], ...]:
    drop = grammar(lang)["phrase_drop"]  # "the", «мой»: a phrase may be written with them
    return tuple(forms(w, lang, all_parses=False) for w in split_words(text) if w not in drop)


@cache
def reader_data() -> dict[str, Any]:
    """The lexicon file (``prompts/storyteller/reader.yaml``: its grammar, acts and circumstances), parsed once a
    process with libyaml (it was parsed for each part and language in turn, pure-Python: 0.7 s of CPU). Read only."""
    from narrator.storyteller.scenario import PROMPTS

    return dict(yaml.load((PROMPTS / LEXICON).read_text(encoding="utf-8"),
                          Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))


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
    data = reader_data()["grammar"][lang]
    return {key: tuple(str(w) for w in words or ()) for key, words in data.items()}


# -- the lexicon -------------------------------------------------------------------------------------

@cache
def lexicon(lang: str) -> tuple[Act, ...]:
    """The lexicon's acts with their words in ``lang``, lemmatised; a Russian phrase's verb is also said in
    its other aspect, where the lexicon knows that one («броситься на»: «бросаюсь на Танкреда»)."""
    if lang != "ru":
        return _written(lang)
    def both(part: frozenset[str]) -> frozenset[str]:
        return part.union(*(_other_aspect(w) for w in part))

    return tuple(replace(act, cues=tuple(tuple(both(p) for p in cue) if len(cue) > 1 else cue for cue in act.cues))
                 for act in _written(lang))


@cache
def _other_aspect(lemma: str) -> frozenset[str]:
    """The lexicon's Russian verbs that are ``lemma`` in its other aspect: one prefix, one base, another
    suffix («заглянуть», «заглядывать»), or a pair of two roots («войти», «входить»); never a verb only alike."""
    if part_of_speech(lemma) != "INFN":
        return frozenset()
    reflexive = tuple(grammar("ru")["reflexive"])
    unlike = grammar("ru")["aspect_not"]  # alike, but two verbs («следить», «следовать»)
    return frozenset(w for w in _aspect_candidates(lemma) if w != lemma
                     and w.endswith(reflexive) == lemma.endswith(reflexive)
                     and ((w[:4] == lemma[:4] and same_base(w, lemma)) or _other_root(w, lemma) or _other_root(lemma, w))
                     and f"{w} {lemma}" not in unlike and f"{lemma} {w}" not in unlike)  # the rare pair last


def _aspect_candidates(lemma: str) -> frozenset[str]:
    """The lexicon's verbs that could be ``lemma``'s other aspect: those of its first four letters, those
    ending in a root of a pair whose other root ends ``lemma``, and its ``aspect_words`` partners (the test
    itself is :func:`_other_aspect`'s; this only spares it the ~860,000 pairs of the whole lexicon)."""
    by_start, ends, partners = _aspect_index()
    found = set(by_start.get(lemma[:4], ()))
    for side in (0, 1):
        if _root_ends(lemma, 1 - side):
            found |= ends[side]
    return frozenset(found | partners.get(lemma, frozenset()))


@cache
def _aspect_index() -> tuple[dict[str, frozenset[str]], tuple[frozenset[str], frozenset[str]],
                             dict[str, frozenset[str]]]:
    """The Russian verbs by their first four letters; those ending in a pair's first root, in its second;
    the partners each has in ``aspect_words``."""
    words = _single_words("ru")
    by_start: dict[str, set[str]] = {}
    for word in words:
        by_start.setdefault(word[:4], set()).add(word)
    ends = (frozenset(w for w in words if _root_ends(w, 0)), frozenset(w for w in words if _root_ends(w, 1)))
    partners: dict[str, set[str]] = {}
    for pair in grammar("ru")["aspect_words"]:
        a, _, b = pair.partition(" ")
        partners.setdefault(a, set()).add(b)
        partners.setdefault(b, set()).add(a)
    return ({k: frozenset(v) for k, v in by_start.items()}, ends,
            {k: frozenset(v) & words for k, v in partners.items()})


@cache
def _written(lang: str) -> tuple[Act, ...]:
    """The lexicon's acts as written, lemmatised."""
    data = reader_data()["acts"]
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
                        tuple(act.get("resist", ())), tuple(act.get("also", ())), bool(act.get("things", False)),
                        bool(act.get("named", False))))
    return tuple(acts)


def _pairs(act: dict[str, Any], lang: str) -> list[str]:
    """A class of deeds said as a verb and its object ("stroke" ... "horse"): every verb of ``<lang>_verbs``
    with every thing of ``<lang>_objects``, and the thing first too ("the horse and stroke its neck", «коню и
    глажу его»)."""
    out: list[str] = []
    for group in (act, *act.get("pairs", ())):  # further classes of the act ("pairs": one's clothes wrung, a match struck)
        verbs, things = group.get(f"{lang}_verbs", ()), group.get(f"{lang}_objects", ())
        out += [f"{v} {t}" for v in verbs for t in things] + [f"{t} {v}" for v in verbs for t in things if " " not in v]
    return out


def act_named(lang: str, name: str) -> Act:
    return next(a for a in lexicon(lang) if a.id == name)


def verb_partners(own: frozenset[str]) -> frozenset[str]:
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
def lexicon_words(lang: str) -> frozenset[str]:
    return frozenset(w for act in _written(lang) for cue in (*act.cues, *((h,) for h in act.hints)) for part in cue
                     for w in part)


@cache
def _single_words(lang: str) -> frozenset[str]:
    infinitive = tuple(grammar(lang)["infinitive"])  # how a verb's lemma ends: only verbs pair by aspect
    return frozenset(w for act in _written(lang) for cue in (*act.cues, *((h,) for h in act.hints)) for part in cue
                     for w in part if len(w) >= 5 and w.endswith(infinitive))
ASPECT = 0.75
"""How alike two Russian verbs with one prefix must be to be an aspect pair."""


def aspect_pair(a: str, b: str) -> bool:
    """Two Russian verbs of one pair: a prefix on the bare verb («надавить», «давить»), or one prefix and a
    changed suffix («расспросить», «расспрашивать»; «сбить», «сбивать»); never two prefixes («забраться»,
    «пробраться») nor with and without «-ся» («красть», «красться»). A pair of another root (the lexicon's
    ``grammar.ru.aspect_roots``: «войти», «входить») or of another word (``aspect_words``: «взять», «брать»)
    is one too."""
    reflexive = tuple(grammar("ru")["reflexive"])
    if a.endswith(reflexive) != b.endswith(reflexive):
        return False
    if _other_root(a, b) or _other_root(b, a):
        return True
    if verb_stem(a) == b or verb_stem(b) == a or (a[:4] == b[:4] and same_base(a, b)):
        return True
    return a[:4] == b[:4] and Indel.normalized_similarity(a, b) >= ASPECT


def _other_root(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one verb whose aspects have two roots: the same prefix (less its
    epenthetic vowel: «во-йти», «в-ходить») on a pair of ``aspect_roots``, or a pair of ``aspect_words``."""
    ru = grammar_lists("ru")
    if f"{a} {b}" in grammar("ru")["aspect_words"]:  # the same words as ru's list, as a set
        return True
    heads = _root_ends(a, 0)
    if not heads:  # most words end in no root of a pair: nothing to compare
        return False
    tails = dict(_root_ends(b, 1))
    vowel = ru["epenthetic_vowel"][0] if ru["epenthetic_vowel"] else ""
    for pair, head in heads:
        tail = tails.get(pair)
        if tail is not None and (head == tail or (vowel and head.removesuffix(vowel) == tail and len(tail) >= 1)):
            return True
    return False


@cache
def _root_ends(word: str, side: int) -> tuple[tuple[int, str], ...]:
    """``(index, what comes before the root)`` for each ``aspect_roots`` pair whose root on ``side`` (0: the
    first, 1: the other) ends ``word`` (:func:`_other_root` asks for every two verbs of the lexicon: ~650,000
    times; this walks the pairs once a word)."""
    found = []
    for index, pair in enumerate(grammar_lists("ru")["aspect_roots"]):
        root = pair.split()[side]
        if word.endswith(root):
            found.append((index, word[: len(word) - len(root)]))
    return tuple(found)


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
    # in the lexicon's written order, the longer prefix first («под» before «по»): a set's order changed with
    # the hash seed, and «поддеть» paired with «подделать» in one process and not in the next
    for prefix in grammar_lists("ru")["verb_prefixes"]:
        if lemma.startswith(prefix) and len(lemma) - len(prefix) >= 4:
            return lemma[len(prefix):]
    return lemma


@cache
def deed_lemmas(lang: str) -> frozenset[str]:
    """The lemmas that open a deed's words (after "to", they tell a purpose: "to see further")."""
    return frozenset(w for act in lexicon(lang) if act.kind != "cheat" for cue in act.cues for w in cue[0])

"""The words a player types, as the offline reader hears them (issue 28): lemmas, mended typos, clauses.

Each word is read through its lemmas (:mod:`narrator.storyteller.lemmas`, where the lexicon
``prompts/storyteller/reader.yaml`` is loaded). A word that is no word of the language is also taken for
the nearest word the reader knows (a typo: "sneek" -> sneak); a word in a clause of purpose or time weighs
half. A word of someone else's deed ("while he pours", an order said to someone) is marked another's
(:mod:`narrator.storyteller.whose`, where :class:`Token` is). The lexicon's ``circumstances`` say what makes a
deed harder or easier. :func:`hear` says how strongly the words say each deed; :mod:`narrator.storyteller.reader`
turns that into one reading of the scene.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from rapidfuzz.distance import Indel

from narrator.agents.morphology import part_of_speech
from narrator.lexicon import is_word
from narrator.storyteller.lemmas import (
    Act,
    act_named,
    aspect_pair,
    deed_lemmas,
    forms,
    grammar,
    grammar_lists,
    legible,
    lexicon,
    lexicon_words,
    phrase,
    reader_data,
    same_base,
    split_words,
    verb_partners,
)
from narrator.storyteller.unsaid import QUOTES, after_speech_colon, mark_unsaid, quoted
from narrator.storyteller.whose import Token, mark_others

__all__ = ["Act", "Heard", "Score", "Token", "act_named", "aspect_pair", "circumstance", "forms", "grammar",
           "hear", "is_thing", "lexicon", "main_verb", "phrase_at", "same_base", "split_words", "tokens",
           "unhurried_cues"]

VERB, PHRASE, HINT = 1.0, 1.2, 0.4
"""What a said word weighs toward a deed: one of its verbs, one of its phrases, a weak hint."""
TYPO = 0.75
"""An unknown word this alike to a word the reader knows is taken for it (a typo)."""


@dataclass
class Score:
    weight: float = 0.0
    used: set[int] = field(default_factory=set)


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    return frozenset(w for act in lexicon(lang) for cue in (*act.cues, *((h,) for h in act.hints))
                     for part in cue for w in part if len(w) >= 4)


DESCRIBING = frozenset({"PRTF", "PRTS", "ADJF", "ADJS"})
"""pymorphy3's participles and adjectives: «испуганного», «раненую» describe, they do not do."""


def tokens(text: str, lang: str, extra: Iterable[str] = ()) -> list[Token]:
    """The intent's words with their lemmas; an unknown word also takes the nearest known word (a typo).
    A word in a clause of purpose or time weighs half; a describing word is marked as such."""
    extra = frozenset(extra)
    vocabulary = _vocabulary(lang) | frozenset(w for w in extra if len(w) >= 4)
    deeds = deed_lemmas(lang)
    little = grammar(lang)
    found: list[Token] = []
    subordinate = opened_first = False
    clause = 0
    text = legible(text)  # every word the reader hears passes here (pymorphy3 fails on unnamed letters)
    marked = _unglued(re.findall(r"[^\W\d_]+|[,;:.!?—]|[\"«»“”„]", text.lower()), lang)
    pieces = [p for p in marked if p not in QUOTES]  # quoted speech is marked apart (unsaid.py)
    # a capitalised word inside the sentence is a name: "before Thierry" is a place, no clause of time
    named = _capitalised(text) | extra  # a name, or a word of the scene's labels
    words = [w for w in pieces if w[0].isalpha()]
    n = -1
    for k, piece in enumerate(pieces):
        if not piece[0].isalpha():  # a comma closes a clause of purpose or time («Пока он отвернулся, пробираюсь»)
            # but not before the second half of "either ... or" («что либо он расскажет, либо не споёт») nor
            # before the indirect question of a purpose («чтобы расслышать, о чём говорят охранники»)
            subordinate = subordinate and piece == "," and _goes_on(pieces[k + 1:k + 3], little)
            continue
        n += 1
        word = piece
        own, known, mended = _heard_as(word, lang, vocabulary)
        if word in little["main"]:
            subordinate = False
        elif _opens(word, words[n + 1:n + 2], little, named) or (word == "to" and n + 1 < len(words) and n > 0
                                               and words[n - 1] not in little["trying"]
                                               and forms(words[n + 1], lang) & deeds):
            subordinate = True
        before = words[n - 1] if n > 0 else ""
        modifier = before in little["prepositions"] or (before in little["determiners"] and (
            word.endswith(("ed", "ing")) or bool(own & _blows())))
        if lang == "ru" and not word.isascii():
            modifier = before in little["prepositions"] or part_of_speech(word) in DESCRIBING
        if word in little["self"] and opened_first:
            subordinate = False  # "While he looks away I sneak aboard": the main deed begins
        if n == 0:
            opened_first = word in little["subordinate"]
        clause += word in little.get("framing", frozenset())
        found.append(Token(word, own, known, mended, 0.5 if subordinate else 1.0, modifier, clause))
    inside = [q or c for q, c in zip(quoted(marked), after_speech_colon(pieces, lang))]
    return mark_unsaid(mark_others(found, pieces, lang, named), inside, lang)


def _heard_as(word: str, lang: str, vocabulary: frozenset[str]) -> tuple[frozenset[str], bool, bool]:
    """A typed word's lemmas, whether it is a word of the language, and whether it was mended: a Russian verb the
    lexicon does not know also takes its aspect pair's lemmas; a word that is no word also takes the lemmas of the
    word of ``vocabulary`` nearest to it, when that is near enough (a typo: "sneek" -> sneak)."""
    own = forms(word, lang)
    if lang == "ru" and not word.isascii() and not own & lexicon_words(lang):
        own |= verb_partners(own)  # a verb the lexicon does not know, by its aspect pair: «перевязываю», «перевязать»
    known = len(word) < 3 or is_word(word, lang)
    mended = False
    if not known:
        # a tie goes to the word last in alphabetical order, not to the set's order (it changes with the hash seed)
        near = max(vocabulary, key=lambda v: (Indel.normalized_similarity(word, v), v), default="")
        if near and Indel.normalized_similarity(word, near) >= TYPO:
            own, mended = own | forms(near, lang), True
    return own, known, mended


def _unglued(pieces: list[str], lang: str) -> list[str]:
    """``pieces`` with a negation typed onto its word parted from it (``grammar.negation``: «ненадо», «нехочу» are
    «не надо», «не хочу»), where the whole is no word and the rest is one («незаметно», «нельзя» stay); and a Russian
    verb typed with «-ться» for «-тся» or the other way («крадеться», «пытаюсь научится»), where only the other is one."""
    out: list[str] = []
    pieces = [_reflexive_mended(p) if lang == "ru" else p for p in pieces]
    for piece in pieces:
        head = next((n for n in grammar_lists(lang).get("negation", ()) if piece.startswith(n) and len(piece) - len(n) >= 3
                     and not is_word(piece, lang) and is_word(piece[len(n):], lang)), None)
        out += [head, piece[len(head):]] if head else [piece]
    return out


def _reflexive_mended(piece: str) -> str:
    """«крадеться» as «крадется», «научится» (after a verb of trying) left alone when it is a word: the common typo of
    the Russian reflexive ending, mended only where the typed form is no word and the other is."""
    endings = grammar_lists("ru").get("reflexive_typos", ())
    for typed, meant in zip(endings, (*endings[1:], *endings[:1])):
        if piece.endswith(typed) and not is_word(piece, "ru") and is_word(piece[: -len(typed)] + meant, "ru"):
            return piece[: -len(typed)] + meant
    return piece


def _capitalised(text: str) -> set[str]:
    """The words written with a capital inside a sentence (names: "before Thierry")."""
    words = re.findall(r"[^\W\d_]+|[.!?]", text)
    return {w.lower() for before, w in zip([".", *words], words) if w[0].isupper() and before not in ".!?"}


def _opens(word: str, following: Sequence[str], little: dict[str, frozenset[str]], named: Iterable[str]) -> bool:
    """Whether ``word`` opens a clause of purpose, time or condition: "before" and "after" before a determiner, an
    object pronoun or a name are a place ("before Thierry", "after him"), no clause."""
    if word not in little["subordinate"]:
        return False
    place = little["determiners"] | little.get("object_pronouns", frozenset()) | frozenset(named)
    return not (word in little["prepositions"] and following and following[0] in place)


def _goes_on(following: Sequence[str], little: dict[str, frozenset[str]]) -> bool:
    """Whether the words after a comma go on with the clause before it: "or" («либо»), a question word, or a
    preposition and a question word («о чём»)."""
    asked = little.get("questions", frozenset())
    return bool(following) and (following[0] in little.get("continuing", frozenset()) | asked or (
        following[0] in little["prepositions"] and following[1:2] != [] and following[1] in asked))


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
            # a phrase is said within one clause ("read his ledger while he ..." is no "read him")
            following = next((i for i in range(last + 1, min(len(said), last + 2 + GAP))
                               if i not in taken and said[i].forms & part
                               and said[i].clause == said[last].clause), None)
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


def hear(said: Sequence[Token], lang: str, names: frozenset[str] = frozenset()) -> Heard:
    """How strongly the words say each act: phrases first (their words are theirs alone), then single words,
    then hints; a word in a clause of purpose weighs half, a describing word as a hint. A phrase of a deed
    done to things that ends in a preposition is not said when a name follows it («нырнуть за» is cover,
    «Ныряю за Дэнни» a swim)."""
    little = grammar(lang)
    prepositions = little["prepositions"]
    names = names - little["phrase_drop"] - little["determiners"] - prepositions  # "The Widow": "the" is no name
    acts = lexicon(lang)
    scores: dict[str, Score] = {}
    claimed: dict[int, str] = {}
    phrase_of: dict[int, tuple[frozenset[str], ...]] = {}
    deeds: dict[int, set[str]] = {}
    others = {i for i, t in enumerate(said) if t.other}  # another's deed is no deed of the character's
    phrases = sorted(((len(cue), act, cue) for act in acts for cue in act.cues if len(cue) > 1), key=lambda x: -x[0])
    for _, act, cue in phrases:
        hits = phrase_at(said, cue, set(claimed))
        if hits is None or hits[0] in others or (act.things and cue[-1] & prepositions and hits[-1] + 1 < len(said)
                            and said[hits[-1] + 1].word in names):
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
                          and i not in others and t.forms & cue[0]), None)
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
    data = reader_data()["circumstances"]
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
        return part_of_speech(token.word) in THINGS
    return not token.forms & deed_lemmas(lang)


def main_verb(said: Sequence[Token], lang: str) -> int | None:
    """Where the main clause's verb stands: Russian, the first verb pymorphy3 reads; English, the word after
    "I" that opens the sentence (else ``None``: an English verb cannot be told from a noun without it)."""
    for i, token in enumerate(said):
        if token.weight < 1.0:
            continue
        if lang == "ru" and not token.word.isascii():
            if part_of_speech(token.word) in ("VERB", "INFN"):
                return i
        elif lang == "en" and i > 0 and said[i - 1].word in grammar(lang)["self"]:
            return i
    return None

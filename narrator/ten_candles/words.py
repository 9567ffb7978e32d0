"""The words of Ten Candles' offline reader (:mod:`narrator.ten_candles.reading`): the word lists of
``prompts/ten_candles/attempts.yaml``, a word's lemmas, a typo read as the lists' word it spells, the words of
a line as tokens, and where a list's words and phrases occur in them.

Lemmas: Russian through pymorphy3 (every parse's normal form, a participle kept a participle); English
through simplemma (the lemmatizer the Storyteller games' reader brought in, narrator/storyteller/reader.py). A word that
is not in the language's dictionary is matched to the lists' forms within one typo (two for long words).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

import yaml

from narrator.agents.morphology import russian

TOKEN = re.compile(r"[^\W\d_]+|[.,;:!?]")
CLAUSE_END = frozenset(".,;:!?")
CYRILLIC = re.compile(r"[\u0430-\u044f]")
YO, YE = chr(0x451), chr(0x435)
"""Russian ё read as е: players type either."""


@cache
def table() -> dict[str, Any]:
    """The attempts word lists (``prompts/ten_candles/attempts.yaml``)."""
    return dict(yaml.safe_load((files("narrator.prompts") / "ten_candles" / "attempts.yaml").read_text("utf-8")))




def _english_lemmas(word: str) -> set[str]:
    """The word and its lemma by simplemma (the project's English lemmatizer: climbed -> climb, ran -> run);
    for -ing and -ed also its greedy reading (simplemma leaves some participles as they are)."""
    import simplemma

    found = {word, simplemma.lemmatize(word, lang="en").lower()}
    if word.endswith(("ing", "ed", "s")):
        found.add(simplemma.lemmatize(word, lang="en", greedy=True).lower())
    if word.endswith("'s"):
        found.add(word[:-2])
    return found


@cache
def lemmas(word: str, lang: str) -> frozenset[str]:
    """Every dictionary form ``word`` (lower case) may be a form of, in ``lang``."""
    word = word.lower().replace(YO, YE)
    if lang == "ru" and CYRILLIC.search(word):
        return frozenset({_russian_lemma(p).replace(YO, YE) for p in russian().parse(word)} | {word})
    return frozenset(_english_lemmas(word))


def _russian_lemma(parse: Any) -> str:
    """A parse's dictionary form; a participle stays a participle («брошенном» is «брошенный», abandoned,
    not «бросить», to throw: a thing described, not an act)."""
    if {"PRTF", "PRTS"} & set(str(parse.tag.POS or "").split()):
        inflected = parse.inflect({"sing", "nomn", "masc"}) if parse.tag.POS == "PRTF" else None
        return str(inflected.word) if inflected else str(parse.word)
    return str(parse.normal_form)


@dataclass(frozen=True)
class Entry:
    """One list entry: a word or a phrase, each word with its possible lemmas."""

    text: str
    words: tuple[frozenset[str], ...]


@cache
def list_entries(lang: str, key: str) -> tuple[Entry, ...]:
    """The entries of the list ``key`` in ``lang``, each word with its lemmas."""
    out = []
    for text in table()[lang].get(key, ()):
        words = [w for w in TOKEN.findall(str(text)) if w not in CLAUSE_END]
        out.append(Entry(str(text), tuple(lemmas(w, lang) for w in words)))
    return tuple(out)


@cache
def _forms(lang: str) -> dict[str, str]:
    """The typed forms of the lists' single words (for typos): form -> the lemma it spells."""
    forms: dict[str, str] = {}
    for key in ("cheat", "danger", "threat", "attempt", "safe", "try"):
        for entry in list_entries(lang, key):
            if len(entry.words) != 1:
                continue
            word = str(entry.text).lower()
            forms[word] = word
            if lang == "ru":
                for parse in russian().parse(word)[:1]:
                    for form in parse.lexeme:
                        forms.setdefault(form.word.replace(YO, YE), word)
            else:
                for suffix in ("s", "es", "ed", "d", "ing"):
                    forms.setdefault(word + suffix, word)
    return forms


def typo_lemmas(word: str, lang: str) -> frozenset[str]:
    """A word the dictionary does not know, read as the lists' word it is one typo from (two when long)."""
    from rapidfuzz import process
    from rapidfuzz.distance import DamerauLevenshtein

    from narrator.lexicon import is_word

    low = word.lower().replace(YO, YE)
    if len(low) < 3 or is_word(low, lang):
        return frozenset()
    limit = 1 if len(low) < 7 else 2
    best = process.extractOne(low, list(_forms(lang)), scorer=DamerauLevenshtein.distance, score_cutoff=limit)
    return lemmas(_forms(lang)[best[0]], lang) if best else frozenset()


@dataclass(frozen=True)
class Token:
    """A word (or a clause's end mark) of the words read: as typed, its lemmas (typos forgiven), its place."""

    text: str
    lemmas: frozenset[str]
    index: int


def tokenize(text: str, lang: str) -> list[Token]:
    """The words and clause marks of ``text``, each with its lemmas and the lists' word a typo spells."""
    out = []
    for i, raw in enumerate(TOKEN.findall(text)):
        found = lemmas(raw, lang) if raw not in CLAUSE_END else frozenset()
        if raw not in CLAUSE_END:
            found = found | typo_lemmas(raw, lang)
        out.append(Token(raw, found, i))
    return out


def hits(tokens: Sequence[Token], entries: Iterable[Entry], gap: int = 3) -> list[tuple[int, Token]]:
    """Where each entry occurs: (the index of its first word, that token); a phrase's words in order, at
    most ``gap`` words apart, within a clause."""
    found = []
    for entry in entries:
        for start, token in enumerate(tokens):
            if not entry.words[0] & token.lemmas:
                continue
            at, ok = start, True
            for word in entry.words[1:]:
                nxt = next((j for j in range(at + 1, min(len(tokens), at + gap + 2))
                            if word & tokens[j].lemmas), None)
                if nxt is None or any(tokens[k].text in CLAUSE_END for k in range(at + 1, nxt)):
                    ok = False
                    break
                at = nxt
            if ok:
                found.append((start, token))
    return sorted(found, key=lambda hit: hit[0])


def list_words(lang: str, key: str) -> frozenset[str]:
    """The list ``key`` in ``lang`` as written (lower case), for words matched as typed."""
    return frozenset(str(w).lower() for w in table()[lang].get(key, ()))

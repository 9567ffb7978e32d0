"""How the offline Storyteller of Ten Candles reads a stated attempt: words through their lemmas, typos
forgiven, against the word lists of ``prompts/ten_candles/attempts.yaml`` (issue 28).

The book's test decides: a conflict is "an attempt whose result is not obvious" (seeds/000_e53cdcbb20917f8a.txt
L58), called "each time a character tries something difficult, risky or simply of unclear outcome" (L265);
a conflict is dangerous when failing could kill or cost dearly (L289). So a reading is one of:

* ``cheat``: words about the dice, the candles or the rules ("give me 10 successes"): not a deed of the
  character, no conflict and nothing changes on the table (the dice are rolled, L269; a dark candle is
  never relit, L56);
* ``moment``: the Moment card is on top and the words live it (L77, L79; D14);
* ``danger``: an act whose failure could kill (a fight, a leap, fleeing), or any act but watching or
  talking done against Them, a monster, fire or an edge (L289);
* ``conflict``: an act of unclear outcome (searching for supplies and recalling detailed instructions
  are the book's own examples, L267), or a safe act the player says they *try* (not a free one: "I try to
  remember her face", to thank, to pray stay free; recalling know-how, "how the radio works", is a conflict);
* ``safe``: looking, talking, waiting, comforting, thanking, remembering: nothing is in doubt (L58); a line
  that opens by calling someone ("Lisa, thank you", «Ребята, ...») is said to them, up to "and"/"I";
* ``unknown``: none of the lists' words: the caller decides (the template calls a plain conflict).

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
from typing import Any, Literal

import yaml

from narrator.agents.morphology import russian

Kind = Literal["cheat", "moment", "danger", "conflict", "safe", "unknown"]
TOKEN = re.compile(r"[^\W\d_]+|[.,;:!?]")
CLAUSE_END = frozenset(".,;:!?")
CYRILLIC = re.compile(r"[\u0430-\u044f]")
YO, YE = chr(0x451), chr(0x435)
"""Russian ё read as е: players type either."""
RARE = 100
"""An English word written fewer times than this in pyspellchecker's frequency list carries no meaning alone."""

@dataclass(frozen=True)
class Reading:
    """What the words were read as, and the word (as typed) it went by."""

    kind: Kind
    word: str = ""
    threat: bool = False
    """A danger read from what the act faces (Them, fire, an edge), not from the act's own word."""


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
class _Entry:
    """One list entry: a word or a phrase, each word with its possible lemmas."""

    text: str
    words: tuple[frozenset[str], ...]


@cache
def _entries(lang: str, key: str) -> tuple[_Entry, ...]:
    out = []
    for text in table()[lang].get(key, ()):
        words = [w for w in TOKEN.findall(str(text)) if w not in CLAUSE_END]
        out.append(_Entry(str(text), tuple(lemmas(w, lang) for w in words)))
    return tuple(out)


@cache
def _forms(lang: str) -> dict[str, str]:
    """The typed forms of the lists' single words (for typos): form -> the lemma it spells."""
    forms: dict[str, str] = {}
    for key in ("cheat", "danger", "threat", "attempt", "safe", "try"):
        for entry in _entries(lang, key):
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


def _typo_lemmas(word: str, lang: str) -> frozenset[str]:
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
class _Token:
    text: str
    lemmas: frozenset[str]
    index: int


def _tokens(text: str, lang: str) -> list[_Token]:
    out = []
    for i, raw in enumerate(TOKEN.findall(text)):
        found = lemmas(raw, lang) if raw not in CLAUSE_END else frozenset()
        if raw not in CLAUSE_END:
            found = found | _typo_lemmas(raw, lang)
        out.append(_Token(raw, found, i))
    return out


def _hits(tokens: Sequence[_Token], entries: Iterable[_Entry], gap: int = 3) -> list[tuple[int, _Token]]:
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


def _words(lang: str, key: str) -> frozenset[str]:
    return frozenset(str(w).lower() for w in table()[lang].get(key, ()))


def _negated(tokens: Sequence[_Token], at: int, lang: str) -> bool:
    """Whether a negation stands right before the word ("I don't fight", «не дерусь»)."""
    return any(tokens[j].text.lower() in _words(lang, "negation") for j in range(max(0, at - 3), at)
               if not any(tokens[k].text in CLAUSE_END for k in range(j, at)))


def _someone_else(tokens: Sequence[_Token], at: int, lang: str) -> bool:
    """Whether the word is another's act ("where he found it", «которую мы нашли»): the word before it is
    a pronoun other than "I"."""
    return at > 0 and tokens[at - 1].text.lower() in _words(lang, "others")


def _them(tokens: Sequence[_Token], lang: str) -> _Token | None:
    """Them, written as the book writes Them (capitalised, not opening the sentence)."""
    names = {str(w) for w in table()[lang].get("them", ())}
    return next((t for t in tokens[1:] if t.text in names and tokens[t.index - 1].text not in CLAUSE_END), None)


def _next_deed(tokens: Sequence[_Token], after: int, lang: str) -> int:
    """Where the character's next deed begins after ``after`` ("... and try to pick the lock", «... и лезу»):
    the first "and"/"then" after it, else the end of the words."""
    marks = _words(lang, "and")
    return next((t.index for t in tokens[after + 1:] if t.text.lower() in marks), len(tokens))


def _purpose(tokens: Sequence[_Token], lang: str) -> int | None:
    """Where a clause of purpose begins ("... to calm her", «..., чтобы успокоить»), unless it says what is
    tried ("try to", «пытаюсь»): what follows is why, not what is done."""
    marks = _words(lang, "purpose")
    tries = {lemma for e in _entries(lang, "try") for w in e.words for lemma in w}
    for t in tokens[1:]:
        if t.text.lower() in marks and not (tokens[t.index - 1].lemmas & tries):
            return t.index
    return None


def _moment_words(text: str, lang: str) -> set[str]:
    light = _words(lang, "light")
    return {next(iter(sorted(t.lemmas, key=len))) for t in _tokens(text, lang)
            if t.text not in CLAUSE_END and not (t.lemmas & light) and len(t.text) > 2}


def lives_moment(text: str, moment: str | None, lang: str) -> bool:
    """Whether ``text`` lives the Moment ``moment``: it names the Moment, or shares a word that carries the
    Moment's event with the card (its lemmas, "I will find hope when" left out)."""
    if not moment:
        return False
    tokens = _tokens(text, lang)
    if _hits(tokens, _entries(lang, "moment")):
        return True
    card = _tokens(moment, lang)
    light = _words(lang, "light")
    event = {lemma for t in card if t.text not in CLAUSE_END and not (t.lemmas & light) and len(t.text) > 2
             for lemma in t.lemmas}
    return any(t.lemmas & event for t in tokens if t.text not in CLAUSE_END and not (t.lemmas & light))


def _recalls_knowhow(tokens: Sequence[_Token], at: int, lang: str) -> bool:
    """Whether the remembering at ``at`` recalls know-how ("remember how the radio works", «вспомнить, где
    код»): a word of ``knowhow`` later in its sentence, before the next deed (the book's conflict, L267)."""
    def listed(key: str) -> set[str]:
        return {lemma for e in _entries(lang, key) for w in e.words for lemma in w}

    knowhow, how, working, marks = listed("knowhow"), listed("how"), listed("working"), _words(lang, "and")
    rest = list(tokens[at + 1:])
    for k, t in enumerate(rest):
        if t.text in ".!?;" or t.text.lower() in marks:
            return False
        if t.lemmas & knowhow:
            return True
        if t.lemmas & how:  # "how the radio works", "how to", «как отключить»; not "how she laughed"
            after = rest[k + 1:k + 4]
            if any(u.lemmas & working for u in after) or (after and after[0].text.lower() == "to") or (
                    lang == "ru" and after and any("INFN" in p.tag for p in russian().parse(after[0].text)[:1])):
                return True
    return False


def _free_tries(tokens: Sequence[_Token], tried: list[tuple[int, _Token]], acts: list[tuple[int, _Token]],
                free: set[int]) -> list[tuple[int, _Token]]:
    """The words of trying that make a deed doubtful: a "try" whose next deed is free (remembering, thanking,
    praying: ``free`` holds where they stand) says nothing of risk ("I try to remember her face" is a
    memory, L58), and is dropped."""
    kept = []
    for i, t in tried:
        nxt = min((j for j, _ in acts if j > i), default=None)
        if nxt is None or nxt not in free:
            kept.append((i, t))
    return kept


def _addressed(tokens: Sequence[_Token], lang: str, names: Iterable[str]) -> tuple[int, int] | None:
    """Where a line that opens by calling someone ("Lisa, thank you", "hey Gleb, ...", «Ребята, ...») is
    talk: (the called word, where the character's own next deed begins: "and", or "I"/«я»), else ``None``.
    Someone is called by a name at the table, a Russian first name, an English capitalised word that is
    no dictionary word, or a word for the others as a group, followed by a comma or "!"."""
    from narrator.lexicon import is_word

    called = {w.lower() for name in names for w in TOKEN.findall(name)}
    hail, folks = _words(lang, "address"), _words(lang, "folks")
    k = 0
    while k < len(tokens) and (tokens[k].text.lower() in hail or tokens[k].text in ",!"):
        k += 1
    opened = k > 0 and tokens[0].text.lower() in hail
    if k >= len(tokens):
        return None
    word = tokens[k]
    name = word.text.lower() in called or word.text.lower() in folks
    if not name and word.text[:1].isupper():
        if lang == "ru" and CYRILLIC.search(word.text.lower()):
            name = any("Name" in p.tag for p in russian().parse(word.text)[:2])
        elif lang == "en":
            name = not is_word(word.text.lower(), lang)
    followed = k + 1 < len(tokens) and tokens[k + 1].text in ",!"
    if not (opened or (name and followed)):
        return None
    me = _words(lang, "self")
    end = min(_next_deed(tokens, k, lang), next((t.index for t in tokens[k + 1:] if t.text.lower() in me), len(tokens)))
    return k, end


def read(text: str, lang: str, *, moment: str | None = None, names: Iterable[str] = ()) -> Reading:
    """The reading of an attempt ``text`` in ``lang``; ``moment`` is the attempter's Moment card when it is
    the active card (the Moment can be lived only then, D14); ``names`` are the characters' at the table (a
    line that calls one of them is talk)."""
    lang = lang if lang in ("en", "ru") else "en"
    tokens = _tokens(text, lang)
    cheat = _hits(tokens, _entries(lang, "cheat"), gap=2)
    if cheat:
        return Reading("cheat", cheat[0][1].text)
    if moment and lives_moment(text, moment, lang):
        return Reading("moment")

    def live(key: str, mine: bool = True) -> list[tuple[int, _Token]]:
        return [(i, t) for i, t in _hits(tokens, _entries(lang, key))
                if not _negated(tokens, i, lang) and not (mine and _someone_else(tokens, i, lang))]

    speech = live("speech")
    safe = live("safe")
    danger = live("danger", mine=False)  # a floor that collapses or a car that explodes is danger all the same
    attempt = live("attempt")
    if _hits(tokens, _entries(lang, "steps")) and not _hits(tokens, _entries(lang, "risky")) and not (
            _hits(tokens, _entries(lang, "threat")) or _them(tokens, lang)):  # up a ladder: nothing in doubt
        climbs = _words(lang, "climbs")
        danger = [(i, t) for i, t in danger if not t.lemmas & climbs]
        attempt = [(i, t) for i, t in attempt if not t.lemmas & climbs]
    recall = {lemma for e in _entries(lang, "recall") for w in e.words for lemma in w}
    attempt += [(i, t) for i, t in safe if t.lemmas & recall and _recalls_knowhow(tokens, i, lang)
                and all(i != j for j, _ in attempt)]
    free = [(i, t) for i, t in live("free") if all(i != j for j, _ in attempt + danger)]
    safe += [(i, t) for i, t in free if all(i != j for j, _ in safe)]
    tried = _free_tries(tokens, live("try"), safe + speech + attempt + danger, {i for i, _ in free})
    first_said = speech[0][0] if speech else None
    if first_said is not None and tried and tried[0][0] < first_said:
        return Reading("conflict", speech[0][1].text)  # "I try to talk him into it": persuading, not talking
    spans = [(first_said, _next_deed(tokens, first_said, lang), speech[0][1].text)] if first_said is not None else []
    called = _addressed(tokens, lang, names)  # "Lisa, thank you": a line calling someone is said to them
    if called is not None and not tried:
        spans.insert(0, (called[0], called[1], speech[0][1].text if speech else tokens[called[0]].text))
    if spans:  # what follows a word of speech is what is said, not done, up to "and I..."

        def said(i: int) -> bool:
            return any(a < i < b for a, b, _ in spans)

        if all(said(i) for i, _ in danger + attempt):
            return Reading("safe", spans[0][2])
        danger = [(i, t) for i, t in danger if not said(i)]
        attempt = [(i, t) for i, t in attempt if not said(i)]
    purpose = _purpose(tokens, lang)
    if purpose is not None and any(i < purpose for i, _ in safe + danger + attempt):
        danger = [(i, t) for i, t in danger if i < purpose]
        attempt = [(i, t) for i, t in attempt if i < purpose]
        safe = [(i, t) for i, t in safe if i < purpose]
    if danger:
        return Reading("danger", danger[0][1].text)
    threat = [t for i, t in _hits(tokens, _entries(lang, "threat")) if not _negated(tokens, i, lang)]
    them = _them(tokens, lang)
    menace = threat[0] if threat else them
    if attempt:
        return Reading("danger", menace.text, threat=True) if menace else Reading("conflict", attempt[0][1].text)
    if safe:
        if tried:
            return Reading("conflict", tried[0][1].text)
        return Reading("safe", safe[0][1].text)
    if menace is not None:
        return Reading("danger", menace.text, threat=True)
    if tried:
        return Reading("conflict", tried[0][1].text)
    if text.rstrip().endswith("?") and tokens:  # a question put to someone ("hey Gleb, what's in your bag?")
        return Reading("safe", tokens[0].text)
    return Reading("unknown")




def nonsense(text: str, lang: str, names: Iterable[str] = ()) -> bool:
    """Whether ``text`` has no word that carries meaning in ``lang``: neither a word of the lists (typos
    forgiven), nor a name at the table, nor a dictionary word that is more than a function word, an
    interjection or an abbreviation ("blorp qwzx", «ыыы ааа ооо»)."""
    from narrator.lexicon import WORD, understood

    lang = lang if lang in ("en", "ru") else "en"
    if not understood(text, lang, names):
        return True
    named = {w.lower() for name in names for w in WORD.findall(name)}
    listed = {lemma for key in ("cheat", "danger", "threat", "attempt", "safe", "speech", "try")
              for entry in _entries(lang, key) for word in entry.words for lemma in word}
    for word in WORD.findall(text):
        low = word.lower()
        if low in named or (lemmas(low, lang) | _typo_lemmas(low, lang)) & listed or _meaningful(low, lang):
            return False
    return True


def _meaningful(word: str, lang: str) -> bool:
    """A dictionary word that names something or an act (not "the", «ааа», «ооо»)."""
    from narrator.lexicon import is_word

    if lang == "ru" and CYRILLIC.search(word):
        parse = russian().parse(word)[0]
        return bool(russian().word_is_known(word)) and len(word) > 2 and not (
            {"Abbr", "INTJ", "PRCL", "CONJ", "PREP", "NPRO", "Init"} & set(str(parse.tag).replace(" ", ",").split(",")))
    if len(word) <= 2 or not is_word(word, lang) or word in _words(lang, "light"):
        return False
    from narrator.lexicon import _english

    return int(_english().word_frequency[word]) >= RARE  # "qwerty" is in the list, but seldom written

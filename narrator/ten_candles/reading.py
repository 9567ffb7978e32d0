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

The words themselves (the lists, lemmas, typos, tokens, where a list's words occur) are read in
:mod:`narrator.ten_candles.words`; this module weighs them into a reading.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from narrator.agents.morphology import russian
from narrator.ten_candles.words import (
    CLAUSE_END,
    CYRILLIC,
    TOKEN,
    Token,
    hits,
    lemmas,
    list_entries,
    list_words,
    table,
    tokenize,
    typo_lemmas,
)

Kind = Literal["cheat", "moment", "danger", "conflict", "safe", "unknown"]
RARE = 100
"""An English word written fewer times than this in pyspellchecker's frequency list carries no meaning alone."""

@dataclass(frozen=True)
class Reading:
    """What the words were read as, and the word (as typed) it went by."""

    kind: Kind
    word: str = ""
    threat: bool = False
    """A danger read from what the act faces (Them, fire, an edge), not from the act's own word."""


def _negated(tokens: Sequence[Token], at: int, lang: str) -> bool:
    """Whether a negation stands right before the word ("I don't fight", «не дерусь»)."""
    return any(tokens[j].text.lower() in list_words(lang, "negation") for j in range(max(0, at - 3), at)
               if not any(tokens[k].text in CLAUSE_END for k in range(j, at)))


def _someone_else(tokens: Sequence[Token], at: int, lang: str) -> bool:
    """Whether the word is another's act ("where he found it", «которую мы нашли»): the word before it is
    a pronoun other than "I"."""
    return at > 0 and tokens[at - 1].text.lower() in list_words(lang, "others")


def _them(tokens: Sequence[Token], lang: str) -> Token | None:
    """Them, written as the book writes Them (capitalised, not opening the sentence)."""
    names = {str(w) for w in table()[lang].get("them", ())}
    return next((t for t in tokens[1:] if t.text in names and tokens[t.index - 1].text not in CLAUSE_END), None)


def _next_deed(tokens: Sequence[Token], after: int, lang: str) -> int:
    """Where the character's next deed begins after ``after`` ("... and try to pick the lock", «... и лезу»):
    the first "and"/"then" after it, else the end of the words."""
    marks = list_words(lang, "and")
    return next((t.index for t in tokens[after + 1:] if t.text.lower() in marks), len(tokens))


def _purpose(tokens: Sequence[Token], lang: str) -> int | None:
    """Where a clause of purpose begins ("... to calm her", «..., чтобы успокоить»), unless it says what is
    tried ("try to", «пытаюсь»): what follows is why, not what is done."""
    marks = list_words(lang, "purpose")
    tries = {lemma for e in list_entries(lang, "try") for w in e.words for lemma in w}
    for t in tokens[1:]:
        if t.text.lower() in marks and not (tokens[t.index - 1].lemmas & tries):
            return t.index
    return None


def lives_moment(text: str, moment: str | None, lang: str) -> bool:
    """Whether ``text`` lives the Moment ``moment``: it names the Moment, or shares a word that carries the
    Moment's event with the card (its lemmas, "I will find hope when" left out)."""
    if not moment:
        return False
    tokens = tokenize(text, lang)
    if hits(tokens, list_entries(lang, "moment")):
        return True
    card = tokenize(moment, lang)
    light = list_words(lang, "light")
    event = {lemma for t in card if t.text not in CLAUSE_END and not (t.lemmas & light) and len(t.text) > 2
             for lemma in t.lemmas}
    return any(t.lemmas & event for t in tokens if t.text not in CLAUSE_END and not (t.lemmas & light))


def _recalls_knowhow(tokens: Sequence[Token], at: int, lang: str) -> bool:
    """Whether the remembering at ``at`` recalls know-how ("remember how the radio works", «вспомнить, где
    код»): a word of ``knowhow`` later in its sentence, before the next deed (the book's conflict, L267)."""
    def listed(key: str) -> set[str]:
        return {lemma for e in list_entries(lang, key) for w in e.words for lemma in w}

    knowhow, how, working, marks = listed("knowhow"), listed("how"), listed("working"), list_words(lang, "and")
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


def _free_tries(tokens: Sequence[Token], tried: list[tuple[int, Token]], acts: list[tuple[int, Token]],
                free: set[int]) -> list[tuple[int, Token]]:
    """The words of trying that make a deed doubtful: a "try" whose next deed is free (remembering, thanking,
    praying: ``free`` holds where they stand) says nothing of risk ("I try to remember her face" is a
    memory, L58), and is dropped."""
    kept = []
    for i, t in tried:
        nxt = min((j for j, _ in acts if j > i), default=None)
        if nxt is None or nxt not in free:
            kept.append((i, t))
    return kept


def _addressed(tokens: Sequence[Token], lang: str, names: Iterable[str]) -> tuple[int, int] | None:
    """Where a line that opens by calling someone ("Lisa, thank you", "hey Gleb, ...", «Ребята, ...») is
    talk: (the called word, where the character's own next deed begins: "and", or "I"/«я»), else ``None``.
    Someone is called by a name at the table, a Russian first name, an English capitalised word that is
    no dictionary word, or a word for the others as a group, followed by a comma or "!"."""
    from narrator.lexicon import is_word

    called = {w.lower() for name in names for w in TOKEN.findall(name)}
    hail, folks = list_words(lang, "address"), list_words(lang, "folks")
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
    me = list_words(lang, "self")
    end = min(_next_deed(tokens, k, lang), next((t.index for t in tokens[k + 1:] if t.text.lower() in me), len(tokens)))
    return k, end


class _Deeds(NamedTuple):
    """The words of a line that name deeds, each as (where it stands, its token), not negated (and, but for
    danger, the character's own): what is said, what is done safely (free deeds among them), what could kill, what is of
    unclear outcome, and the words of trying that make a deed doubtful."""

    speech: list[tuple[int, Token]]
    safe: list[tuple[int, Token]]
    danger: list[tuple[int, Token]]
    attempt: list[tuple[int, Token]]
    tried: list[tuple[int, Token]]


def _live(tokens: Sequence[Token], lang: str, key: str, mine: bool = True) -> list[tuple[int, Token]]:
    """Where the list ``key``'s words stand, not negated and (when ``mine``) not another's act."""
    return [(i, t) for i, t in hits(tokens, list_entries(lang, key))
            if not _negated(tokens, i, lang) and not (mine and _someone_else(tokens, i, lang))]


def _deeds(tokens: Sequence[Token], lang: str) -> _Deeds:
    """The deeds the words name: a climb up steps is nothing in doubt (unless risky or facing a threat),
    remembering know-how is an attempt, a free deed (thanking, praying) is safe, and a try of a free deed
    makes nothing doubtful."""
    speech = _live(tokens, lang, "speech")
    safe = _live(tokens, lang, "safe")
    # a floor that collapses or a car that explodes is danger all the same: not only the character's own
    danger = _live(tokens, lang, "danger", mine=False)
    attempt = _live(tokens, lang, "attempt")
    if hits(tokens, list_entries(lang, "steps")) and not hits(tokens, list_entries(lang, "risky")) and not (
            hits(tokens, list_entries(lang, "threat")) or _them(tokens, lang)):  # up a ladder: nothing in doubt
        climbs = list_words(lang, "climbs")
        danger = [(i, t) for i, t in danger if not t.lemmas & climbs]
        attempt = [(i, t) for i, t in attempt if not t.lemmas & climbs]
    if hits(tokens, list_entries(lang, "minor")) and not danger and not hits(tokens, list_entries(lang, "threat")) and (
            not _them(tokens, lang)):  # a plaster on a graze: an everyday act, nothing in doubt (L58)
        tended = _live(tokens, lang, "tend")
        attempt = [(i, t) for i, t in attempt if all(i != j for j, _ in tended)]
        safe = sorted([*safe, *((i, t) for i, t in tended if all(i != j for j, _ in safe))], key=lambda h: h[0])
    recall = {lemma for e in list_entries(lang, "recall") for w in e.words for lemma in w}
    attempt += [(i, t) for i, t in safe if t.lemmas & recall and _recalls_knowhow(tokens, i, lang)
                and all(i != j for j, _ in attempt)]
    free = [(i, t) for i, t in _live(tokens, lang, "free") if all(i != j for j, _ in attempt + danger)]
    safe += [(i, t) for i, t in free if all(i != j for j, _ in safe)]
    tried = _free_tries(tokens, _live(tokens, lang, "try"), safe + speech + attempt + danger, {i for i, _ in free})
    return _Deeds(speech, safe, danger, attempt, tried)


def read(text: str, lang: str, *, moment: str | None = None, names: Iterable[str] = ()) -> Reading:
    """The reading of an attempt ``text`` in ``lang``; ``moment`` is the attempter's Moment card when it is
    the active card (the Moment can be lived only then, D14); ``names`` are the characters' at the table (a
    line that calls one of them is talk)."""
    lang = lang if lang in ("en", "ru") else "en"
    tokens = tokenize(text, lang)
    cheat = hits(tokens, list_entries(lang, "cheat"), gap=2)
    if cheat:
        return Reading("cheat", cheat[0][1].text)
    if moment and lives_moment(text, moment, lang):
        return Reading("moment")
    speech, safe, danger, attempt, tried = _deeds(tokens, lang)
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
    return _verdict(text, tokens, lang, _Deeds(speech, safe, danger, attempt, tried))


def _verdict(text: str, tokens: Sequence[Token], lang: str, deeds: _Deeds) -> Reading:
    """The reading the deeds left once what is said and what is only meant are set aside, in this order: a
    deadly act, an attempt (deadly when it faces Them, fire or an edge), a safe act (a conflict when
    the player tries it), a menace alone, a try alone, a question put to someone."""
    if deeds.danger:
        return Reading("danger", deeds.danger[0][1].text)
    threat = [t for i, t in hits(tokens, list_entries(lang, "threat")) if not _negated(tokens, i, lang)]
    them = _them(tokens, lang)
    menace = threat[0] if threat else them
    if deeds.attempt:
        return Reading("danger", menace.text, threat=True) if menace else Reading("conflict", deeds.attempt[0][1].text)
    if deeds.safe:
        if deeds.tried:
            return Reading("conflict", deeds.tried[0][1].text)
        return Reading("safe", _deed_word(tokens, deeds.safe[0][1], lang))
    if menace is not None:
        return Reading("danger", menace.text, threat=True)
    if deeds.tried:
        return Reading("conflict", deeds.tried[0][1].text)
    if text.rstrip().endswith("?") and tokens:  # a question put to someone ("hey Gleb, what's in your bag?")
        return Reading("safe", tokens[0].text)
    return Reading("unknown")




def _deed_word(tokens: Sequence[Token], hit: Token, lang: str) -> str:
    """The word a reading quotes as the deed: ``hit`` when it is a verb, else the line's own verb ("I shout up
    at the lit window" quotes "shout", not the adjective "lit" whose lemma is on a list; playtest 17)."""
    if lang == "ru":
        def verb(t: Token) -> bool:
            return bool(CYRILLIC.search(t.text.lower())) and any(
                {"VERB", "INFN", "GRND"} & set(str(p.tag).replace(" ", ",").split(","))
                for p in russian().parse(t.text)[:1])

        if verb(hit):
            return hit.text
        return next((t.text for t in tokens if verb(t)), hit.text)
    words = table()["en"]
    named = {str(w) for w in words.get("determiners", ())}
    if hit.index == 0 or tokens[hit.index - 1].text.lower() not in named:
        return hit.text
    subjects, skip = list_words("en", "self") | {"we"}, {str(w) for w in words.get("adverbs", ())}
    for t in tokens[:-1]:
        if t.text.lower() in subjects:
            after = tokens[t.index + 1:]
            return next((u.text for u in after if u.text.lower() not in skip and not u.text.lower().endswith("ly")
                         and u.text not in CLAUSE_END), hit.text)
    return hit.text


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
              for entry in list_entries(lang, key) for word in entry.words for lemma in word}
    for word in WORD.findall(text):
        low = word.lower()
        if low in named or (lemmas(low, lang) | typo_lemmas(low, lang)) & listed or _meaningful(low, lang):
            return False
    return True


def _meaningful(word: str, lang: str) -> bool:
    """A dictionary word that names something or an act (not "the", «ааа», «ооо»)."""
    from narrator.lexicon import is_word

    if lang == "ru" and CYRILLIC.search(word):
        parse = russian().parse(word)[0]
        return bool(russian().word_is_known(word)) and len(word) > 2 and not (
            {"Abbr", "INTJ", "PRCL", "CONJ", "PREP", "NPRO", "Init"} & set(str(parse.tag).replace(" ", ",").split(",")))
    if len(word) <= 2 or not is_word(word, lang) or word in list_words(lang, "light"):
        return False
    from narrator.lexicon import _english

    return int(_english().word_frequency[word]) >= RARE  # "qwerty" is in the list, but seldom written

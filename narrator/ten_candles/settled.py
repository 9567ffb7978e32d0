"""What the table has settled, for Ten Candles' offline Storyteller (playtest 17): a truth spoken and a task won a
moment ago are honoured, not rolled again (L313, L283), and the kind of deed a line names (a search, a door, a
repair...) picks the words its success or failure is told in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from narrator.ten_candles.reading import _negated
from narrator.ten_candles.words import CLAUSE_END, Token, hits, list_entries, list_words, table, tokenize

DEEDS = ("search", "open", "fix", "talk", "tend", "move", "carry")
"""The kinds of deed a narration may fit (``deed_<kind>`` in ``attempts.yaml``)."""


def deed_kind(text: str, lang: str) -> str:
    """The kind of deed ``text`` names first (one of :data:`DEEDS`), ``""`` when it names none of them: what a
    narration of its success or failure is told of ("look for batteries" finds or does not; "open the door":
    the door gives or holds)."""
    lang = lang if lang in ("en", "ru") else "en"
    tokens = tokenize(text, lang)
    found = [(hit[0][0], kind) for kind in DEEDS
             if (hit := [(i, t) for i, t in hits(tokens, list_entries(lang, f"deed_{kind}"))
                         if not _negated(tokens, i, lang)])]
    return min(found)[1] if found else ""


def _content(tokens: Sequence[Token], lang: str) -> list[Token]:
    """The words of a line that carry its matter: no clause mark, no word of ``light`` / ``determiners`` /
    pronouns, nothing of two letters."""
    idle = list_words(lang, "light") | list_words(lang, "determiners") | list_words(lang, "others") | list_words(
        lang, "self") | list_words(lang, "and") | list_words(lang, "purpose") | list_words(lang, "negation")
    return [t for t in tokens if t.text not in CLAUSE_END and len(t.text) > 2 and t.text.lower() not in idle]


def settled(text: str, lang: str, *, truths: Iterable[str] = (), won: Iterable[str] = ()) -> tuple[str, str] | None:
    """Whether ``text`` asks again what the table has settled, and by what: ``("truth", truth)`` when it does
    what a truth of this table says (three words of its matter said in the truth's order, Them among them:
    "hum the song that makes Them go still" and the truth "we remember a song that makes Them
    go still"), ``("won", task)`` when it is the same kind of deed as a task won a moment ago in this scene, on
    the same things ("look for batteries in the drawers" after "find painkillers and batteries in the
    pharmacy" succeeded); else ``None`` (playtest 17: a TC Storyteller honours the truths, L313, and a won
    result stands, L283)."""
    lang = lang if lang in ("en", "ru") else "en"
    tokens = _words(text, lang)
    them = {str(w) for w in table()[lang].get("them", ())}
    content = {t.index for t in _content(tokens, lang)}
    matter = [t.index in content or t.text in them for t in tokens]
    for truth in truths:
        if _run(tokens, _words(truth, lang), matter) >= 3:  # three words of matter said as the truth says them
            return "truth", truth
    kind = deed_kind(text, lang) if won else ""
    if kind:
        mine = {lemma for t in _content(tokens, lang) for lemma in t.lemmas} - _deed_lemmas(lang)
        for task in won:
            theirs = {lemma for t in _content(_words(task, lang), lang) for lemma in t.lemmas} - _deed_lemmas(lang)
            if deed_kind(task, lang) == kind and mine & theirs:
                return "won", task
    return None


@cache
def _words(text: str, lang: str) -> tuple[Token, ...]:
    """The words of ``text`` without its clause marks (kept: the table's truths and tasks are read again and
    again)."""
    return tuple(t for t in tokenize(text, lang) if t.text not in CLAUSE_END)


def _deed_lemmas(lang: str) -> set[str]:
    return {lemma for kind in DEEDS for e in list_entries(lang, f"deed_{kind}") for w in e.words for lemma in w}


def _run(mine: Sequence[Token], theirs: Sequence[Token], matter: Sequence[bool]) -> int:
    """The most words of matter (``matter[i]`` of ``mine[i]``) in one run of words said in the same order in
    both (lemmas shared)."""
    best = 0
    run = [0] * (len(theirs) + 1)  # the matter in the run ending at mine[i - 1], theirs[j - 1]
    for i, word in enumerate(mine):
        now = [0] * (len(theirs) + 1)
        for j, other in enumerate(theirs):
            if word.lemmas & other.lemmas:
                now[j + 1] = run[j] + (1 if matter[i] else 0)
                best = max(best, now[j + 1])
        run = now
    return best

"""Words that say no deed of the character's (the offline reader, issue 28; play-test 17): a verb negated or
stopped ("don't shoot", «не руби», «хватит пить»), and the deeds said inside quoted speech ("Open this gate, or
explain to him ...", «Стой!»: what the one spoken to is asked to do, or what the speaker tells).

:func:`quoted` says which of a line's words stand inside quotes; :func:`mark_unsaid` marks those words, and a negated
verb, another's (:attr:`Token.other <narrator.storyteller.whose.Token>`): the reader hears no deed in them. A social or
free word inside quotes stays the character's (a plea, a promise, a question asked: speech is talk, or the scene's
social approach); :func:`spoken` says the approach readings that rest on quoted words alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from narrator.storyteller.lemmas import deed_lemmas, grammar, lexicon
from narrator.storyteller.whose import Token

QUOTES = frozenset('"«»“”„')
"""The marks that open and close quoted speech (a straight quote opens and closes by turns)."""
OPENING, CLOSING = frozenset("«“„"), frozenset("»”")
CONTRACTED = frozenset({"don", "won"})
"""English negations the word pattern splits ("don't" is "don" and "t"): the character's own, or an order ("don't shoot"),
not a statement of another's ("their master doesn't pay")."""
REACH = 2
"""A negation stops the first verb within this many words after it («не надо рубить», "don't ever shoot")."""


def quoted(pieces: Sequence[str]) -> list[bool]:
    """For each word of ``pieces`` (the line's words, stops and quote marks, in order), whether it stands inside
    quotes."""
    flags: list[bool] = []
    inside = False
    for piece in pieces:
        if piece in QUOTES:
            inside = (not inside) if piece == '"' else piece in OPENING or (piece not in CLOSING and inside)
        elif piece[0].isalpha():
            flags.append(inside)
    return flags


def after_speech_colon(pieces: Sequence[str], lang: str) -> list[bool]:
    """For each word of ``pieces``, whether it follows a colon that a verb of speaking or waking opens in its
    sentence (``grammar.speech_colon``: «Бужу парней: седлайте!» — what is said to them, no deed of the character's)."""
    from narrator.storyteller.lemmas import forms

    openers = grammar(lang).get("speech_colon", frozenset())
    flags: list[bool] = []
    opened = inside = False
    for piece in pieces:
        if piece in ".!?":
            opened = inside = False
        elif piece == ":":
            inside = inside or opened
        elif piece[0].isalpha():
            flags.append(inside)
            opened = opened or bool(forms(piece, lang) & openers)
    return flags


@cache
def _spoken_lemmas(lang: str) -> frozenset[str]:
    """The words of social and free deeds: said inside quotes they are still the speaker's (a plea, a promise)."""
    return frozenset(w for act in lexicon(lang) if act.attribute in ("charisma", "manipulation", "appearance")
                     or act.kind == "free" for cue in act.cues if len(cue) == 1 for w in cue[0])


def mark_unsaid(found: list[Token], inside: Sequence[bool], lang: str) -> list[Token]:
    """``found`` with the deeds said inside quotes (``inside``, per token) and the negated or stopped verbs marked
    another's; a word of stopping («хватит», «довольно») is no deed itself («хватит» is no «хватать»)."""
    deeds = deed_lemmas(lang)
    spoken = deeds - _spoken_lemmas(lang)
    for token, said in zip(found, inside):
        token.said = said
        token.other = token.other or (said and bool(token.forms & spoken))
    little = grammar(lang)
    negation, stopping = little.get("negated_by", frozenset()), little.get("stopping", frozenset())
    for k, token in enumerate(found):
        if token.word in stopping:
            token.forms = frozenset({token.word})
        negating = token.word in negation | stopping or (token.word == "t" and k and found[k - 1].word in CONTRACTED)
        if not negating:
            continue
        verb = next((j for j in range(k + 1, min(len(found), k + 1 + REACH)) if found[j].forms & deeds), None)
        # «пока он не опустит фонарь»: his, not a deed undone; «не сводить глаз», "do not look away": a deed's own phrase
        if verb is not None and not found[verb].other and not _phrased(token, found[verb], lang):
            found[verb].other = found[verb].negated = True
    return found


def _phrased(negation: Token, verb: Token, lang: str) -> bool:
    """Whether a lexicon phrase says the negation and then the verb (a deed's own words: «не сводить глаз»)."""
    return any(negation.forms & cue[i] and any(verb.forms & part for part in cue[i + 1:i + 3])
               for cue in _phrases(lang) for i in range(len(cue) - 1))


@cache
def _phrases(lang: str) -> tuple[tuple[frozenset[str], ...], ...]:
    return tuple(cue for act in lexicon(lang) for cue in act.cues if len(cue) > 1)


def spoken(words: Sequence[str], said: Sequence[Token]) -> bool:
    """Whether every word of a reading was said inside quotes (words the character speaks, no deed done)."""
    inside = {t.word for t in said if t.said}
    outside = {t.word for t in said if not t.said}
    return bool(words) and all(w in inside and w not in outside for w in words)

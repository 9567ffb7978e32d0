"""Whose deed a heard word is (issue 28): the character's own, or someone else's.

A player's line often tells another's deed beside the character's own ("while he tops up the cup, I read his
ledger", «пока монах пускает кровь, я ...»), or an order said to someone ("Martine, put the cup down"). The words of
such a deed are no deed of the character's: :func:`mark_others` marks them (:attr:`Token.other`), and the reader
(:func:`narrator.storyteller.words.hear`) leaves them out. :class:`Token` is a heard word, as
:func:`narrator.storyteller.words.tokens` makes it from the typed line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from narrator.agents.morphology import part_of_speech, russian
from narrator.storyteller.lemmas import deed_lemmas, forms, grammar, lexicon

__all__ = ["Token", "mark_others"]


@dataclass
class Token:
    """A typed word as the reader hears it: the word, its lemmas (``forms``) and how it counts."""

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
    clause: int = 0
    """Which clause of time the word is in: a clause opened by ``grammar.framing`` ("while he pours", «пока») is
    another's deed, and a phrase is said within one ("read his ledger while he ..." is no "read him")."""
    other: bool = False
    """A verb of someone else's in a line that also says the character's own deed ("whenever he tops up the cup",
    «пока монах пускает кровь»): what another does is no deed of the character's (:func:`_others`)."""
    said: bool = False
    """A word said inside quotes: speech, no deed (:mod:`narrator.storyteller.unsaid`)."""
    negated: bool = False
    """A verb negated or stopped ("don't shoot", «хватит пить»): no deed (:mod:`narrator.storyteller.unsaid`)."""


def mark_others(found: list[Token], pieces: Sequence[str], lang: str, named: Iterable[str] = ()) -> list[Token]:
    """``found`` (the tokens of ``pieces``, the typed line's words and stops) with another's deeds marked: the verbs
    of someone else's (:func:`_others`) and the orders given in speech (:func:`_ordered`); ``named``: the line's
    names and the scene's words."""
    return _ordered(_others(found, lang, named), pieces, lang)


@cache
def _social_lemmas(lang: str) -> frozenset[str]:
    """The single words of the lexicon's social deeds and its free ones (a persuasion, a haggle, "tell me": asked of
    another, it is the character's asking)."""
    return frozenset(w for act in lexicon(lang) if act.attribute in ("charisma", "manipulation", "appearance")
                     or act.kind == "free" for cue in act.cues if len(cue) == 1 for w in cue[0])


def _ordered(found: list[Token], pieces: Sequence[str], lang: str) -> list[Token]:
    """``found`` with the orders given in speech marked another's (:attr:`Token.other`): in a line said to someone
    (a word of ``grammar.second_person``: "your", «тебе»; or opened by whom it is said to and a comma: "Martine,
    love, put the cup down"), a deed's verb that opens a clause ("Put the axe down."), one said after "you" in its
    clause ("you sure you want to carry that thing?") or a Russian imperative («опусти ружьё») is what the one spoken
    to is asked to do, no deed of the character's; a social deed asked of him («уступи») is the character's asking."""
    little = grammar(lang)
    deeds = deed_lemmas(lang) - _social_lemmas(lang)  # «уступи», «скажи» asked of him are the character's asking
    second = little.get("second_person", frozenset())
    vocative = len(pieces) > 1 and pieces[0][0].isalpha() and pieces[1] == "," and not (
        forms(pieces[0], lang) & deeds) and pieces[0] not in little["self"]
    if not (vocative or any(t.word in second for t in found)):
        return found
    k, yours = -1, False
    for i, piece in enumerate(pieces):
        if not piece[0].isalpha():
            yours = False  # "you want to carry it" ends with its clause
            continue
        k += 1
        token = found[k]
        opening = i == 0 or not pieces[i - 1][0].isalpha()
        yours = (yours or token.forms & little.get("listener", frozenset()) != frozenset()) and token.word not in little["self"]
        if yours and token.forms & deeds:  # "you sure you want to carry that thing": the listener's carrying
            token.other = True
        if lang == "ru" and not token.word.isascii():
            token.other = token.other or ("impr" in russian().parse(token.word)[0].tag and bool(token.forms & deeds))
        elif opening and token.forms & deeds and token.word not in little["self"]:
            token.other = True
    return found


def _others(found: list[Token], lang: str, named: Iterable[str] = ()) -> list[Token]:
    """``found`` with the verbs of someone else's marked (:attr:`Token.other`), where the line also says the
    character's own deed (an "I", a Russian verb in the first person; a line told of the character in the third
    person keeps its verbs): English, a word right after another's subject (``grammar.others``: "he", "it",
    "everyone"; "he's sittin") or a verb in "-s" after a noun ("his servant offers"); Russian, a verb in the third
    person («подливает», «отвечает») with its subject. A clause of time (``grammar.framing``: "while", «пока») that
    holds such a verb, or (English) opens on another's subject, is another's whole ("while the monk is busy
    bleeding someone")."""
    little = grammar(lang)
    self_words = little["self"] | little.get("own", frozenset())
    if lang == "ru":
        parses: list[Any] = [russian().parse(t.word)[0].tag if not t.word.isascii() else None for t in found]
        if not (any(t.word in self_words for t in found)
                or any(tag is not None and tag.POS == "VERB" and "1per" in tag for tag in parses)):
            return found
        for k, (token, tag) in enumerate(zip(found, parses)):
            third = tag is not None and tag.POS == "VERB" and ("3per" in tag or "Impe" in tag)  # «стоит»: Impe too
            token.other = third and (_subject(found, parses, k, frozenset(named), little) or (
                "plur" in tag and found[k - 1].word not in little.get("let", frozenset())))
    else:
        if not any(t.word in self_words for t in found):
            return found
        for k, token in enumerate(found):
            token.other = _theirs_en(found, k, little)
    _framed(found, lang, little)
    return found


def _subject(found: Sequence[Token], parses: Sequence[Any], k: int, named: frozenset[str],
             little: dict[str, frozenset[str]]) -> bool:
    """Whether someone else is named within three words before the Russian verb at ``k`` («монах пускает», «кто
    крадётся»; a name); not the character, nor a noun after a preposition («на ощупь»)."""
    self_words = little["self"] | little.get("own", frozenset())
    return any(t is not None and (found[j].word in named or (t.POS in ("NOUN", "NPRO") and "nomn" in t))
               and found[j].word not in self_words and (j == 0 or found[j - 1].word not in little["prepositions"])
               for j, t in enumerate(parses[max(0, k - 3):k], start=max(0, k - 3)))


def _theirs_en(found: Sequence[Token], k: int, little: dict[str, frozenset[str]]) -> bool:
    """Whether the English word at ``k`` is another's verb: after another's subject ("he", "he's"), or a verb in
    "-s" after a noun ("his servant offers"; not "the guards' posts" after a determiner, nor "Gautier's eyes")."""
    others, helpers = little.get("others", frozenset()), little.get("auxiliaries", frozenset())
    before = [t.word for t in found[max(0, k - 2):k]]
    if not before:
        return False
    if before[-1] in others or (len(before) == 2 and before[0] in others and before[1] in helpers):
        return True
    plain = (little["determiners"] | little["prepositions"] | little["self"] | little.get("own", frozenset())
             | little.get("object_pronouns", frozenset()) | others | {"s"})
    token, deeds = found[k], deed_lemmas("en")
    return (token.word.endswith("s") and bool((token.forms - {token.word}) & deeds) and before[-1] not in plain
            and not found[k - 1].forms & deeds and found[k - 1].weight == token.weight)


def _framed(found: list[Token], lang: str, little: dict[str, frozenset[str]]) -> None:
    """Mark a clause of time that holds another's verb, or (English) opens on another's subject, another's whole;
    and (Russian) the gerund right after it («Пока Клеман стоит, склонив голову»: his bow, no persuasion)."""
    self_words = little["self"] | little.get("own", frozenset())
    others, helpers = little.get("others", frozenset()), little.get("auxiliaries", frozenset())
    deeds = deed_lemmas(lang)
    start = None
    for k, token in enumerate([*found, Token("", frozenset())]):
        if start is not None and (token.weight == 1.0 or not token.word):
            opener = found[start + 1] if start + 1 < k else None
            if any(t.other for t in found[start:k]) or (
                    lang == "en" and opener is not None and opener.word not in self_words
                    and not opener.word.endswith("ing")
                    and any(t.forms & deeds or t.word in others | helpers for t in found[start + 2:k])):
                for t in found[start:k]:
                    t.other = True
                if lang == "ru" and k < len(found) and part_of_speech(found[k].word) == "GRND":
                    found[k].other = True
            start = None
        if start is None and token.word in little.get("framing", frozenset()) and token.weight < 1.0:
            start = k


"""Speech that is a social deed by whom it is said to, and a move made for a deed an approach names (issue 28's
offline reader, round five).

* :func:`addressed`: a question or words said to the person a social approach names, with a purpose or with
  what is said ("I step between Thierry and the trough and tell him God will judge Aimery" is "Talk Thierry
  down"; "I ask Biddy to talk to her people" is "Ask Biddy to speak for her kin"): talk is no action by itself
  (DA L65), but words meant to move the one the approach is about are that approach. A plain question ("I ask
  Thierry what happened") stays a question.
* :func:`looked_at`: a look at the one thing a finding approach names ("I glance at the paper in his hand" is
  "Read the deed over his shoulder").
* :func:`called`: words said in character, opened by the name of the one spoken to ("Thorne, you don't have to
  do this"): the social approach that names him.
* :func:`handled`: a thing an approach names and no other does, handled (tucked, unrolled, tied, counted: the
  lexicon's ``handle``): "I tuck the letter under my cloak" is "Palm the letter" (round seven).
* :func:`moved_for`: a verb of moving whose purpose is the approach's deed («Спускаюсь в выемку, чтобы
  предупредить рабочих» is «Незаметно спуститься и предупредить бригаду»): the move and its purpose are both
  the approach's words.

Both only for an approach that can neither end the story nor start a fight (``Option.risky``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from narrator.agents.morphology import part_of_speech
from narrator.storyteller.approaches import FINDING_TRAITS, SOCIAL, label_lemmas
from narrator.storyteller.words import Token, grammar, is_thing, main_verb

CONTENT = 3
"""What is said counts as an argument when it runs to this many words after the speech verb and its listener."""


def _label(option: Any, lang: str) -> list[frozenset[str]]:
    return label_lemmas(f"{option.label} {option.words}", lang)


def _person(token: Token, names: frozenset[str]) -> bool:
    return token.word in names or bool(token.forms & names)


def _infinitive(token: Token) -> bool:
    """Whether a Russian word is a verb's infinitive (pymorphy3's likeliest parse)."""
    return not token.word.isascii() and part_of_speech(token.word) == "INFN"


def _social(option: Any) -> bool:
    traits = tuple(option.traits)
    return bool(traits) and traits[0] in SOCIAL and not option.risky


def addressed(option: Any, options: Iterable[Any], act: str, speech: Sequence[str], own: set[str],
              said: Sequence[Token], names: frozenset[str], lang: str) -> bool:
    """Whether the free ``act`` (``talk`` or ``ask``, said by the words ``speech``) is ``option`` done: said to the
    person ``option`` names (before the speech verb, or within two words after it), whom no other social approach
    names, with a purpose («чтобы», "to ...") or, for words said, an argument of a few words that is no question;
    a question with two more of the approach's own words ("with the noose still on his neck") is one too."""
    if act not in ("talk", "ask") or not _social(option):
        return False
    verb = next((i for i, t in enumerate(said) if t.word in speech), None)
    if verb is None:
        return False
    label = _label(option, lang)
    person = [i for i, t in enumerate(said) if _person(t, names) and t.weight == 1.0 and (i < verb or i <= verb + 2)
              and any(t.forms & part for part in label)]
    if not person:
        return False
    others = [o for o in options if o is not option and _social(o)]
    if any(any(said[i].forms & part for part in _label(o, lang)) for o in others for i in person):
        return False  # two approaches talk to him: which one is not said
    little = grammar(lang)
    start = max(verb, *(i for i in person if i > verb), 0) + 1
    after = [t for t in said[start:] if t.word not in little["pronouns"] and not t.forms & little.get("listener", frozenset())]
    # a clause of purpose, or (Russian) the infinitive of what is asked: «Прошу Бидди поговорить со своими»
    purpose = bool(after) and (after[0].word in little.get("purpose", frozenset()) or _infinitive(after[0]))
    if act == "ask":
        return purpose or len(own - names) >= 2
    return purpose or (len(after) >= CONTENT and after[0].word not in little.get("questions", frozenset()))


def looked_at(option: Any, options: Iterable[Any], looking: Sequence[str], words: Iterable[str],
              said: Sequence[Token], lang: str) -> bool:
    """Whether a look (said by the words ``looking``) is made at a thing a finding approach's synonyms name and no
    other approach does, the first thing after the look ("I glance at the paper in his hand": "Read the deed over his
    shoulder", whose synonyms say "paper"): looking at what the approach reads is trying it."""
    traits = tuple(option.traits)
    if not traits or traits[0] not in FINDING_TRAITS or option.risky:
        return False
    verb = max((i for i, t in enumerate(said) if t.word in looking), default=None)  # «бросаю взгляд на …»
    if verb is None:
        return False
    little = grammar(lang)
    skip = little["prepositions"] | little["determiners"] | little["phrase_drop"]
    # an English thing is said after a preposition or a determiner ("at the paper"; "look around" names none)
    direct = lang != "en" or (said[verb + 1:verb + 2] != [] and said[verb + 1].word in skip)
    thing = next((t for t in said[verb + 1:verb + 4] if t.word not in skip and t.word not in looking), None)
    if not direct:
        return False
    synonyms = label_lemmas(option.words, lang)  # what the scenario says it is about
    if thing is None or thing.word not in set(words) or thing.weight < 1.0 or not any(
            thing.forms & part for part in synonyms):
        return False
    return not any(any(thing.forms & part for part in _label(o, lang)) for o in options if o is not option)


HANDLED = 8
"""How far after a deed of the hands its thing may stand ("hold up a bowl of the sick folk's blood")."""


def _thing(said: Sequence[Token], i: int, lang: str) -> bool:
    """Whether the word at ``i`` names a thing: :func:`is_thing`, or (English) a word after a determiner ("a rope")."""
    return is_thing(said[i], lang) or (lang == "en" and i > 0 and said[i - 1].word in grammar(lang)["determiners"])


def _verb(said: Sequence[Token], i: int, lang: str) -> bool:
    """Whether the word at ``i`` is said as a verb: Russian, pymorphy3's likeliest parse; English, after "I", "and"
    or "then" ("a hand", "the count" name things)."""
    if lang == "ru" and not said[i].word.isascii():
        return part_of_speech(said[i].word) in ("VERB", "INFN")
    little = grammar(lang)
    return i > 0 and said[i - 1].word in little["self"] | little["main"]


def handled(option: Any, options: Iterable[Any], hands: Sequence[str], words: Iterable[str], said: Sequence[Token],
            lang: str) -> bool:
    """Whether a deed of the hands (the lexicon's ``handle``, said by the words ``hands``: tuck, unroll, tie, tally)
    is done in the main clause to a thing of ``option``'s own (one of its ``words``, no deed) that no other approach
    of the scene names, in the same clause after the verb: the handling is that approach tried ("I unroll the list of
    the dead" is "Read the roll of the dead"), when it can neither end the story nor start a fight and is no social
    deed."""
    traits = tuple(option.traits)
    if option.risky or not traits or traits[0] in SOCIAL:
        return False  # a thing handled is no persuasion ("I tie the mule's halter" is no coaxing of the mule)
    little = grammar(lang)
    verb = next((i for i, t in enumerate(said) if t.word in hands and t.weight == 1.0 and not t.other
                 and _verb(said, i, lang)), None)
    if verb is None:
        return False
    stop = little["main"] | little["self"]
    label, words = _label(option, lang), set(words)
    rivals = [_label(o, lang) for o in options if o is not option and o.approach != "pass"]
    for k, token in enumerate(said[verb + 1:verb + 1 + HANDLED], start=verb + 1):
        if token.word in stop or token.weight < 1.0:
            return False
        if (token.word in words and token.word not in hands and _thing(said, k, lang)
                and any(token.forms & part for part in label)
                and not any(token.forms & part for rival in rivals for part in rival)):
            return True
    return False


def moved_for(words: Iterable[str], said: Sequence[Token], deeds: Iterable[int], lang: str) -> bool:
    """Whether an approach's ``words`` hold the main clause's verb and a deed said in the clause of purpose (the
    lexicon's, at ``deeds``): the move is made to do what the approach says."""
    words = set(words)
    verb = main_verb(said, lang)
    if verb is None or said[verb].word not in words:
        return False
    return any(said[i].weight < 1.0 and said[i].word in words for i in deeds)


def called(option: Any, options: Iterable[Any], said: Sequence[Token], names: frozenset[str], lang: str) -> bool:
    """Whether the words are said in character to the person ``option`` names, opened by his name and turned to him
    (``grammar.listener`` within the next few words: "Thorne, you don't have to do this", «Торн, ты не обязан …»),
    whom no other social approach names, running on to an argument: talk meant to move him is that approach."""
    if not _social(option) or len(said) < CONTENT + 2 or not _person(said[0], names) or said[0].weight < 1.0:
        return False
    if not any(t.forms & grammar(lang).get("listener", frozenset()) for t in said[1:5]):
        return False
    if not any(said[0].forms & part for part in _label(option, lang)):
        return False
    return not any(any(said[0].forms & part for part in _label(o, lang)) for o in options
                   if o is not option and _social(o))

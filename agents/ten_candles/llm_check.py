"""The guard over a model's Ten Candles prose: plain code that checks text against the kernel's facts.

A language model writes the Storyteller's narration and the truths; this module decides whether
the text may be used. It never asks a model anything. It refuses text that:

* speaks a table's **line** (a word or tag of it; lines are never shown, D39);
* shows a **veiled** subject on-screen (a veil may happen only off-screen, D39);
* tells a **success as a failure** or a failure as a success (the kernel settled it, L283);
* names a **wrong candle count** (the kernel's ``lit``; «the last candle» only when one burns);
* lets a **dead character act** (the dead leave play, D27);
* **contradicts a truth** already spoken (truths are unchangeable, L323): a negation right before a
  word that a spoken truth established ("no shotgun" after "Truth: we found a loaded shotgun");
* **ends the story** while candles burn («The candles are gone; the story ends.» with ten lit: the game
  ends when the last candle goes out, L47) or says a **living character is dead**;
* carries **stray markup**: braces, tags, code marks, a leading run of symbols («./10 successes} …»,
  «{2017, 4, 30 } At the dry wash…»), the embedded model's leftovers of its JSON and templates.

These are heuristics over words, deliberately strict: a refusal costs one regeneration, and after
two the template Storyteller speaks instead. What they cannot see (a subtle contradiction, a
paraphrased line) is listed in ``docs/llm.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from narrator.agents.i18n import ByLanguage
from narrator.agents.llm.junk import markup_problem
from narrator.agents.ten_candles import material as mat
from narrator.rules.core import Event
from narrator.rules.ten_candles.events import CharacterDied, ConflictResolved, MomentBurned

NUMBERS = {
    "en": {"no": 0, "zero": 0, "one": 1, "a single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10},
    "ru": {"ноль": 0, "одна": 1, "одну": 1, "одной": 1, "две": 2, "двух": 2, "три": 3, "трёх": 3, "трех": 3,
           "четыре": 4, "четырёх": 4, "пять": 5, "пяти": 5, "шесть": 6, "шести": 6, "семь": 7, "семи": 7,
           "восемь": 8, "восьми": 8, "девять": 9, "девяти": 9, "десять": 10, "десяти": 10},
}
CANDLE = r"(?:candles?|свеч\w*)"
OUT_WORDS = ("out", "dark", "gone", "extinguish", "snuffed", "погас", "потух", "темн", "задут")
LAST_CANDLE = re.compile(r"\b(?:last|final) candle\b|последн\w* свеч", re.IGNORECASE)

FAILURE_WORDS = re.compile(r"\b(?:fail(?:s|ed|ure)?|in vain|unsuccessful(?:ly)?)\b|провал\w*|неудач\w*"
                           r"|не (?:удал|вышл|получил|смог)\w*", re.IGNORECASE)
SUCCESS_WORDS = re.compile(r"\b(?:succeed(?:s|ed)?|success(?:ful(?:ly)?)?|triumph\w*)\b|(?<!не )удал(?:ось|ся|ась)"
                           r"|(?<!не )получилось|успе(?:х|шн)\w*", re.IGNORECASE)
NEGATION_BEFORE = re.compile(r"(?:\bnot\b|n't\b|\bnever\b|\bno\b|\bне\b|\bни\b|\bнет\b)\W*(?:\w+\W+){0,1}$",
                             re.IGNORECASE)
"""A negation just before a match ("does not fail", "не провал") turns the marker around."""

ALL_OUT = re.compile(r"\b(?:(?:all|every) (?:the |of the )?candles?|the (?:last )?candles) (?:are|have|has|is) (?:all |now )?"
                     r"(?:gone|out|dark|dead|extinguished|snuffed)|\bno candles? (?:is |are )?(?:left|burn\w*|remain\w*)"
                     r"|\bthe (?:story|game|tale) (?:ends|is over|has ended|comes to an end)\b"
                     r"|(?:все свеч\w* (?:уже )?|(?:^|[.!?;:]\s*)свечи )(?:погас|потух|догорел)\w*|свеч\w* больше нет\b|свеч(?:и|ей) не осталось"
                     r"|(?:история|игра|повесть) (?:окончен\w*|закончил\w*|заканчивается|подошла к концу)|\bконец истории\b",
                     re.IGNORECASE)
"""The story told as over: every candle out, or "the story ends" (only true when none burns, L47)."""
DIES = (r"(?:is|was|lies) (?:dead|killed|gone for good)\b|died\b|is no more\b|(?:мёртв|мертв|убит)(?:а|ы)?\b|"
        r"(?:погиб|умер)(?:ла|ли)?\b")
"""Words right after a name that state the character dead, done (not "nearly died", not "dies if she falls")."""
MOURNING = re.compile(r"\b(?:body|corpse|grave|memory|remember\w*|ghost|dead|death|died|mourn\w*|buried|"
                      r"lifeless)\b|тел[оау]\b|труп\w*|могил\w*|памят\w*|помн\w*|мёртв\w*|мертв\w*|смерт\w*|погиб\w*",
                      re.IGNORECASE)
NEGATIONS = re.compile(r"^(?:no|not|never|none|nothing|nobody|without|нет|не|ни|никто|ничего|никогда|без)$",
                       re.IGNORECASE)
STOPWORDS = frozenset(["the", "and", "was", "are", "for", "but", "one", "two", "all", "any", "has", "had", "his", "her", "its", "our", "you", "she", "him", "who", "how", "why", "now", "out", "off", "yet", "too", "can", "got", "get", "did", "does", "with", "from", "into", "that", "this", "have", "been", "were", "they", "them", "then", "than", "when", "what", "some", "more", "much", "very", "just", "only", "also", "over", "here", "will", "near", "left", "still", "ever", "even", "each", "back", "away", "down", "like", "make", "made", "most", "which", "there", "their", "these", "those", "where", "about", "after", "again", "every", "other", "someone", "something", "anyone", "nothing", "through", "would", "could", "should", "while", "truth", "истина", "как", "так", "что", "это", "эта", "этот", "они", "она", "оно", "мы", "вы", "ты", "его", "её", "их", "нас", "вас", "уже", "ещё", "еще", "был", "была", "были", "было", "будет", "только", "который", "которые", "потому", "когда", "этого", "этому", "где", "там", "тут"])


@dataclass(frozen=True)
class Facts:
    """What the kernel and the table have fixed, against which prose is checked.

    Attributes:
        lang: ``"ru"`` or ``"en"``.
        lit: candles burning now.
        success: the outcome of the conflict being narrated; ``None`` when no conflict is narrated.
        dead: names of characters already dead before this text (they may be mourned, not act).
        lines: the table's lines (never shown).
        veils: the table's veils (off-screen only).
        truths: the texts of the truths spoken so far.
    """

    lang: str = "en"
    lit: int = 10
    success: bool | None = None
    dead: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    veils: tuple[str, ...] = ()
    truths: tuple[str, ...] = ()
    safety: mat.Safety = field(default=mat.OPEN, compare=False)
    alive: tuple[str, ...] = ()
    """Names of characters alive after the told events (one the text says is dead is refused)."""

    @classmethod
    def from_view(cls, view: Any, events: Sequence[Event] = (), *, lang: str = "en") -> Facts:
        """The facts for text about ``events`` (the conflict being told), from the speaker's view.

        A character who dies in ``events`` may be told dying; one dead before them may not act.
        """
        told = [e.payload for e in events]
        dying = {e.seat for e in told if isinstance(e, CharacterDied)}
        dead = tuple(c.name for c in view.characters if not c.alive and c.seat not in dying and c.name)
        resolved = [e for e in told if isinstance(e, ConflictResolved)]
        moment = [e for e in told if isinstance(e, MomentBurned)]
        success = moment[-1].success if moment else resolved[-1].success if resolved else None
        return cls(lang=lang, lit=view.lit, success=success, dead=dead, lines=tuple(view.lines),
                   veils=tuple(view.veils), truths=tuple(t[2] for t in view.truths),
                   safety=mat.Safety.from_texts(view.lines, view.veils),
                   alive=tuple(c.name for c in view.characters if c.alive and c.seat not in dying and c.name))


def problems(text: str, facts: Facts) -> list[str]:
    """Every reason ``text`` may not be used (empty when it may), each phrased for the model to fix."""
    found = [*markup_problems(text), *line_problems(text, facts), *outcome_problems(text, facts),
             *candle_problems(text, facts), *ending_problems(text, facts), *dead_problems(text, facts),
             *alive_problems(text, facts), *truth_problems(text, facts.truths)]
    return found


def markup_problems(text: str) -> list[str]:
    """Stray markup (a template's or the answer's JSON leftovers): no story needs braces, tags or code marks."""
    found = markup_problem(text)
    return [found] if found else []


def ending_problems(text: str, facts: Facts) -> list[str]:
    """The story told as ended, every candle out, while candles still burn (the end is the last one's, L47)."""
    if facts.lit > 0 and _unnegated(ALL_OUT, text):
        return [f"{facts.lit} candle(s) still burn: the candles are not all out and the story does not end yet"]
    return []


def alive_problems(text: str, facts: Facts) -> list[str]:
    """A living character said to be dead ("Vera is dead", «Вера погибла»); only a death the rules settled may be told."""
    found = []
    for name in facts.alive:
        first = name.split()[0] if name.split() else name
        if first and re.search(rf"\b{re.escape(first)}\w*\s+(?:{DIES})", text, re.IGNORECASE):
            found.append(f"{name} is alive: do not tell {name} dead")
    return found


def reason(text: str, facts: Facts) -> str | None:
    """The refusal sent back to the model: every problem in one sentence, or ``None``."""
    found = problems(text, facts)
    return "; ".join(found) if found else None


def line_problems(text: str, facts: Facts) -> list[str]:
    """A line touched (never shown), or a veiled subject shown without saying it is off-screen."""
    safety = facts.safety if facts.safety is not mat.OPEN else mat.Safety.from_texts(facts.lines, facts.veils)
    entry = {"en": text, "tags": sorted(mat.tags_for(text))}
    found = []
    if not safety.allows(entry):
        found.append("the text touches one of the table's lines, which may never appear; leave that subject out")
    elif safety.veiled(entry) and not _says_off_screen(text):
        found.append("the text touches a veiled subject: it may only happen off-screen; say it happens off-screen "
                     "and do not describe it")
    return found


def outcome_problems(text: str, facts: Facts) -> list[str]:
    """A success told as a failure, or a failure told as a success."""
    if facts.success is True and _unnegated(FAILURE_WORDS, text):
        return ["the roll SUCCEEDED: do not tell it as a failure"]
    if facts.success is False and _unnegated(SUCCESS_WORDS, text):
        return ["the roll FAILED: do not tell it as a success"]
    return []


def candle_problems(text: str, facts: Facts) -> list[str]:
    """A number of candles that is not the kernel's count (the dark ones may be counted as out)."""
    found = []
    for number, sentence in _candle_numbers(text, facts.lang):
        went_out = any(word in sentence.lower() for word in OUT_WORDS)
        if number != facts.lit and not (went_out and number == 10 - facts.lit) and not (went_out and number == 1):
            found.append(f"the text says {number} candle(s), but {facts.lit} still burn")
    if LAST_CANDLE.search(text) and facts.lit > 1:
        found.append(f"it is not the last candle: {facts.lit} still burn")
    return found


def dead_problems(text: str, facts: Facts) -> list[str]:
    """A character who is already dead appears acting (mourning them is fine)."""
    found = []
    for sentence in _sentences(text):
        for name in facts.dead:
            if _names(sentence, name) and not MOURNING.search(sentence):
                found.append(f"{name} is dead and cannot act or speak; leave {name} out or only mourn them")
    return found


def truth_problems(text: str, truths: Iterable[str]) -> list[str]:
    """A negated word that a spoken truth established ("no car" after "we found a car")."""
    established = {word for truth in truths for word in _content_words(truth)}
    tokens = re.findall(r"\w+", text.lower())
    found = []
    for index, token in enumerate(tokens):
        if token in established and any(NEGATIONS.match(t) for t in tokens[max(0, index - 3):index]):
            found.append(f"a spoken truth established '{token}'; truths cannot be contradicted (L323)")
    return sorted(set(found))


# -- truths ----------------------------------------------------------------------------------------

PREFIX = ByLanguage("tc_words", "truth_prefix")
"""Each truth says it is one (L313); the code adds the word when the model leaves it out."""
CHORUS = ByLanguage("tc_words", "chorus")
GM_TOPICS = {
    "sun": re.compile(r"\b(?:sun|sunlight|sunrise|dawn|daylight)\b|солн\w*|рассвет\w*", re.IGNORECASE),
    "darkness": re.compile(r"\bdarkness\b|\bthe dark\b(?! (?:of|in|beyond))|\bтьм\w*|\bмрак\w*", re.IGNORECASE),
    "their_weakness": re.compile(r"\b(?:weak\w*|vulnerab\w*)\b|\b(?:they|them)\b[^.]*\b(?:afraid|fear|fears|hate)\b|"
                                 r"слабост\w*|уязвим\w*|\bони\b[^.]*боятся", re.IGNORECASE),
}
"""Truths only the GM may speak (L331): Their weakness, the darkness, the sun."""
LIGHT = re.compile(r"\blight\w*|\bflame\w*|\bfire\b|свет\w*|огн\w*|огон\w*|плам\w*", re.IGNORECASE)


def as_truth(text: str, lang: str) -> str:
    """``text`` in the form of a truth: one line, starting with «Truth:» / «Истина:» (L313), and one fact (L325):
    a model's answer is cut to its first full sentence, so a small model that runs on past its fact (the usual
    mistake) still speaks a truth of one sentence instead of being refused."""
    body = " ".join(text.split()).strip(" \"'«»")
    for prefix in (*PREFIX.values(), *(p.split(":")[0] + " -" for p in PREFIX.values())):  # «Truth:», «Truth -»
        if body.lower().startswith(prefix.strip().lower()):
            body = body[len(prefix.strip()):].lstrip(" :-—")
            break
    body = first_sentence(body)
    return PREFIX.get(lang, PREFIX["en"]) + body[:1].upper() + body[1:]


SENTENCE = re.compile(r"[^.!?;…]+[.!?;…]*")


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` that has at least three words (else the text as it is), without a dangling
    ``:``, ``;`` or ``,`` where the model stopped mid-thought."""
    for sentence in SENTENCE.findall(text):
        if len(re.findall(r"\w+", sentence)) >= 3:
            return sentence.strip().rstrip(" :;,—-")
    return text


def truth_topic(text: str) -> str:
    """The topic a truth touches, as the kernel names it: ``general`` or one of the GM's (L331)."""
    for topic, pattern in GM_TOPICS.items():
        if pattern.search(_body(text)):
            return topic
    return "general"


def truth_form_problems(text: str, facts: Facts, *, gm: bool) -> list[str]:
    """Why ``text`` (already :func:`as_truth`) is not one truth this speaker may speak (L313-L331)."""
    body = _body(text)
    found = []
    if len(re.findall(r"\w+", body)) < 3:
        found.append("a truth states one fact in a short sentence of at least three words")
    if len([s for s in re.split(r"[.!?;…]+", body) if s.strip()]) > 1:
        found.append("a truth is ONE fact: one sentence only (L325)")
    if body.lower().strip(" .!") in CHORUS.values():
        found.append("'And we are alive' is the chorus at the end, not your truth")
    if any(_same(body, _body(spoken)) for spoken in facts.truths):
        found.append("that truth was already spoken; state a new fact")
    topic = truth_topic(text)
    if not gm and topic != "general":
        found.append(f"only the Storyteller may speak truths about the sun, the darkness or Their weakness "
                     f"(this one touches {topic.replace('_', ' ')}); state a fact about people, places or things")
    if gm and topic == "their_weakness" and not LIGHT.search(body):
        found.append("They have no weakness but light (L216): a truth about Their weakness must be about light")
    # nor the table's facts: the candles lit and who is dead (a truth cut to its first sentence is checked as said)
    return (found + markup_problems(text) + line_problems(text, facts) + candle_problems(body, facts)
            + ending_problems(body, facts) + alive_problems(body, facts) + dead_problems(body, facts)
            + truth_problems(body, facts.truths))


def _body(truth: str) -> str:
    for prefix in PREFIX.values():
        if truth.startswith(prefix):
            return truth[len(prefix):]
    return truth


def _same(a: str, b: str) -> bool:
    return re.sub(r"\W+", " ", a.lower()).strip() == re.sub(r"\W+", " ", b.lower()).strip()


# -- helpers ---------------------------------------------------------------------------------------

def _unnegated(pattern: re.Pattern[str], text: str) -> bool:
    return any(not NEGATION_BEFORE.search(text[:match.start()]) for match in pattern.finditer(text))


TITLE = re.compile(r"[«\"“]?\bTen Candles\b[»\"”]?|«Десять свеч\w*»|\bДесять Свеч\w*")
"""The game's title (Title Case, or quoted in Russian): a name, not a count of burning candles."""


def _candle_numbers(text: str, lang: str) -> list[tuple[int, str]]:
    text = TITLE.sub("", text)
    words = NUMBERS.get(lang, NUMBERS["en"]) | NUMBERS["en"]
    number = r"\d+|" + "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    pattern = re.compile(rf"\b({number})\s+(?:\w+\s+)?{CANDLE}|{CANDLE}\w*\s*(?:left|lit|burning|remain\w*|"
                         rf"горит|горят|осталось)?\s*[:=]?\s*(\d+)\b", re.IGNORECASE)
    found = []
    for sentence in _sentences(text):
        for match in pattern.finditer(sentence):
            raw = (match.group(1) or match.group(2) or "").lower()
            value = int(raw) if raw.isdigit() else words.get(raw)
            if value is not None:
                found.append((value, sentence))
    return found


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?…])\s+", text) if s.strip()]


def _names(sentence: str, name: str) -> bool:
    first = name.split()[0] if name.split() else name
    return bool(first) and re.search(rf"\b{re.escape(first)}\b", sentence, re.IGNORECASE) is not None


def _content_words(truth: str) -> set[str]:
    """Words a truth asserts (not the ones it negates itself: "we no longer trust" asserts no trust)."""
    tokens = re.findall(r"\w+", truth.lower())
    return {w for i, w in enumerate(tokens) if len(w) >= 3 and w not in STOPWORDS
            and not any(NEGATIONS.match(t) for t in tokens[max(0, i - 3):i])}


def _says_off_screen(text: str) -> bool:
    lowered = text.lower()
    return any(marker in lowered for marker in ("off-screen", "off screen", "unseen", "we do not see", "за кадром",
                                                "не видим", "the light turns away", "свет отворачивается"))

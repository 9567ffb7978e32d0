"""What a player types in their own words, and how the offline Storyteller reads it.

A player may always type what the character does instead of an approach's number. With a model
at the table the words go to it unchanged (:data:`FREE`: the model rules on them, the kernel checks
its request). Without one the template Storyteller can only match the words against the scene's
suggested approaches (:func:`match_intent`): it says which one it took and which words decided,
or asks the player to choose; it never claims to understand more than that.

The match is word similarity (rapidfuzz's normalised Indel ratio, with a shared-prefix rule for
inflected words: «убедить» / «убедительно», "persuade" / "persuading") between the intent's
words and each approach's label and its ``words`` (synonyms the scenario gives, per language). The
roll's mechanics in a label's parentheses ("diff 7, 5 successes") do not count, and an approach is
taken only when it clearly leads and matches a third of the intent's words; else the player is asked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz.distance import Indel

from narrator.agents.i18n import message

FREE = "intent"
"""The approach id of a free-form intent the Storyteller (a model) rules on."""
MAX_INTENT = 300
"""Characters of an intent the table keeps (a sentence or two; longer text is cut)."""

STOP = frozenset({
    "the", "and", "with", "his", "her", "him", "you", "your", "while", "into", "onto", "for", "from", "that", "this",
    "try", "tries", "trying", "will", "want", "them", "then", "who", "what", "away", "out", "off", "down", "diff",
    "его", "её", "она", "они", "оно", "это", "что", "как", "пока", "чтобы", "или", "так", "вот", "уже", "тут",
    "там", "меня", "мне", "вас", "вам", "попробую", "пытаюсь", "хочу", "буду", "сл",
    "its", "their", "they", "she", "our", "ему", "ним", "нему", "него", "неё", "нее", "ней", "себя", "свой", "свою",
    "своё", "мой", "мою",
})
MECHANICS = frozenset({
    "diff", "difficulty", "success", "successes", "extended", "others", "may", "help", "against", "vs", "dice",
    "сл", "успех", "успеха", "успехов", "против", "другие", "могут", "помочь", "кубика", "кубиков", "их",
    "willpower", "силы", "воли",
})
"""Words of a label's parenthesis that tell the roll, not the deed ("diff 7, 5 successes; others may help"):
an intent is not matched on them (else "give me 10 successes" reads as an extended task)."""
COVERAGE = 1 / 3
"""The share of the intent's content words the approach must match to be taken without asking (one word of
"ignore the rules and give me 10 successes" matching "give up" is not a reading of it)."""
SIMILAR = 0.85
"""Two words are alike at this normalised similarity (or when they share a long enough prefix)."""
PREFIX = 5
DECISIVE = 0.5
"""The best approach must lead the next one by this many matched words to be taken without asking."""


@dataclass(frozen=True)
class Match:
    """The template's reading of an intent: the approach it took (or ``None``), the runners-up, the words."""

    approach: str | None
    candidates: tuple[str, ...]
    words: tuple[str, ...]


def words_of(text: str) -> list[str]:
    """The content words of ``text``, lower-case (numbers, short and stop words dropped)."""
    return [w for w in re.findall(r"[^\W\d_]+", text.lower()) if len(w) >= 3 and w not in STOP]


def alike(a: str, b: str) -> float:
    """How alike two words are, 0..1 (1 for a shared stem of :data:`PREFIX` letters)."""
    if len(a) >= PREFIX and len(b) >= PREFIX and a[:PREFIX] == b[:PREFIX]:
        return 1.0
    return float(Indel.normalized_similarity(a, b))


def label_words(text: str) -> list[str]:
    """The content words of an approach's label and synonyms, less the roll's mechanics in parentheses."""
    deed = re.sub(r"\(([^)]*)\)", lambda inner: " ".join(w for w in words_of(inner.group(1)) if w not in MECHANICS),
                  text)
    return words_of(deed)


def score(intent_words: Sequence[str], approach_words: Sequence[str]) -> tuple[float, tuple[str, ...]]:
    """How many of the intent's words an approach's words match (each counted once), and which."""
    total, hits = 0.0, []
    for word in dict.fromkeys(intent_words):
        best = max((alike(word, other) for other in approach_words), default=0.0)
        if best >= SIMILAR:
            total += best
            hits.append(word)
    return total, tuple(hits)


def match_intent(text: str, approaches: Sequence[tuple[str, str]]) -> Match:
    """The closest approach to ``text`` among ``(id, words)`` pairs, or ``None`` and the candidates."""
    said = words_of(text)
    scored = sorted(((*score(said, label_words(words)), approach) for approach, words in approaches),
                    key=lambda item: -item[0])
    scored = [item for item in scored if item[0] > 0]
    if not scored:
        return Match(None, (), ())
    best, hits, approach = scored[0]
    runner_up = scored[1][0] if len(scored) > 1 else 0.0
    if best - runner_up >= DECISIVE and len(hits) >= COVERAGE * len(set(said)):
        return Match(approach, (), hits)
    return Match(None, tuple(item[2] for item in scored if best - item[0] < DECISIVE), ())


def clean_intent(text: str) -> str:
    """The intent as the table keeps it: one line, surrounding space stripped, at most :data:`MAX_INTENT`."""
    return " ".join(text.split())[:MAX_INTENT]


def explain(lang: str, text: str, found: Match, numbers: dict[str, tuple[int, str]], *, labels: bool = False) -> str:
    """What the template Storyteller says about its reading (``numbers``: approach -> (number, label)).

    ``labels``: the screen shows the approaches as buttons without numbers (the web), so they are named by
    their labels and the player is asked to choose one on the screen, not to type a number (issue #32)."""
    suffix = "_labelled" if labels else ""
    if found.approach is not None:
        number, label = numbers[found.approach]
        from narrator.storyteller.written import as_written, spellings  # «Готье», not «готье»

        written = as_written(found.words, spellings(label for _, label in numbers.values()))
        return message(lang, f"improv.chose{suffix}", number=number, label=label, words=", ".join(written))
    if found.candidates:
        listed = ", ".join(message(lang, "improv.label_quoted", label=numbers[a][1]) if labels else str(numbers[a][0])
                           for a in found.candidates)
        return message(lang, f"improv.unclear{suffix}", text=text, candidates=listed)
    return message(lang, f"improv.unknown{suffix}", text=text)

"""Words that only tell, never do: the table asked to skip ahead ("skip this bit, he confesses"), a question reported («спрашиваю Мосби, кто ему платит»; "I ask Whitcomb who
waits for the box") and a deed claimed as done ("I cleansed it", «письмо доставлено»). Neither may take an
approach whose roll can end the story or start a fight (issue 28: a weak reading asks). Found by the sixth
blind batch, whose four dangerous readings were of these two kinds."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from narrator.agents.morphology import part_of_speech
from narrator.storyteller.approaches import label_lemmas
from narrator.storyteller.lemmas import grammar, grammar_lists
from narrator.storyteller.words import Token, main_verb


def asks_about(said: Sequence[Token], lang: str) -> bool:
    """Whether a verb of the main clause asks (``grammar.question_verbs``) and a question word follows it: an
    indirect question ("I raise a hand and ask him who pays him"), not a request ("I ask him to step aside")."""
    little = grammar(lang)
    asking = [i for i, t in enumerate(said) if t.weight == 1.0 and t.forms & little.get("question_verbs", frozenset())]
    return any(t.word in little.get("question_words", frozenset()) for i in asking[:1] for t in said[i + 1:])


def said_before_asking(said: Sequence[Token], lang: str) -> frozenset[str]:
    """The words said before the main clause's verb of asking: a deed done first ("I pay the steward a compliment and
    ask if there's room"), which a question reported after it does not undo."""
    verbs = grammar(lang).get("question_verbs", frozenset())
    first = next((i for i, t in enumerate(said) if t.weight == 1.0 and t.forms & verbs), len(said))
    return frozenset(t.word for t in said[:first])


def claims_done(said: Sequence[Token], lang: str) -> bool:
    """Whether the line claims an outcome as already come: a Russian short passive participle («доставлено»,
    «очищен»), an English passive ("the gate is opened") or main verb in the past after "I" ("I cleansed it"): the player narrates the
    result, which the dice decide (DA L109)."""
    if lang == "ru":
        return any(not t.word.isascii() and part_of_speech(t.word) == "PRTS" for t in said if t.weight == 1.0)
    be = grammar(lang).get("passive_be", frozenset())  # "the gate is opened": a passive told as done
    if any(a.word in be and _past(b) for a, b in pairwise(said)):
        return True
    verb = main_verb(said, lang)
    return verb is not None and _past(said[verb])


def _past(token: Token) -> bool:
    """An English past form of a verb: "cleansed" (its lemma "cleanse"), not "need" or "red"."""
    return token.word.endswith("ed") and any(form != token.word for form in token.forms)


def skips(said: Sequence[Token], lang: str) -> bool:
    """Whether the player asks the table to skip the scene or its outcome ("skip all that, he trusts me", «пропусти,
    он во всём признаётся», "next scene"; ``grammar.skip``, words as said): no deed, the story is played (round nine).
    A word of ``grammar.skip_not`` right after it is a deed asked of someone («пропусти меня»: let me through)."""
    little = grammar(lang)
    words = [t.word for t in said]
    for phrase in grammar_lists(lang).get("skip", ()):  # in written order
        cue = str(phrase).split()
        for i in range(len(words) - len(cue) + 1):
            if words[i:i + len(cue)] == cue and (i + len(cue) == len(words)
                                                 or words[i + len(cue)] not in little.get("skip_not", frozenset())):
                return True
    return False


def label_asks(option: Any, lang: str) -> bool:
    """Whether asking is the approach itself: a question verb among its label's words ("Ask the clerk what he saw")."""
    verbs = grammar(lang).get("question_verbs", frozenset())
    return any(part & verbs for part in label_lemmas(f"{option.label} {option.words}", lang))

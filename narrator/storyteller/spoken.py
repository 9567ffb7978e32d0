"""The reader's readings weighed against words only said (the offline reader, issue 28; play-test 17): quoted speech
is talk, a negated verb no deed (:func:`speech`), a posture beside words said is no idle wait (:func:`seated`), and
what a line only talks of is no thing acted on (:func:`talked_of`). The words are marked in
:mod:`narrator.storyteller.unsaid`; this module weighs the readings built on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from narrator.storyteller.approaches import READ
from narrator.storyteller.lemmas import grammar
from narrator.storyteller.readings import Reading
from narrator.storyteller.saying import social
from narrator.storyteller.told import asks_about
from narrator.storyteller.unsaid import spoken
from narrator.storyteller.whose import Token


def seated(ranked: list[tuple[float, Any]], said: Sequence[Token], lang: str) -> list[tuple[float, Any]]:
    """``ranked`` less a wait whose words only sit, crouch or kneel (``grammar.posture``) when the line also talks or
    asks (play-test 17: «садится рядом: ну, рассказывай», "sits down across from him. \\"What's in the box?\\""): the
    posture is how the deed is done, no idle wait; said alone, it is one."""
    posture = grammar(lang).get("posture", frozenset())
    sits = [(w, r) for w, r in ranked if r.kind == "free" and r.act == "wait" and r.words
            and all(any(t.word == word and t.forms & posture for t in said) for word in r.words)]
    talking = any(r.kind == "free" and r.act in ("talk", "ask") for _, r in ranked) or any(t.said for t in said)
    if not sits or not talking:  # "I sit in the straw and listen" is a rest; «Сажусь у воды» one too
        return ranked
    return [(w, r) for w, r in ranked if (w, r) not in sits]


def speech(ranked: list[tuple[float, Any]], options: Sequence[Any], said: Sequence[Token],
           names: frozenset[str]) -> list[tuple[float, Any]]:
    """Quoted speech is talk and a negated verb no deed (play-test 17: "Put the torch down, friend" is no "Wrest the
    torch from Thierry"; "enough drinking" no "... while he drinks"): an approach that is no social one reads nothing
    from words said only inside quotes (its things talked of, not handled), an approach read on a negated verb alone is
    none; and a line that says no deed outside its quotes is talking (DA L65), which the
    scene's social approach may then take (:func:`narrator.storyteller.saying.spoken_approach`)."""
    negated = {t.word for t in said if t.negated}
    if not negated and not any(t.said for t in said):
        return ranked
    by_id = {o.approach: o for o in options}
    out: list[tuple[float, Any]] = []
    for weight, reading in ranked:
        option = by_id.get(reading.approach or "") if reading.kind == "approach" else None
        own = [w for w in reading.words if w not in names]
        if option is not None and ((not social(option.traits) and spoken(own, said))
                                   or (negated and set(reading.words) & negated and not set(own) - negated)):
            continue
        out.append((weight, reading))
    if any(t.said for t in said) and not any(w >= READ for w, _ in out) and not any(
            r.kind == "free" and r.act == "talk" for _, r in out):
        words = tuple(t.word for t in said if t.said and len(t.word) >= 3)[:1]
        first = next((i for i, t in enumerate(said) if t.said), 0)
        out.append((READ, Reading("free", act="talk", words=words, weight=READ, first=first)))
    return out


def talked_of(said: Sequence[Token], lang: str) -> set[int]:
    """Where the words name what is talked of, not acted on: inside quotes ("Is that for the rats, or for Sir
    Gautier?"), or after the question word of a reported question («спрашиваю повара, где спит бригадир»)."""
    talked = {i for i, t in enumerate(said) if t.said}
    if asks_about(said, lang):
        asked = grammar(lang).get("question_words", frozenset())
        start = next((i for i, t in enumerate(said) if t.word in asked), len(said))
        talked |= set(range(start + 1, len(said)))
    return talked

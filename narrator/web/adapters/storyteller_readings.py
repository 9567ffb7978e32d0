"""The readings a Storyteller's question back names, as the web table offers them (play-test 17).

The offline reader asks «не уверен, что вы имеете в виду: «Ударить клинком» или без броска (разговор)?» when two
readings of the player's words stand close: a suggested approach (``strike``) or a deed no approach lists
(``act:talk``, ``act:dodge``: a roll the Storyteller improvises, or none). Every reading it names is a button on
the seat page (:func:`reading_label`), and a typed reply that says one of them («нет, я просто говорю с ним») takes
it (:func:`reply_to`). A deed taken is ruled as that deed (:func:`taken_ruling`), not read again from the words
(which would ask the same question); words in a fight cost no action (:func:`is_words_in_fight`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.rules.core import PlayerId
from narrator.storyteller.template import Choice, Option, TemplateStoryteller

ACT = "act:"
"""A reading that is a deed no approach lists (the reader's ``act:<id>``), not an approach's id."""
NEGATIONS = {"en": frozenset({"not", "never", "don't", "dont", "no", "won't", "without"}),
             "ru": frozenset({"не", "ни", "без", "нет"})}
"""A word right before a deed's word that says it is not done («не руби», "don't strike")."""


def act_of(ref: str, lang: str) -> Any:
    """The lexicon's deed of an ``act:<id>`` reading, or ``None`` (an approach's id)."""
    from narrator.storyteller.reader import act_named

    if not ref.startswith(ACT):
        return None
    try:
        return act_named(lang, ref.removeprefix(ACT))
    except StopIteration:
        return None


def is_free(act: Any) -> bool:
    """A deed without a roll (talk, a look, a wait), as the reader's question names it («без броска»)."""
    return act.kind == "free" or not act.attribute


def reading_label(ref: str, options: Sequence[Option], lang: str, ratings: Mapping[str, int] | None = None) -> str:
    """A reading as its button says it: an approach's label, or the deed («Без броска (разговор)», «Бросок Ловкость
    + Уклонение (укрытие)»)."""
    from narrator.storyteller.offline import refer

    option = next((o for o in options if o.approach == ref), None)
    if option is not None:
        return option.label
    said = refer(lang, ref, options, labels=True, ratings=ratings)
    return said[:1].upper() + said[1:]


def reply_to(text: str, readings: Sequence[str], options: Sequence[Option], lang: str) -> tuple[str | None, bool]:
    """The one reading of the standing question a typed reply says (else ``None``), and whether the reply's own words
    are that deed. A reply the reader reads as a deed of its own is that deed: one the question named is taken with
    the reply's words («кричу: сдаюсь!» after «… или без броска (разговор)?»), another is no reply. One it cannot
    read (another question, «это про кубики», no known deed) takes the reading whose words it says, not negated,
    for the words asked about («нет, я просто говорю с ним» is the talk; «не руби» is no blow)."""
    from narrator.storyteller.approaches import label_lemmas
    from narrator.storyteller.intent import clean_intent
    from narrator.storyteller.reader import read
    from narrator.storyteller.words import tokens

    own = read(clean_intent(text), lang, options)
    if own.kind in ("free", "roll") and f"{ACT}{own.act}" in readings:
        return f"{ACT}{own.act}", True
    if own.kind not in ("ask", "cheat", "unknown"):
        return None, False
    said = tokens(text, lang)
    negated = NEGATIONS.get(lang, NEGATIONS["en"])
    heard = [t.forms for i, t in enumerate(said) if not (i and said[i - 1].word.lower() in negated)]

    def says(parts: Sequence[frozenset[str]]) -> bool:
        return bool(parts) and all(any(part & forms for forms in heard) for part in parts)

    found = []
    for ref in readings:
        act = act_of(ref, lang)
        if act is not None:
            hit = any(says(cue) for cue in act.cues)
        else:
            option = next((o for o in options if o.approach == ref), None)
            hit = option is not None and any(says([part]) for part in label_lemmas(option.label, lang))
        if hit:
            found.append(ref)
    return (found[0] if len(found) == 1 else None), False


def is_words_in_fight(ref: str, view: Mapping[str, Any], lang: str) -> bool:
    """A deed without a roll taken in a fight: words cost no action there (DA L65, L167), the round goes on."""
    from narrator.render.storyteller import voice_of_view

    act = act_of(ref, lang)
    scene = voice_of_view(view, lang).scenario.scenes.get(str(view.get("scene") or ""))
    return act is not None and is_free(act) and scene is not None and scene.fight is not None


class ReadingTaken(TemplateStoryteller):
    """The table's template Storyteller, which rules on a deed the player took from its question back as that
    deed (an improvised roll, or none), not by reading the same words again."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.taken: dict[PlayerId, tuple[str, str]] = {}
        """A seat's words and the deed (``act:<id>``) it took for them."""

    def rule_intent(self, view: Any, choice: Choice, answers: Mapping[PlayerId, Choice] | None = None) -> Any:
        words, ref = self.taken.get(choice.actor, ("", ""))
        act = act_of(ref, self.lang) if words and words == choice.intent else None
        return taken_ruling(self, view, choice, act) if act is not None else super().rule_intent(view, choice, answers)


def taken_ruling(voice: Any, view: Any, choice: Choice, act: Any) -> Any:
    """The offline ruling on ``choice.intent`` taken as ``act``: its improvised roll, or no roll (said)."""
    from narrator.storyteller import offline
    from narrator.storyteller.readings import Reading

    scene = voice._scene(view)
    pc = voice._pc(view, choice)
    sheet = voice._sheet(view, pc) or {}
    ratings = {**sheet.get("attributes", {}), **sheet.get("abilities", {})}
    reading = Reading("free" if is_free(act) else "roll", act=act.id, attribute=act.attribute,
                      abilities=act.abilities, difficulty=act.difficulty)
    if reading.kind == "roll":
        return offline._improvised(voice, view, scene, choice, reading, pc, ratings)
    return offline._no_roll(voice, view, scene, choice, reading, pc, ratings)

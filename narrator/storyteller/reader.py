"""The offline Storyteller's reader of typed intents (issue 28): what a player's own words ask for.

Without a model the Storyteller of Dark Ages and Wild West still listens. The words are heard through
lemmas and the lexicon (:mod:`narrator.storyteller.words`), and each intent becomes exactly one
:class:`Reading`:

* ``approach``: the scene's suggested approach it describes (its words, or its roll: an intent that
  sneaks is the scene's Dexterity + Stealth approach);
* ``roll``: an improvised roll (an Attribute + Ability of the lexicon's act; the task keeps the scene);
* ``free``: no roll (talking, asking, looking, waiting, praying, trivial deeds): «Речи и разговоры сами по
  себе действиями не считаются» (DA L65); simple deeds succeed without dice (DA L67, WW L80);
* ``pass``: holding back, where the table offers it;
* ``ask``: a question naming the two closest readings; ``cheat``: words about dice and rules, not deeds
  (the dice decide, DA L109); ``unknown``: nothing the reader knows.

The readings are ranked here; :mod:`narrator.storyteller.readings` holds :class:`Reading` and the choice of
one among them (:func:`~narrator.storyteller.readings.decide`).

A weak reading never starts what cannot be undone: an approach whose outcome can end the story or start
a fight (:attr:`Option.risky <narrator.storyteller.template.Option>`) is taken only on its deed's own
words (the deed whose roll it is, or three words of its own); one word shared with a label is not a
reading ("back" in "hold back"), a word of talking or looking never counts toward it, and a generic deed
(a search, a lift) names an approach only with a word of that approach's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from narrator.lexicon import understood
from narrator.storyteller.addressing import addressed, called, handled, looked_at, moved_for
from narrator.storyteller.approaches import (
    FINDING_TRAITS,
    READ,
    SOCIAL,
    aims_elsewhere,
    approach_score,
    label_lemmas,
    naming,
    rolls_own,
)
from narrator.storyteller.guard import guarded
from narrator.storyteller.readings import DECISIVE, Reading, ability_for, decide
from narrator.storyteller.saying import dice_talk, laid_down, spoken_approach
from narrator.storyteller.spoken import seated, speech
from narrator.storyteller.told import asks_about, claims_done, label_asks, said_before_asking, skips
from narrator.storyteller.words import (
    Act,
    Heard,
    Token,
    act_named,
    circumstance,
    forms,
    grammar,
    hear,
    lexicon,
    split_words,
    tokens,
)

__all__ = ["Act", "Reading", "ability_for", "act_named", "circumstance", "forms", "grammar", "label_lemmas",
           "lexicon", "read", "tokens"]


# -- the reading -----------------------------------------------------------------------------------

def read(text: str, lang: str, options: Sequence[Any], *, fight: bool = False, names: Iterable[str] = (),
         trace: list[Any] | None = None) -> Reading:
    """What ``text`` asks for among ``options`` (the scene's offered approaches, ``pass`` among them);
    ``trace`` receives the ranked readings (for the benchmark's misses)."""
    text, names = _without_willpower(text, lang), list(names)
    extra = {w for o in options for part in label_lemmas(f"{o.label} {getattr(o, 'words', '')}", lang) for w in part}
    said = tokens(text, lang, extra)
    if not understood(text, lang, names) and not any(t.mended for t in said):
        return Reading("unknown", act="nonsense")  # no words of the language at all
    named = frozenset(w for name in names for w in split_words(name))
    # a name is only a name: its letters are read as no deed ("Renaud" is no "rend")
    said = [replace(t, forms=frozenset({t.word})) if t.word in named and len(t.word) >= 3 else t for t in said]
    heard = _going_is_no_deed(hear(said, lang, named), said, lang)
    scores = heard.scores
    if scores.get("cheat") and dice_talk(said, lang, named) >= READ / 2:  # dice talk in a clause is still dice talk
        return Reading("cheat", act="cheat")
    if skips(said, lang):  # "skip all that, he trusts me now": the story is played, not skipped
        return Reading("cheat", act="skip")
    held = [o for o in options if o.approach == "pass"]
    acting = [o for o in options if o.approach != "pass"]
    asked = text.rstrip().endswith("?") and any(t.word in grammar(lang).get("second_person", frozenset()) for t in said)
    claimed, reported = claims_done(said, lang), asks_about(said, lang)  # words that only tell (told.py)
    ranked = _approaches(acting, said, heard, lang, named, asked or claimed, reported)
    ranked += _deeds(scores, said, lang)
    ranked = _means_and_matter(ranked, acting, scores, lang, said, named)
    ranked = [(w, r) for w, r in ranked if r.act != "handle"]  # a thing handled for no approach's sake: not said why
    ranked = _called(ranked, acting, said, named, lang)
    ranked = laid_down(ranked, acting, said, lang)
    ranked = seated(ranked, said, lang)  # «садится рядом: ну, рассказывай»: no idle wait
    ranked = speech(ranked, acting, said, named)  # words in quotes are said, not done
    ranked = spoken_approach(ranked, acting, said, lang, named, reported or claimed or asked)
    ranked = guarded(ranked, acting, said, heard, lang, named)  # a shared word takes no violent approach
    if _unhurried(said, lang):  # a slow ride into town is no hard riding: the other deeds said, or a trivial one
        slow = [(w, r) for w, r in ranked if r.kind == "roll" and r.act in PACED]
        ranked = [(w, r) for w, r in ranked if (w, r) not in slow] or [
            (w, replace(r, kind="free", act="trivial", attribute="", abilities=())) for w, r in slow]
    if any(w >= READ and not (r.kind == "free" and r.act in SMALL) for w, r in ranked):
        # a trivial deed said beside another is its preliminary ("I lean in and study the hand"), no rival
        ranked = [(w, r) for w, r in ranked if not (r.kind == "free" and r.act in SMALL)]
    if trace is not None:
        trace += [(round(w, 2), r.kind, r.approach or r.act, r.words) for w, r in ranked]
        trace += [("tokens", [(t.word, sorted(t.forms)) for t in said])]
    return decide(ranked, held, fight)


def _approaches(acting: Sequence[Any], said: Sequence[Token], heard: Heard, lang: str, named: frozenset[str],
                told: bool, reported: bool) -> list[tuple[float, Reading]]:
    """Each offered approach the words answer to, weighed: strong on a deed's own words (objects alone, "the gate",
    "quietly", are no reading), weak otherwise; and never strong, for one that can end the story or start a fight,
    on words that only tell (``told``: a question put to someone, "Whitcomb, you sure you want to carry that
    thing?"; an outcome claimed) or on a reported question (``reported``) unless asking is the approach ("ask the
    clerk what he saw"). A reported question is never strong for any other approach either (round nine: "I ask the
    cooper where his son went" is plain talk, DA L65), unless a word of the approach is said before the asking ("I pay
    the steward a compliment and ask if there's room": the compliment is the deed)."""
    scores = heard.scores
    owned = frozenset(name for name in scores for o in acting if rolls_own(act_named(lang, name), o))
    named_by = frozenset(name for name, sc in scores.items() if act_named(lang, name).named
                         and any(naming(act_named(lang, name), said, sc.used, o, lang) for o in acting))
    ranked: list[tuple[float, Reading]] = []
    before = said_before_asking(said, lang) if reported else frozenset()
    for option in acting:
        weight, deeds, words = approach_score(said, option, heard, lang, named, owned, named_by)
        if weight <= 0:
            continue
        # a question put to one here is plain talk (DA L65), unless a deed of the approach is said before it
        asking = reported and not label_asks(option, lang)
        only_told = told or asking
        put = asking and not set(words) & before
        strong = deeds >= READ and not put and not (option.risky and only_told)
        weight = weight if strong else min(weight, READ - 0.1)
        ranked.append((weight, Reading("approach", approach=option.approach, words=words, weight=weight,
                                       act="strong" if strong else "weak")))
    return ranked


def _deeds(scores: Mapping[str, Any], said: Sequence[Token], lang: str) -> list[tuple[float, Reading]]:
    """The readings of the acts heard on their own: a free deed (no roll) or an improvised roll of the act's
    Attribute + Ability (dice talk is no deed)."""
    ranked: list[tuple[float, Reading]] = []
    for name, score in scores.items():
        act = act_named(lang, name)
        if act.kind in ("cheat",):
            continue
        words = tuple(said[i].word for i in sorted(score.used))
        first = min(score.used, default=0)
        if act.kind == "free":
            ranked.append((score.weight, Reading("free", act=act.id, words=words, weight=score.weight, first=first)))
        elif act.kind in ("roll", "attack", "shoot") and act.attribute:
            ranked.append((score.weight, Reading("roll", act=act.id, attribute=act.attribute,
                                                 abilities=act.abilities, difficulty=act.difficulty, words=words,
                                                 weight=score.weight, first=first)))
    return ranked


def _going_is_no_deed(heard: Heard, said: Sequence[Token], lang: str) -> Heard:
    """``heard`` less the deeds a verb of going alone was heard as (the lexicon's ``grammar.motion``): «выхожу из
    тени» is no nursing («выходить» больного), and weighs toward «Пойти за вдовой» as a thing, not its deed; a
    deed of moving (sneaking, running: a placed act) and a scene's move (leaving) keep it. A verb right after
    the one spoken to (``grammar.listener``: "tell me what you saw") is the listener's: no deed at all."""
    little = grammar(lang)
    listener = {i for i, t in enumerate(said) if i and said[i - 1].forms & little.get("listener", frozenset())}
    going = {i for i, t in enumerate(said) if t.forms & little.get("motion", frozenset())}
    if listener:  # "tell me what you saw": the seeing is the listener's
        heard = replace(heard, scores={n: s for n, s in heard.scores.items() if not s.used or not set(s.used) <= listener},
                        deeds={i: acts for i, acts in heard.deeds.items() if i not in listener})
    if not going:
        return heard

    def kept(name: str) -> bool:
        act = act_named(lang, name)
        return act.kind != "roll" or act.placed or act.id in PACED

    scores = {n: s for n, s in heard.scores.items() if kept(n) or not s.used or not set(s.used) <= going}
    deeds = {i: ({a for a in acts if kept(a)} if i in going else acts) for i, acts in heard.deeds.items()}
    return replace(heard, scores=scores, deeds=deeds)


def _searching(reading: Reading, traits: tuple[str, ...], lang: str) -> bool:
    """Whether ``reading`` is a generic search or watch on the approach's own Attribute ("I study the river
    looking for quicksand": Perception, as reading the river is): its things name the scene's way to do it."""
    act = act_named(lang, str(reading.act))
    return act.generic and act.kind == "roll" and bool(traits) and act.attribute == traits[0]


SMALL = frozenset({"trivial", "handle"})
"""Small deeds that need no roll (a drink, a thing handled): beside another deed, its preliminary."""
PACED = frozenset({"ride", "run"})
"""Deeds of pace: said at an easy pace ("I ride in slow", «еду шагом») they need no roll."""


def _unhurried(said: Sequence[Token], lang: str) -> bool:
    from narrator.storyteller.words import phrase_at, unhurried_cues

    return any(phrase_at(said, cue, set()) is not None for cue in unhurried_cues(lang))


def _means_and_matter(ranked: list[tuple[float, Reading]], options: Sequence[Any], scores: Mapping[str, Any],
                      lang: str, said: Sequence[Token] = (), names: frozenset[str] = frozenset()
                      ) -> list[tuple[float, Reading]]:
    """Free readings that are the way a deed is done, not a deed of their own:

    * talking is how a social deed is done: a persuasion, a threat or a promise said outright
      («Говорю ему: ..., и госпожа возьмёт тебя под крыло») is that deed, not a plain talk (DA L65: words
      are no action unless they try to move someone);
    * a free deed whose words are an approach's own (a prayer said where the scene offers to lead the
      prayer) is that approach, when it can neither end the story nor start a fight;
    * talking in order to do what a social approach says («говорю с ним тихо, чтобы он удержался»: the
      approach's own word in the clause of purpose) is that approach: the words are the means;
    * asking or looking at two of a finding approach's own things ("what clinks in his boot") is that
      approach (its Perception, Intelligence or Wits finds it), when it cannot end the story nor start a fight;
    * words said to the person a social approach names, with a purpose or an argument ("tell him God will judge
      Aimery", "ask Biddy to talk to her people"), are that approach (:func:`addressed`), and so is a look at
      the one thing a finding approach names ("I glance at the paper in his hand": :func:`looked_at`).
    """
    ranked = _talk_done(ranked, scores, lang)
    by_id = {o.approach: o for o in options}
    out: list[tuple[float, Reading]] = []
    absorbed: list[Reading] = []
    for weight, reading in ranked:
        option = by_id.get(reading.approach or "")
        if reading.kind != "approach" or option is None:
            out.append((weight, reading))
            continue
        for w, free in ranked:
            if w >= READ and _done_by(free, reading, option, options, said, names, lang):
                weight = max(weight, READ) + w  # the free deed is this approach done: it weighs as its deed
                reading = replace(reading, act="strong", weight=weight)
                absorbed.append(free)  # every free deed that is its means ("knock on the door and talk")
        out.append((weight, reading))
    out = [(w, r) for w, r in out if not any(r is f for f in absorbed)]  # the means is no rival of its deed
    return _purpose(out, by_id, said, lang)


def _done_by(free: Reading, reading: Reading, option: Any, options: Sequence[Any], said: Sequence[Token],
             names: frozenset[str], lang: str) -> bool:
    """Whether the free reading ``free`` (or a generic search on the approach's own Attribute) is the way the
    approach ``reading`` of ``option`` is done (:func:`_means_and_matter` says when), where the approach can
    neither end the story nor start a fight."""
    traits = tuple(option.traits)
    searching = free.kind == "roll" and _searching(free, traits, lang)
    if free.kind != "free" and not searching:
        return False
    shared = set(free.words) & set(reading.words)
    matter = ((free.act in ("ask", "look") or searching) and traits[:1] and traits[0] in FINDING_TRAITS
              and reading.act == "strong" and len(set(reading.words) - set(free.words) - names) >= 2)
    if searching and not matter:
        return False
    own = set(reading.words) - set(free.words)  # a word the free deed does not say: one shared is no reading
    talky = free.act == "talk" and bool(traits) and traits[0] in SOCIAL
    # talking toward a social approach's purpose, or to its own people or things, is doing it (a question
    # stays a question: asked of someone elsewhere, the table says where he is)
    means = talky and bool((_purposed(said, lang) - names) & set(reading.words))
    # a question that shares the approach's own question word ("ask around where the surveyor lives") and
    # names its thing, where the approach is social, is asking it
    asking = (free.act == "ask" and bool(traits) and traits[0] in SOCIAL
              and bool(shared & grammar(lang).get("questions", frozenset())))  # its question word: «где»
    spoken = (talky or asking) and bool(own - names)
    to_him = addressed(option, options, str(free.act), free.words, own, said, names, lang) or (
        free.act == "look" and looked_at(option, options, free.words, reading.words, said, lang)) or (
        free.act == "handle" and handled(option, options, free.words, reading.words, said, lang))
    return not option.risky and bool(
        (shared and own and (free.act not in ("talk", "ask") or spoken)) or matter or means or to_him)


MOVES = frozenset({"sneak", "run", "climb", "ride"})
"""Deeds that bring one somewhere: done "to hear what they whisper", the hearing is the deed."""


def _purpose(ranked: list[tuple[float, Reading]], by_id: Mapping[str, Any], said: Sequence[Token],
             lang: str) -> list[tuple[float, Reading]]:
    """A move made for a purpose an approach names with two words of its own, all in the clause of purpose
    («Подкрадываюсь к двери, чтобы расслышать их шёпот»): the approach of the purpose, not of the move,
    when it can neither end the story nor start a fight."""
    purpose = {t.word for t in said if t.weight < 1.0}
    ranked = _moved_for(ranked, by_id, said, lang)
    moving = [(w, r) for w, r in ranked if w >= READ and (
        (r.kind == "roll" and r.act in MOVES)
        or (r.kind == "approach" and any(t in MOVES for t in _move_words(r, said, lang))))]
    then = _then_words(said, moving, lang) if moving else set()  # "I tiptoe to the door and listen": the listening
    if not moving and any(t.weight == 1.0 and t.forms & grammar(lang).get("motion", frozenset()) for t in said):
        moving = [(READ, Reading("free", act="trivial"))]  # «Выезжаю под дождь, чтобы найти Кэла»: going for a purpose
    if not moving:
        return ranked
    out, heard = [], hear(said, lang)
    for weight, reading in ranked:
        option = by_id.get(reading.approach or "")
        if (reading.kind == "approach" and option is not None and not option.risky
                and ((len(reading.words) >= 2 and set(reading.words) <= purpose
                      and not aims_elsewhere(said, heard, option, lang))  # "climb ... to see": a look
                     or (reading.words and set(reading.words) <= then and _labelled(reading, option, said, lang)
                         and _then_deeds(said, then, heard) <= set(reading.words)))
                and all(r is not reading for _, r in moving)):
            weight = max(weight, READ) + max(w for w, _ in moving)
            reading = replace(reading, act="strong", weight=weight)
        out.append((weight, reading))
    return out


def _called(ranked: list[tuple[float, Reading]], options: Sequence[Any], said: Sequence[Token], names: frozenset[str],
            lang: str) -> list[tuple[float, Reading]]:
    """Words said in character to the person a social approach names, opened by his name ("Thorne, you don't have
    to do this": :func:`addressing.called`), are that approach, when it can neither end the story nor start a fight:
    it leads every free reading of the same words ("you'll have a patron. Dame Isabeau looks after ...")."""
    by_id = {o.approach: o for o in options}
    free = max((w for w, r in ranked if r.kind == "free"), default=0.0)
    out = []
    for weight, reading in ranked:
        option = by_id.get(reading.approach or "")
        if reading.kind == "approach" and option is not None and called(option, options, said, names, lang):
            weight = max(weight, free, READ) + DECISIVE
            reading = replace(reading, act="strong", weight=weight)
        out.append((weight, reading))
    return out


def _labelled(reading: Reading, option: Any, said: Sequence[Token], lang: str) -> bool:
    """Whether a word of ``reading`` is a word of ``option``'s own label or synonyms, not only of a deed that rolls as it
    does ("I crawl under the pay car and watch who comes": a watch, no "Listen ... at the cook fire")."""
    label = label_lemmas(f"{option.label} {option.words}", lang)
    return any(t.word in reading.words and any(t.forms & part for part in label) for t in said)


def _talk_done(ranked: list[tuple[float, Reading]], scores: Mapping[str, Any], lang: str) -> list[tuple[float, Reading]]:
    """``ranked`` less plain talk when a social deed done to someone is said (a persuasion, a threat: the talk is
    how it is done; a command is said to no one in particular)."""
    social = any(act_named(lang, n).attribute in SOCIAL and act_named(lang, n).resist and sc.weight >= READ
                 for n, sc in scores.items())
    return [(w, r) for w, r in ranked if not (social and r.kind == "free" and r.act == "talk")]


def _purposed(said: Sequence[Token], lang: str) -> set[str]:
    """The words of a clause of purpose (opened by ``grammar.purpose``: «чтобы», "to", "so"), not of one that says
    what is said («говорю, что судить его будет Бог») or when."""
    opening, words, inside = grammar(lang).get("purpose", frozenset()), set(), False
    for token in said:
        inside = token.weight < 1.0 and (inside or token.word in opening)
        if inside:
            words.add(token.word)
    return words


def _moved_for(ranked: list[tuple[float, Reading]], by_id: Mapping[str, Any], said: Sequence[Token],
               lang: str) -> list[tuple[float, Reading]]:
    """A move made to do what an approach says, both its words («Спускаюсь в выемку, чтобы предупредить
    рабочих»: «Незаметно спуститься и предупредить бригаду»), is that approach (:func:`addressing.moved_for`),
    when it can neither end the story nor start a fight."""
    deeds = set(hear(said, lang).deeds)
    out = []
    for weight, reading in ranked:
        option = by_id.get(reading.approach or "")
        if (reading.kind == "approach" and option is not None and not option.risky
                and reading.act == "weak" and moved_for(reading.words, said, deeds, lang)):
            weight = READ + 0.5
            reading = replace(reading, act="strong", weight=weight)
        out.append((weight, reading))
    return out


def _then_words(said: Sequence[Token], moving: Sequence[tuple[float, Reading]], lang: str) -> set[str]:
    """The words said after a move and an "and" or "then" that follows it: the deed the move was made for."""
    moved = {w for _, r in moving for w in r.words}
    last = max((i for i, t in enumerate(said) if t.word in moved), default=-1)
    joint = next((i for i in range(last + 1, len(said)) if said[i].word in grammar(lang)["main"]), None)
    return set() if last < 0 or joint is None else {t.word for t in said[joint + 1:]} - moved


def _then_deeds(said: Sequence[Token], then: set[str], heard: Heard) -> set[str]:
    """The words of ``then`` heard as a deed: "I flatten myself against a wall and wait for the crowd to pass" says its
    deed after the move (the waiting), and the crowd is no deed of "Speak to the crowd" (round nine)."""
    return {said[i].word for i in heard.deeds if i < len(said) and said[i].word in then}


def _move_words(reading: Reading, said: Sequence[Token], lang: str) -> set[str]:
    """The acts of moving whose words an approach reading took."""
    heard = hear(said, lang)
    at = {t.word: i for i, t in enumerate(said)}
    return {a for w in reading.words if w in at for a in heard.deeds.get(at[w], ())}


def _without_willpower(text: str, lang: str) -> str:
    """The words less a Willpower phrase: spending it is said apart (``2w``), not a deed (its "strength" is not
    brute strength)."""
    from narrator.agents.i18n import section

    said = " ".join(text.lower().split())
    for phrase in section(lang, "st_intent")["willpower_words"]:
        said = re.sub(r"\b" + re.escape(phrase) + r"\w*", " ", said)
    return said

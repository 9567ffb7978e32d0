"""The offline Storyteller's ruling on a player's own words (issue 28): the reader's
(:mod:`narrator.storyteller.reader`) reading turned into the table's move, in the shape of the model's
ruling (:mod:`narrator.storyteller.improv`), so an improvised roll reaches the kernel the same way.

* an approach: the scenario's own request for it (its transitions apply);
* an improvised roll: the act's Attribute + the first of its Abilities the character has, at the act's
  difficulty (or the scene's clue's), task ``intent:<traits>`` that keeps the scene (its result says the
  scene's ``improv.success`` / ``improv.failure``, or a clue found);
* no roll: said (what looking or asking finds here: a scene's free clue, its obstacles), and the turn
  passes, as the model's no-roll ruling does;
* a question (:class:`IntentUnclear`) naming the two closest readings, or saying the words are about dice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from narrator.agents.i18n import message
from narrator.rules.core import Action
from narrator.rules.storyteller.actions import Resisted, Roll
from narrator.storyteller.again import continued
from narrator.storyteller.asking import question, refer, then, trait_names
from narrator.storyteller.reader import (
    Act,
    Reading,
    ability_for,
    act_named,
    circumstance,
    forms,
    grammar,
    read,
    tokens,
)
from narrator.storyteller.replies import act_of, is_free
from narrator.storyteller.scenario import Scene
from narrator.storyteller.spoken import talked_of
from narrator.storyteller.template_base import PASS, IntentUnclear, display_name

if TYPE_CHECKING:
    from narrator.storyteller.template_base import Choice, Option
    from narrator.storyteller.template_moves import TemplateMoves

INTENT_TASK = "intent"
"""An improvised roll's task is ``intent:<traits>/<deed>`` (``@<clue>`` when it looks for one of the scene's
clues): the model's ruling's ``intent:<traits>``, told apart by the deed so that only a retried deed carries
the retry penalty (D25)."""
RESISTED = 6
"""Both sides' difficulty in an improvised contest: the book's default (DA L109, WW L56)."""
FINDING = frozenset({"search", "spot", "empathize", "track", "occult", "academics", "decode", "survive", "identify"})
"""The acts whose success may find a clue the words name."""
DISCOVERING = FINDING | frozenset({"spot", "persuade", "bribe", "haggle", "charm", "deceive", "intimidate", "command",
                                   "medicine", "recall", "gamble"})
"""The acts whose success, with no clue named, still turns up the scene's first untold clue that needs a roll:
a look, a search, a question, a persuasion or a bribe finds things; a climb or a swim does not."""


@dataclass(frozen=True)
class Ruling:
    """The offline Storyteller's move for a typed intent and the words it says beside it."""

    action: Action | None
    said: tuple[str, ...] = ()
    approach: str | None = None
    kind: str = ""


def rule_intent(voice: TemplateMoves, view: Mapping[str, Any], choice: Choice,
                answers: Mapping[int, Choice] | None = None) -> Ruling:
    """The offline ruling on ``choice.intent``.

    Raises:
        IntentUnclear: a question for the player (the two closest readings, dice talk, no words known).
    """
    scene = voice._scene(view)
    assert scene is not None
    pc = voice._pc(view, choice)
    lang = voice.lang
    options = voice._approach_options(view, scene, pc)
    sheet = voice._sheet(view, pc) or {}
    ratings = {**sheet.get("attributes", {}), **sheet.get("abilities", {})}
    names = [*voice.npc_names.values(), *(str(s.get("name", "")) for s in view.get("sheets", ()))]
    # the deed the player took from the question back is that deed: reading the words again would ask again
    reading = taken_reading(choice, lang) or read(choice.intent, lang, options, fight=scene.fight is not None,
                                                   names=names)
    reading = continued(reading, choice.intent, lang, view, pc, options)  # «ещё разок»: the task begun goes on
    if reading.kind == "pass":
        reading = replace(reading, kind="free", act="wait")  # a standing answer cannot become a hold now
    if reading.kind == "approach" and reading.approach and reading.approach != PASS:
        option = next(o for o in options if o.approach == reading.approach)
        chose = message(lang, "improv.chose", number=option.number, label=option.label, words=", ".join(reading.words))
        approach = voice._approach(scene, reading.approach)
        assert approach is not None, "an offered option is one of the scene's approaches"
        request = voice._request(view, scene, approach, replace(choice, approach=reading.approach), dict(answers or {}))
        return Ruling(request, (chose,), reading.approach, "approach")
    reach = _reaching(voice, scene, options, choice.intent) if reading.act in ("ask", "talk") else None
    if reach is not None:  # "I ask the preacher" where no one is: he is elsewhere, the approach that reaches him
        who, option = reach
        raise IntentUnclear(message(lang, "st_reader.not_here", who=who,
                                    approach=refer(lang, option.approach, options, labels=voice.labels))
                            + then(voice))
    absent = _absent(voice, scene, choice.intent) if reading.kind in ("roll", "free") else None
    if absent is not None:  # "I shoot Mosby" on the trail: he is not here to be shot
        raise IntentUnclear(message(lang, "st_reader.absent", who=absent) + then(voice))
    if reading.kind == "roll":
        return _improvised(voice, view, scene, choice, reading, pc, ratings)
    if reading.kind == "free":
        if scene.fight is not None:  # in a fight every action is rolled (DA L167): which blow or move?
            raise IntentUnclear(question(lang, choice.intent, replace(reading, kind="ask", candidates=tuple(
                o.approach for o in options[:2])), options, ratings=ratings, labels=voice.labels)
                + message(lang, "st_reader.fight_free"))
        return _no_roll(voice, view, scene, choice, reading, pc, ratings)
    raise IntentUnclear(question(lang, choice.intent, reading, options, ratings=ratings, labels=voice.labels))


def taken_reading(choice: Choice, lang: str) -> Reading | None:
    """The reading of ``choice.intent`` the player took from the question back (``choice.reading``, a deed no
    approach lists: its improvised roll, or none), or ``None`` when the words are to be read."""
    act = act_of(choice.reading, lang) if choice.reading else None
    if act is None:
        return None
    return Reading("free" if is_free(act) else "roll", act=act.id, attribute=act.attribute, abilities=act.abilities,
                   difficulty=act.difficulty)


def _no_roll(voice: TemplateMoves, view: Mapping[str, Any], scene: Scene, choice: Choice, reading: Reading,
             pc: str, ratings: Mapping[str, int]) -> Ruling:
    """A deed that needs no roll, said, and the turn passes; but a look or a question at what the scene
    hides is that clue's own roll (the scenario says what finding it takes)."""
    hidden = _clue(voice, scene, choice.intent, asked=reading.act != "look") if reading.act in ("look", "ask", "talk") else None
    if hidden is not None and not hidden.free and hidden.traits:
        probe = act_named(voice.lang, "search" if reading.act == "look" else "empathize")
        finding = Reading("roll", act=probe.id, attribute=probe.attribute, abilities=probe.abilities,
                          difficulty=hidden.difficulty)
        return _improvised(voice, view, scene, choice, finding, pc, ratings)
    said = _free_lines(voice, view, scene, reading, voice._name(view, pc), choice.intent)
    return Ruling(voice._go(view, scene, "retry"), said, None, "no_roll")


def _clue(voice: TemplateMoves, scene: Scene, text: str, *, asked: bool = False) -> Any:
    """The scene's clue the words name (its ``words``), or ``None``; said (``asked``), a word that only says where
    something is ("if he's got coffee on that stove", «нет ли кофе на печке») and the one asked ("I ask the priest
    what ...") are not what is asked about."""
    improv = getattr(scene, "improv", None)
    if improv is None:
        return None
    said = tokens(text, voice.lang)
    if asked:
        said = [t for i, t in enumerate(said) if not _where(said, i, voice.lang) and not _asked_one(said, i, voice.lang)]
    for clue in improv.clues:
        wanted = [forms(w, voice.lang, all_parses=False) for w in clue.words.get(voice.lang).split()]
        if any(t.forms & w for t in said for w in wanted if len(t.word) >= 3):
            return clue
    return None


def _asked_one(said: Sequence[Any], i: int, lang: str) -> bool:
    """Whether the word at ``i`` is the one a question or words are put to: right after the verb of asking or
    talking, over a determiner or a title ("ask the priest", «спрашиваю священника»)."""
    little = grammar(lang)
    speech = {w for name in ("ask", "talk") for cue in act_named(lang, name).cues if len(cue) == 1 for w in cue[0]}
    for j in (i - 1, i - 2):
        if j < 0:
            return False
        if said[j].forms & speech:
            return True
        if said[j].word not in little["determiners"] and said[j].word not in little["titles"]:
            return False
    return False


def _where(said: Sequence[Any], i: int, lang: str) -> bool:
    """Whether the word at ``i`` follows a preposition of place (over a determiner), not one of a topic ("about")."""
    little = grammar(lang)
    for j in (i - 1, i - 2):
        if j < 0:
            return False
        if said[j].word in little["prepositions"]:
            return said[j].word not in little["topic"]
        if said[j].word not in little["determiners"]:
            return False
    return False


def _proper_names(voice: TemplateMoves, npc: str) -> set[str]:
    """The lemmas of a Storyteller character's own name: its capitalised words, less titles ("Jed Mosby":
    mosby; «князь Эймар»: эймар)."""
    titles = grammar(voice.lang)["titles"]
    named = f"{display_name(voice.lang, npc) or ''} {voice.npc_names.get(npc, '')}"  # the catalogue's, the story's
    return {w for word in re.findall(r"[^\W\d_]+", named) if word[:1].isupper() and len(word) >= 4
            and word.lower() not in titles for w in forms(word, voice.lang, all_parses=False)}


def _absent(voice: TemplateMoves, scene: Scene, text: str) -> str | None:
    """The name of a Storyteller character the words name who is not in this scene, or ``None``; one the scene's own
    words put in it is here ("Whitcomb holds the iron box to his chest": round nine)."""
    words = tokens(text, voice.lang)
    framed = {w for t in tokens(scene.text.get(voice.lang), voice.lang) for w in t.forms}
    topic = grammar(voice.lang)["topic"]  # asked about, not acted on: «о Хаскеллах»
    talked = talked_of(words, voice.lang)  # said in quotes or asked about, not acted on: "or for Sir Gautier?"
    said = {w for i, t in enumerate(words) if not (i and words[i - 1].word in topic) and i not in talked for w in t.forms}
    for npc in sorted(set(voice.npc_names) - scene.present()):
        if said & _proper_names(voice, npc) and not framed & _proper_names(voice, npc):
                    return display_name(voice.lang, npc) or voice.npc_names[npc]
    return None


def _reaching(voice: TemplateMoves, scene: Scene, options: Sequence[Option], text: str
              ) -> tuple[str, Option] | None:
    """A question or a word said to someone in a scene where no Storyteller character is: the person the
    words address (a Russian animate noun; the English word after "ask", "tell", "talk to") when one
    suggested approach names them (the preacher in the church up the street), and that approach."""
    if scene.present():
        return None
    from narrator.storyteller.reader import label_lemmas

    said = tokens(text, voice.lang)
    little = grammar(voice.lang)
    framed = {w for t in tokens(scene.text.get(voice.lang), voice.lang) for w in t.forms}  # the clerk at his desk
    elsewhere = [part for other in voice.scenario.scenes.values() if other is not scene and other.present()
                 for a in other.approaches
                 for part in label_lemmas(f"{a.label.get(voice.lang)} {a.words.get(voice.lang) if a.words else ''}",
                                          voice.lang)]  # where they are: a scene that holds them names them
    for i, token in enumerate(said):
        if token.forms & framed or not any(token.forms & part for part in elsewhere):
            continue
        if voice.lang == "ru" and not token.word.isascii():
            parse = _morph_parse(token.word)
            person = "NOUN" in parse.tag and "anim" in parse.tag
        else:
            before = [t.word for t in said[max(0, i - 3):i] if t.word not in little["determiners"]]
            person = bool(before) and before[-1] in ASKING
        if not person:
            continue
        naming = [o for o in options if o.approach != "pass" and any(
            token.forms & part for part in label_lemmas(f"{o.label} {o.words}", voice.lang))]
        if len(naming) == 1:
            return token.word, naming[0]
    return None


ASKING = frozenset({"ask", "asks", "tell", "question", "to", "hail", "call"})
"""English words after which the person addressed is named ("ask the preacher", "talk to the clerk")."""


def _morph_parse(word: str) -> Any:
    from narrator.agents.morphology import russian

    return russian().parse(word)[0]


def _opponent(voice: TemplateMoves, scene: Scene, text: str, act: Act) -> tuple[str, tuple[str, ...]] | None:
    """The Storyteller character a social or furtive deed is done to, and what it rolls against it: one of
    the scene's characters the words name, or the only one there when the words say "him" / "her"."""
    if not act.resist or scene.fight is not None:
        return None
    present = sorted(scene.present())
    sheets = {c.id: c for c in voice.scenario.npc_sheets()}
    said = tokens(text, voice.lang)
    lemmas = {w for t in said for w in t.forms if len(w) >= 4}
    named = [npc for npc in present if npc in sheets and lemmas & {
        w for name in (voice.npc_names.get(npc, ""), npc) for word in name.replace("-", " ").split()
        for w in forms(word, voice.lang, all_parses=False) if len(w) >= 4}]
    if not named and len(present) == 1 and present[0] in sheets and any(t.word in grammar(voice.lang)["pronouns"] for t in said):
        named = present
    if len(named) != 1:
        return None
    sheet = sheets[named[0]]
    attribute, *abilities = act.resist
    ability = next((a for a in abilities if sheet.abilities.get(a, 0) > 0), None)
    return named[0], (attribute, ability) if ability else (attribute,)


def _improvised(voice: TemplateMoves, view: Mapping[str, Any], scene: Scene, choice: Choice, reading: Reading,
                pc: str, ratings: Mapping[str, int]) -> Ruling:
    """An improvised roll: the act's pool (or the named clue's), a task of its own that keeps the scene."""
    traits, difficulty, task = ability_for(reading, ratings), reading.difficulty, ""
    clue = _clue(voice, scene, choice.intent) if reading.act in FINDING else None
    if clue is not None and clue.traits:
        traits, difficulty = tuple(clue.traits), clue.difficulty
    traits = voice._on_sheet(view, pc, traits)
    shift, why = circumstance(choice.intent, voice.lang)  # "in the dark" +1, "carefully" -1 (WW L52-60, L70)
    difficulty = min(9, max(3, difficulty + shift))
    # the deed after the traits: a failed climb retried is harder (D25), a jump after it is another task
    task = f"{INTENT_TASK}:{'+'.join(traits)}/{reading.act}" + (f"@{clue.id}" if clue is not None else "")
    lang = voice.lang
    deed = message(lang, f"st_reader.deeds.{reading.act}")
    against = _opponent(voice, scene, choice.intent, act_named(lang, str(reading.act)))
    if against is not None:  # done to a Storyteller character: it resists (DA L209-213, WW L104-112)
        who, theirs = against
        said = message(lang, "st_reader.improvised_vs", text=choice.intent, traits=trait_names(lang, traits),
                       deed=deed, who=voice._name(view, who), theirs=trait_names(lang, theirs))
        contest = Resisted(character=pc, traits=traits, difficulty=RESISTED, opponent=who, opponent_traits=theirs,
                           opponent_difficulty=RESISTED, task=task, combat=False)
        return Ruling(contest, (said,), None, "roll")
    said = message(lang, "st_reader.improvised", text=choice.intent, traits=trait_names(lang, traits),
                   difficulty=difficulty, deed=deed)
    if why:
        said += message(lang, "st_reader.harder" if shift > 0 else "st_reader.easier", words=", ".join(why))
    roll = Roll(character=pc, traits=traits, difficulty=difficulty, action="simple", task=task,
                willpower=choice.willpower, automatic=choice.automatic and scene.fight is None,
                combat=scene.fight is not None)
    return Ruling(roll, (said,), None, "roll")


def _free_lines(voice: TemplateMoves, view: Mapping[str, Any], scene: Scene, reading: Reading, name: str,
                text: str) -> tuple[str, ...]:
    """What a no-roll deed says: the act's line, and what looking or asking finds here (a free clue the words
    name, else the first not told yet; for a look, the scene's obstacles)."""
    lang = voice.lang
    act = reading.act if reading.act in ("talk", "ask", "look", "wait", "pray") else "trivial"
    lines = [message(lang, f"st_reader.free.{act}", name=name)]
    improv = getattr(scene, "improv", None)
    if act in ("ask", "look") and improv is not None:
        named = _clue(voice, scene, text)
        free = [c for c in improv.clues if c.free]
        for clue in ([named] if named is not None and named.free else []) + free:
            told = voice._once(view, clue.text.get(lang))
            if told:
                lines.append(told)
                break
        else:
            if act == "look" and improv.obstacles:
                seen = voice._once(view, message(lang, "st_reader.obstacles",
                                                 list="; ".join(o.get(lang) for o in improv.obstacles)))
                lines.append(seen or message(lang, "st_reader.nothing_new"))
            else:
                lines.append(message(lang, "st_reader.nothing_new"))
    elif act in ("ask", "look"):  # a scene without an improv block (the short scenarios): nothing to find
        lines.append(message(lang, "st_reader.no_answer" if act == "ask" else "st_reader.nothing_new"))
    return tuple(lines)


def improvised_lines(voice: TemplateMoves, view: Mapping[str, Any], task: str, outcome: str, name: str,
                     gender: str = "m") -> list[str]:
    """The scene's words after an improvised roll: a clue found, its ``improv`` success or failure, or the
    catalogue's when the scene has none (an older scenario), agreeing with the character's ``gender``."""
    scene = voice._scene(view)
    improv = getattr(scene, "improv", None) if scene else None
    lang = voice.lang
    if outcome == "success":
        clue_id = task.partition("@")[2]
        clue = next((c for c in improv.clues if c.id == clue_id), None) if improv and clue_id else None
        if clue is not None:
            return [line for line in (voice._once(view, clue.text.get(lang)),) if line]
        deed = task.partition("/")[2].partition("@")[0]
        if improv and deed in DISCOVERING:  # a search or a question that worked finds what the scene hides
            for hidden in (c for c in improv.clues if c.traits and not c.free):
                line = voice._once(view, hidden.text.get(lang))
                if line:
                    return [line]
        key = "st_reader.improv_success_f" if gender == "f" else "st_reader.improv_success"  # «старалась»
        text = improv.success.get(lang) if improv else message(lang, key, name=name)
    else:
        text = improv.failure.get(lang) if improv else message(lang, "st_reader.improv_failure", name=name)
    line = voice._once(view, text)
    return [line] if line else []

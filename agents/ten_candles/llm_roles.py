"""The Ten Candles language-model roles: output models, templates, task lines and the facts block.

Prompts live in ``prompts/ten_candles/llm/`` (en + ru): the rules summary written for the models
(``rules.<lang>.md``, not the rulebook), the Storyteller's system and request templates, the
survivor's choice templates, and ``tasks.yaml`` / ``options.yaml`` with one-line tasks. The guard
that decides whether text may be used is :mod:`agents.ten_candles.llm_check`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from functools import cache
from importlib.resources import files
from typing import Any

import yaml
from narrator.agents.llm import ChoiceRole, WriterRole
from narrator.agents.llm.junk import instructions_echoed, opening
from narrator.agents.llm.prompts import rules_summary
from narrator.agents.ten_candles.llm_check import PREFIX, Facts, as_truth, reason, truth_form_problems
from narrator.rules.core import HOST, Event, jsonable
from pydantic import BaseModel, Field

GAME = "ten-candles"


class Prose(BaseModel):
    """A few sentences of the Storyteller's (or a survivor's) narration."""

    text: str = Field(description="Two or three short sentences.", max_length=600)


class TruthText(BaseModel):
    """One truth."""

    # minLength/maxLength reach the server's JSON grammar: an empty or rambling answer cannot be generated.
    text: str = Field(description="ONE sentence of at most 20 words: one new fact, starting with 'Truth:'.",
                      min_length=12, max_length=160)


def check_prose(output: Any, context: dict[str, Any]) -> str | None:
    """Validator of every narration role: the request not echoed (:func:`echoed`), then the facts guard
    (:func:`llm_check.reason`)."""
    text = output.text.strip()
    if len(text.split()) < 4:
        return "write at least one full sentence"
    return echoed(text, context["facts"].lang, context.get("events") or ()) or reason(text, context["facts"])


def check_truth(output: Any, context: dict[str, Any]) -> str | None:
    """Validator of truths: the request not echoed, the form (one fact, «Truth:», GM-only topics) and the facts
    guard."""
    facts: Facts = context["facts"]
    found = truth_form_problems(as_truth(output.text, facts.lang), facts, gm=context["gm"])
    echo = echoed(output.text, facts.lang, context.get("events") or ())
    return "; ".join([*([echo] if echo else []), *found]) or None


def echoed(text: str, lang: str, lines: Iterable[str] = ()) -> str | None:
    """The refusal of a text that says back the request's own scaffolding («Alive: Vera, Gleb.», «Material to
    use: …», «Frame the conflict.») or one of its event ``lines`` whole («Truth: Dina rerolls: now 0 six(es).»):
    the embedded model's usual slip, which no story needs (issue #11: a role's validator refuses what its intent
    rules out). A line of fewer than four words may be said in a story ("Vera fails."). ``None``: it tells the
    story."""
    body = _without_prefix(" ".join(text.split()).strip(" \"'«»")).casefold()  # a truth's «Truth:» is its own
    said = next((label for label in scaffold(lang)  # where a sentence begins: "we are alive: …" is the story
                 if re.search(r"(?:^|[.!?…;]\s)" + re.escape(label.casefold()), body)), None)
    if said is None:  # the system prompt's opening, anywhere («./10 successes} You are the Storyteller of …»)
        said = instructions_echoed(body, instructions(lang))
    if said is None:
        said = next((line for line in lines if len(line.split()) >= 4
                     and " ".join(line.split()).casefold().rstrip(".") in body), None)
    if said is None:
        return None
    return f"the text repeats the request's own words ({json.dumps(said, ensure_ascii=False)}); tell the story instead"


@cache
def scaffold(lang: str) -> tuple[str, ...]:
    """The labels and tasks a Ten Candles request is built of, in ``lang``: the facts' labels up to their colon,
    the headings, and the short tasks (the ones with values, up to their colon)."""
    texts = _yaml("tasks.yaml")
    labels = [str(texts["facts"][key][lang]).split("{")[0].strip() for key in ("alive", "dead")]
    labels += [str(heading) for heading in texts["headings"][lang]]
    for key in ("open_scene", "frame", "truth", "narrate"):
        labels.append(str(texts[key][lang]).split("{")[0].strip())
    return tuple(label for label in labels if label)


@cache
def instructions(lang: str) -> tuple[str, ...]:
    """The openings of the system prompts in ``lang`` (their first clause, «You are the Storyteller of Ten
    Candles»; «Ты — Рассказчик игры «Десять свечей»») and the rules summary's heading: never words of the story."""
    found = []
    for name in ("write_system", "player_system"):
        text = (files("narrator.prompts") / "ten_candles" / "llm" / f"{name}.{lang}.j2").read_text(encoding="utf-8")
        lines = [line.strip() for line in text.splitlines() if line.strip() and "{" not in line]
        found.append(opening(text))
        found += [line for line in lines[1:3] if line.endswith(":")]
    return tuple(dict.fromkeys(opening for opening in found if len(opening.split()) >= 2))


class AttemptAnswer(BaseModel):
    """The Storyteller's ruling on a stated attempt (D45): a conflict or not, and how."""

    conflict: bool = Field(description="true when the outcome is not obvious, hard or risky; false when it simply "
                                       "happens")
    dangerous: bool = Field(description="true when failing could kill the character or cost them dearly")
    moment: bool = Field(description="true only when the character is living their Moment (their active card)")
    narration: str = Field(min_length=20, max_length=300, description="One or two sentences: what happens when there is no "
                                                         "conflict, or what is at stake when there is one.")


def check_attempt(output: Any, context: dict[str, Any]) -> str | None:
    """A ruling without a conflict tells what happens, in a sentence the facts guard accepts."""
    if output.conflict:
        return None
    text = output.narration.strip()
    if len(text.split()) < 4:
        return "without a conflict, tell in \"narration\" what happens in one full sentence"
    return reason(text, context["facts"])


def _writer(name: str, output: type[BaseModel], validator: Any, model_role: str = "storyteller") -> WriterRole:
    system = "ten_candles/llm/write_system" if model_role == "storyteller" else "ten_candles/llm/player_system"
    return WriterRole(name=name, prompt="ten_candles/llm/write", system=system,
                      output=output, validator=validator, model_role=model_role)  # type: ignore[arg-type]


NARRATION = _writer("ten-candles-narration", Prose, check_prose)
"""The Storyteller narrating an outcome it holds (L283), regenerated when it contradicts the kernel."""
SCENE = _writer("ten-candles-scene", Prose, check_prose)
"""Scene openings, conflict frames, the Last Stand, deaths, X-card redirects."""
GM_TRUTH = _writer("ten-candles-gm-truth", TruthText, check_truth)
PLAYER_TRUTH = _writer("ten-candles-truth", TruthText, check_truth, "player")
ATTEMPT = WriterRole(name="ten-candles-attempt", prompt="ten_candles/llm/rule_attempt",
                     system="ten_candles/llm/write_system", output=AttemptAnswer, validator=check_attempt)
"""The Storyteller ruling on a player's stated attempt; the kernel checks the move it makes."""
PLAYER_NARRATION = _writer("ten-candles-player-narration", Prose, check_prose, "player")


def survivor_role(persona: str | None) -> ChoiceRole:
    """An AI character's choices (burn, Brink, seize, accept, die) with a short line in character."""
    return ChoiceRole(name="ten-candles-survivor", prompt="ten_candles/llm/choose", task="ten_candles/llm/choose_task",
                      speech="one short line your character says aloud", speech_max_chars=160,
                      persona=persona, recent_events=0)  # "lately" comes readable in the view (describe)


# -- texts -----------------------------------------------------------------------------------------

@cache
def _yaml(name: str) -> dict[str, Any]:
    text = (files("narrator.prompts") / "ten_candles" / "llm" / name).read_text(encoding="utf-8")
    return dict(yaml.safe_load(text))


def task(which: str, lang: str, **values: Any) -> str:
    """A one-line task of ``tasks.yaml`` in ``lang``, filled with ``values``."""
    return str(_yaml("tasks.yaml")[which][lang]).format(**values)


def phrase(group: str, key: str, lang: str, **values: Any) -> str:
    """A phrase from a group of ``tasks.yaml`` (``outcome``, ``facts``)."""
    return str(_yaml("tasks.yaml")[group][key][lang]).format(**values)


def explanations(lang: str) -> dict[str, str]:
    """Option kind -> what it means, for the survivor's prompt."""
    return {kind: texts[lang] for kind, texts in _yaml("options.yaml").items()}


def rules_for(lang: str) -> str:
    """The short rules summary written for the models (``prompts/ten_candles/llm/rules.<lang>.md``)."""
    return rules_summary("ten_candles/llm", lang)


def safety_style(view: Any, lang: str) -> str | None:
    """The table's lines and veils as a line of the system prompt (the model must know what to avoid)."""
    parts = []
    if view.lines:
        parts.append(phrase("facts", "lines", lang, items=", ".join(view.lines)))
    if view.veils:
        parts.append(phrase("facts", "veils", lang, items=", ".join(view.veils)))
    return " ".join(parts) or None


def table_facts(view: Any, lang: str, narrator: str | None = None, *,
                lit_before: int | None = None) -> dict[str, list[str]]:
    """The facts block of a request, split by how often it changes (``table.<lang>.j2`` puts the steady part
    first, so a prompt repeats the one before it further): ``cast``, the living and the dead (a death changes
    it); ``now``, the candles burning and who tells it (a conflict may change them).

    ``lit_before``: the candles that burned before the request's event lines (:func:`lit_before`), said with the
    cast instead of the candles now, when the lines tell every candle that went out or was lit since: the
    Storyteller's prompts, which each repeat the one before (a line of 19 tokens fewer per Russian call)."""
    alive = [c.name for c in view.characters if c.alive and c.name]
    dead = [c.name for c in view.characters if not c.alive and c.name]
    cast = []
    if alive:
        cast.append(phrase("facts", "alive", lang, names=", ".join(alive)))
    if dead:
        cast.append(phrase("facts", "dead", lang, names=", ".join(dead)))
    now = []
    if lit_before is None:
        now.append(phrase("facts", "candles", lang, candles=view.lit))
    else:
        cast.append(phrase("facts", "candles_before", lang, candles=lit_before))
    if narrator:
        now.append(phrase("facts", "narrator", lang, name=narrator))
    return {"cast": cast, "now": now}


def lit_before(shown: Iterable[Event], lit: int) -> int:
    """The candles burning before the first of the ``shown`` events, ``lit`` burning after the last: a candle's
    events carry the count after them."""
    for event in shown:
        if event.kind == "candle_out":
            return int(event.data["lit"]) + 1
        if event.kind == "candle_relit":
            return int(event.data["lit"]) - 1
    return lit


def seat_names(view: Any, heard: dict[int, str]) -> dict[int, str]:
    """Seat -> the name an event line gives a character: the view's names, else the ones heard (a line never says
    ``#2`` for a character the table knows by name), each shortened to its first word where that is still one
    character's alone (:func:`short_names`)."""
    return short_names({**heard, **{c.seat: c.name for c in view.characters if c.name}})


def short_names(names: dict[int, str]) -> dict[int, str]:
    """Each name's first word where no other character's name begins with it (``Дина Барс`` -> ``Дина``); the cast
    line of every prompt gives the full names. In Russian a full name costs the embedded model about ten prompt
    tokens, and a Storyteller prompt says names five times a call (issue #11, the first word)."""
    def first(name: str) -> str:
        words = name.split()
        return words[0] if len(words) > 1 and words[0].isalpha() else name

    taken = Counter(first(name) for name in names.values())
    return {seat: first(name) if taken[first(name)] == 1 else name for seat, name in names.items()}


def describe(events: Iterable[Event], names: dict[int, str], lang: str = "en") -> list[str]:
    """Events as readable lines for a prompt, in ``lang``: names for seats, words for what happened, never raw
    data (the kernel's chorus phrase is Russian; an English prompt says it in English). Words someone wrote are
    quoted as data (a JSON string). Kinds a prompt needs not tell (setup, cards) are left out."""
    lines = []
    for event in events:
        line = event_line(event, names, lang)
        if line:
            lines.append(line)
    return lines


def event_line(event: Event, names: dict[int, str], lang: str) -> str | None:
    """One event in words (``None`` for kinds the prompt leaves out)."""
    if not has_line(event.kind):
        return None
    texts = _yaml("tasks.yaml")["events"]
    template = texts[event.kind]
    data = jsonable(event.data)

    def word(key: str, **values: Any) -> str:
        return str(texts[key][lang]).format(**values)

    def who(seat: Any) -> str:
        if seat is None or seat == HOST or (isinstance(seat, int) and seat < 0):
            return word("storyteller")
        return names.get(seat, f"#{seat}")

    common = data.get("common") or []
    values: dict[str, Any] = {
        "who": who(data.get("seat", data.get("active"))), "text": quoted(str(data.get("text") or data.get("trait") or "")),
        "lit": data.get("lit", ""), "scene": data.get("scene", ""), "n": len(common),
        "sixes": data.get("player_sixes", sum(1 for d in common if d == 6)), "gm": len(data.get("gm") or []),
        "gm_sixes": data.get("gm_sixes", 0),
        "danger": word("dangerous") if data.get("dangerous") else "", "moment": word("moment_tag") if data.get("moment") else "",
        "hope": word("hope_die", hope=data["hope"]) if data.get("hope") else "",
        "result": word("success" if data.get("success") else "failure"),
        "narrator": who(data.get("narrator")),
        "stakes": word("stakes", text=data["stakes"]) if data.get("stakes") else "",
    }
    line = str(template.get(lang, template["en"])).format(**values)
    return line[:1].upper() + line[1:]  # "the Storyteller narrates" opens a line


def quoted(text: str) -> str:
    """Words a person (or a model) wrote, as quoted data: one JSON string that nothing inside can close."""
    return json.dumps(" ".join(text.split()), ensure_ascii=False)


def truths_of(view: Any) -> list[str]:
    """The truths spoken so far, without their «Truth:» (the block's heading says what they are)."""
    return [_without_prefix(t[2]) for t in view.truths]


def _without_prefix(truth: str) -> str:
    for prefix in PREFIX.values():
        if truth.lower().startswith(prefix.strip().lower()):
            return truth[len(prefix.strip()):].lstrip()
    return truth


def name_of(view: Any, seat: int, names: dict[int, str] | None = None) -> str:
    """A character's name (from the view, else what was heard, else ``#seat``)."""
    if 0 <= seat < len(view.characters) and view.characters[seat].name:
        return str(view.characters[seat].name)
    return (names or {}).get(seat, f"#{seat}")


SHOWN_AT_MOST = 16
"""Event lines a Storyteller prompt shows at most (a narration: that, and its conflict's own)."""
KEPT_ON_START = 6
"""The lines a Storyteller prompt keeps when it starts showing them anew."""


def has_line(kind: str) -> bool:
    """Whether events of ``kind`` are told in a prompt (:func:`event_line`)."""
    template = _yaml("tasks.yaml")["events"].get(kind)
    return isinstance(template, dict) and "en" in template


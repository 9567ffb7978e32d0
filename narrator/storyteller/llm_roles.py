"""What the model Storyteller writes and how each text is checked: the writer roles (narration of a result,
a scene's framing, a chronicle's recap), the roll request's schema, and the checks every text passes (no
junk, the kernel's result told as it is, the table's lines and veils).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib.resources import files
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, create_model

from narrator.agents.llm import WriterRole
from narrator.agents.llm.conversation import Parsed, tool_arguments, validate
from narrator.agents.llm.junk import instructions_echoed, markup_problem, opening
from narrator.storyteller.improv import DIFFICULTIES, NONE

SUCCESS = frozenset({"marginal", "moderate", "complete", "exceptional", "phenomenal"})
FAILURE_WORDS = re.compile(r"\b(?:fail\w*|miss(?:es|ed)?|botch\w*|disaster|catastroph\w*|in vain)\b|неудач\w*|провал\w*|"
                           r"не (?:удал|получ|выход|смог)\w*|бед[аы]\b|катастроф\w*", re.IGNORECASE)
SUCCESS_WORDS = re.compile(r"\b(?:succeed\w*|success\w*|manages?|triumph\w*|flawless\w*)\b|(?<!не )удаёт\w*|"
                           r"(?<!не )удал\w*|(?<!не )получ(?:ается|илось)|успе\w*|справля\w*", re.IGNORECASE)


class Prose(BaseModel):
    """A sentence or two of narration."""

    text: str = Field(description="One to three sentences.", max_length=500)


@cache
def _results() -> dict[str, Any]:
    return dict(yaml.safe_load((files("narrator.prompts") / "storyteller" / "llm" / "results.yaml").read_text("utf-8")))


def result_problems(text: str, category: str) -> str | None:
    """Why ``text`` does not tell the kernel's ``category`` (a success told as a failure, or the reverse)."""
    if len(text.split()) < 4:
        return "write at least one full sentence"
    if category in SUCCESS and FAILURE_WORDS.search(text):
        return f"the engine's result is a SUCCESS ({category}); do not tell it as a failure or a botch"
    if category in ("failure", "botch") and SUCCESS_WORDS.search(text):
        return f"the engine's result is a {category.upper()}; do not tell it as a success"
    return None


def roll_model(characters: Sequence[str], attributes: Sequence[str], abilities: Sequence[str]) -> type[BaseModel]:
    """The structured roll request for one decision, in the shape of the intent ruling's roll (one schema,
    ``narrator.storyteller.improv.ruling_model``): one ``attribute`` and an optional ``ability``, each a
    ``Literal`` of the sheet's, and a difficulty of 2..10, so no answer can ask for an invalid pool shape."""
    return create_model(
        "request_roll", __config__=ConfigDict(extra="ignore"), __doc__="Request a roll from the rules engine.",
        character=(Literal[tuple(characters)], Field(description="The sheet id of the character who rolls.")),
        attribute=(Literal[tuple(attributes)], Field(description="The Attribute rolled.")),
        ability=(Literal[(*abilities, NONE)], Field(description="The Ability added to it, or none.")),
        difficulty=(Literal[DIFFICULTIES], Field(description="2..10; 6 is standard, 8 hard.")),
        action=(Literal["simple", "extended"], Field(description="simple, or extended for a long task.")))


def _safe(check: Callable[[Any, Mapping[str, Any]], str | None]) -> Callable[[Any, Mapping[str, Any]], str | None]:
    """No junk (stray markup, the system prompt said back: :func:`junk_problem`), ``check``, then the table's
    lines and veils (``ctx["safety"]``, when the caller passes one)."""
    def guarded(out: Any, ctx: Mapping[str, Any]) -> str | None:
        safety = ctx.get("safety")
        return junk_problem(out.text) or check(out, ctx) or (
            safety.problem(out.text, ctx.get("lang", "en")) if safety is not None else None)
    return guarded


@cache
def _openings() -> tuple[str, ...]:
    """The system prompt's opening in each language («You are the Storyteller of a …»)."""
    folder = files("narrator.prompts") / "storyteller" / "llm"
    return tuple(opening((folder / f"system.{lang}.j2").read_text("utf-8")) for lang in ("en", "ru"))


def junk_problem(text: str) -> str | None:
    """Why a model's text is no story at all: stray markup («{2017, 4, 30 } At the dry wash…»), or its
    instructions said back (issue 30); ``None`` for prose."""
    echoed = instructions_echoed(text, _openings())
    if echoed:
        return f"the text repeats your instructions ({echoed!r}); tell the story instead"
    return markup_problem(text)


def rolled_traits(output: Any) -> tuple[str, ...]:
    """The traits of a roll answer: its Attribute, and its Ability unless it is none."""
    return (output.attribute,) if output.ability == NONE else (output.attribute, output.ability)


NARRATE = WriterRole(name="storyteller-narration", prompt="storyteller/llm/narrate", system="storyteller/llm/system",
                     output=Prose, validator=_safe(lambda out, ctx: result_problems(out.text, ctx["category"])))
FRAME_CHARS = 420
"""The longest framing of a scene the model may give (about three sentences): a frame sets the scene, it
does not play it."""


def frame_problem(text: str) -> str | None:
    """Why a scene framing is refused (too short to be a sentence, longer than :data:`FRAME_CHARS`), or ``None``."""
    if len(text.split()) < 4:
        return "write at least one full sentence"
    if len(text) > FRAME_CHARS:
        return f"the framing has {len(text)} characters; keep it to two or three sentences (at most {FRAME_CHARS})"
    return None


FRAME = WriterRole(name="storyteller-frame", prompt="storyteller/llm/frame", system="storyteller/llm/system",
                   output=Prose, validator=_safe(lambda out, ctx: frame_problem(out.text)))
RECAP = WriterRole(name="storyteller-recap", prompt="storyteller/llm/recap", system="storyteller/llm/system",
                   output=Prose, validator=_safe(lambda out, ctx: None if len(out.text.split()) >= 6 else
                                                 "write two or three full sentences"))
ROLE_REQUEST = "storyteller-roll"
ROLE_IMPROV = "storyteller-intent"


def parse_answer(message: Any, output: type[BaseModel]) -> Parsed:
    """A structured answer's arguments, validated against ``output`` (the error says what to fix)."""
    parsed = tool_arguments(message)
    return parsed if parsed.error is not None else validate(output, parsed.output, parsed)

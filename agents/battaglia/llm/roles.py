"""The battaglia decisions as LLM roles: option labels, the speech field, its length band and its checks.

Every decision is a structured choice among the kernel's legal moves (a ``Literal`` of their labels).
Moves with a ``text`` field (an accusation, a day speech, a shadow whisper) also take a line of
speech, fitted to one length band for every mask and force (:func:`fit_speech`), so that the length
of a message tells nothing about who wrote it.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from narrator.agents.base import Request
from narrator.agents.battaglia.llm.brief import speech_band
from narrator.agents.llm import ChoiceRole
from narrator.rules.battaglia.actions import Accuse, Speak, Whisper
from narrator.rules.core import Action
from pydantic import BaseModel

SPEAKING = frozenset({"accuse", "speak", "whisper"})
"""Decisions whose moves carry free text (the Lord's last-words naming carries none: L74)."""

SPEECH_HINT = {
    "accuse": "one or two sentences in your character's voice: why the accused is guilty",
    "speak": "one or two sentences in your character's voice to the town",
    "whisper": "one or two sentences to your fellow shadows: what you know and whom to target",
}

_FORBIDDEN = (
    (re.compile(r"\b(show|showing|shown|reveal)\w*\s+(you\s+)?(my|the)\s+card", re.IGNORECASE),
     "cards cannot be shown in this game; argue from legends and logic instead"),
    (re.compile(r"\b(host|moderator|demiurge)\b.{0,40}\b(mistake|wrong|error)", re.IGNORECASE),
     "do not address the host about mistakes; speak to the town"),
)


def decision_kind(view: Any, kinds: set[str]) -> str:
    """Which decision this is: ``night``, ``whisper``, ``last_words``, ``speak``, ``accuse``, ``judge``,
    ``vote``, ``condemned`` or ``execution``."""
    phase = str(view.phase)
    if phase == "night":
        return "whisper" if "whisper" in kinds else "night"
    if phase == "revote":
        return "vote"
    if phase == "speech":
        return "speak"
    return phase


def label(action: Action) -> str:
    """A short option label: ``P3``, ``P3 dark by logic``, ``P2+P5``, ``pass``, ``shoot P4``."""
    kind = action.kind
    if kind == "choose":
        return f"P{action.target}"  # type: ignore[attr-defined]
    if kind == "accuse":
        return f"P{action.target} {action.charge} by {action.basis}"  # type: ignore[attr-defined]
    if kind == "vote":
        return "+".join(f"P{t}" for t in action.targets)  # type: ignore[attr-defined]
    if kind == "judge":
        return "approve" if action.approve else "refuse"  # type: ignore[attr-defined]
    if kind == "dying_shot":
        return f"shoot P{action.target}"  # type: ignore[attr-defined]
    return kind.replace("_", " ")


def fit_speech(text: str, lang: str) -> str:
    """``text`` fitted to the speech band: trimmed at a sentence or word end, or padded with a filler.

    The rule depends on the text and the language only (never on the speaker's mask or force).
    """
    band = speech_band()
    low, high, fillers = int(band["min_chars"]), int(band["max_chars"]), band["fillers"][lang]
    text = " ".join(str(text).split()).strip(" \"'«»")
    if len(text) > high:
        text = _trim(text, high, low)
    while len(text) < low:
        filler = fillers[len(text) % len(fillers)]
        text = f"{text} {filler}".strip()
    return text if len(text) <= high else _trim(text, high, low)


def _trim(text: str, high: int, low: int) -> str:
    cut = text[:high]
    end = max(cut.rfind(mark) for mark in ".!?…")
    if end + 1 >= low:
        return cut[:end + 1]
    space = cut[:high - 1].rfind(" ")
    return (cut[:space] if space >= low else cut[:high - 1]).rstrip(" ,;:") + "…"


def speech_problem(output: Any, context: dict[str, Any]) -> str | None:
    """Refuse speech the table cannot use (empty, showing cards, blaming the host); ``None`` when fine."""
    action = context["options"][output.choice]
    if not isinstance(action, (Accuse, Speak, Whisper)):
        return None
    words = str(output.speech).split()
    if len(words) < 3:
        return "say a real sentence (at least a few words) in your character's voice"
    for pattern, reason in _FORBIDDEN:
        if pattern.search(output.speech):
            return reason
    return None


def names_the_accused(output: Any, context: dict[str, Any]) -> str | None:
    """The stricter check for capable models: an accusation's speech names the accused (by name or P<n>)."""
    problem = speech_problem(output, context)
    action = context["options"][output.choice]
    if problem is None and isinstance(action, Accuse):
        name = context["request"].view.seats[action.target].who.split(" ", 1)[-1]
        if name.lower() not in output.speech.lower() and f"P{action.target}" not in output.speech:
            return f"your speech must name the player you accuse ({name}, P{action.target})"
    return problem


def with_speech(action: Action, output: BaseModel, request: Request) -> Action:
    """Fold the fitted speech into the move's ``text`` (moves without text are returned as they are)."""
    if not isinstance(action, (Accuse, Speak, Whisper)):
        return action
    lang = request.view.lang if hasattr(request.view, "lang") else "en"
    return dataclasses.replace(action, text=fit_speech(output.speech, lang))  # type: ignore[attr-defined]


def role_for(kind: str, persona: str, max_chars: int, *, strict: bool = False) -> ChoiceRole:
    """The role of one decision kind, in the voice of ``persona``.

    ``strict`` adds :func:`names_the_accused` (worth it for capable models; the tiny local one mostly
    fails it, so its accusations then fall back to the scripted bot).
    """
    speaks = kind in SPEAKING
    validator = (names_the_accused if strict else speech_problem) if speaks else None
    return ChoiceRole(name=f"battaglia-{kind}", model_role="bot", system="battaglia/llm/system",
                      prompt="battaglia/llm/decide", task="battaglia/llm/task",
                      speech=SPEECH_HINT[kind] if speaks else None, speech_max_chars=max_chars,
                      label=label, validator=validator,
                      to_action=with_speech if speaks else None, persona=persona, recent_events=0)

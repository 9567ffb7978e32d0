"""The battaglia decisions as LLM roles: option labels, the speech field, its length band and its checks.

Every decision is a structured choice among the kernel's legal moves (a ``Literal`` of their labels).
Moves with a ``text`` field (an accusation, a day speech, a shadow whisper) also take a line of
speech, fitted to one length band for every mask and force (:func:`fit_speech`), so that the length
of a message tells nothing about who wrote it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from narrator.agents.base import Request
from narrator.agents.battaglia.llm.brief import speech_band
from narrator.agents.battaglia.llm.facts import speech_facts_problem
from narrator.agents.battaglia.texts import PROMPTS
from narrator.agents.llm import ChoiceRole
from narrator.agents.llm.junk import markup_problem
from narrator.rules.battaglia.actions import Accuse, Speak, Vote, Whisper
from narrator.rules.core import Action
from pydantic import BaseModel, ConfigDict, Field, create_model, model_validator

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
    """Which decision this is: ``night``, ``lord_night`` (the Lord's secret night reveal, DEC-26), ``whisper``,
    ``last_words``, ``speak``, ``accuse``, ``judge``, ``vote``, ``condemned`` or ``execution``."""
    phase = str(view.phase)
    if phase == "night":
        if "whisper" in kinds:
            return "whisper"
        return "lord_night" if kinds <= {"reveal_lord", "pass"} else "night"
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
    return markup_problem(str(output.speech))  # a template's or its JSON's leftovers (issue 30)


def self_target(output: Any, context: dict[str, Any]) -> str | None:
    """Refuse what the kernel allows but no seat means: accusing or voting against yourself."""
    action = context["options"][output.choice]
    me = context["request"].seat
    if isinstance(action, Accuse) and action.target == me:
        return f"you are P{me}: do not accuse yourself; accuse another player or pass"
    if isinstance(action, Vote) and me in action.targets:
        return f"you are P{me}: do not vote against yourself; vote for other accused players or pass"
    return None


ECHO_WORDS = 5
"""A speech sharing this many words in a row with the instructions is an echo of them."""


@cache
def _instruction_grams(lang: str) -> frozenset[tuple[str, ...]]:
    """Every run of :data:`ECHO_WORDS` words of the battaglia prompt templates' own text (not their values)."""
    words: list[str] = []
    for name in ("system", "decide", "task"):
        source = (PROMPTS / "llm" / f"{name}.{lang}.j2").read_text(encoding="utf-8")
        static = re.sub(r"\{[{%#].*?[}%#]\}", " | ", source)
        for part in static.split("|"):
            part_words = _words(part)
            words += part_words
            words.append("|")
    for hint in SPEECH_HINT.values():
        words += [*_words(hint), "|"]
    return frozenset(g for i in range(len(words) - ECHO_WORDS + 1)
                     if "|" not in (g := tuple(words[i:i + ECHO_WORDS])))


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def echoes_task(output: Any, context: dict[str, Any]) -> str | None:
    """Refuse a speech that repeats the prompt's instructions instead of speaking in character."""
    speech = getattr(output, "speech", None)
    if not isinstance(speech, str):
        return None
    lang = getattr(context["request"].view, "lang", "en")
    words = _words(speech)
    grams = _instruction_grams(lang if lang in ("en", "ru") else "en")
    if any(tuple(words[i:i + ECHO_WORDS]) in grams for i in range(len(words) - ECHO_WORDS + 1)):
        return "your speech repeats the instructions; say something of your own, in character, to the table"
    return None


def checks(*validators: Any) -> Any:
    """One validator: the first refusal of ``validators`` (in order), else ``None``."""

    def run(output: Any, context: dict[str, Any]) -> str | None:
        for validator in validators:
            problem = validator(output, context)
            if problem:
                return str(problem)
        return None

    return run


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


SPEECH_MIN_CHARS = 40
"""The schema's ``minLength`` for a speech (accusation, whisper, speech round, last words): the check wants a real
sentence, and the eval saw SmolLM2 whisper a word or two six times in a row (session 9); the band is wider."""

ACCUSATION_LABEL = re.compile(r"^(P\d+) (dark|shadow) by (legend|logic)$")


class _Accusation(BaseModel):
    """An accusation answered in three small fields; ``choice`` is the option label they make."""

    model_config = ConfigDict(extra="ignore")
    _legal: frozenset[str] = frozenset()

    @property
    def choice(self) -> str:
        fields = self.__dict__
        if fields["target"] == "pass":
            return "pass"
        return f"{fields['target']} {fields['charge']} by {fields['basis']}"

    @model_validator(mode="after")
    def _is_legal(self) -> _Accusation:
        if self.choice not in self._legal:
            raise ValueError(f"{self.choice!r} is not a legal accusation here (a shadow charge needs logic, "
                             "except against a revealed shadow)")
        return self


@dataclass(frozen=True)
class AccuseRole(ChoiceRole):
    """Accusations: ``target`` (a seat or ``pass``), ``charge`` and ``basis`` instead of one ``choice`` among
    every (seat, charge, basis), which keeps the schema short at 17 seats; the three must make a legal label."""

    reask: str = "battaglia/llm/reask"

    @staticmethod
    def targets(labels: Sequence[str], seat: int | None) -> list[str] | None:
        """The seats the schema offers: every accusable seat but the one answering (accusing yourself is legal
        but no seat means it, so a small model cannot propose it), or ``None`` for labels of another shape."""
        matches = [ACCUSATION_LABEL.match(label) for label in labels if label != "pass"]
        if not matches or not all(matches):
            return None
        targets = sorted({m[1] for m in matches if m}, key=lambda seat: int(seat[1:]))
        return [t for t in targets if t != f"P{seat}"] or targets

    def reask_values(self, labels: Sequence[str], seat: int | None = None) -> dict[str, Any]:
        return {"targets": self.targets(labels, seat), "kind": "accuse"}

    def output_model(self, labels: Sequence[str], seat: int | None = None) -> type[BaseModel]:
        targets = self.targets(labels, seat)
        if targets is None:
            return super().output_model(labels, seat)
        # The speech comes right after the target (the server's grammar keeps this order): the table sees the
        # first words as soon as the seat is named, not after two more fields of JSON.
        fields: dict[str, Any] = {
            "target": (Literal[(*targets, "pass")], Field(description="The seat you accuse, or pass.")),
        }
        if self.speech is not None:  # minLength: a grammar-bound model cannot answer "Deception, deception"
            fields["speech"] = (str, Field(description=f"What you say: {self.speech}",
                                           min_length=self.speech_min_chars or None, max_length=self.speech_max_chars))
        fields["charge"] = (Literal["dark", "shadow"], Field(description="Accused of being dark or a shadow."))
        fields["basis"] = (Literal["legend", "logic"], Field(description="By legend or by logic."))
        model = create_model(self.tool, __base__=_Accusation, __doc__="Accuse one player or pass.", **fields)
        model._legal = frozenset(labels)  # type: ignore[attr-defined]
        return model


BALLOT_LABEL = re.compile(r"^P\d+(\+P\d+)*$")


class _Ballot(BaseModel):
    """A ballot as a list of seats (not one label per combination of seats); ``choice`` is its label."""

    model_config = ConfigDict(extra="ignore")
    _legal: frozenset[str] = frozenset()

    @property
    def choice(self) -> str:
        fields = self.__dict__
        if fields.get("action") == "reveal lord":
            return "reveal lord"
        seats = sorted(set(fields["ballot"]), key=lambda seat: int(seat[1:]))
        return "+".join(seats) if seats else "pass"

    @model_validator(mode="after")
    def _is_legal(self) -> _Ballot:
        if self.choice not in self._legal:
            raise ValueError(f"{self.choice!r} is not a legal ballot here (name only accused players, "
                             "no more than the votes you have)")
        return self


@dataclass(frozen=True)
class VoteRole(ChoiceRole):
    """Ballots: ``ballot``, a list of the accused (empty: abstain), instead of one ``choice`` among every
    combination of them, which keeps the schema short at 17 seats; a Lord may answer ``action: reveal lord``."""

    reask: str = "battaglia/llm/reask"

    @staticmethod
    def ballot_seats(labels: Sequence[str], seat: int | None) -> tuple[list[str], int] | None:
        """The accused a ballot may name, but the one answering (voting against yourself is legal but no seat
        means it), and how many at most; ``None`` for labels of another shape."""
        ballots = [label for label in labels if BALLOT_LABEL.match(label)]
        if not ballots or not set(labels) - set(ballots) <= {"pass", "reveal lord"}:
            return None
        seats = sorted({s for label in ballots for s in label.split("+")}, key=lambda s: int(s[1:]))
        most = max(len(label.split("+")) for label in ballots)
        others = [s for s in seats if s != f"P{seat}"]
        # accused alone: the schema's list keeps its one name for its type, but may hold none (abstain or reveal)
        return (others, most) if others else (seats, 0)

    def reask_values(self, labels: Sequence[str], seat: int | None = None) -> dict[str, Any]:
        found = self.ballot_seats(labels, seat)
        return {"targets": found[0] if found and found[1] else None, "most": found[1] if found else 0, "kind": "vote"}

    def output_model(self, labels: Sequence[str], seat: int | None = None) -> type[BaseModel]:
        found = self.ballot_seats(labels, seat)
        if found is None:
            return super().output_model(labels, seat)
        seats, most = found
        most = min(most, len(seats))
        fields: dict[str, Any] = {
            "ballot": (list[Literal[tuple(seats)]],  # type: ignore[valid-type,misc]
                       Field(description=f"The accused you vote against, at most {most}; empty to abstain." if most
                             else "You are the only accused: leave it empty (you abstain).", max_length=most)),
        }
        if "reveal lord" in labels:
            fields["action"] = (Literal["vote", "reveal lord"],
                                Field(description="vote, or reveal yourself as the Lord (the ballot is then ignored)."))
        model = create_model(self.tool, __base__=_Ballot, __doc__="Cast your ballot.", **fields)
        model._legal = frozenset(labels)  # type: ignore[attr-defined]
        return model


def role_for(kind: str, persona: str, max_chars: int, *, strict: bool = False) -> ChoiceRole:
    """The role of one decision kind, in the voice of ``persona``.

    ``strict`` adds :func:`names_the_accused` (worth it for capable models; the tiny local one mostly
    fails it, so its accusations then fall back to the scripted bot).
    """
    speaks = kind in SPEAKING
    validator = (checks(self_target, echoes_task, names_the_accused if strict else speech_problem,
                        speech_facts_problem) if speaks
                 else checks(self_target))
    role = {"accuse": AccuseRole, "last_words": AccuseRole, "vote": VoteRole}.get(kind, ChoiceRole)
    return role(name=f"battaglia-{kind}", model_role="bot", system="battaglia/llm/system",
                      prompt="battaglia/llm/decide", task="battaglia/llm/task",
                      speech=SPEECH_HINT[kind] if speaks else None, speech_max_chars=max_chars,
                      speech_min_chars=SPEECH_MIN_CHARS if speaks else 0, label=label, validator=validator,
                      to_action=with_speech if speaks else None, persona=persona, recent_events=0)

"""The strict schema of each record kind a transcript holds (:data:`SCHEMAS`), one pydantic model a kind: the
header, the kernel's records (action, chance, event, result) numbered by ``seq``, the table's side records
(fallback, rejected, llm_call, narration, setup, talk, answer, sheet_roll) and the fairness records.
Reading a transcript's lines against them: :mod:`narrator.rules.transcript_lines`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Open(BaseModel):
    """A side record whose extra keys (model metadata, a choice) are kept as they are."""

    model_config = ConfigDict(extra="allow", strict=True)


class Header(_Strict):
    kind: Literal["header"]
    schema_: Literal[1, 2] = Field(alias="schema")
    game: StrictStr
    ruleset: StrictStr
    config: dict[str, Any]
    seed: StrictInt | None
    seats: list[dict[str, Any]]
    table: dict[str, Any] | StrictStr | None = None
    scenario: StrictStr | None = None
    scenario_file: StrictStr | None = None
    pc: StrictStr | None = None
    pcs: list[StrictStr] | None = None
    lang: StrictStr | None = None
    llm: dict[str, Any] | None = None
    fairness: dict[str, Any] | None = None
    """The commitment published before play (``narrator.fairness``): scheme, commitment, kernel digest."""
    hash: StrictStr | None = None


class _Numbered(_Strict):
    seq: StrictInt
    hash: StrictStr | None = None


class ActionRecord(_Numbered):
    kind: Literal["action"]
    actor: StrictInt
    payload: dict[str, Any]
    notes: dict[str, Any] | None = None


class ChanceRecord(_Numbered):
    kind: Literal["chance"]
    actor: Literal[-1]
    payload: dict[str, Any]


class EventRecord(_Numbered):
    kind: Literal["event"]
    event: StrictStr
    audience: Literal["public", "host"] | list[StrictInt]
    data: Any


class ResultRecord(_Numbered):
    kind: Literal["result"]
    termination: StrictStr
    winners: list[Any]
    detail: Any


class FairnessRecord(_Numbered):
    """A seat's share of the game's chance (before the first draw), or the seed revealed after the result
    (``narrator.fairness``). Replay ignores it; ``narrator verify`` checks it."""

    kind: Literal["fairness"]
    step: Literal["contribution", "reveal"]
    seat: StrictInt | None = None
    value: StrictStr | None = None
    seed: StrictStr | StrictInt | None = None


class FallbackRecord(_Numbered):
    kind: Literal["fallback"]
    actor: StrictInt
    attempts: StrictInt
    reason: StrictStr
    raw: StrictStr | None = None
    by: StrictStr
    role: StrictStr | None = None


class _Side(_Open):
    seq: StrictInt
    hash: StrictStr | None = None


class RejectedRecord(_Side):
    """A refused proposal; an agent's notes ride along as extra keys."""

    kind: Literal["rejected"]
    actor: StrictInt
    payload: dict[str, Any]
    rejection: dict[str, StrictStr]


class LLMCallRecord(_Side):
    kind: Literal["llm_call"]
    attempt: StrictInt | None = None
    model: StrictStr | None = None


class NarrationRecord(_Side):
    kind: Literal["narration"]
    text: StrictStr
    by: StrictStr | StrictInt | None = None
    event: StrictStr | None = None
    lang: StrictStr | None = None


class SetupRecord(_Side):
    kind: Literal["setup"]


class TalkRecord(_Side):
    """Table talk: offers a seat said aloud outside the rules (``narrator.agents.base.Talk``)."""

    kind: Literal["talk"]
    actor: StrictInt
    offers: dict[str, bool]


class AnswerRecord(_Side):
    """A seat's answer to the table's question outside the rules (a Storyteller player's approach)."""

    kind: Literal["answer"]
    actor: StrictInt
    payload: dict[str, Any]
    notes: dict[str, Any] | None = None


class SheetRollRecord(_Side):
    """A roll a seat made from its own sheet beside the story (the table's dice bot; it changes nothing in
    the game): the seat's alone, kept so its roll history outlives a restart."""

    kind: Literal["sheet_roll"]
    actor: StrictInt
    roll: dict[str, Any]


SCHEMAS: dict[str, type[BaseModel]] = {
    "header": Header, "action": ActionRecord, "chance": ChanceRecord, "event": EventRecord,
    "result": ResultRecord, "fallback": FallbackRecord, "rejected": RejectedRecord, "llm_call": LLMCallRecord,
    "narration": NarrationRecord, "setup": SetupRecord, "talk": TalkRecord, "answer": AnswerRecord,
    "sheet_roll": SheetRollRecord, "fairness": FairnessRecord,
}
"""Every record kind a transcript may hold; anything else is refused by name."""

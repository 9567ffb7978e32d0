"""Request bodies of the web API, validated by pydantic (a malformed body is a 422, never a 500)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_BODY_BYTES = 64 * 1024
"""Largest request body accepted; more is refused with 413 before it is read into memory."""

MAX_SEATS = 64

SeatName = Annotated[str, Field(max_length=40)]


class CreateTable(BaseModel):
    """A new table.

    ``options`` (a mapping) and ``options_text`` (YAML or JSON, as pasted into the form) are the
    rules profile; when both are given, ``options`` wins key by key.
    """

    model_config = ConfigDict(extra="forbid")

    game: str = Field(min_length=1, max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    options_text: str = Field(default="", max_length=20_000)
    players: int | None = Field(default=None, ge=1, le=MAX_SEATS)
    """The player count (the form's number field); it wins over a ``players`` in the pasted options."""
    bot_seats: list[int] = Field(default_factory=list, max_length=MAX_SEATS)
    bot_kind: str = Field(default="scripted", min_length=1, max_length=40)
    names: list[SeatName] = Field(default_factory=list, max_length=MAX_SEATS)
    language: Literal["en", "ru"] = "en"
    page_language: Literal["en", "ru"] | None = None
    """The language of the page that sends the form, when it is not the table's: the links it lists then name
    each seat in the page's language (one language on screen)."""
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    host: Literal["human", "bot"] | None = None
    """Who plays the host seat where the rules give it moves (Ten Candles' GM): the creator through
    the host page (``human``) or a bot (``bot``, the default). Ignored where the program hosts."""
    shares: bool = False
    """The first draw waits until every person's seat has added its share of the chance (narrator.fairness)."""


class ActRequest(BaseModel):
    """A move from a seat: the action as ``legal_actions`` listed it (``actor`` may be left out)."""

    model_config = ConfigDict(extra="forbid")

    action: dict[str, Any]


class SeatControl(BaseModel):
    """Hand the seat to a bot (``bot``) or take it back (``human``)."""

    model_config = ConfigDict(extra="forbid")

    controller: Literal["human", "bot"]

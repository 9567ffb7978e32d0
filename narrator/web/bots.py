"""Which agent sits in a bot seat: a small registry of agent factories, keyed by ``bot_kind``.

A factory builds the agent for one seat of one game. Other helpers extend the registry
(``register_bot("scripted", factory, game="battaglia")``); a game-specific factory wins over a
generic one of the same kind. ``random`` works for every game: it picks a legal move with its own
seeded generator, so it is also the last resort when a game has no scripted bot yet.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from narrator.agents.base import Agent, AgentGaveUpError, Request, Seat
from narrator.rules.core import Action, Game, PlayerId

BotFactory = Callable[..., Agent]
"""``factory(game, seat, seed) -> Agent``; a factory with a ``context`` keyword also gets the
table's :class:`BotContext` (its language, objects its bots share)."""


@dataclass
class BotContext:
    """What one table tells the bots it builds.

    Attributes:
        language: the table's language (``"ru"``/``"en"``): what bots write and say.
        config: the table's rules config (``None``: the game's defaults for the seat count).
        shared: objects the bots of one table share, by name (Ten Candles' table talk ``"board"``).
    """

    language: str = "en"
    shared: dict[str, Any] = field(default_factory=dict)
    config: Any = None
    """The table's rules config (public: every seat plays by it), for bots that simulate the game."""


class UnknownBotError(KeyError):
    """No factory for this bot kind (and game)."""


@dataclass(frozen=True)
class _Entry:
    factory: BotFactory | str
    label: str


_GENERIC: dict[str, _Entry] = {}
_PER_GAME: dict[tuple[str, str], _Entry] = {}


def register_bot(kind: str, factory: BotFactory | str, *, game: str | None = None, label: str = "") -> None:
    """Make ``kind`` a bot kind: for every game, or for ``game`` only.

    Args:
        kind: the name players choose (``"scripted"``, ``"random"``, ``"llm"``).
        factory: a callable ``(game, seat, seed) -> Agent``, or ``"module:attribute"`` naming one
            (imported only when a table asks for it, so a missing optional package hurts nobody else).
        game: the game it plays, or ``None`` for a generic factory.
        label: a short description for the table-creation form.
    """
    entry = _Entry(factory, label or kind)
    if game is None:
        _GENERIC[kind] = entry
    else:
        _PER_GAME[(game, kind)] = entry


def bot_kinds(game: str) -> list[str]:
    """The bot kinds a table of ``game`` may use."""
    kinds = set(_GENERIC) | {kind for (name, kind) in _PER_GAME if name == game}
    return sorted(kinds)


def make_bot(kind: str, game: Game[Any, Any], seat: PlayerId, seed: int, context: BotContext | None = None) -> Agent:
    """Build the agent for one bot seat (``seat`` may be ``HOST`` where the rules give the host moves).

    Raises:
        UnknownBotError: naming the kinds this game offers.
    """
    entry = _PER_GAME.get((game.name, kind)) or _GENERIC.get(kind)
    if entry is None:
        raise UnknownBotError(f"unknown bot kind {kind!r} for {game.name}; known: {', '.join(bot_kinds(game.name))}")
    factory = entry.factory
    if isinstance(factory, str):
        module_name, attribute = factory.split(":")
        factory = getattr(import_module(module_name), attribute)
    if _takes_context(factory):
        return factory(game, seat, seed, context=context or BotContext())
    return factory(game, seat, seed)


def _takes_context(factory: Callable[..., Agent]) -> bool:
    try:
        return "context" in inspect.signature(factory).parameters
    except (TypeError, ValueError):  # a builtin or a C callable: the plain signature
        return False


class RandomBot(Seat):
    """Plays a uniformly random legal move, from its own seeded generator."""

    name = "random"
    retraceable = True
    """Seeded and asked in order: a restarted table asks it again, so its generator goes on as it did."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, request: Request) -> Action:
        """Pick one of the legal moves."""
        if not request.legal:
            raise AgentGaveUpError(f"seat {request.seat} has no legal move")
        return self.rng.choice(list(request.legal))


def _random_bot(game: Game[Any, Any], seat: PlayerId, seed: int) -> Agent:
    return RandomBot(seed * 1009 + seat)


def _scripted_fallback(game: Game[Any, Any], seat: PlayerId, seed: int) -> Agent:
    """Until a game registers its own scripted bot, ``scripted`` plays random legal moves."""
    bot = RandomBot(seed * 1009 + seat)
    bot.name = "scripted(random)"
    return bot


register_bot("random", _random_bot, label="random legal moves")
register_bot("scripted", _scripted_fallback, label="scripted bot")
register_bot("scripted", "narrator.web.games:battaglia_scripted", game="battaglia", label="scripted battaglia player")
register_bot("strong", "narrator.web.games:battaglia_strong", game="battaglia",
             label="search bot: plays its day moves out over sampled hidden masks (narrator.battaglia.strong)")
register_bot("llm", "narrator.agents.battaglia.llm.web:web_bot", game="battaglia",
             label="language model (configured endpoint; scripted when it cannot)")
register_bot("scripted", "narrator.web.games:ten_candles_scripted", game="ten-candles",
             label="scripted survivors; the scripted GM with the template Storyteller")
register_bot("llm", "narrator.web.games:ten_candles_llm", game="ten-candles",
             label="scripted survivors; the GM's Storyteller a language model (configured endpoint; the template "
                   "when it cannot)")
for _book in ("dark-ages", "wild-west"):
    register_bot("scripted", "narrator.web.adapters.storyteller_bots:storyteller_scripted", game=_book,
                 label="the template Storyteller in the host seat")
    register_bot("llm", "narrator.web.adapters.storyteller_bots:storyteller_llm", game=_book,
                 label="the Storyteller a language model (configured endpoint; the template when it cannot)")


class HumanSeat(Seat):
    """The agent of a seat played from a web page: moves arrive through ``Session.submit``.

    The table never asks it; if anything does, it gives up so the session's fallback decides.
    """

    name = "human"
    person = True
    remote = True

    def act(self, request: Request) -> Action:
        """Web seats are not asked; their moves come from the page."""
        raise AgentGaveUpError(f"seat {request.seat} is played from the web page")

"""Game-specific wiring of the web table: which agent plays ``scripted`` for battaglia and Ten Candles, and the
configured model for a model bot (the Storyteller games' bots are their adapter's, :mod:`narrator.web.adapters.storyteller`).

Factories are named as strings in :mod:`narrator.web.bots`, so a game's agents are imported only
when a table of that game asks for a bot.
"""

from __future__ import annotations

import logging
from typing import Any

from narrator.agents.base import Agent
from narrator.rules.core import HOST, Game, PlayerId
from narrator.web.bots import BotContext

logger = logging.getLogger(__name__)


def battaglia_scripted(game: Game[Any, Any], seat: PlayerId, seed: int) -> Agent:
    """The scripted battaglia player (``agents.battaglia.BattagliaBot``) for one seat."""
    from narrator.agents.battaglia import BattagliaBot

    return BattagliaBot(seed, seat)


def battaglia_strong(game: Game[Any, Any], seat: PlayerId, seed: int, *, context: BotContext) -> Agent:
    """The ``strong`` battaglia player (:class:`narrator.battaglia.strong.StrongBot`): the scripted player
    whose day moves a determinized search over the Python kernel may replace, from its seat's view only."""
    from narrator.battaglia.strong import StrongBot

    return StrongBot(seed, seat, context.config)


def ten_candles_scripted(game: Game[Any, Any], seat: PlayerId, seed: int, *, context: BotContext) -> Agent:
    """A scripted Ten Candles survivor, or (``seat == HOST``) the scripted GM with the template
    Storyteller's voice. The survivors' table talk (volunteers, Moments) reaches the GM through the
    session (``Decision.talk``, ``Request.talk``), like every decision. A web table has people at it:
    its GM calls them as often as the bots (:mod:`narrator.ten_candles.table_gm`)."""
    from narrator.agents.ten_candles.variety import TableMemory, VariedSurvivor
    from narrator.ten_candles.storyteller import TemplateStoryteller
    from narrator.ten_candles.table_gm import NarratingTableGM

    if seat == HOST:
        voice = TemplateStoryteller(lang=context.language, seed=seed)
        return NarratingTableGM(seed=seed, voice=voice)
    memory = context.shared.setdefault("heard", TableMemory())  # what this table's bots said, shared by them
    return VariedSurvivor(seat, seed=seed, lang=context.language, talks=True, memory=memory)


def ten_candles_llm(game: Game[Any, Any], seat: PlayerId, seed: int, *, context: BotContext) -> Agent:
    """The ``llm`` kind of Ten Candles: the scripted GM's words from the configured model
    (:class:`~narrator.agents.ten_candles.llm_storyteller.LLMStoryteller` over the template Storyteller,
    which speaks whenever the model cannot); the survivors are the scripted ones. The narration streams
    into the pages while it is written (:mod:`narrator.web.drafts`). Without an endpoint: the template."""
    if seat != HOST:
        return ten_candles_scripted(game, seat, seed, context=context)
    from narrator.ten_candles.storyteller import TemplateStoryteller
    from narrator.ten_candles.table_gm import NarratingTableGM

    template = TemplateStoryteller(lang=context.language, seed=seed)
    settings = configured_llm(context.language)
    if settings is None:
        return NarratingTableGM(seed=seed, voice=template)
    from narrator.agents.ten_candles.llm_storyteller import LLMStoryteller
    from narrator.ten_candles.table_gm import ModelVoiceGM

    return ModelVoiceGM(seed=seed, voice=LLMStoryteller(settings, template))


def configured_llm(language: str) -> Any:
    """The configured model's settings in ``language``, or ``None`` (offline, or unreadable settings)."""
    from narrator.agents.llm import LLMMode, SettingsError, load_settings

    try:
        settings = load_settings()
        if settings.resolve_mode() is LLMMode.OFFLINE:
            return None
    except SettingsError as error:
        logger.warning("llm bot: %s; the template speaks", error)
        return None
    return settings.model_copy(update={"language": language})

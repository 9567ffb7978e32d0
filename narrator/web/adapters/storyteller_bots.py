"""The Storyteller games' bots at the web table: the template Storyteller in the host seat (:class:`WebStoryteller`,
voiced per scenario by :class:`TableVoice`), the model's (:func:`storyteller_llm`), and what a bot Storyteller
declares (:class:`BotStoryteller`)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from narrator.render.storyteller import (
    book_of,
    narration_data,
    scenario_of,
)
from narrator.rules.core import HOST, Action, Event, PlayerId
from narrator.storyteller.seat import ApproachQuestion, StorytellerSeat
from narrator.storyteller.template import Choice, Option, TemplateStoryteller


class TableVoice:
    """The template Storyteller of this table's player character (read from each view), as one voice."""

    def __init__(self, book: str, lang: str) -> None:
        self.book, self.lang = book, lang
        self.voices: dict[str, TemplateStoryteller] = {}  # this table's own: each remembers what its scenes heard

    def of(self, view: Mapping[str, Any]) -> TemplateStoryteller:
        scenario = str(view.get("scenario") or "")
        if scenario not in self.voices:
            self.voices[scenario] = TemplateStoryteller(scenario_of(str(view["book"]), scenario), narration_data(),
                                                        lang=self.lang, labels=True)
        return self.voices[scenario]

    def questions(self, view: Mapping[str, Any], answers: Mapping[PlayerId, Choice]) -> list[Any]:
        return self.of(view).questions(view, answers)

    def storyteller_move(self, view: Mapping[str, Any], answers: Mapping[PlayerId, Choice] | None = None) -> Any:
        return self.of(view).storyteller_move(view, answers)

    def lead(self, view: Mapping[str, Any], answers: Mapping[PlayerId, Choice]) -> Choice | None:
        return self.of(view).lead(view, answers)

    def frame_scene(self, view: Mapping[str, Any]) -> str:
        return self.of(view).frame_scene(view)

    def options(self, view: Mapping[str, Any]) -> list[Option]:
        return self.of(view).options(view)

    def propose(self, view: Mapping[str, Any], choice: Choice | None,
                answers: Mapping[PlayerId, Choice] | None = None) -> Action:
        return self.of(view).propose(view, choice, answers)

    def rule_intent(self, view: Mapping[str, Any], choice: Choice, answers: Mapping[PlayerId, Choice] | None = None
                    ) -> Any:
        """The offline reader's ruling on typed words, with what it says (issue 28)."""
        return self.of(view).rule_intent(view, choice, answers)

    def narrate(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[str]:
        return self.of(view).narrate(view, events)


@runtime_checkable
class BotStoryteller(Protocol):
    """A web table's bot Storyteller, the template's (:class:`WebStoryteller`) or the model's: what it declares."""

    web_storyteller: bool
    """Always true: the table's own bot in the host seat (a person there is no bot)."""
    free_intent: bool
    """It reads a player's typed words as they are (a model); else the template matches them to a suggestion."""


class WebStoryteller(StorytellerSeat):
    """The template Storyteller in the host seat: it moves alone (scenes, turns, its characters'
    attacks) and turns the player's answer to the table's question into its proposal."""

    max_attempts: int | None = 3
    web_storyteller = True
    free_intent = False

    def __init__(self, game: str, lang: str) -> None:
        super().__init__(TableVoice(book_of(game), lang), "template-storyteller")


def storyteller_llm(game: Any, seat: PlayerId, seed: int, *, context: Any) -> Any:
    """Bot factory of the ``llm`` kind: the model Storyteller in the host seat (as ``narrator play dark-ages
    --llm``: :class:`~narrator.storyteller.llm.LLMStoryteller` over the table's template Storyteller, which
    decides and speaks whenever the model cannot). Its framings and result narration stream into the pages
    while they are written (:mod:`narrator.web.drafts`). Without a configured endpoint: the template."""
    from narrator.web.games import configured_llm

    settings = configured_llm(context.language) if seat == HOST else None
    if settings is None:
        return storyteller_scripted(game, seat, seed, context=context)
    from narrator.storyteller.llm import LLMStoryteller

    scenario = str(getattr(context.config, "scenario", "") or "")
    template = TemplateStoryteller(scenario_of(book_of(game.name), scenario), narration_data(), lang=context.language,
                                  labels=True)
    return _model_seat()(LLMStoryteller(settings, template))


@functools.cache
def _model_seat() -> type:
    """The model Storyteller's web seat class, built on first use: the model stack (langchain) is imported
    only when a table seats one."""
    from narrator.storyteller.llm_seat import LLMStorytellerSeat

    class WebModelStoryteller(LLMStorytellerSeat):
        """The model Storyteller in the host seat: typed intents reach the model, its calls the transcript."""

        free_intent = True
        web_storyteller = True

        def bind_calls(self, sink: Any) -> None:
            self.voice.bind(sink)

    return WebModelStoryteller


def is_storyteller_bot(agent: Any) -> bool:
    """Whether ``agent`` is a web table's bot Storyteller (the template's or the model's)."""
    return isinstance(agent, BotStoryteller) and agent.web_storyteller


def table_questions(game: str, lang: str) -> ApproachQuestion:
    """The table's question to the player seat (which approach), read with the table's template Storyteller."""
    return ApproachQuestion(TableVoice(book_of(game), lang).of)


def storyteller_scripted(game: Any, seat: PlayerId, seed: int, *, context: Any) -> Any:
    """Bot factory: the template Storyteller in the host seat (player seats have no bot: random)."""
    if seat == HOST:
        return WebStoryteller(game.name, context.language)
    from narrator.web.bots import RandomBot

    return RandomBot(seed * 1009 + seat)

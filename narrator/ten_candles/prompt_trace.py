"""Every prompt a Ten Candles Storyteller model would be sent in one game, and every warm-up, in order, without a
model: a scripted table with one seat taken for a person (so the session warms the Storyteller while that seat
decides, ``Session._warm_listeners``). Each writer keeps its prompt and gives up, so the template Storyteller
speaks (the lines that follow are the template's, about as long as a model's).

The tests read the trace to check that each prompt begins with the warm-up before it; ``benchmarks/first_token.py
--table`` sends it to a server, as a game would, to time the first streamed word."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from narrator.agents.base import AgentGaveUpError
from narrator.agents.llm import LLMSettings, LLMWriter
from narrator.agents.ten_candles.llm_storyteller import LLMStoryteller
from narrator.agents.ten_candles.survivor import ScriptedSurvivor
from narrator.rules.core import HOST, Event
from narrator.rules.ten_candles import GAME, TenCandlesConfig
from narrator.rules.ten_candles.state import Phase

WARM = "warm"
"""The ``role`` of a warm-up in a trace."""


@dataclass(frozen=True)
class Asked:
    """One request of the trace: a role's prompt (the model would answer it) or a warm-up (one token asked)."""

    role: str
    system: str
    prompt: str

    @property
    def warm(self) -> bool:
        return self.role == WARM


class ScriptedPerson(ScriptedSurvivor):
    """A scripted survivor the session takes for a person: while it decides, the Storyteller warms."""

    person = True


def trace(settings: LLMSettings, seed: int, *, players: int = 3, lang: str = "en") -> list[Asked]:
    """The Storyteller's prompts and warm-ups of one seeded game (``settings``: the language and whether to warm;
    nothing is sent)."""
    from narrator.session import Session
    from narrator.ten_candles.simulate import make_table
    from narrator.ten_candles.storyteller import TemplateStoryteller

    asked: list[Asked] = []

    class Keeper(LLMWriter):
        def write(self, **variables: Any) -> Any:
            asked.append(Asked(self.role.name, *self.prompts(**variables)))
            raise AgentGaveUpError("traced: the prompt is kept, no model is asked", attempts=1)

        def awarm(self, system: str, prompt: str, url: str) -> Coroutine[Any, Any, bool]:
            asked.append(Asked(WARM, system, prompt))  # when the warm-up is asked for, not when it would run
            return asyncio.sleep(0, result=False)

    storyteller = LLMStoryteller(settings.model_copy(update={"language": lang}),
                                 TemplateStoryteller(lang=lang, seed=seed))
    storyteller.writer_type = Keeper
    person = ScriptedPerson(0, seed=seed, lang=lang, talks=True)
    agents = make_table(players, seed, lang=lang, voice=storyteller, human={0: person})
    session = Session(GAME, TenCandlesConfig(players=players), agents, seed=seed)

    def frame(_action: Any, events: Sequence[Event]) -> None:  # the table asks the framings (narrator.ten_candles.play)
        for event in (e for e in events if e.kind == "conflict_called"):
            data = event.data
            storyteller.frame_conflict(GAME.view(session.state, HOST), data["active"], data["dangerous"], data["moment"])

    session.listeners.append(frame)
    while session.step():
        pass
    assert session.state.phase == Phase.OVER
    return asked

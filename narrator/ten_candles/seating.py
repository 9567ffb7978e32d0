"""The agents of a Ten Candles table people read (the terminal, a web table, tests of what is said).

The simulation's scripted table (:func:`narrator.ten_candles.simulate.make_table`, the GM of a table with
people from :mod:`narrator.ten_candles.table_gm`) with its scripted survivors' words varied: the same moves,
no line heard twice in a scene. Kept apart from both so neither imports the other back.
"""

from __future__ import annotations

from typing import Any

from narrator.agents.ten_candles.survivor import ScriptedSurvivor
from narrator.agents.ten_candles.variety import TableMemory, VariedSurvivor
from narrator.ten_candles.human import HumanSurvivor
from narrator.ten_candles.settled import deed_kind
from narrator.ten_candles.simulate import make_table


def narrated_table(players: int, seed: int, *, lang: str = "en", voice: Any = None,
                   human: dict[int, Any] | None = None) -> dict[int, Any]:
    """``make_table``'s agents for a table people read (terminal, web, tests of what is said): its
    scripted survivors are :class:`~narrator.agents.ten_candles.variety.VariedSurvivor` sharing one
    memory, so the table hears no line twice in a scene and sees no two characters alike, and a success is
    told of the task the Storyteller framed aloud. Their moves are the simulated survivors' (the same draws);
    only the words differ."""
    agents = make_table(players, seed, lang=lang, voice=voice, human=human)
    memory = TableMemory()

    def task() -> str | None:
        """The task of the conflict under way, as the Storyteller framed it aloud (a model voice: its template's)."""
        told = getattr(voice, "task", None)
        return told if told is not None else getattr(getattr(voice, "fallback", None), "task", None)

    for seat, agent in list(agents.items()):
        if type(agent) is ScriptedSurvivor:
            agents[seat] = VariedSurvivor(seat, seed=seed, lang=lang, talks=agent.talks, memory=memory)
            agents[seat].task_hint = task if voice is not None else None
            agents[seat].deed_kind = deed_kind
        elif isinstance(agent, HumanSurvivor):  # a person's suggestions: they read the memory, never write it
            agent.suggester.memory, agent.suggester.notes = memory, False
            agent.suggester.task_hint = task if voice is not None else None
            agent.suggester.deed_kind = deed_kind
    return agents

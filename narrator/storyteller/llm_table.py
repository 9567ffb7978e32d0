"""The model Storyteller put at a table: the template table's ``HOST`` seat and narration listener swapped for the
model's (:class:`~narrator.storyteller.llm_seat.LLMStorytellerSeat`, :class:`~narrator.storyteller.llm.LLMStoryteller`);
the template stays underneath as the fallback. A ``setup`` record after the header names the model.

The terminal game (:mod:`~narrator.storyteller.llm_play`), a chronicle's session
(:mod:`~narrator.storyteller.chronicle_play`) and ``narrator eval`` attach it the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from narrator.rules.core import HOST
from narrator.storyteller import play as template_play
from narrator.storyteller.safety import TableSafety
from narrator.storyteller.seat import Player, ScriptedPlayer, TerminalPlayer

if TYPE_CHECKING:  # the model stack is imported only when a model plays (start-up time of every command)
    from narrator.agents.llm import LLMSettings
    from narrator.storyteller.llm import LLMStoryteller


def attach_llm(table: template_play.Table, llm: LLMSettings, player: Player, say: template_play.Say, *,
               http_client: Any = None, safety: TableSafety | None = None) -> tuple[template_play.Table, LLMStoryteller]:
    """Put the model in the Storyteller's seat of ``table`` (a fresh or resumed template table)."""
    from narrator.storyteller.llm import LLMStoryteller
    from narrator.storyteller.llm_seat import LLMStorytellerSeat

    session = table.session
    voice = LLMStoryteller(llm.model_copy(update={"language": table.voice.lang}), table.voice,
                           http_client=http_client)
    session.agents[HOST] = LLMStorytellerSeat(voice)
    # every character's player (a troupe sits several, hot-seat): typed intents go to the model as they
    # are, and it rules on them for that seat's character; the X-card reaches the model from any seat
    for seated in {id(p): p for p in (player, *session.agents.values())}.values():
        if isinstance(seated, (TerminalPlayer, ScriptedPlayer)):  # the seats a person's words come through
            seated.free_intent = True
        if isinstance(seated, TerminalPlayer):
            seated.on_x_card = voice.x_card
    if safety is not None:
        voice.safety = safety
    voice.bind(session.write)
    session.listeners.clear()  # the template's narration listener; the model's replaces it
    llm_table = template_play.Table(session, voice, table.transcript, table.book)  # type: ignore[arg-type]
    template_play._listen(session, voice, say)  # type: ignore[arg-type]
    session.write({"kind": "setup", "storyteller": f"llm:{voice.model_name}", "mode": str(llm.mode or "endpoint"),
                   "fallback": "template-storyteller", **({"lines": len(voice.safety.lines),
                                                           "veils": len(voice.safety.veils)} if safety else {})})
    return llm_table, voice

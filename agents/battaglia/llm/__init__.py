"""Battaglia seats played by language models over the project's LLM stack (``agents.llm``).

:class:`BattagliaLLM` is one seat; :func:`llm_table` builds a game's agents with the scripted bot
(:class:`agents.battaglia.BattagliaBot`) as every seat's fallback. Prompts are rendered from the
seat's view only (:mod:`agents.battaglia.llm.brief`); see ``docs/llm.md`` (battaglia).
"""

from __future__ import annotations

from narrator.agents.battaglia.llm.agent import BattagliaLLM, llm_table
from narrator.agents.battaglia.llm.brief import Brief, Names, build_brief
from narrator.agents.battaglia.llm.roles import fit_speech

__all__ = ["BattagliaLLM", "Brief", "Names", "build_brief", "fit_speech", "llm_table"]

"""Language-model agents: seats that choose legal moves, and writers of prose, over any OpenAI-compatible endpoint.

Start with :class:`LLMAgent` (a seat), :class:`LLMWriter` (narration, truths, speech),
:class:`ChoiceRole` / :class:`WriterRole` (what they are asked), :func:`load_settings` and
:class:`UsageStats`. ``docs/llm.md`` explains settings, the local model and how to add a role.
"""

from __future__ import annotations

from narrator.agents.llm.agent import LLMAgent
from narrator.agents.llm.roles import ChoiceRole, WriterRole, action_label, option_labels
from narrator.agents.llm.settings import LLMMode, LLMSettings, SettingsError, load_settings
from narrator.agents.llm.usage import TokenBudget, UsageStats
from narrator.agents.llm.writer import LLMWriter

LLMChooser = LLMAgent
"""Alias: the generic chooser among legal moves."""

__all__ = ["ChoiceRole", "LLMAgent", "LLMChooser", "LLMMode", "LLMSettings", "LLMWriter", "SettingsError",
           "TokenBudget", "UsageStats", "WriterRole", "action_label", "load_settings", "option_labels"]

"""Language-model agents: seats that choose legal moves, and writers of prose, over any OpenAI-compatible endpoint.

Start with :class:`LLMAgent` (a seat), :class:`LLMWriter` (narration, truths, speech),
:class:`ChoiceRole` / :class:`WriterRole` (what they are asked), :func:`load_settings` and
:class:`UsageStats`. ``docs/llm.md`` explains settings, the local model and how to add a role.

The names are loaded on first use (PEP 562): the client stack (openai, langchain) takes about a
second to import, and commands that never call a model (``narrator roll``, ``--help``) must not pay it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from narrator.agents.llm.agent import LLMAgent
    from narrator.agents.llm.roles import ChoiceRole, WriterRole, action_label, option_labels
    from narrator.agents.llm.settings import LLMMode, LLMSettings, SettingsError, load_settings
    from narrator.agents.llm.usage import TokenBudget, UsageStats
    from narrator.agents.llm.writer import LLMWriter

_HOMES = {
    "LLMAgent": "agent", "LLMChooser": "agent",
    "ChoiceRole": "roles", "WriterRole": "roles", "action_label": "roles", "option_labels": "roles",
    "LLMMode": "settings", "LLMSettings": "settings", "SettingsError": "settings", "load_settings": "settings",
    "TokenBudget": "usage", "UsageStats": "usage",
    "LLMWriter": "writer",
}

__all__ = ["ChoiceRole", "LLMAgent", "LLMChooser", "LLMMode", "LLMSettings", "LLMWriter", "SettingsError",
           "TokenBudget", "UsageStats", "WriterRole", "action_label", "load_settings", "option_labels"]


def __getattr__(name: str) -> Any:
    """Import the submodule that defines ``name`` when it is first asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"{__name__}.{home}")
    value = getattr(module, "LLMAgent" if name == "LLMChooser" else name)
    globals()[name] = value
    return value

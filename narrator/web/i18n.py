"""Moved to :mod:`narrator.render.words` (the renderer the web table and the replay viewer share); this name stays
for the modules that import it here."""

from narrator.render.words import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    Translator,
    humanise,
    pick_language,
    register_messages,
    translate,
)

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "Translator", "humanise", "pick_language", "register_messages", "translate"]

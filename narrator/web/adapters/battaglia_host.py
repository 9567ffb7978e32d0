"""Moved to :mod:`narrator.render.battaglia_host` (the moderator's words, which the replay viewer says too); this name
stays for the modules that import it here."""

from narrator.render.battaglia_host import HOST_WORDS, host_word, moderator_event_lines, truth_sections

__all__ = ["HOST_WORDS", "host_word", "moderator_event_lines", "truth_sections"]

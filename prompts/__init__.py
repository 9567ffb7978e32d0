"""Prompt templates and narrative data (ru + en). Data only: no game logic lives here.

Files are read with :func:`importlib.resources.files` (``files("narrator.prompts") / "battaglia" / ...``).
"""

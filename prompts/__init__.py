"""Prompt templates and narrative data (ru + en). Data only: no game logic lives here.

Files are read with :func:`importlib.resources.files` (``files("narrator.prompts") / "battaglia" / ...``).
"""

if __name__ != "narrator.prompts":  # the folder imported under its bare name (`import prompts` from the checkout's root)
    raise ImportError(f"{__name__!r} is the folder prompts/, installed as narrator.prompts: import narrator.prompts "
                      "(a bare `import prompts` would load a second copy whose classes are not narrator.prompts's)")

"""Players: scripted bots, LLM agents and humans, all answering the same request protocol."""

if __name__ != "narrator.agents":  # the folder imported under its bare name (`import agents` from the checkout's root)
    raise ImportError(f"{__name__!r} is the folder agents/, installed as narrator.agents: import narrator.agents "
                      "(a bare `import agents` would load a second copy whose classes are not narrator.agents's)")

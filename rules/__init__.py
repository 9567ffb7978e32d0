"""The deterministic rules kernels: pure functions of state and action, no I/O, no LLM, no clock."""

if __name__ != "narrator.rules":  # the folder imported under its bare name (`import rules` from the checkout's root)
    raise ImportError(f"{__name__!r} is the folder rules/, installed as narrator.rules: import narrator.rules "
                      "(a bare `import rules` would load a second copy whose classes are not narrator.rules's)")

"""The offline template Storyteller, its scenarios, and the scene runner for Dark Ages and Wild West."""

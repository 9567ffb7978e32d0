"""Presentation adapters of the project's games for the web table (see :mod:`narrator.web.present`).

Each module reuses its game's own words (battaglia's host narration, Ten Candles' table lines and
template Storyteller, the Storyteller System's renderers) instead of editing the game's modules.
"""

"""Players: scripted bots, LLM agents and humans, all answering the same request protocol."""

"""Scripted battaglia bots (one plausible player per mask) and their speech."""

from narrator.agents.battaglia.bot import BattagliaBot

__all__ = ["BattagliaBot"]

"""Scripted Ten Candles players: survivors with a personality from their cards, and the GM's decisions."""

"""Ten Candles at the table: the template Storyteller, the terminal play loop and the simulation."""

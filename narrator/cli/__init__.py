"""The ``narrator`` command line: one entry point, a sub-command per job, a module per game."""

"""The deterministic rules kernels: pure functions of state and action, no I/O, no LLM, no clock."""

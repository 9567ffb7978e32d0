"""``narrator eval``: seeded situations per role, and the scorecard of a model on them."""

"""Analysis of finished games: `/analyze`, the Analyse button, and the analysis's message (its
progress, then its result)."""

"""Tournaments: `/tournament ...`, a sign-up's Join and Leave, and the tournament's posts (its
sign-up, its rounds' threads and posts, its standings)."""

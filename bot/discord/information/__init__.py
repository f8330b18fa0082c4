"""Information: `/games` (with its pages' buttons), `/rules`, `/export`, `/help`, and `/note`
(a player's private notes on a game)."""

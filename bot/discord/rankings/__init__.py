"""Rankings: `/leaderboard` (with its pages' buttons) and `/stats`, per server."""

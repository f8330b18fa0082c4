"""What runs in a bot process beside (and without) Discord: the deliverer of the owed posts, the
scheduler of what falls due, the computer opponent and the analyst, the thinking-only worker
(`python -m bot worker`), and the wiring of a process from its settings."""

"""The computer's thinking away from the event loop: `thinking.think` finds a move from plain
data, `processes.run_in_process` runs it in a process of its own. No Discord, no database."""

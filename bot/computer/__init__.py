"""The computer's thinking away from the event loop: `thinking.think` finds a move from plain
data, `processes.run_in_process` runs it in a process of its own, and `search.ProcessSearch`
puts the two together for a computer's turn. No Discord, no database."""

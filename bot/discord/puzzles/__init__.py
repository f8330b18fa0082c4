"""Puzzles (issue 48): `/puzzle`, a puzzle's private message and its Solve button with the answer
box, the computer's verdict with the solver's streak, and a channel's daily puzzle."""

"""The puzzles the project ships (issue 48), and what finding puzzles costs the computer's moves."""

"""Learning a game (issue 48): `/learn`, the lesson's private message with its board, Make move
with the answer box, Start over, and the game against the computer that ends a lesson."""

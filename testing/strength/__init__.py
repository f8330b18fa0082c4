"""The strength yardstick of issue 17, shared by the strength benchmarks (`bench.strength`) and
their tests: the plain MCTS (`mcts`, with a domain per game and Ponte's fast simulator
`ponte_fast`), the players a benchmark pairs (`players`), the pairings of the hard player
(`pairings`), and win-rate intervals and ratings (`ratings`)."""

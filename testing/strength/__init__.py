"""The strength yardstick of issue 17, shared by the strength benchmarks (`bench.strength`) and
their tests: the plain MCTS (`mcts`, with Verbindung's domain `mcts_verbindung`, and Ponte's
search compiled with its board by numba, `mcts_ponte`, `ponte_jit` and `ponte_arrays`), the
players a benchmark pairs (`players`), the pairings of the hard player (`pairings`), and win-rate
intervals and ratings (`ratings`)."""

"""The strength yardstick of issue 17, shared by the strength benchmarks (`bench.strength`) and
their tests: the plain MCTS (`mcts`, with Verbindung's domain `mcts_verbindung`, and Ponte's
search compiled with its board by numba, `mcts_ponte`, `ponte_jit` and `ponte_arrays`), the
players a benchmark pairs (`players`), the pairings of the hard player (`pairings`), and win-rate
intervals and ratings (`ratings`).

numba (and numpy) come with the `bench` extra, not with the test install: only Ponte's compiled
search needs them, and `players` imports it only when that search plays."""

NEEDS_NUMBA = (
    "Ponte's compiled yardstick (the plain MCTS) needs numba, which the test install leaves "
    "out: pip install -e '.[test,bench]'"
)
"""Why a test of the compiled yardstick is skipped, or a benchmark stops, without numba."""

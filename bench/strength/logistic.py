"""A small logistic regression for the benchmarks' model fits (no numerical library needed)."""

from __future__ import annotations

import math


def fit(xs: list[list[float]], ys: list[float], steps: int = 12) -> tuple[list[float], float]:
    """Logistic regression of the outcomes `ys` (0..1) on the rows `xs` by Newton's method: the
    weights (the intercept first) and the mean log loss."""
    xs = [[1.0, *x] for x in xs]
    size = len(xs[0])
    weights = [0.0] * size
    for _ in range(steps):
        grad = [0.0] * size
        hess = [[1e-6 * (i == j) for j in range(size)] for i in range(size)]
        for x, y in zip(xs, ys, strict=True):
            p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(weights, x, strict=True))))
            for i in range(size):
                grad[i] += (y - p) * x[i]
                for j in range(size):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        weights = [w + d for w, d in zip(weights, _solve(hess, grad), strict=True)]
    loss = 0.0
    for x, y in zip(xs, ys, strict=True):
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(weights, x, strict=True))))
        p = min(max(p, 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return weights, loss / len(xs)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination of a small dense system."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col and rows[col][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] if rows[i][i] else 0.0 for i in range(size)]

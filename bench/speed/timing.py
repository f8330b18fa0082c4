"""Timing and reporting shared by every benchmark script."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(action: Callable[[], object], repeat: int, inner: int = 1) -> float:
    """Median wall time of `action` over `repeat` samples of `inner` calls each."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        for _ in range(inner):
            action()
        samples.append((time.perf_counter_ns() - start) / inner)
    return statistics.median(samples) / 1e9


def line(label: str, seconds: float, target: float) -> str:
    """One result line: the median, the target and whether it is met."""
    verdict = "ok" if seconds <= target else "OVER TARGET"
    return f"  {label:<46} {_format(seconds):>10}   target {_format(target):>8}   {verdict}"


def _format(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    return f"{seconds * 1e3:.2f} ms"

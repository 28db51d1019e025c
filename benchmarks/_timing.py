"""Timing shared by the benchmark scripts (run as ``python benchmarks/<script>.py``)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(fn: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of ``repeat`` runs of ``fn``, in seconds (the least disturbed by the machine)."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def median_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """The median of ``repeat`` runs of ``fn``, in seconds (steadier than one run on a busy box)."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    times.sort()
    mid = len(times) // 2
    return times[mid] if len(times) % 2 else (times[mid - 1] + times[mid]) / 2


def timed(fn: Callable[[], object]) -> tuple[object, float]:
    """``(fn(), seconds it took)`` for one run."""
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def traced(fn: Callable[[], object]) -> tuple[object, float, float]:
    """``(fn(), seconds, peak MB allocated while it ran)``, memory measured by ``tracemalloc``
    (numpy reports its buffers to it); the timing includes tracemalloc's own overhead."""
    import tracemalloc

    tracemalloc.start()
    try:
        t = time.perf_counter()
        out = fn()
        seconds = time.perf_counter() - t
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return out, seconds, peak / 2**20

"""Many battles in chunks, each chunk on its own seeded stream, on one process or several.

A run of ``n`` battles is cut into chunks of a fixed size, and chunk ``j`` draws its dice
from the ``j``-th child of the run's :class:`numpy.random.SeedSequence`. Neither depends on
how many processes play the chunks, so a seed gives the same battles on one core or eight.
Processes (not threads: the work holds the interpreter) are forked, so each one starts with
the tables already built and nothing is pickled but the chunk's index and its results.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

__all__ = ["available_workers", "chunk_streams", "concat", "run_chunks"]

#: The job the forked workers run (set just before the pool is made; read in the children).
_JOB: list[Callable[[int], Any]] = []


def available_workers() -> int:
    """Processes worth starting here: the CPUs this process may use (1 where there are no
    processes to fork, as in a browser)."""
    if sys.platform == "emscripten" or "fork" not in mp.get_all_start_methods():
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def chunk_streams(seed: int, n: int, size: int) -> list[tuple[int, int, np.random.SeedSequence]]:
    """``(start, stop, seed sequence)`` of each chunk of ``n`` battles cut ``size`` at a time.

    >>> [(a, b) for a, b, _ in chunk_streams(7, 5, 2)]
    [(0, 2), (2, 4), (4, 5)]
    """
    k = max(1, -(-n // size))
    children = np.random.SeedSequence(seed).spawn(k)
    return [(j * size, min(n, (j + 1) * size), children[j]) for j in range(k)]


def _run(j: int) -> Any:
    return _JOB[0](j)


def run_chunks(
    job: Callable[[int], Any],
    count: int,
    workers: int,
    done: Callable[[Any], None] | None = None,
) -> list[Any]:
    """``[job(0), ..., job(count - 1)]``, on up to ``workers`` forked processes; ``done`` is
    called with each result as it comes in (in order)."""
    workers = min(workers, count)
    out = []
    if workers <= 1:
        for j in range(count):
            out.append(job(j))
            if done is not None:
                done(out[-1])
        return out
    _JOB[:] = [job]
    try:
        ctx = mp.get_context("fork")
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            for r in pool.map(_run, range(count)):
                out.append(r)
                if done is not None:
                    done(r)
        return out
    finally:
        _JOB.clear()


def concat(parts: Sequence[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The chunks' result arrays joined in chunk order."""
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}

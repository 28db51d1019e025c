"""Many battles in chunks, each chunk on its own seeded stream, on one process, several, or
any :class:`concurrent.futures.Executor`.

A run of ``n`` battles is cut into chunks of a fixed size, and chunk ``j`` draws its dice
from the ``j``-th child of the run's :class:`numpy.random.SeedSequence`. Neither depends on
where the chunks are played, so a seed gives the same battles on one core, eight, or a
cluster's workers.

A chunk is a module-level function and a tuple of picklable arguments, so it can go to any
executor: dask.distributed's ``Client.get_executor()``, loky, ``ray.util.multiprocessing``,
the standard library's pools. Without an executor the kit keeps its own default: the chunks
in this process for small work, else on a :class:`~concurrent.futures.ProcessPoolExecutor`
of forked processes (each one starts with the tables already built, and the arguments are
inherited rather than pickled). The progress bar follows chunks as they complete, whatever
runs them. A chunk that fails (it raised, or its worker died) stops the run with a
:class:`~kit.errors.ChunkFailed` naming the chunk and its seed; the chunks not started are
cancelled and the caller's executor is left as it was (never shut down by the kit).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_EXCEPTION, Executor, Future, wait
from typing import Any

import numpy as np

from ....errors import ChunkFailed, InvalidType

__all__ = [
    "available_workers",
    "check_executor",
    "chunk_streams",
    "concat",
    "describe_chunk",
    "run_chunks",
]

#: The chunks the forked workers run (set just before the pool is made; read in the children).
_JOB: list[tuple[Callable[..., Any], Sequence[tuple[Any, ...]]]] = []


def available_workers() -> int:
    """Processes worth starting here: the CPUs this process may use (1 where there are no
    processes to fork, as in a browser)."""
    import multiprocessing as mp  # here: Pyodide has no multiprocessing to import

    if sys.platform == "emscripten" or "fork" not in mp.get_all_start_methods():
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def check_executor(executor: object) -> Executor | None:
    """``executor`` when it is a :class:`concurrent.futures.Executor` (or None), else a kit
    :class:`~kit.errors.InvalidType` naming what is accepted.

    >>> check_executor("dask")
    Traceback (most recent call last):
    ...
    kit.errors.InvalidType: executor must be a concurrent.futures.Executor (a ProcessPoolExecutor, dask's Client.get_executor(), loky's, ...) or None, got 'dask' (str)
    """
    if executor is None or isinstance(executor, Executor):
        return executor
    raise InvalidType(
        "executor must be a concurrent.futures.Executor (a ProcessPoolExecutor, dask's "
        f"Client.get_executor(), loky's, ...) or None, got {executor!r} "
        f"({type(executor).__name__})"
    )


def chunk_streams(seed: int, n: int, size: int) -> list[tuple[int, int, np.random.SeedSequence]]:
    """``(start, stop, seed sequence)`` of each chunk of ``n`` battles cut ``size`` at a time.

    >>> [(a, b) for a, b, _ in chunk_streams(7, 5, 2)]
    [(0, 2), (2, 4), (4, 5)]
    """
    k = max(1, -(-n // size))
    children = np.random.SeedSequence(seed).spawn(k)
    return [(j * size, min(n, (j + 1) * size), children[j]) for j in range(k)]


def describe_chunk(start: int, stop: int, ss: np.random.SeedSequence, what: str = "battles") -> str:
    """How an error names a chunk's work and seed.

    >>> _, _, ss = chunk_streams(7, 5, 2)[1]
    >>> describe_chunk(2, 4, ss)
    'battles 2 to 3, seed 7 (SeedSequence spawn_key (1,))'
    """
    return (
        f"{what} {start} to {stop - 1}, seed {ss.entropy} (SeedSequence spawn_key "
        f"{tuple(ss.spawn_key)})"
    )


def _run(j: int) -> Any:
    fn, args = _JOB[0]
    return fn(*args[j])


def _failed(j: int, count: int, labels: Sequence[str] | None, exc: BaseException) -> ChunkFailed:
    what = f"chunk {j} of {count}" + (f" ({labels[j]})" if labels else "")
    if type(exc).__name__ in ("BrokenProcessPool", "BrokenExecutor", "KilledWorker"):
        why = f"its worker died ({type(exc).__name__}: {exc})"
    else:
        why = f"it raised {type(exc).__name__}: {exc}"
    return ChunkFailed(
        f"{what} failed: {why}. No result is returned for the run; run it again (the same "
        "seed gives the same battles)"
    )


def run_chunks(
    fn: Callable[..., Any],
    args: Sequence[tuple[Any, ...]],
    workers: int = 1,
    done: Callable[[Any], None] | None = None,
    *,
    executor: Executor | None = None,
    labels: Sequence[str] | None = None,
) -> list[Any]:
    """``[fn(*args[0]), ..., fn(*args[-1])]`` in that order, played on ``executor`` when one
    is given, else in this process (``workers`` 1) or on up to ``workers`` forked processes.

    ``fn`` is a module-level function and each ``args[j]`` picklable (they travel to the
    executor's workers). ``done`` is called with each result as its chunk completes (in any
    order: the progress bar's tick). ``labels[j]`` names chunk ``j``'s work and seed in the
    :class:`~kit.errors.ChunkFailed` raised when it fails.
    """
    executor = check_executor(executor)
    count = len(args)
    if executor is None and min(workers, count) <= 1:
        out = []
        for a in args:
            out.append(fn(*a))
            if done is not None:
                done(out[-1])
        return out
    if executor is not None:
        return _on(executor, lambda j: executor.submit(fn, *args[j]), count, done, labels)
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    _JOB[:] = [(fn, args)]
    try:
        ctx = mp.get_context("fork")
        with ProcessPoolExecutor(max_workers=min(workers, count), mp_context=ctx) as pool:
            return _on(pool, lambda j: pool.submit(_run, j), count, done, labels)
    finally:
        _JOB.clear()


def _on(
    executor: Executor,
    submit: Callable[[int], Future[Any]],
    count: int,
    done: Callable[[Any], None] | None,
    labels: Sequence[str] | None,
) -> list[Any]:
    """Submit every chunk, collect them as they complete; on the first failure cancel the
    rest and raise."""
    futures: list[Future[Any]] = []
    try:
        for j in range(count):
            futures.append(submit(j))  # noqa: PERF401 - the count so far names the chunk refused
    except RuntimeError as exc:  # shut down (or broken) before the run began
        for f in futures:
            f.cancel()
        raise ChunkFailed(
            f"the executor {type(executor).__name__} cannot take chunk {len(futures)} of "
            f"{count}: {exc}. Give an executor that is running (not shut down), or none"
        ) from exc
    index = {f: j for j, f in enumerate(futures)}
    pending = set(futures)
    try:
        while pending:
            finished, pending = wait(pending, return_when=FIRST_EXCEPTION)
            for f in sorted(finished, key=index.__getitem__):
                err = f.exception()
                if err is not None:
                    raise _failed(index[f], count, labels, err) from err
                if done is not None:
                    done(f.result())
    finally:
        for f in pending:
            f.cancel()
    return [f.result() for f in futures]


def concat(parts: Sequence[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The chunks' result arrays joined in chunk order."""
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}

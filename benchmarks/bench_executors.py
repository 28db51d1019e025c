"""What a cluster costs: one rule-impact sweep on 1 process, 2 processes and a Dask cluster.

    python benchmarks/bench_executors.py [--n 4000] [--workers 2]

The sweep is ``rule_impact`` of a house rule (three rounds at most) for Raiders against
garrisons of Loaders and Frigates, 1 to 8 of each: 32 cells of ``--n`` battles, one cell a
chunk. Rows (wall seconds, since the point is the work spread over processes; CPU seconds of
this process beside them):

* one process: the chunks one after another on a single worker thread of this process
  (``ThreadPoolExecutor(1)``; the reference);
* the default (no executor: the kit's own forked pool over every core, as a sweep of
  100,000 battles or more gets);
* a ``ProcessPoolExecutor`` of ``--workers`` forked processes;
* a Dask ``LocalCluster`` of ``--workers`` processes on loopback, through
  ``client.get_executor()`` (skipped when dask is not installed: ``pip install gm-kit[cluster]``).
  Starting the cluster is timed apart: it is paid once per session, not per sweep.

Every row's numbers are compared with the reference's: the same seed must give the same
numbers on every executor. On a shared machine the speed-up is bounded by the cores free.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")

from kit.successors.combat import CombatRules, Side, rule_impact


def sweep(n: int, executor: Executor | None) -> Any:
    raiders = Side("Raiders", ships={"Frigate": 3, "Cruiser": 2})
    return rule_impact(
        None,
        CombatRules(max_rounds=3),
        raiders,
        ["Loader", "Frigate"],
        range(1, 9),
        n=n,
        seed=1,
        executor=executor,
    )


def timed(fn: Callable[[], Any]) -> tuple[float, float, Any]:
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - w, time.process_time() - c, out


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--n", type=int, default=4000, help="battles per cell")
    p.add_argument("--workers", type=int, default=2, help="processes of the pool and cluster")
    args = p.parse_args()
    sweep(50, None)  # warm up (imports, tables)
    with ThreadPoolExecutor(1) as one:
        wall_ref, cpu_ref, ref = timed(lambda: sweep(args.n, one))
    print(f"{'one sweep, 32 cells x ' + str(args.n):<40}{'wall':>8} {'CPU here':>9}  numbers")
    print(f"{'1 process (reference)':<40}{wall_ref:>7.2f}s {cpu_ref:>8.2f}s")
    wall, cpu, out = timed(lambda: sweep(args.n, None))
    print(
        f"{'default (the kit’s own pool, every core)':<40}{wall:>7.2f}s {cpu:>8.2f}s  "
        f"{'same' if out == ref else 'DIFFERENT'} (speed-up {wall_ref / wall:.2f})"
    )
    ctx = mp.get_context("fork")
    with ProcessPoolExecutor(args.workers, mp_context=ctx) as pool:
        wall, cpu, out = timed(lambda: sweep(args.n, pool))
    print(
        f"{f'ProcessPoolExecutor, {args.workers} processes':<40}{wall:>7.2f}s {cpu:>8.2f}s  "
        f"{'same' if out == ref else 'DIFFERENT'} (speed-up {wall_ref / wall:.2f})"
    )
    try:
        import distributed
    except ImportError:
        print("Dask LocalCluster: skipped (pip install 'gm-kit[cluster]')")
        return
    start = time.perf_counter()
    cluster = distributed.LocalCluster(
        n_workers=args.workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )
    client = distributed.Client(cluster)
    started = time.perf_counter() - start
    try:
        executor = client.get_executor()
        sweep(50, executor)  # the workers import the kit once
        wall, cpu, out = timed(lambda: sweep(args.n, executor))
    finally:
        client.close()
        cluster.close()
    print(
        f"{f'Dask LocalCluster, {args.workers} workers':<40}{wall:>7.2f}s {cpu:>8.2f}s  "
        f"{'same' if out == ref else 'DIFFERENT'} (speed-up {wall_ref / wall:.2f}; starting "
        f"the cluster {started:.1f}s, once)"
    )


if __name__ == "__main__":
    main()

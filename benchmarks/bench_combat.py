"""Successors combat speed: whole battles per second for the rule book's first example.

    python benchmarks/bench_combat.py

Releata (Battle 5+3, Combat Reflexes) with two Battleships and eight Drones enters the orbit
of a 25-ship garrison (2 Servos, 8 Drones, 5 Gunboats, 5 Frigates, 5 Cruisers). Prints the
battles per second of the vectorised simulation (target: 20,000 battles in under 5 s on one
core), of the event-log :class:`Battle` engine in plain Python in the same process, and the
ratio between them. Both use ``AutoPolicy(takeover=False)``: the fast path does not vectorise
Take-Overs, and Releata's Sensors could otherwise lock on.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from kit.successors.combat import AutoPolicy, simulate
from kit.successors.examples import example_one


def main() -> None:
    battle = example_one()
    policy = AutoPolicy(takeover=False)
    simulate(battle, 500, seed=0, policy=policy, method="fast", progress=False)  # warm up
    n_fast = 20_000
    t = time.perf_counter()
    fast = simulate(battle, n_fast, seed=1, policy=policy, method="fast", progress=False)
    t_fast = time.perf_counter() - t
    n_slow = 200
    t = time.perf_counter()
    slow = simulate(battle, n_slow, seed=2, policy=policy, method="engine", progress=False)
    t_slow = time.perf_counter() - t
    rate_fast, rate_slow = n_fast / t_fast, n_slow / t_slow
    print(
        f"fast (numpy):  {n_fast} battles in {t_fast:.2f} s = {rate_fast:,.0f} battles/s "
        f"(target: 20,000 in < 5 s: {'met' if t_fast < 5 else 'NOT met'})"
    )
    print(
        f"engine (Battle event log, plain Python): {n_slow} battles in {t_slow:.2f} s = "
        f"{rate_slow:,.0f} battles/s"
    )
    print(f"ratio fast / engine: {rate_fast / rate_slow:,.0f}x")
    print("fast:   " + fast.summary().replace("\n", "\n        "))
    print("engine: " + slow.summary().replace("\n", "\n        "))


if __name__ == "__main__":
    main()

"""Successors combat speed: whole battles per second for the rule book's first example.

    python benchmarks/bench_combat.py

Releata (Battle 5+3, Combat Reflexes) with two Battleships and eight Drones enters the orbit
of a 25-ship garrison (2 Servos, 8 Drones, 5 Gunboats, 5 Frigates, 5 Cruisers). Prints the
battles per second of the vectorised simulation (target: 20,000 battles in under 5 s on one
core), of the event-log :class:`Battle` engine in plain Python in the same process, and the
ratio between them. Both use ``AutoPolicy(takeover=False)``: the fast path does not vectorise
Take-Overs, and Releata's Sensors could otherwise lock on.

Then the default policy (``AutoPolicy()``: Sensors and Take-Overs on), which the fast path does
not cover, so ``simulate`` plays it on the engine: battles per second of this checkout beside
the engine as it stood before the issue #13 speed work (commit ``BEFORE``, extracted with
``git archive`` and timed in a child process the same way), and the ratio of each to the
vectorised rate above. Both engine figures are CPU time, best of three runs of the same seeded
battles, and the two must give the same numbers (checked).

    python benchmarks/bench_combat.py [--before REV]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from kit.successors.combat import AutoPolicy, simulate
from kit.successors.examples import example_one

#: The commit before the engine's speed work (issue #13): the "before" of the default-policy row.
BEFORE = "61e6b33"

#: Timed both here and in the child process running the old code: CPU seconds, best of three.
ENGINE_TIMING = """
import json, sys, time
from kit.successors.combat import AutoPolicy, simulate
from kit.successors.examples import example_one
n, repeat = int(sys.argv[1]), int(sys.argv[2])
battle = example_one()
simulate(battle, 5, seed=0, policy=AutoPolicy(), method="engine", progress=False)
best, res = float("inf"), None
for _ in range(repeat):
    t = time.process_time()
    res = simulate(battle, n, seed=2, policy=AutoPolicy(), method="engine", progress=False)
    best = min(best, time.process_time() - t)
print(json.dumps({"rate": n / best, "outcome": res.outcome.tolist(), "rounds": res.rounds.tolist(),
                  "ru_lost": res.ru_lost.tolist()}))
"""


def engine_default(n: int, repeat: int, root: Path | None = None) -> dict | None:
    """Run :data:`ENGINE_TIMING` with the kit at ``root`` (None: this checkout)."""
    import json

    env = dict(os.environ)
    if root is not None:
        env["PYTHONPATH"] = str(root)
    out = subprocess.run(
        [sys.executable, "-c", ENGINE_TIMING, str(n), str(repeat)],
        capture_output=True,
        text=True,
        env=env,
        cwd=root or Path(__file__).resolve().parent.parent,
    )
    if out.returncode:
        print(f"  (the run failed: {out.stderr.strip().splitlines()[-1:]})")
        return None
    return json.loads(out.stdout)


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument(
        "--before", default=BEFORE, help="commit of the engine before (default %(default)s)"
    )
    args.add_argument("--engine-n", type=int, default=100, help="battles per engine run")
    opts = args.parse_args()
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

    print()
    print(f"default policy AutoPolicy() on example one (engine), {opts.engine_n} battles:")
    after = engine_default(opts.engine_n, 3)
    before = None
    with tempfile.TemporaryDirectory() as tmp:
        tree = subprocess.run(
            ["git", "archive", opts.before, "kit"],
            capture_output=True,
            cwd=Path(__file__).resolve().parent.parent,
        )
        if tree.returncode:
            print(f"  before: cannot extract {opts.before!r} ({tree.stderr.decode().strip()})")
        else:
            subprocess.run(["tar", "-x", "-C", tmp], input=tree.stdout, check=True)
            before = engine_default(opts.engine_n, 3, Path(tmp))
    if after is not None:
        print(
            f"  {'after (this checkout):':<30}{after['rate']:8.1f} battles/s"
            f"   ratio to the vectorised rate above: {after['rate'] / rate_fast:.4f}"
        )
    if before is not None:
        print(
            f"  {f'before ({opts.before}, pre-#13):':<30}{before['rate']:8.1f} battles/s"
            f"   ratio to the vectorised rate above: {before['rate'] / rate_fast:.4f}"
        )
    if after is not None and before is not None:
        same = all(after[k] == before[k] for k in ("outcome", "rounds", "ru_lost"))
        print(
            f"  after / before: {after['rate'] / before['rate']:.2f}x; "
            f"same results battle by battle: {'yes' if same else 'NO'}"
        )


if __name__ == "__main__":
    main()

"""Successors combat speed: the kit's battle simulation against an expert's numpy reference.

    python benchmarks/bench_combat.py [--engine] [--n 20000] [--repeat 3]

The reference (:mod:`combat_reference`, written from the rule text and the rulings, not from
the kit's code) plays the same battles the way an expert would write them for speed: per-rank
binomial hit counts, hits allocated to ships in allocation order by cumulative sums over the
whole batch at once, damage rolls only for the ships hit, and finished battles compacted out of
the arrays every round. It covers the rules of these battles only (see its docstring).

Rows, each in one process: CPU seconds, the median of ``--repeat`` runs of the same seeded
battles (kit and reference runs alternate, so a busy machine slows both alike), and the
answers compared (side 0's win rate and the mean rounds fought, each within 4 standard errors
of the difference):

* the default policy ``AutoPolicy()`` on the text's first example (Releata, two Battleships
  and eight Drones, three ships under Control, against the 25-ship Takeru garrison);
* the same with Take-Overs off (``AutoPolicy(takeover=False)``);
* 10, 100 and 1,000 ships a side: two fleets without entities, each the garrison's mix;
* importing the engines (``kit.regulus``, ``kit.boards``, ``kit.successors`` and
  ``kit.successors.combat``) as a multiple of importing numpy, each in fresh interpreters
  (the median of ``--imports`` alternating runs).

Goals (issue #26): every battle row at a ratio of 1.0 or more (kit battles per second over the
reference's); the import at most 2.0 times numpy's. ``--engine`` also times the event-log
engine on the default policy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
from combat_reference import reference

from kit.successors.combat import AutoPolicy, Battle, Side, simulate
from kit.successors.examples import example_one

GARRISON = [("SERVO", 2), ("DRONE", 8), ("GUNBOAT", 5), ("FRIGATE", 5), ("CRUISER", 5)]
RELEATA = {"battle": 8, "control": 3, "handling": 1, "information": 1, "sensors": 1}
ENGINES = "import kit.regulus, kit.boards, kit.successors, kit.successors.combat"

Answer = tuple[np.ndarray, np.ndarray]  # (winner per battle, -1 a draw; rounds fought)


def kit_answer(battle: Battle, n: int, policy: Any = None) -> Answer:
    r = simulate(battle, n, seed=1, policy=policy, progress=False)
    won = r.outcome == 0
    winner = np.where(won.any(axis=1), np.argmax(won, axis=1), -1)
    return winner, r.rounds


def alternate(fns: list[Callable[[], Any]], repeat: int) -> tuple[list[float], list[Any]]:
    """Median CPU seconds of each function over ``repeat`` alternating runs, and its answer."""
    times: list[list[float]] = [[] for _ in fns]
    out: list[Any] = [None] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t = time.process_time()
            out[i] = fn()
            times[i].append(time.process_time() - t)
    return [statistics.median(t) for t in times], out


def agree(a: np.ndarray, b: np.ndarray) -> bool:
    """Means within 4 standard errors of their difference."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    se = np.sqrt(a.var() / len(a) + b.var() / len(b)) + 1e-12
    return bool(abs(a.mean() - b.mean()) <= 4 * se)


def compare(label: str, kit_fn: Any, ref_fn: Any, n: int, repeat: int) -> float:
    kit_fn(), ref_fn()  # warm up (tables, imports)
    (t_kit, t_ref), (kit, ref) = alternate([kit_fn, ref_fn], repeat)
    wins = kit[0] == 0, ref[0] == 0
    same = agree(*wins) and agree(kit[1], ref[1])
    ratio = t_ref / t_kit
    print(
        f"{label:<38}{n / t_kit:>10,.0f}/s {n / t_ref:>10,.0f}/s  ratio {ratio:5.2f} "
        f"(goal >= 1: {'met' if ratio >= 1 else 'NOT met'})  side 0 wins "
        f"{wins[0].mean():.3f} vs {wins[1].mean():.3f}, rounds {kit[1].mean():.2f} vs "
        f"{ref[1].mean():.2f} ({'same' if same else 'DIFFERENT'} within 4 SE)"
    )
    return ratio


def import_seconds(statement: str) -> tuple[float, float]:
    """(wall, CPU) seconds ``statement`` takes in a fresh interpreter (timed inside it)."""
    code = (
        "import time; w, c = time.perf_counter(), time.process_time(); "
        f"{statement}; print(time.perf_counter() - w, time.process_time() - c)"
    )
    # as an installed package imports: from compiled bytecode (a machine that sets
    # PYTHONDONTWRITEBYTECODE would otherwise compile the kit's source on every run, while
    # numpy's bytecode comes with its wheel)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    wall, cpu_s = out.stdout.split()
    return float(wall), float(cpu_s)


def import_row(runs: int) -> float:
    """Importing the engines against importing numpy, alternating fresh interpreters; the
    ratio of the median CPU times (wall time, shown too, swings with a busy machine)."""
    kit, ref = [], []
    import_seconds(ENGINES)  # writes the kit's bytecode, as installing a wheel does
    for _ in range(runs):
        ref.append(import_seconds("import numpy"))
        kit.append(import_seconds(ENGINES))
    kw, kc = (statistics.median(x) for x in zip(*kit))
    rw, rc = (statistics.median(x) for x in zip(*ref))
    ratio = kc / rc
    print(
        f"{'importing the engines / numpy (CPU)':<38}{1000 * kc:>9.0f} ms {1000 * rc:>9.0f} ms  "
        f"ratio {ratio:5.2f} (goal <= 1.5: {'met' if ratio <= 1.5 else 'NOT met'})  wall "
        f"{1000 * kw:.0f} vs {1000 * rw:.0f} ms = {kw / rw:.2f}"
    )
    return ratio


def main() -> None:
    args = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    args.add_argument("--engine", action="store_true", help="also time the event-log engine")
    args.add_argument("--n", type=int, default=20_000, help="battles per run of example one")
    args.add_argument("--repeat", type=int, default=3, help="alternating runs per row")
    args.add_argument("--imports", type=int, default=11, help="fresh interpreters per import")
    opts = args.parse_args()
    n = opts.n
    battle = example_one()
    releata = [[("BATTLESHIP", 2), ("DRONE", 8)], GARRISON]
    print(f"{'':<38}{'kit':>12} {'reference':>12}")
    for label, tk in (
        ("example one, AutoPolicy() (default)", True),
        ("example one, take-overs off", False),
    ):
        compare(
            label,
            lambda tk=tk: kit_answer(battle, n, None if tk else AutoPolicy(takeover=False)),
            lambda tk=tk: reference(releata, {**RELEATA, "reflexes": True}, 3, n, 2, takeover=tk),
            n,
            opts.repeat,
        )
    for ships, m in ((10, 20_000), (100, 4_000), (1000, 400)):
        mix = [(t, max(1, round(k * ships / 25))) for t, k in GARRISON]
        size = sum(k for _, k in mix)
        big = Battle([Side(f"S{i}", ships=mix) for i in range(2)], seed=1)
        compare(
            f"{size} ships a side (no entities)",
            lambda big=big, m=m: kit_answer(big, m),
            lambda mix=mix, m=m: reference([mix, mix], None, 0, m, 2, takeover=False),
            m,
            opts.repeat,
        )
    import_row(opts.imports)
    if opts.engine:
        m = 200
        t = time.process_time()
        res = simulate(battle, m, seed=2, method="engine", progress=False)
        t = time.process_time() - t
        print(f"event-log engine, AutoPolicy(): {m / t:,.0f} battles/s; {res}")


if __name__ == "__main__":
    main()

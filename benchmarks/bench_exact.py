"""Benchmark: exact battle odds against simulations of standard error 0.5 points.

    python benchmarks/bench_exact.py [--cap 10]

Rows (seconds; the box may be shared):

* battles of 1, 2, 4, 8 and 12 Frigates a side, and a few small mixed ones: the exact engine's
  time, the states it explored and states per second (``--cap`` seconds at most: past it the
  row says where the engine gave up);
* the reference: a simulation reaching a standard error of 0.5 points on a chance near one
  half (10,000 battles), on the vectorised path (timed) and on the event-log engine (300
  battles timed, scaled to 10,000) - the engine is what plays policies and battles the
  vectorised path does not cover;
* what ``battle_odds(battle)`` does by default, and whether, where it answers exactly, it is
  faster than the simulation it replaces (the vectorised one where it covers the battle, else
  the engine's). The goal: "yes" on every row where the default is exact.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")

from kit import limits
from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, Side, battle_odds, exact_odds, simulate
from kit.successors.combat.exact import ExactTooLarge, auto_budget
from kit.successors.combat.simulate import fast_supported

#: Battles a simulation needs for a standard error of 0.5 points at a chance of one half.
SIM_N = 10_000
ENGINE_SAMPLE = 300


def battles() -> list[tuple[str, Battle, AutoPolicy]]:
    out = [
        (
            f"{k} Frigates a side",
            Battle([Side("A", ships={"Frigate": k}), Side("B", ships={"Frigate": k})]),
            AutoPolicy(),
        )
        for k in (1, 2, 4, 8, 12)
    ]
    out += [
        (
            "Frigate v 2 Gunboats",
            Battle([Side("A", ships={"Frigate": 1}), Side("B", ships={"Gunboat": 2})]),
            AutoPolicy(),
        ),
        (
            "Cruiser v 2 Frigates",
            Battle([Side("A", ships={"Cruiser": 1}), Side("B", ships={"Frigate": 2})]),
            AutoPolicy(),
        ),
        (
            "Self-Repairing entity v Frigate",
            Battle(
                [
                    Side(
                        "A",
                        Entity(
                            "E",
                            battle=2,
                            control=1,
                            handling=1,
                            information=1,
                            sensors=1,
                            edges=["Self-Repairing"],
                        ),
                    ),
                    Side("B", ships={"Frigate": 1}),
                ]
            ),
            AutoPolicy(),
        ),
    ]
    # gathering is played by the event-log engine only: there the exact answer replaces it
    two = Battle([Side("A", ships={"Frigate": 2}), Side("B", ships={"Frigate": 2})])
    out.append(("2 Frigates a side, gathering on", two, AutoPolicy(gather=True)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cap", type=float, default=limits.EXACT_MAX_SECONDS)
    args = ap.parse_args()
    print(
        f"limits: EXACT_MAX_STATES={limits.EXACT_MAX_STATES}, EXACT_MAX_SECONDS="
        f"{limits.EXACT_MAX_SECONDS}, EXACT_MAX_UNITS={limits.EXACT_MAX_UNITS}, "
        f"EXACT_FAST_STATES={limits.EXACT_FAST_STATES}, EXACT_FAST_SECONDS={limits.EXACT_FAST_SECONDS}"
    )
    head = (
        f"{'battle':34} {'exact s':>8} {'states':>7} {'states/s':>9} {'fast sim s':>10} "
        f"{'engine sim s':>12} {'default':>9} {'faster?':>8}"
    )
    print(head)
    print("-" * len(head))
    bad = 0
    for label, b, policy in battles():
        t = time.perf_counter()
        try:
            o = exact_odds(b, policy, max_states=10**6, max_seconds=args.cap)
            te, states = time.perf_counter() - t, o.states
            ex = f"{te:8.3f}"
        except ExactTooLarge as exc:
            te, states = None, exc.states
            ex = f">{args.cap:7g}"
        sps = f"{states / (te or args.cap):9.0f}"
        fresh = Battle(b.sides, seed=7)
        t = time.perf_counter()
        covered = fast_supported(b, policy) is None
        if covered:
            simulate(fresh, SIM_N, policy=policy, seed=1, progress=False)
        tf = time.perf_counter() - t if covered else float("nan")
        t = time.perf_counter()
        simulate(fresh, ENGINE_SAMPLE, policy=policy, seed=1, method="engine", progress=False)
        tg = (time.perf_counter() - t) * SIM_N / ENGINE_SAMPLE
        t = time.perf_counter()
        d = battle_odds(Battle(b.sides, seed=8), policy, seed=1)
        td = time.perf_counter() - t
        ref = tf if covered else tg
        faster = "-" if d.method != "exact" else ("yes" if td < ref else "NO")
        bad += faster == "NO"
        print(
            f"{label:34} {ex} {states:7d} {sps} {tf:10.3f} {tg:12.1f} {d.method:>9} {faster:>8}"
            f"   (default took {td:.3f} s; budget {auto_budget(b, policy)})"
        )
    print(f"\nrows where the default is exact but slower than the simulation: {bad}")


if __name__ == "__main__":
    main()

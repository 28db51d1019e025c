"""Benchmark: battle advice, the advised policy and the garrison tuner, at the table's pace.

    python benchmarks/bench_combat_advice.py [--reference 100]

Rows (CPU seconds; the box may be shared):

* ``kit.advice(battle)`` at a waiting decision of each kind the advisor plays on the
  vectorised simulation: where the garrison takes Releata's first volley (example one) and
  TanRac's (example two), Releata's first retreat, TanRac's first Take-Over target, the
  Take-Over duel's target and Releata's first Aimed Shots. Goal: under 1 s with every answer's
  standard error at most 2 points. The reference is the same advice from engine trials
  (``method="engine"``, ``--reference`` trials per answer, each a bare copy of the battle
  played by the engine's phase functions); its time is scaled to the kit's number of trials
  for the ratio, and every answer's chance is compared (within 4.5 standard errors of the
  difference plus one reference trial's share);
* ``AdvisedCombatPolicy`` playing a whole battle of example one (every side's allocations
  advised, ``n=50``). Goal: under 10 s;
* ``tune_garrison`` over 16 garrison sizes (Releata against 15..30 Frigates, 2,000 battles
  each). Goal: under 1 s. The reference simulates each size on its own
  (``simulate(battle, 2000)`` per size, the tuner's former way); every size's chance is
  compared within 4.5 standard errors.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

import kit
from kit.successors.combat import DecisionNeeded, InteractivePolicy, Side, simulate
from kit.successors.combat.advice import AdvisedCombatPolicy
from kit.successors.combat.advice import advice as advise_battle
from kit.successors.combat.tuning import garrison_battle, tune_garrison
from kit.successors.examples import example_one, example_two, releata, takeover_duel


def stopped(make: Callable[[], Any], kind: str) -> Any:
    """A fresh battle stepped to its first decision of ``kind`` (it waits there)."""
    battle = make()
    ask = InteractivePolicy(ask=(kind,))
    while True:
        try:
            battle.step_phase(ask)
        except DecisionNeeded:  # noqa: PERF203 - the loop stops at the decision
            return battle


def cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    t = time.process_time()
    out = fn()
    return time.process_time() - t, out


def close(p: float, n: int, q: float, m: int) -> bool:
    pooled = (p * n + q * m) / (n + m)
    se = np.sqrt(max(pooled * (1 - pooled), 1e-9) * (1 / n + 1 / m))
    return abs(p - q) <= 4.5 * se + 1 / m


def advice_rows(reference: int) -> None:
    cases = [
        ("example one, allocation", example_one, "allocate"),
        ("example two, allocation", example_two, "allocate"),
        ("example one, retreat", example_one, "retreat"),
        ("example two, Take-Over target", example_two, "takeover"),
        ("Take-Over duel, target", takeover_duel, "takeover"),
        ("example one, Aimed Shots", example_one, "aim"),
    ]
    print(
        f"{'kit.advice at a decision':<34}{'kit':>8} {'max SE':>7} {'answers':>8} "
        f"{'reference':>12} {'ratio':>7}  chances"
    )
    for label, make, kind in cases:
        battle = stopped(make, kind)
        kit.advice(battle, n=50, seed=99)  # warm up (tables)
        t_kit, adv = cpu(lambda b=battle: kit.advice(b, seed=0))
        t_ref, ref = cpu(
            lambda b=battle: advise_battle(b, n=reference, seed=1, method="engine", precision=None)
        )
        per_trial_ratio = (t_ref / reference) / (t_kit / adv.n)
        same = all(close(p, adv.n, ref.options[k], reference) for k, p in adv.options.items())
        se = max(adv.stderr.values())
        goal = "met" if t_kit < 1 and se <= 0.02 else "NOT met"
        print(
            f"{label:<34}{t_kit:>7.2f}s {se:>7.3f} {len(adv.options):>8} "
            f"{t_ref * adv.n / reference:>11.1f}s {per_trial_ratio:>6.0f}x  "
            f"{'same' if same else 'DIFFERENT'} (n={adv.n} vs {reference}; goal < 1 s, SE <= "
            f"0.02: {goal})"
        )


def advised_row() -> None:
    battle = example_one()
    policy = AdvisedCombatPolicy(battle, n=50)
    t, _ = cpu(lambda: battle.run(policy=policy))
    print(
        f"{'AdvisedCombatPolicy, example one':<34}{t:>7.2f}s  {len(policy.advice)} decisions "
        f"advised, {battle.result['rounds']} rounds, winner {battle.result['winner']} "
        f"(goal < 10 s: {'met' if t < 10 else 'NOT met'})"
    )


def tuner_row() -> None:
    rel = Side("Releata", releata(), ships={"Battleship": 2, "Drone": 8}, controlled=(1, 2, 3))
    counts = range(15, 31)
    tune_garrison(rel, "Frigate", 0.5, n=200, counts=counts, seed=9)  # warm up
    t_kit, tuned = cpu(lambda: tune_garrison(rel, "Frigate", 0.5, n=2000, counts=counts, seed=1))

    def one_by_one() -> dict[int, float]:
        return {
            c: simulate(
                garrison_battle(rel, "Frigate", c), 2000, seed=2, progress=False
            ).probability(0, "won")
            for c in counts
        }

    t_ref, ref = cpu(one_by_one)
    same = all(close(tuned.chances[c], 2000, ref[c], 2000) for c in counts)
    print(
        f"{'tune_garrison, 16 sizes x 2,000':<34}{t_kit:>7.2f}s  reference (one size at a time) "
        f"{t_ref:.2f}s, ratio {t_ref / t_kit:.2f}; chances {'same' if same else 'DIFFERENT'} "
        f"within 4.5 SE; {tuned.count} Frigates (goal < 1 s: {'met' if t_kit < 1 else 'NOT met'})"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--reference", type=int, default=100, help="engine trials per answer")
    args = p.parse_args()
    advice_rows(args.reference)
    advised_row()
    tuner_row()


if __name__ == "__main__":
    main()

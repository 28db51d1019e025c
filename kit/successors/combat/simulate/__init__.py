"""Battle Monte Carlo: many whole battles under automatic policies, seeded and reproducible.

Two engines give the same statistics:

* ``method="engine"`` plays each battle with :class:`~..battle.Battle` (every rule, any policy);
* ``method="fast"`` plays thousands of battles at once with numpy arrays (:mod:`.fast`). It
  covers :class:`~..policies.AutoPolicy` as it comes (Sensors and Take-Overs on, any number
  of sides, reloaders held in reserve, retreats by :class:`~..policies.RetreatAfter` or
  :class:`~..policies.RetreatWhenLosses`) for ships and entities fighting in the three attack
  phases with multi-hit ships, Combat Reflexes, Control, repairs, reconditioning and the
  neutralized entity's self-repair. :func:`fast_supported` names what it does not cover
  (gathering, Static Defenses, Busters, racks, Cubes, some traits...); ``method="auto"`` (the
  default) uses it when it covers the battle, else the engine.

Both paths call the same rules: the rules on numbers of :mod:`~..core_rules`, the allocation of
:func:`~..allocation.plan_wave`, and tables the fast path builds from the engine's own
functions and the policy's own answers (see :mod:`.tables` and :mod:`.fast`). A test plays
both on many generated setups and compares them.

The package splits along its seams: :mod:`.result` (the result type), :mod:`.support` (what the
fast path covers), :mod:`.tables` and :mod:`.fast` (the fast path), and this module's driver.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from .... import validate
from ....errors import InvalidInput
from ....rng import SeedLike, make_rng
from ..policies import AutoPolicy
from .fast import run_fast
from .result import OUTCOMES, SimulationResult
from .support import fast_supported

__all__ = ["OUTCOMES", "SimulationResult", "fast_supported", "simulate"]


def simulate(
    battle: Any,
    n: int = 1000,
    *,
    policy: Any = None,
    seed: SeedLike = None,
    method: str = "auto",
    progress: bool | None = None,
    max_rounds: int | None = None,
    chunk: int = 20000,
) -> SimulationResult:
    """Simulate ``n`` battles from ``battle``'s setup (the battle itself is not changed).

    Args:
        battle: a :class:`~.battle.Battle` (its sides, rules and jammer are used).
        n: number of battles.
        policy: automatic policy (default :class:`AutoPolicy`).
        seed: seeds the whole run (recorded in the result).
        method: ``"fast"``, ``"engine"`` or ``"auto"`` (fast when it covers the battle).
        progress: show a tqdm bar (default: for runs of 20,000 battles or more).
        max_rounds: rounds before a draw (default the rules').
        chunk: battles per vectorised batch.
    """
    from ..battle import Battle

    n = validate.integer("n", n, 1, 10_000_000)
    validate.choice("method", method, ("auto", "fast", "engine"))
    policy = policy if policy is not None else AutoPolicy()
    rng, recorded = make_rng(seed)
    limit = max_rounds if max_rounds is not None else battle.rules.max_rounds
    why = fast_supported(battle, policy)
    if method == "fast" and why:
        raise InvalidInput(f"method='fast' cannot run this battle: {why}")
    use = "fast" if method == "fast" or (method == "auto" and why is None) else "engine"
    show = progress if progress is not None else n >= 20000
    bar = None
    if show:
        from tqdm.auto import tqdm

        if sys.platform == "emscripten":
            tqdm.monitor_interval = 0  # Pyodide starts no threads: no monitor thread for the bar
        bar = tqdm(total=n, desc=f"battles ({use})", leave=False)
    names = [s.name for s in battle.sides]
    if use == "fast":
        parts = []
        done = 0
        while done < n:
            m = min(chunk, n - done)
            parts.append(run_fast(battle, policy, m, rng, limit))
            done += m
            if bar is not None:
                bar.update(m)
        cat = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    else:
        S = len(battle.sides)
        cat = {
            "outcome": np.zeros((n, S), int),
            "ru_lost": np.zeros((n, S)),
            "rounds": np.zeros(n, int),
            "first_hits": np.full((n, S), -1),
        }
        seeds = rng.integers(0, 2**62, size=n)
        for j in range(n):
            b = Battle(battle.sides, rules=battle.rules, seed=int(seeds[j]), jammer=battle.jammer)
            b.run(limit, policy)
            res = b.result
            assert res is not None
            for i, srow in enumerate(res["sides"]):
                cat["outcome"][j, i] = OUTCOMES.index(srow["outcome"])
                cat["ru_lost"][j, i] = srow["ru_lost"]
            cat["rounds"][j] = res["rounds"]
            for e in b.log:
                if (
                    e.kind == "attack"
                    and not e.get("aimed")
                    and cat["first_hits"][j, e["side"]] < 0
                ):
                    cat["first_hits"][j, e["side"]] = e["hits"]
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    return SimulationResult(
        names, cat["outcome"], cat["ru_lost"], cat["rounds"], recorded, use, cat["first_hits"]
    )

"""Benchmark: the combat advisor at the text's first example's first allocation decision.

    python benchmarks/bench_combat_advice.py [--n 200] [--repeat 3] [--check]

Releata's First Strike lands on the garrison (2 Servos, 8 Drones, 5 Gunboats, 5 Frigates,
5 Cruisers) and the battle stops for the garrison's allocation. The script prints one JSON
line with

* ``advise_s``: :func:`~kit.successors.combat.advice.advise_battle` with ``n`` battles per
  answer (its built-in answers: ruling 4's default and the priciest ships first; the spread
  answer equals the default here and is dropped), and ``ms_per_battle``, its time per battle
  played;
* ``reference_s``: the same answers and seeds played the way a GM script would without the
  advisor: a saved copy of the battle reloaded (``Battle.from_json``) per battle, the phase's
  faces passed in, the answer queued on an :class:`InteractivePolicy` and the battle run with
  :class:`AutoPolicy`. Every chance is compared with the advisor's (they must be equal);
  ``ratio`` is advisor time / reference time;
* ``clear_s`` / ``clear_n``: the advisor with ``n=2000`` and ``stop_when_clear=True`` (batches
  of 100 battles until the best answer leads by 4 standard errors), as a table hint would run;
* ``fresh_ms_per_battle``: ``simulate(..., method="engine")`` from the setup, the engine's
  own cost of a whole battle, for scale (the advisor plays from round 1's First Strike on).

The advisor plays every battle on the engine: the vectorised simulation starts from a setup,
not from a battle in progress. ``--check`` exits 1 when the advisor is slower than the
reference or a chance differs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

from kit.successors.combat import AutoPolicy, Battle, DecisionNeeded, InteractivePolicy, simulate
from kit.successors.combat.advice import advise_battle, battle_candidates
from kit.successors.examples import example_one


def first_allocation(battle: Battle) -> dict:
    ask = InteractivePolicy(ask=("allocate",))
    while True:
        try:
            battle.step_phase(ask)
        except DecisionNeeded as need:  # noqa: PERF203 - leaves the loop
            return need.decision


def reference(battle: Battle, decision: dict, answers: dict, n: int, seed: int) -> dict:
    """Chances by the plain route: reload, script the phase's faces, answer, run."""
    trial = Battle.from_json(battle.to_json())
    ask = InteractivePolicy(ask=("allocate",))
    ask.answer(decision, decision["default"])
    faces = [f for e in trial.step_phase(ask) if e.kind == "attack" for f in e["faces"]]
    seeds = np.random.default_rng(seed).integers(0, 2**62, size=n)
    text = battle.to_dict()
    side = decision["side"]
    out = {}
    for label, answer in answers.items():
        wins = 0
        for s in seeds:
            b = Battle.from_dict({**text, "seed": int(s)})
            ask = InteractivePolicy(ask=("allocate",), sides=(side,))
            ask.answer(decision, answer)
            b.step_phase(ask, faces=faces)
            b.run(policy=AutoPolicy())
            wins += b.result["winner_index"] == side
        out[label] = wins / n
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--n", type=int, default=200, help="battles per answer (default 200)")
    p.add_argument("--repeat", type=int, default=3, help="alternating runs of each (default 3)")
    p.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    args = p.parse_args()
    battle = example_one()
    decision = first_allocation(battle)
    advise_battle(battle, decision, n=5, seed=99)  # warm up
    # the advisor's own answers, by label, for the reference to replay
    trial = Battle.from_json(battle.to_json())
    answers = battle_candidates(trial.state, decision)
    # advisor and reference alternate, fastest of --repeat each (the box is shared)
    advise_s = reference_s = float("inf")
    for _ in range(args.repeat):
        t = time.perf_counter()
        advice = advise_battle(battle, decision, n=args.n, seed=0)
        advise_s = min(advise_s, time.perf_counter() - t)
        t = time.perf_counter()
        ref = reference(battle, decision, answers, args.n, 0)
        reference_s = min(reference_s, time.perf_counter() - t)
    assert set(answers) == set(advice.options)
    t = time.perf_counter()
    simulate(battle, 50, seed=1, method="engine", progress=False)
    fresh = (time.perf_counter() - t) / 50
    t = time.perf_counter()
    clear = advise_battle(battle, decision, n=2000, seed=0, stop_when_clear=True)
    clear_s = time.perf_counter() - t
    played = args.n * len(advice.options)
    same = ref == advice.options
    row = {
        "decision": f"{decision['kind']} {decision['hits']} hits, side {decision['side']}",
        "answers": len(advice.options),
        "n": args.n,
        "advise_s": round(advise_s, 3),
        "ms_per_battle": round(1000 * advise_s / played, 3),
        "reference_s": round(reference_s, 3),
        "ratio": round(advise_s / reference_s, 3),
        "clear_s": round(clear_s, 3),
        "clear_n": clear.n,
        "fresh_ms_per_battle": round(1000 * fresh, 3),
        "chances_equal": same,
        "best": advice.best,
    }
    print(json.dumps(row))
    print(repr(advice))
    if args.check and (not same or advise_s > reference_s):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

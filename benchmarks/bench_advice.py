"""The advisor's speed figures, each beside a plain reference run in the same process.

    python benchmarks/bench_advice.py

Prints:
* ``kit.advice`` at a Knockout of a Difficulty 7, Clock 7 heist with five crew (target: under
  50 ms), against the reference that forces each answer on a copy of the job and runs the exact
  odds with ``AdvisedPolicy`` after it (the same numbers by another route; they are compared);
* ``kit.regulus.tune`` over the whole 5 x 5 Difficulty x Clock grid (target: under 1 s), against
  ``odds()`` called on each of the 25 jobs one by one; the nearest setups are compared.
"""

from __future__ import annotations

from _timing import best_of

import kit
from kit.regulus import AdvisedPolicy, Condition, Job, Operative, odds, tune


def _knockout_job() -> Job:
    crew = [
        Operative(f"Operative {i}", g, ["gear"])
        for i, g in enumerate(["Face", "Hacker", "Muscle", "Wheel", "Thief"])
    ]
    job = Job("heist", 7, 7, crew, [Condition.gig_active("Hacker")], seed=1)
    job.roll(2)  # a Knockout on the first roll: the largest walk still ahead
    assert job.pending == "knockout"
    return job


def _advice_reference(job: Job) -> dict[str, float]:
    out = {}
    for op in reversed(job.roster):
        forced = job.copy()
        forced.decide_knockout(op.name)
        out[op.name] = odds(forced, AdvisedPolicy(forced)).success
    return out


def _tune_reference(crew: list[Operative], target: float) -> list[tuple[int, int, float]]:
    rows = [
        (d, c, odds(Job("heist", d, c, crew, seed=0)).success)
        for d in range(3, 8)
        for c in range(3, 8)
    ]
    return sorted(rows, key=lambda r: (abs(r[2] - target), r[0], -r[1]))


def main() -> None:
    job = _knockout_job()
    advice_t = best_of(lambda: kit.advice(job), repeat=5)
    ref_t = best_of(lambda: _advice_reference(job), repeat=1)
    got, ref = kit.advice(job).options, _advice_reference(job)
    diff = max(abs(got[k] - ref[k]) for k in ref)
    print(f"advice at a Knockout, D7 C7 crew 5: {advice_t * 1000:8.1f} ms   (target < 50 ms)")
    print(
        f"  reference: force each answer + odds(AdvisedPolicy): {ref_t * 1000:8.1f} ms"
        f"   ratio {ref_t / advice_t:6.1f}x; largest difference {diff:.1e}"
    )

    crew = [Operative(f"Operative {i}", "Crew") for i in range(3)]
    tune_t = best_of(lambda: tune("heist", crew, 0.6), repeat=3)
    grid_t = best_of(lambda: _tune_reference(crew, 0.6), repeat=1)
    mine = [(t.difficulty, t.clock) for t in tune("heist", crew, 0.6)]
    theirs = [(d, c) for d, c, _ in _tune_reference(crew, 0.6)[:5]]
    print(f"tune over the 5 x 5 grid, crew 3:   {tune_t * 1000:8.1f} ms   (target < 1000 ms)")
    print(
        f"  reference: odds() on each of 25 jobs:           {grid_t * 1000:8.1f} ms"
        f"   ratio {grid_t / tune_t:6.1f}x; same five nearest: {mine == theirs}"
    )


if __name__ == "__main__":
    main()

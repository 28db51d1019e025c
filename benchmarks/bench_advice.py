"""The advisor's speed figures, each beside a plain reference run in the same process.

    python benchmarks/bench_advice.py

Prints:
* ``kit.advice`` at a Knockout of a Difficulty 7, Clock 7 heist with five crew (target: under
  50 ms), against the reference that forces each answer on a copy of the job and runs the exact
  odds with ``AdvisedPolicy`` after it (the same numbers by another route; they are compared);
* ``kit.regulus.tune`` over the whole 5 x 5 Difficulty x Clock grid (target: under 1 s), against
  ``odds()`` called on each of the 25 jobs one by one; the nearest setups are compared;
* ``kit.boards.tune`` over its whole grid for eight cards (495 rows of values 4..8, goals
  1..8), standard and limit (target: under 1 s each), against ``odds()`` called on each of the
  3,960 boards one by one; every cell's chance and the whole ranking are compared.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from _timing import best_of

import kit
from kit.boards import LimitBoard, StandardBoard
from kit.boards import odds as board_odds
from kit.boards import tune as tune_board
from kit.regulus import AdvisedPolicy, Condition, Job, Operative, odds, tune


def _knockout_job() -> Job:
    crew = [
        Operative(f"Operative {i}", g, ("gear",))
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


def _tune_board_reference(length: int, kind: str, target: float) -> list[tuple[Any, ...]]:
    """Every board of the grid built and priced on its own with ``odds()``, nearest first."""
    rows = []
    for g in range(1, length + 1):
        for cards in itertools.combinations_with_replacement(range(4, 9), length):
            board = (
                StandardBoard(cards, goal=g) if kind == "standard" else LimitBoard(cards, need=g)
            )
            rows.append((cards, g, float(board_odds(board, "2d6").success or 0)))
    return sorted(rows, key=lambda r: (abs(r[2] - target), r[1], r[0]))


def _board_tuner_rows(target: float) -> None:
    cells = math.comb(5 + 8 - 1, 8) * 8  # 495 increasing rows of values 4..8, goals 1..8
    for kind in ("standard", "limit"):

        def mine_fn(k: str = kind) -> object:
            return tune_board(8, target, "2d6", kind=k)

        def ref_fn(k: str = kind) -> object:
            return _tune_board_reference(8, k, target)

        kit_t = best_of(mine_fn, repeat=5)
        ref_t = best_of(ref_fn, repeat=1)
        mine = [tuple(t) for t in tune_board(8, target, "2d6", kind=kind, n=cells)]
        theirs = _tune_board_reference(8, kind, target)
        diff = max(abs(a[2] - b[2]) for a, b in zip(mine, theirs))
        print(f"tune_board, 8 cards, {kind:<8}:    {kit_t * 1000:8.1f} ms   (target < 1000 ms)")
        print(
            f"  reference: odds() on each of {cells} boards:    {ref_t * 1000:8.1f} ms"
            f"   ratio {ref_t / kit_t:6.1f}x; same ranking of all {cells}: {mine == theirs};"
            f" largest difference {diff:.1e}"
        )


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
    tune_t = best_of(lambda: tune("heist", 0.6, crew=crew), repeat=3)
    grid_t = best_of(lambda: _tune_reference(crew, 0.6), repeat=1)
    mine = [(t.difficulty, t.clock) for t in tune("heist", 0.6, crew=crew)]
    theirs = [(d, c) for d, c, _ in _tune_reference(crew, 0.6)[:5]]
    print(f"tune over the 5 x 5 grid, crew 3:   {tune_t * 1000:8.1f} ms   (target < 1000 ms)")
    print(
        f"  reference: odds() on each of 25 jobs:           {grid_t * 1000:8.1f} ms"
        f"   ratio {grid_t / tune_t:6.1f}x; same five nearest: {mine == theirs}"
    )

    _board_tuner_rows(0.5)


if __name__ == "__main__":
    main()

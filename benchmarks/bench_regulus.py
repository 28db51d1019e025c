"""Regulus speed figures, each beside a reference written here (not the kit's code).

    python benchmarks/bench_regulus.py [--quick]

Prints:

* **exact odds of 125 jobs** (Difficulty 3-7, Clock 3-7, crew 1-5, a heist under the default
  rules and policy), every row: the kit's time for a job asked alone (cold: a job built afresh,
  so no memo of its own is warm, and the cache of compiled moves cleared, inside the timing),
  the time when the same job is asked again (warm), the reference's time, the ratio kit /
  reference, and the largest difference between the kit's answers (P(success), expected
  Threat, expected Heat) and the reference's. The reference is a plain memoised recursion over
  (main roll?, turn, Progress, tokens, crew left) with the table's effects written out by hand;
  it answers in floats, as the kit does. Times are CPU time (``time.thread_time``), medians of
  several runs, kit and reference interleaved so both see the same machine. Then a summary
  table (median and p90 of the ratios, and Difficulty 7, Clock 7, five crew, cold and warm),
  the 125 jobs asked one after another with the cache kept (what ``odds_grid`` does: jobs that
  differ only in their Clock share compiled moves), and the ratios grouped by Clock and by
  crew size. Goal (issue #13): median ratio of a job asked alone at most 3.
* exact odds time for Difficulty 7, Clock 7, five crew, asked alone (target: under 50 ms);
* Monte Carlo jobs per second with numpy (target: over 1,000,000), against ``Job.play`` one job at
  a time, and the same with the compiled table reused between calls.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import TypeVar

from _timing import best_of

from kit.regulus import Job, Odds, Operative, odds, simulate

try:  # the cache of compiled moves (absent before issue #13's work: every call was "alone")
    from kit.regulus._walk import clear_cache
except ImportError:  # pragma: no cover - measuring an older kit

    def clear_cache() -> None:
        pass


T = TypeVar("T")
GIGS = ["Face", "Hacker", "Muscle", "Wheel", "Thief"]

# ------------------------------------------------------------------------- reference
# The default table of every built-in job type (RULINGS Regulus 6 for 3, 5, 9 and 11), by hand:
# total -> (Progress, Threat, Heat, tokens gained, no consequence, crew lost, companion).
ROWS = {
    2: (-1, 0, 0, 0, True, 1, False),  # Knockout
    3: (-1, 1, 1, 0, False, 0, False),  # type 1: -1 Progress, Minor, +1 Heat
    4: (0, 2, 0, 0, False, 0, False),  # Bricked: Major
    5: (0, 1, 0, 0, False, 0, False),  # type 2: Minor
    6: (-1, 1, 0, 0, False, 0, False),  # Fumble: Minor
    7: (1, 0, 0, 0, True, 0, True),  # type 3: +1, companion
    8: (1, 0, 0, 0, True, 0, True),  # Interruption: +1, companion
    9: (1, 0, 1, 0, True, 0, False),  # type 4: +1, +1 Heat
    10: (1, 0, 0, 0, True, 0, False),  # Perfect
    11: (1, 0, 0, 1, False, 0, False),  # type 5: +1, Postponed Minor
    12: (2, 0, 0, 1, False, 0, False),  # Windfall: +2, Postponed Minor
}
MAIN = [(t, (6 - abs(t - 7)) / 36) for t in range(2, 13)]  # 2d6
COMPANION = [(t, 1 / 6) for t in range(2, 8)]  # 1d6+1


def ref_odds(diff: int, clock: int, crew: int) -> tuple[float, float, float]:
    """P(success), expected Threat and expected Heat by a memoised recursion.

    The rulings by hand: Progress floors at 0; success once Progress reaches the Difficulty with
    someone left; a token (from 11 or 12) is spent after a later incident with no consequence
    (+1 Progress, +1 Threat); a companion (7, 8) is rolled on 1d6+1 without a clock tick.
    """
    memo: dict[tuple[bool, int, int, int, int], tuple[float, float, float]] = {}

    def value(
        main: bool, turn: int, prog: int, tokens: int, left: int
    ) -> tuple[float, float, float]:
        key = (main, turn, prog, tokens, left)
        if key in memo:
            return memo[key]
        s = th = he = 0.0
        turn += main
        for total, p in MAIN if main else COMPANION:
            dp, dt, dh, gain, free, lose, comp = ROWS[total]
            pr, tk, cr = max(0, prog + dp), tokens + gain, left - lose
            if cr and pr < diff and tk and free:
                tk, pr, dt = tk - 1, pr + 1, dt + 1
            win = later_t = later_h = 0.0
            if cr and pr >= diff:
                win = 1.0
            elif cr and (comp or turn < clock):
                win, later_t, later_h = value(not comp, turn, pr, tk, cr)
            s, th, he = s + p * win, th + p * (dt + later_t), he + p * (dh + later_h)
        memo[key] = (s, th, he)
        return memo[key]

    return value(True, 0, 0, 0, crew)


# ------------------------------------------------------------------------- timing
def cpu(fn: Callable[..., T], *args: object) -> tuple[T, float]:
    """``(fn(*args), CPU seconds of this thread)``."""
    t = time.thread_time()
    out = fn(*args)
    return out, time.thread_time() - t


def job_of(d: int, c: int, n: int) -> Job:
    crew = [Operative(f"Operative {i}", GIGS[i], ("gear",)) for i in range(n)]
    return Job("heist", d, c, crew, seed=1)


def alone(job: Job) -> Odds:
    """``odds(job)`` with every compiled move forgotten first (give it a job built afresh)."""
    clear_cache()
    return odds(job)


def table_125(repeat: int) -> None:
    print("exact odds, 125 heists, default rules; CPU ms, medians of", repeat, "runs")
    print(
        f"{'D':>2} {'C':>2} {'crew':>4} {'alone':>8} {'again':>8} {'ref':>8} {'ratio':>6} {'max diff':>9}"
    )
    rows = []
    for d in range(3, 8):
        for c in range(3, 8):
            for n in range(1, 6):
                ka, kw, rt = [], [], []
                for _ in range(repeat):
                    job = job_of(d, c, n)  # afresh: its Context's memos start empty as well
                    o, t = cpu(alone, job)
                    ka.append(t)
                    kw.append(cpu(odds, job)[1])
                    r, t = cpu(ref_odds, d, c, n)
                    rt.append(t)
                diff = max(
                    abs(o.success - r[0]),
                    abs(o.expected_threat - r[1]),
                    abs(o.expected_heat - r[2]),
                )
                a, w, f = (statistics.median(x) * 1e3 for x in (ka, kw, rt))
                rows.append((d, c, n, a, w, f, diff))
                print(f"{d:>2} {c:>2} {n:>4} {a:8.3f} {w:8.3f} {f:8.3f} {a / f:6.2f} {diff:9.1e}")
    ratios = [a / f for *_, a, _w, f, _ in rows]
    warm = [w / f for *_, _a, w, f, _ in rows]
    worst = max(r[-1] for r in rows)
    print(
        f"median: alone {statistics.median(r[3] for r in rows):.3f} ms, again "
        f"{statistics.median(r[4] for r in rows):.3f} ms, reference "
        f"{statistics.median(r[5] for r in rows):.3f} ms"
    )
    q = statistics.quantiles(ratios, n=10)
    print(
        f"ratio alone / reference: median {statistics.median(ratios):.2f} (goal <= 3), "
        f"p10 {q[0]:.2f}, p90 {q[-1]:.2f}, max {max(ratios):.2f}; "
        f"again / reference: median {statistics.median(warm):.2f}; "
        f"largest difference in the answers {worst:.1e} (must be < 1e-12)"
    )
    big = next(r for r in rows if r[:3] == (7, 7, 5))
    print(f"{'':22} {'median ratio':>12} {'p90 ratio':>10} {'D7 C7 crew 5 ms':>16}")
    for name, rs, ms in (
        ("cold (asked alone)", ratios, big[3]),
        ("warm (asked again)", warm, big[4]),
    ):
        p90 = statistics.quantiles(rs, n=10)[-1]
        print(f"{name:22} {statistics.median(rs):12.2f} {p90:10.2f} {ms:16.3f}")
    print(f"{'reference':22} {1:12.2f} {1:10.2f} {big[5]:16.3f}")
    for name, i in (("clock", 1), ("crew", 2)):
        groups = ", ".join(
            f"{v}: {statistics.median(a / f for *k, a, _w, f, _ in rows if k[i] == v):.2f}"
            for v in sorted({r[i] for r in rows})
        )
        print(f"  median ratio by {name}: {groups}")
    # The 125 jobs one after another, the cache kept (odds_grid's pattern).
    clear_cache()
    seq, ref = [], []
    for d in range(3, 8):
        for c in range(3, 8):
            for n in range(1, 6):
                job = job_of(d, c, n)
                seq.append(cpu(odds, job)[1])
                ref.append(cpu(ref_odds, d, c, n)[1])
    print(
        f"in sequence (cache kept, jobs of one Difficulty and crew share moves across Clocks): "
        f"total {sum(seq) * 1e3:.1f} ms, reference {sum(ref) * 1e3:.1f} ms, "
        f"ratio {sum(seq) / sum(ref):.2f}"
    )
    if worst >= 1e-12:
        raise SystemExit("the kit and the reference disagree")


def main() -> None:
    quick = "--quick" in sys.argv
    table_125(3 if quick else 7)

    crew = [
        Operative(f"Operative {i}", g, ("gear",))
        for i, g in enumerate(["Face", "Hacker", "Muscle", "Wheel", "Thief"])
    ]
    job = Job("heist", difficulty=7, clock=7, crew=crew, seed=1)

    exact_t = min(cpu(alone, job_of(7, 7, 5))[1] for _ in range(5))
    n_ref = 500 if quick else 2000
    ref_t = cpu(lambda: [job.play(seed=s) for s in range(n_ref)])[1]
    print(f"exact odds, D7 C7 crew 5, asked alone: {exact_t * 1000:8.1f} ms   (target < 50 ms)")
    print(
        f"  reference: {n_ref} plain-Python Job.play runs: {ref_t * 1000:8.1f} ms"
        f"   ratio {ref_t / exact_t:6.1f}x slower than the exact answer"
    )

    n = 200_000 if quick else 1_000_000
    simulate(job, n=10_000, seed=0)  # warm up
    mc_t = best_of(lambda: simulate(job, n=n, seed=1), repeat=3)
    mc_rate = n / mc_t
    ref_rate = n_ref / ref_t
    print(f"Monte Carlo (numpy):      {mc_rate:12,.0f} jobs/s   (target > 1,000,000)")
    print(f"  reference: Job.play loop {ref_rate:10,.0f} jobs/s   ratio {mc_rate / ref_rate:8.0f}x")
    small = 10_000
    sm_t = best_of(lambda: simulate(job, n=small, seed=1), repeat=5)
    print(f"  {small:,} jobs per call: {sm_t * 1000:8.2f} ms a call")
    print(
        f"P(success): exact {odds(job).success:.5f}, simulated {simulate(job, n=n, seed=2).success:.5f}"
    )


if __name__ == "__main__":
    main()

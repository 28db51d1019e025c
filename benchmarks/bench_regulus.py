"""Regulus speed figures, each beside a plain-Python reference run in the same process.

    python benchmarks/bench_regulus.py

Prints:
* exact odds time for Difficulty 7, Clock 7, five crew (target: under 50 ms), against the time a
  plain-Python loop of ``Job.play`` needs for 2,000 jobs (a rough estimate of the same number);
* Monte Carlo jobs per second with numpy (target: over 1,000,000), against ``Job.play`` one job at
  a time.
"""

from __future__ import annotations

from _timing import best_of

from kit.regulus import Job, Operative, odds, simulate


def main() -> None:
    crew = [
        Operative(f"Operative {i}", g, ["gear"])
        for i, g in enumerate(["Face", "Hacker", "Muscle", "Wheel", "Thief"])
    ]
    job = Job("heist", difficulty=7, clock=7, crew=crew, seed=1)

    exact_t = best_of(lambda: odds(job), repeat=5)
    n_ref = 2000
    ref_t = best_of(lambda: [job.play(seed=s) for s in range(n_ref)], repeat=1)
    print(f"exact odds, D7 C7 crew 5: {exact_t * 1000:8.1f} ms   (target < 50 ms)")
    print(
        f"  reference: {n_ref} plain-Python Job.play runs: {ref_t * 1000:8.1f} ms"
        f"   ratio {ref_t / exact_t:6.1f}x slower than the exact answer"
    )

    n = 1_000_000
    simulate(job, n=10_000, seed=0)  # warm up
    mc_t = best_of(lambda: simulate(job, n=n, seed=1), repeat=3)
    mc_rate = n / mc_t
    ref_rate = n_ref / ref_t
    print(f"Monte Carlo (numpy):      {mc_rate:12,.0f} jobs/s   (target > 1,000,000)")
    print(f"  reference: Job.play loop {ref_rate:10,.0f} jobs/s   ratio {mc_rate / ref_rate:8.0f}x")
    print(
        f"P(success): exact {odds(job).success:.5f}, simulated {simulate(job, n=n, seed=2).success:.5f}"
    )


if __name__ == "__main__":
    main()

"""Exact odds against an exhaustive walk of the Job itself, and Monte Carlo within 4 SE."""

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.errors import InvalidInput
from kit.regulus import (
    AUTO,
    Condition,
    Incident,
    Job,
    JobType,
    Operative,
    odds,
    odds_grid,
    simulate,
)
from tests.strategies import incidents

TWO_D6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
COMP = {t: Fraction(1, 6) for t in range(2, 8)}


def exhaustive(job: Job):
    """P(success) and E[threat] by trying every roll on the Job object itself (roll, recurse, undo)."""
    if job.ended:
        return (Fraction(1) if job.outcome == "success" else Fraction(0)), Fraction(job.threat)
    dist = TWO_D6 if job.phase == "main" else COMP
    p_total = Fraction(0)
    threat = Fraction(0)
    for total, p in dist.items():
        mark = len(job.events)
        job.roll(total)
        job.advance(AUTO)
        ps, th = exhaustive(job)
        while len(job.events) > mark:
            job.undo()
        p_total += p * ps
        threat += p * th
    return p_total, threat


@pytest.mark.parametrize(
    "name, diff, clock, ncrew", [("heist", 3, 3, 2), ("hit", 4, 3, 1), ("con", 3, 3, 1)]
)
def test_exact_matches_exhaustive_play(name, diff, clock, ncrew):
    crew = [Operative(f"Op{i}", "Crew", ["kit"]) for i in range(ncrew)]
    job = Job(name, diff, clock, crew, seed=0)
    p, threat = exhaustive(job)
    o = odds(job)
    assert o.success == pytest.approx(float(p), abs=1e-12)
    assert o.expected_threat == pytest.approx(float(threat), abs=1e-12)
    assert o.success + o.failure + o.unresolved == pytest.approx(1, abs=1e-12)
    assert job.turn == 0 and not job.rows  # the walk undid everything


def test_certain_job():
    always = JobType("sure thing", {t: Incident("Step", progress=1) for t in range(2, 13)})
    o = odds(Job(always, 3, 3, [Operative("A", "x")]))
    assert o.success == pytest.approx(1.0, abs=1e-12) and o.turns.keys() == {3}
    assert o.by_turn == pytest.approx((0.0, 0.0, 1.0), abs=1e-12)


def test_one_chance_in_36():
    table = {t: Incident("Nothing") for t in range(2, 13)}
    table[12] = Incident("Jackpot", progress=3)
    o = odds(Job(JobType("long shot", table), 3, 3, [Operative("A", "x")]))
    assert o.success == pytest.approx(1 - (35 / 36) ** 3, abs=1e-12)
    assert o.by_turn[0] == pytest.approx(1 / 36, abs=1e-12)
    # success by the end of tick t: 1 - (35/36)^t; before the first tick nothing has happened
    assert o.success_by(0) == 0.0
    assert o.success_by(2) == pytest.approx(1 - (35 / 36) ** 2, abs=1e-12)
    assert o.success_by(99) == pytest.approx(o.success, abs=1e-12)  # past the Clock: the end
    # the job ends at the first Jackpot or when the Clock (3) runs out: tick 1 with 1/36, tick 2
    # with 35/36 * 1/36, tick 3 with everything else
    p1, p2 = 1 / 36, 35 / 36 * 1 / 36
    assert o.expected_turns == pytest.approx(1 * p1 + 2 * p2 + 3 * (1 - p1 - p2), abs=1e-12)


def test_odds_from_a_job_in_progress(job):
    job.roll(10)
    job.roll(10)
    job.roll(10)
    o = odds(job)
    # one more Progress needed with two rolls left
    assert 0.5 < o.success < 1
    assert o.by_turn[:3] == (0.0, 0.0, 0.0)
    job.roll(10)
    assert odds(job).success == 1.0


@pytest.mark.parametrize("name, diff, clock", [("heist", 7, 7), ("caper", 4, 5), ("hit", 5, 3)])
def test_monte_carlo_agrees_within_4_se(crew, name, diff, clock):
    job = Job(name, diff, clock, crew, seed=1)
    exact = odds(job)
    sim = simulate(job, n=200_000, seed=42)
    assert abs(sim.success - exact.success) <= 4 * sim.se.success
    assert abs(sim.mean_threat - exact.expected_threat) <= 4 * sim.se.mean_threat
    assert abs(sim.mean_heat - exact.expected_heat) <= 4 * sim.se.mean_heat
    for k in range(clock):
        p = exact.by_turn[k]
        se = math.sqrt(max(p * (1 - p), 1e-12) / sim.n)
        assert abs(sim.by_turn[k] - p) <= 4 * se + 1e-12


def test_engine_play_agrees_with_exact(crew):
    job = Job("con", 4, 5, crew)
    exact = odds(job).success
    n = 1500
    wins = sum(job.play(seed=s).outcome == "success" for s in range(n))
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(wins / n - exact) <= 4 * se


def test_conditions_with_counters_in_odds(crew):
    plain = odds(Job("heist", 5, 6, crew)).success
    limited = odds(Job("heist", 5, 6, crew, [Condition.max_threat(2)])).success
    assert limited < plain
    sim = simulate(Job("heist", 5, 6, crew, [Condition.max_threat(2)]), n=100_000, seed=3)
    assert abs(sim.success - limited) <= 4 * sim.se.success


def test_odds_grid_is_monotone():
    ds, cs, grid = odds_grid("heist", crew=2)
    assert ds == [3, 4, 5, 6, 7] and cs == [3, 4, 5, 6, 7]
    for i in range(5):
        for j in range(5):
            if i + 1 < 5:
                assert grid[i + 1][j] <= grid[i][j] + 1e-12  # harder is never easier
            if j + 1 < 5:
                assert grid[i][j + 1] >= grid[i][j] - 1e-12  # more time never hurts


def test_simulation_is_seeded(job):
    assert simulate(job, 5000, seed=9) == simulate(job, 5000, seed=9)


def test_odds_needs_an_automatic_policy(job):
    from kit.regulus import AskPolicy

    job.roll(2)
    with pytest.raises(InvalidInput, match="automatic policy"):
        odds(job, AskPolicy())


@settings(max_examples=25, deadline=None)
@given(
    st.lists(incidents(("A", "B", "C")), min_size=11, max_size=11),
    st.integers(3, 5),
    st.integers(3, 5),
)
def test_custom_tables_are_proper_distributions(rows, diff, clock):
    table = dict(zip(range(2, 13), rows))
    # a companion row on every 2..7 would chain forever; keep one that ends
    table[2] = Incident("Stop", progress=0)
    job = Job(JobType("custom", table), diff, clock, [Operative("A", "x"), Operative("B", "y")])
    o = odds(job)
    assert o.success + o.failure + o.unresolved == pytest.approx(1, abs=1e-12)
    assert o.unresolved < 1e-12
    assert all(a <= b + 1e-15 for a, b in zip(o.by_turn, o.by_turn[1:]))
    assert o.by_turn[-1] == pytest.approx(o.success, abs=1e-12)
    sim = simulate(job, n=20_000, seed=1)
    assert abs(sim.success - o.success) <= 4 * sim.se.success + 1e-9

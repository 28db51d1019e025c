"""Tuning a job (kit.regulus.tuning): the (Difficulty, Clock) pairs nearest the chance wanted,
checked on a table whose chances are a binomial count: every 7 or more is +1 Progress and
nothing else happens, so a job of Difficulty d and Clock c succeeds when at least d of its c
rolls (each 21/36 = 7/12) come up 7 or more."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.regulus import Incident, Job, JobType, Operative, tune

COUNTING = JobType(
    "counting",
    {t: Incident("Stall") for t in range(2, 7)}
    | {t: Incident("Step", progress=1) for t in range(7, 13)},
)
HIT = Fraction(21, 36)


def binomial_chance(d: int, c: int) -> Fraction:
    return sum((comb(c, k) * HIT**k * (1 - HIT) ** (c - k) for k in range(d, c + 1)), Fraction(0))


def test_every_cell_is_the_binomial_chance():
    tuning = tune(COUNTING, 0.5, crew=1)
    assert len(tuning.grid) == 25
    for row in tuning.grid:
        expected = float(binomial_chance(row.difficulty, row.clock))
        assert row.chance == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("target", [0.05, 0.3, 0.6, 0.95])
def test_the_rows_are_the_pairs_nearest_the_target_easiest_first_on_ties(target):
    tuning = tune(COUNTING, target, crew=1, n=4)
    cells = [(d, c) for d in range(3, 8) for c in range(3, 8)]
    ranked = sorted(
        cells, key=lambda dc: (abs(binomial_chance(*dc) - Fraction(target)), dc[0], -dc[1])
    )
    assert [(r.difficulty, r.clock) for r in tuning.rows] == ranked[:4]
    d, c, p = tuning[0]  # a row unpacks like a tuple
    assert (d, c) == ranked[0] and p == pytest.approx(float(binomial_chance(d, c)))


def test_a_job_is_tuned_with_its_own_crew_and_left_alone():
    job = Job(COUNTING, 7, 3, [Operative("Ash", "Thief")], seed=1)
    tuning = tune(job, 0.5, difficulties=[3, 4], clocks=[5, 6], n=4)
    assert {(r.difficulty, r.clock) for r in tuning.grid} == {(3, 5), (3, 6), (4, 5), (4, 6)}
    assert (job.difficulty, job.clock, job.turn) == (7, 3, 0)


def test_a_grid_smaller_than_n_gives_every_pair():
    # the default n (5) on a 2x2 grid, and an n past it, give the four pairs, nearest first
    for n in ({}, {"n": 26}):
        tuning = tune(COUNTING, 0.5, crew=1, difficulties=[3, 4], clocks=[5, 6], **n)
        ranked = sorted(
            [(3, 5), (3, 6), (4, 5), (4, 6)],
            key=lambda dc: (abs(binomial_chance(*dc) - Fraction(1, 2)), dc[0], -dc[1]),
        )
        assert [(r.difficulty, r.clock) for r in tuning.rows] == ranked


@pytest.mark.parametrize(
    "kwargs, error, says",
    [
        ({"target": 1.5}, InvalidInput, "target"),
        (
            {"target": 0.5, "clocks": [2, 3]},
            InvalidInput,
            "clocks must be an integer from 3 to 7, got 2",
        ),
        ({"target": 0.5, "difficulties": []}, InvalidInput, "difficulties must list at least one"),
        ({"target": 0.5, "n": 0}, InvalidInput, "n must be an integer of at least 1, got 0"),
        ({"target": 0.5, "crew": 0}, InvalidInput, "crew size"),
        ({"target": "half"}, InvalidType, "target"),
    ],
)
def test_bad_requests_name_the_field(kwargs, error, says):
    with pytest.raises(error, match=says):
        tune(COUNTING, **kwargs)


def test_a_job_refuses_what_it_already_has():
    job = Job(COUNTING, 3, 3, [Operative("Ash", "Thief")], seed=1)
    with pytest.raises(InvalidInput, match="takes crew with a job type only"):
        tune(job, 0.5, crew=2)
